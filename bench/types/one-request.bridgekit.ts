// One request('POST', …) on GitHub's document (Bridgekit).
import { createClient } from '@bridgekit/core';
import type { paths } from './generated/github';

const api = createClient<paths>('https://api.github.com');
declare const owner: string;
declare const repo: string;
declare const issue: number;

export async function call() {
  const posted = await api.request('POST', `/repos/${owner}/${repo}/issues/${issue}/comments`, {
    body: 'Thanks!',
  });
  if (posted.success) posted.data.id.toFixed();
}
