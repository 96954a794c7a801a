// Mistakes on GitHub's REST API, each with the one error TypeScript must report for it
// (test-utils/typeDiagnostics.ts reads the `// error:` marks; typed.messages.test.ts runs it).
import { createClient } from '@bridgekit/core';
import type { paths } from '../fixtures/openapi/generated/github';

const api = createClient<paths>('https://api.github.com');
declare const owner: string;
declare const repo: string;
declare const issue: number;
declare const comment: number;
declare const path: string;

// error: '/repos/${string}/${string}/issuez' is not a path of the document
api.get(`/repos/${owner}/${repo}/issuez`);

// error: POST is not an operation of '/repos/{owner}/{repo}/issues/{issue_number}' (it has GET, PATCH)
api.post(`/repos/${owner}/${repo}/issues/${issue}`, { title: 'x' });

// error: is not a path of the document
api.get(`/repos/${owner}/${repo}/issues/${issue}/comments/${comment}/extra`);

// error: Type 'boolean' is not assignable to type 'string | number'
api.post(`/repos/${owner}/${repo}/issues`, { title: true });

// error: 'colour' does not exist in type
api.post(`/repos/${owner}/${repo}/issues`, { title: 'a', colour: 'red' });

// error: Property 'title' is missing in type '{ body: string; }'
api.post(`/repos/${owner}/${repo}/issues`, { body: 'no title' });

// error: POST '/repos/{owner}/{repo}/issues' takes a request body: pass it after the endpoint
api.post(`/repos/${owner}/${repo}/issues`);

// error: Type 'string' is not assignable to type 'number'
api.get(`/repos/${owner}/${repo}/issues`, { params: { per_page: 'fifty' } });

// error: 'colour' does not exist in type
api.get(`/repos/${owner}/${repo}/issues`, { params: { colour: 'red' } });

// error: '/search/issues' needs the query parameters q: pass { params: { … } } in the options
api.get('/search/issues');

// error: Property 'q' is missing in type '{ sort: "created"; }'
api.get('/search/issues', { params: { sort: 'created' } });

// error: Property 'params' is missing in type '{ timeout: number; }'
api.get('/search/issues', { timeout: 100 });

// error: {issue_number} of '/repos/{owner}/{repo}/issues/{issue_number}' is a number: 'true' is not
api.get(`/repos/${owner}/${repo}/issues/${true}`);

// error: {issue_number} of '/repos/{owner}/{repo}/issues/{issue_number}' is a number: '${string}' is not
api.get(`/repos/${owner}/${repo}/issues/${path}`);

// error: '/repos/{owner}/{repo}/issues/{issue_number}' is the document's template: write the values into it
api.get('/repos/{owner}/{repo}/issues/{issue_number}');

// error: Type '"done"' is not assignable to type '"open" | "closed" | undefined'
api.patch(`/repos/${owner}/${repo}/issues/${issue}`, { state: 'done' });

// error: DELETE is not an operation of '/repos/{owner}/{repo}/issues' (it has GET, POST)
api.request('DELETE', `/repos/${owner}/${repo}/issues`);

// error: 'colour' does not exist in type
api.request('POST', `/repos/${owner}/${repo}/issues`, { title: 'a', colour: 'red' });

// error: an endpoint typed string is not a path of the document
api.get(path);

// error: not a query parameter: the operation has none
api.get(`/repos/${owner}/${repo}/issues/${issue}`, { params: { page: 2 } });

// error: '/nope' is not a path of the document
api.query('/nope');

// error: DELETE is not an operation of '/repos/{owner}/{repo}/issues': give a type argument to send it anyway
api.query(`/repos/${owner}/${repo}/issues`).where('state', 'open').delete();

export async function answers() {
  const one = await api.get(`/repos/${owner}/${repo}/issues/${issue}`);
  // error: Property 'titel' does not exist on type
  if (one.success) one.data.titel;
}
