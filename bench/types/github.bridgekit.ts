// The type-check benchmark's calls on GitHub's REST API, written for Bridgekit: 15 ordinary
// calls and 16 ordinary mistakes (each marked `@ts-expect-error`: a mistake the types miss
// shows as an unused directive). github.openapi-fetch.ts makes the same ones with openapi-fetch.
import { createClient } from '@bridgekit/core';
import type { paths } from './generated/github';

const api = createClient<paths>('https://api.github.com');
declare const owner: string;
declare const repo: string;
declare const issue: number;
declare const comment: number;
declare const pull: number;
declare const user: string;
declare const org: string;

export async function calls() {
  // 1. A GET with query parameters.
  const issues = await api.get(`/repos/${owner}/${repo}/issues`, {
    params: { state: 'open', labels: 'bug', per_page: 50 },
  });
  if (issues.success) issues.data[0]?.title.toUpperCase();
  // 2. A templated path with a number.
  const one = await api.get(`/repos/${owner}/${repo}/issues/${issue}`);
  if (one.success) one.data.number.toFixed();
  // 3. A literal segment beside a template: the comment list, not an issue.
  const comments = await api.get(`/repos/${owner}/${repo}/issues/comments`);
  if (comments.success) comments.data.map((c) => c.body_text);
  // 4. The same for pull requests, with a query.
  const review = await api.get(`/repos/${owner}/${repo}/pulls/comments`, {
    params: { sort: 'created' },
  });
  if (review.success) review.data.map((c) => c.diff_hunk);
  // 5. A POST with a JSON body.
  const created = await api.post(`/repos/${owner}/${repo}/issues`, {
    title: 'Found a bug',
    labels: ['bug'],
  });
  if (created.success) created.data.html_url.toString();
  // 6. A PATCH.
  await api.patch(`/repos/${owner}/${repo}/issues/${issue}`, {
    state: 'closed',
    state_reason: 'completed',
  });
  // 7. A DELETE answered 204.
  const removed = await api.delete(`/repos/${owner}/${repo}/issues/comments/${comment}`);
  if (removed.success) removed.data satisfies undefined;
  // 8. A path without parameters.
  const me = await api.get('/user');
  if (me.success) me.data.login.toLowerCase();
  // 9. A user's repositories with enum query values.
  const repos = await api.get(`/users/${user}/repos`, {
    params: { type: 'owner', sort: 'updated' },
  });
  if (repos.success) repos.data.map((r) => r.full_name);
  // 10. A required query parameter.
  const found = await api.get('/search/issues', { params: { q: 'is:open label:bug' } });
  if (found.success) found.data.total_count.toFixed();
  // 11. A PUT with an optional body.
  const merged = await api.put(`/repos/${owner}/${repo}/pulls/${pull}/merge`, {
    merge_method: 'squash',
  });
  if (merged.success) merged.data.merged.valueOf();
  // 12. Members of an organization.
  const members = await api.get(`/orgs/${org}/members`, { params: { role: 'admin' } });
  if (members.success) members.data.map((m) => m.login);
  // 13. request() with a method and a body.
  const posted = await api.request('POST', `/repos/${owner}/${repo}/issues/${issue}/comments`, {
    body: 'Thanks!',
  });
  if (posted.success) posted.data.id.toFixed();
  // 14. A literal segment where a template could match: the latest release.
  const latest = await api.get(`/repos/${owner}/${repo}/releases/latest`);
  if (latest.success) latest.data.tag_name.trim();
  // 15. A failure body the document describes.
  const pr = await api.get(`/repos/${owner}/${repo}/pulls/${pull}`);
  if (!pr.success) pr.data?.message?.trim();
}

export async function mistakes() {
  // @ts-expect-error 1. no such path
  api.get(`/repos/${owner}/${repo}/issuez`);
  // @ts-expect-error 2. POST is not an operation of the path
  api.post(`/repos/${owner}/${repo}/issues/${issue}`, { title: 'x' });
  // @ts-expect-error 3. one segment too many
  api.get(`/repos/${owner}/${repo}/issues/${issue}/comments/${comment}/extra`);
  // @ts-expect-error 4. a body field of the wrong type
  api.post(`/repos/${owner}/${repo}/issues`, { title: true });
  // @ts-expect-error 5. a body field the operation does not have
  api.post(`/repos/${owner}/${repo}/issues`, { title: 'a', colour: 'red' });
  // @ts-expect-error 6. a required body field missing
  api.post(`/repos/${owner}/${repo}/issues`, { body: 'no title' });
  // @ts-expect-error 7. the required body missing
  api.post(`/repos/${owner}/${repo}/issues`);
  // @ts-expect-error 8. a query value of the wrong type
  api.get(`/repos/${owner}/${repo}/issues`, { params: { per_page: 'fifty' } });
  // @ts-expect-error 9. a query parameter the operation does not have
  api.get(`/repos/${owner}/${repo}/issues`, { params: { colour: 'red' } });
  // @ts-expect-error 10. the required query missing
  api.get('/search/issues');
  // @ts-expect-error 11. a required query parameter missing
  api.get('/search/issues', { params: { sort: 'created' } });
  // @ts-expect-error 12. a path parameter of the wrong type
  api.get(`/repos/${owner}/${repo}/issues/${true}`);
  // @ts-expect-error 13. the document's template used as the endpoint
  api.get('/repos/{owner}/{repo}/issues/{issue_number}');
  // @ts-expect-error 14. a body value outside the enum
  api.patch(`/repos/${owner}/${repo}/issues/${issue}`, { state: 'done' });
  // @ts-expect-error 15. request() with a method the path does not have
  api.request('DELETE', `/repos/${owner}/${repo}/issues`);
  const one = await api.get(`/repos/${owner}/${repo}/issues/${issue}`);
  // @ts-expect-error 16. a field the answer does not have
  if (one.success) one.data.titel;
}
