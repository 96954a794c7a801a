// The calls of github.bridgekit.ts, written for openapi-fetch: path parameters go in
// `params.path`, the query in `params.query`, the body in `body`. A mistake openapi-fetch
// cannot make (the document's template is its endpoint) has its nearest one: the path values
// left out.
import createClient from 'openapi-fetch';
import type { paths } from './generated/github';

const api = createClient<paths>({ baseUrl: 'https://api.github.com' });
declare const owner: string;
declare const repo: string;
declare const issue: number;
declare const comment: number;
declare const pull: number;
declare const user: string;
declare const org: string;

export async function calls() {
  // 1. A GET with query parameters.
  const issues = await api.GET('/repos/{owner}/{repo}/issues', {
    params: { path: { owner, repo }, query: { state: 'open', labels: 'bug', per_page: 50 } },
  });
  if (issues.data) issues.data[0]?.title.toUpperCase();
  // 2. A templated path with a number.
  const one = await api.GET('/repos/{owner}/{repo}/issues/{issue_number}', {
    params: { path: { owner, repo, issue_number: issue } },
  });
  if (one.data) one.data.number.toFixed();
  // 3. A literal segment beside a template: the comment list, not an issue.
  const comments = await api.GET('/repos/{owner}/{repo}/issues/comments', {
    params: { path: { owner, repo } },
  });
  if (comments.data) comments.data.map((c) => c.body_text);
  // 4. The same for pull requests, with a query.
  const review = await api.GET('/repos/{owner}/{repo}/pulls/comments', {
    params: { path: { owner, repo }, query: { sort: 'created' } },
  });
  if (review.data) review.data.map((c) => c.diff_hunk);
  // 5. A POST with a JSON body.
  const created = await api.POST('/repos/{owner}/{repo}/issues', {
    params: { path: { owner, repo } },
    body: { title: 'Found a bug', labels: ['bug'] },
  });
  if (created.data) created.data.html_url.toString();
  // 6. A PATCH.
  await api.PATCH('/repos/{owner}/{repo}/issues/{issue_number}', {
    params: { path: { owner, repo, issue_number: issue } },
    body: { state: 'closed', state_reason: 'completed' },
  });
  // 7. A DELETE answered 204.
  const removed = await api.DELETE('/repos/{owner}/{repo}/issues/comments/{comment_id}', {
    params: { path: { owner, repo, comment_id: comment } },
  });
  if (!removed.error) removed.data satisfies undefined;
  // 8. A path without parameters.
  const me = await api.GET('/user');
  if (me.data) me.data.login.toLowerCase();
  // 9. A user's repositories with enum query values.
  const repos = await api.GET('/users/{username}/repos', {
    params: { path: { username: user }, query: { type: 'owner', sort: 'updated' } },
  });
  if (repos.data) repos.data.map((r) => r.full_name);
  // 10. A required query parameter.
  const found = await api.GET('/search/issues', { params: { query: { q: 'is:open label:bug' } } });
  if (found.data) found.data.total_count.toFixed();
  // 11. A PUT with an optional body.
  const merged = await api.PUT('/repos/{owner}/{repo}/pulls/{pull_number}/merge', {
    params: { path: { owner, repo, pull_number: pull } },
    body: { merge_method: 'squash' },
  });
  if (merged.data) merged.data.merged.valueOf();
  // 12. Members of an organization.
  const members = await api.GET('/orgs/{org}/members', {
    params: { path: { org }, query: { role: 'admin' } },
  });
  if (members.data) members.data.map((m) => m.login);
  // 13. request() with a method and a body.
  const posted = await api.request('post', '/repos/{owner}/{repo}/issues/{issue_number}/comments', {
    params: { path: { owner, repo, issue_number: issue } },
    body: { body: 'Thanks!' },
  });
  if (posted.data) posted.data.id.toFixed();
  // 14. A literal segment where a template could match: the latest release.
  const latest = await api.GET('/repos/{owner}/{repo}/releases/latest', {
    params: { path: { owner, repo } },
  });
  if (latest.data) latest.data.tag_name.trim();
  // 15. A failure body the document describes.
  const pr = await api.GET('/repos/{owner}/{repo}/pulls/{pull_number}', {
    params: { path: { owner, repo, pull_number: pull } },
  });
  if (pr.error) pr.error.message?.trim();
}

export async function mistakes() {
  // @ts-expect-error 1. no such path
  api.GET('/repos/{owner}/{repo}/issuez', { params: { path: { owner, repo } } });
  // @ts-expect-error 2. POST is not an operation of the path
  api.POST('/repos/{owner}/{repo}/issues/{issue_number}', {
    params: { path: { owner, repo, issue_number: issue } },
    body: { title: 'x' },
  });
  api.GET(
    // @ts-expect-error 3. one segment too many
    '/repos/{owner}/{repo}/issues/{issue_number}/comments/{comment_id}/extra',
    { params: { path: { owner, repo, issue_number: issue, comment_id: comment } } },
  );
  api.POST('/repos/{owner}/{repo}/issues', {
    params: { path: { owner, repo } },
    // @ts-expect-error 4. a body field of the wrong type
    body: { title: true },
  });
  api.POST('/repos/{owner}/{repo}/issues', {
    params: { path: { owner, repo } },
    // @ts-expect-error 5. a body field the operation does not have
    body: { title: 'a', colour: 'red' },
  });
  api.POST('/repos/{owner}/{repo}/issues', {
    params: { path: { owner, repo } },
    // @ts-expect-error 6. a required body field missing
    body: { body: 'no title' },
  });
  // @ts-expect-error 7. the required body missing
  api.POST('/repos/{owner}/{repo}/issues', { params: { path: { owner, repo } } });
  api.GET('/repos/{owner}/{repo}/issues', {
    // @ts-expect-error 8. a query value of the wrong type
    params: { path: { owner, repo }, query: { per_page: 'fifty' } },
  });
  api.GET('/repos/{owner}/{repo}/issues', {
    // @ts-expect-error 9. a query parameter the operation does not have
    params: { path: { owner, repo }, query: { colour: 'red' } },
  });
  // @ts-expect-error 10. the required query missing
  api.GET('/search/issues');
  // @ts-expect-error 11. a required query parameter missing
  api.GET('/search/issues', { params: { query: { sort: 'created' } } });
  api.GET('/repos/{owner}/{repo}/issues/{issue_number}', {
    // @ts-expect-error 12. a path parameter of the wrong type
    params: { path: { owner, repo, issue_number: true } },
  });
  // @ts-expect-error 13. the path values left out
  api.GET('/repos/{owner}/{repo}/issues/{issue_number}');
  api.PATCH('/repos/{owner}/{repo}/issues/{issue_number}', {
    params: { path: { owner, repo, issue_number: issue } },
    // @ts-expect-error 14. a body value outside the enum
    body: { state: 'done' },
  });
  // @ts-expect-error 15. request() with a method the path does not have
  api.request('delete', '/repos/{owner}/{repo}/issues', { params: { path: { owner, repo } } });
  const one = await api.GET('/repos/{owner}/{repo}/issues/{issue_number}', {
    params: { path: { owner, repo, issue_number: issue } },
  });
  // @ts-expect-error 16. a field the answer does not have
  if (one.data) one.data.titel;
}
