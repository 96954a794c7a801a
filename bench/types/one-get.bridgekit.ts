// One GET with query parameters on GitHub's document (Bridgekit).
import { createClient } from '@bridgekit/core';
import type { paths } from './generated/github';

const api = createClient<paths>('https://api.github.com');
declare const owner: string;
declare const repo: string;

export async function call() {
  const issues = await api.get(`/repos/${owner}/${repo}/issues`, {
    params: { state: 'open', labels: 'bug', per_page: 50 },
  });
  if (issues.success) issues.data[0]?.title.toUpperCase();
}
