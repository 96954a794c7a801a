// One request('post', …) on GitHub's document (openapi-fetch).
import createClient from 'openapi-fetch';
import type { paths } from './generated/github';

const api = createClient<paths>({ baseUrl: 'https://api.github.com' });
declare const owner: string;
declare const repo: string;
declare const issue: number;

export async function call() {
  const posted = await api.request('post', '/repos/{owner}/{repo}/issues/{issue_number}/comments', {
    params: { path: { owner, repo, issue_number: issue } },
    body: { body: 'Thanks!' },
  });
  if (posted.data) posted.data.id.toFixed();
}
