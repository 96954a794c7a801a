// Mistakes on STAPI, the Star Trek API, each with the one error TypeScript must report for it
// (see github.ts beside it).
import { createClient, formBody } from '@bridgekit/core';
import type { paths } from '../fixtures/openapi/generated/stapi';

const api = createClient<paths>('https://stapi.co/api/v1/rest');

// error: Object literal may only specify known properties, and 'name' does not exist in type 'FormBody<{
api.request('POST', '/character/search', { name: 'Kirk' });

// error: Object literal may only specify known properties, and 'rank' does not exist in type '{ name?: string
api.post('/character/search', formBody({ name: 'Kirk', rank: 'captain' }));

// error: Type 'string' is not assignable to type 'boolean | undefined'
api.post('/character/search', formBody({ deceased: 'no' }));

// error: GET '/character/search' answers no list, and query().get() reads lists: read its answer with get()
api.query('/character/search').param('name', 'Kirk').get();

// error: PATCH is not an operation of '/character/search' (it has GET, POST)
api.request('PATCH', '/character/search', new URLSearchParams());

// error: '/character' needs the query parameters uid: pass { params: { … } } in the options
api.get('/character');

// error: '/spaceship' is not a path of the document
api.get('/spaceship', { params: { uid: 'x' } });

// error: Type 'string' is not assignable to type 'number'
api.post('/character/search', undefined, { params: { pageSize: 'ten' } });
