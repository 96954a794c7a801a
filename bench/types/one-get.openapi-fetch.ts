// One GET with query parameters on GitHub's document (openapi-fetch).
import createClient from 'openapi-fetch';
import type { paths } from './generated/github';

const api = createClient<paths>({ baseUrl: 'https://api.github.com' });
declare const owner: string;
declare const repo: string;

export async function call() {
  const issues = await api.GET('/repos/{owner}/{repo}/issues', {
    params: { path: { owner, repo }, query: { state: 'open', labels: 'bug', per_page: 50 } },
  });
  if (issues.data) issues.data[0]?.title.toUpperCase();
}
