/**
 * The client typed by an OpenAPI document: `createClient<paths>()`. `paths` come from
 * openapi-typescript (test/fixtures/openapi/generate.mjs writes them from the JSON documents).
 */
import {
  type ApiResponse,
  type BridgeApiService,
  type Client,
  createAuthService,
  type Dialect,
  createBridgeApiService,
  createClient,
  type ListMeta,
  openApiParams,
  type PaginatedResponse,
  type QueryBuilder,
  type TypedClient,
} from '@bridgekit/core';
import { dialectTransport, strapi } from '@bridgekit/core/dialects';
import { describe, expectTypeOf, it } from 'vitest';
import type { paths as LargePaths } from './fixtures/openapi/large';
import type { components, paths } from './fixtures/openapi/petstore-expanded';

type Pet = components['schemas']['Pet'];
type NewPet = components['schemas']['NewPet'];

const api = createClient<paths>('https://petstore.example.com/v2');
declare const id: number;
declare const key: string;

describe('createClient', () => {
  it('is the plain Client without a type argument, a TypedClient with one', () => {
    expectTypeOf(createClient('https://h')).toEqualTypeOf<Client>();
    expectTypeOf(api).toEqualTypeOf<TypedClient<paths>>();
    // Still a Client: it goes wherever one is expected.
    expectTypeOf(api).toMatchTypeOf<Client>();
    createAuthService(api);
  });

  it('leaves the untyped client accepting anything', async () => {
    const plain = createClient('https://h');
    expectTypeOf(plain.get('/anything')).toEqualTypeOf<Promise<ApiResponse<any>>>();
    plain.post('/whatever', { any: 'body' }, { params: { any: 1 } });
    plain.patch(`/x/${id}/y`, 1);
    plain.delete('/nope');
    expectTypeOf(plain.query('/z')).toEqualTypeOf<QueryBuilder<any>>();
  });
});

describe('endpoints', () => {
  it('accepts document paths, literally or by template', async () => {
    const list = await api.get('/pets');
    if (list.success) expectTypeOf(list.data).toEqualTypeOf<Pet[]>();
    const byNumber = await api.get(`/pets/${id}`);
    if (byNumber.success) expectTypeOf(byNumber.data).toEqualTypeOf<Pet>();
    const concrete = await api.get('/pets/42');
    if (concrete.success) expectTypeOf(concrete.data).toEqualTypeOf<Pet>();
    const toys = await api.get(`/pets/${id}/toys`);
    if (toys.success) expectTypeOf(toys.data).toEqualTypeOf<{ label: string }[]>();
  });

  it('takes a literal segment over a template, and the template when the literal leads nowhere', async () => {
    type Get<Body> = {
      get: {
        parameters: { query?: never; path: { name: string } };
        responses: { 200: { content: { 'application/json': Body } } };
      };
    };
    interface files {
      '/files/recent': Get<'recent'>;
      '/files/{name}': Get<'file'>;
      '/files/{name}/meta': Get<'meta'>;
      '/files/{name}/meta/{key}': Get<'key'>;
      '/files/{name}/meta/owner': Get<'owner'>;
    }
    const fs = createClient<files>('https://h');
    const recent = await fs.get('/files/recent');
    if (recent.success) expectTypeOf(recent.data).toEqualTypeOf<'recent'>();
    const file = await fs.get(`/files/${key}`);
    if (file.success) expectTypeOf(file.data).toEqualTypeOf<'file'>();
    const meta = await fs.get('/files/recent/meta');
    if (meta.success) expectTypeOf(meta.data).toEqualTypeOf<'meta'>();
    const owner = await fs.get('/files/recent/meta/owner');
    if (owner.success) expectTypeOf(owner.data).toEqualTypeOf<'owner'>();
    const other = await fs.get(`/files/recent/meta/${key}`);
    if (other.success) expectTypeOf(other.data).toEqualTypeOf<'key'>();
  });

  it('checks path parameters against their schema', () => {
    // @ts-expect-error `id` is an integer: a string value may not be one
    api.get(`/pets/${key}`);
    // @ts-expect-error `id` is an integer
    api.get('/pets/rex');
    // @ts-expect-error the document's template is not an endpoint (it would be sent as is)
    api.get('/pets/{id}');
  });

  it('prefers a literal path over a template', async () => {
    const mine = await api.get('/pets/mine');
    // `/pets/mine` answers an envelope `{ success, data: Pet[], meta }`: data is its `data`.
    if (mine.success) expectTypeOf(mine.data).toEqualTypeOf<Pet[]>();
  });

  it('refuses unknown paths and wrong methods', () => {
    // @ts-expect-error no such path
    api.get('/owners');
    // @ts-expect-error no such path (a typo)
    api.get('/pet');
    // @ts-expect-error a template matches one segment per parameter
    api.get(`/pets/${id}/toys/${id}`);
    // @ts-expect-error '/pets' has no PUT
    api.put('/pets', { name: 'a' });
    // @ts-expect-error '/pets/{id}' has no POST
    api.post(`/pets/${id}`, { name: 'a' });
    // @ts-expect-error '/pets' has no DELETE
    api.delete('/pets');
    // @ts-expect-error '/pets/mine' has GET only
    api.patch('/pets/mine', {});
    // @ts-expect-error the endpoint is a string
    api.get(1);
  });
});

describe('response data', () => {
  it('is the success JSON body, undefined for 204', async () => {
    const created = await api.post('/pets', { name: 'Rex' });
    if (created.success) expectTypeOf(created.data).toEqualTypeOf<Pet>();
    else expectTypeOf(created.error).toEqualTypeOf<string>();
    const deleted = await api.delete(`/pets/${id}`);
    if (deleted.success) expectTypeOf(deleted.data).toEqualTypeOf<undefined>();
    const replaced = await api.put(`/pets/${id}`, { name: 'Rex', tag: 'dog' });
    if (replaced.success) expectTypeOf(replaced.data).toEqualTypeOf<Pet>();
  });

  it('reads a 2XX response and unwraps a data+meta body', async () => {
    const found = await api.get('/pets/search', { params: { q: 'rex' } });
    if (found.success) expectTypeOf(found.data).toEqualTypeOf<Pet[]>();
  });

  it('lets an explicit type argument win', async () => {
    const res = await api.get<{ custom: true }>('/pets');
    if (res.success) expectTypeOf(res.data).toEqualTypeOf<{ custom: true }>();
    const posted = await api.post<string>('/pets', { anything: 1 });
    if (posted.success) expectTypeOf(posted.data).toEqualTypeOf<string>();
    // @ts-expect-error the path is still checked
    api.get<string>('/owners');
  });
});

describe('request bodies', () => {
  it('checks the JSON request body', () => {
    api.post('/pets', { name: 'Rex', tag: 'dog' });
    // @ts-expect-error a field the body does not have
    api.post('/pets', { name: 'Rex', colour: 'red' });
    // @ts-expect-error a field of the wrong type
    api.post('/pets', { name: 1 });
    // @ts-expect-error a required field is missing
    api.post('/pets', { tag: 'dog' });
    // @ts-expect-error the body is required
    api.post('/pets');
    // PATCH's body is optional in the document
    api.patch(`/pets/${id}`);
    api.patch(`/pets/${id}`, { tag: 'cat' });
    // @ts-expect-error wrong field type in an optional body
    api.patch(`/pets/${id}`, { tag: 3 });
    // An explicit type argument leaves the body unchecked.
    api.put<Pet>(`/pets/${id}`, { anything: 1 });
    const body: NewPet = { name: 'Rex' };
    api.put(`/pets/${id}`, body);
  });
});

describe('query parameters', () => {
  it('checks params against the query parameters', () => {
    api.get('/pets', { params: { limit: 10 } });
    // @ts-expect-error an array needs a paramsSerializer (else it would be sent comma-joined)
    api.get('/pets', { params: { tags: ['a', 'b'] } });
    const exploding = createClient<paths>('https://h', { paramsSerializer: openApiParams() });
    expectTypeOf(exploding).toEqualTypeOf<TypedClient<paths, true, true>>();
    exploding.get('/pets', { params: { limit: 10, tags: ['a', 'b'] } });
    api.get('/pets', { headers: { 'X-Trace': '1' }, timeout: 100 });
    api.get('/pets');
    // @ts-expect-error limit is a number
    api.get('/pets', { params: { limit: '10' } });
    // @ts-expect-error an unknown query parameter
    api.get('/pets', { params: { colour: 'red' } });
    // @ts-expect-error the operation declares no query parameters
    api.get(`/pets/${id}`, { params: { expand: 1 } });
  });

  it('requires options when a query parameter is required', () => {
    api.get('/pets/search', { params: { q: 'rex', page: 2 } });
    // @ts-expect-error q is required: options are too
    api.get('/pets/search');
    // @ts-expect-error q is required
    api.get('/pets/search', { params: { page: 2 } });
    // @ts-expect-error q is required: params are too
    api.get('/pets/search', {});
  });
});

describe('query builder', () => {
  it("resolves the list's type and suggests its fields", async () => {
    const builder = api.query('/pets').where('tag', 'dog').sort('name', 'desc').page(2);
    const res = await builder.get();
    if (res.success) {
      expectTypeOf(res.data).toEqualTypeOf<Pet[]>();
      expectTypeOf(res.meta).toEqualTypeOf<ListMeta>();
      expectTypeOf(res.meta.page).toEqualTypeOf<number>();
      expectTypeOf(res.meta.total).toEqualTypeOf<number | undefined>();
    }
    expectTypeOf(api.query('/pets').where)
      .parameter(0)
      .toEqualTypeOf<'name' | 'tag' | 'id' | (string & {})>();
    expectTypeOf(api.query('/pets').sort)
      .parameter(0)
      .toEqualTypeOf<'name' | 'tag' | 'id' | (string & {})>();
    // A backend-specific field is still accepted.
    api.query('/pets').where('owner.name', 'like', 'a%').orderBy('createdAt');
    // get() reads lists: `{ data: Pet[], meta }` is an envelope the client unwraps into rows;
    // a path that answers one record has none (at run time: a CLIENT_ERROR).
    const page = await api.query('/pets/search').param('q', 'rex').get();
    if (page.success) expectTypeOf(page.data).toEqualTypeOf<Pet[]>();
    // @ts-expect-error GET '/pets/{id}' answers no list: read it with get()
    api.query(`/pets/${id}`).get();
    const one = await api.get(`/pets/${id}`);
    if (one.success) expectTypeOf(one.data).toEqualTypeOf<Pet>();
    // Its writes are typed as before.
    api.query(`/pets/${id}`).delete();
    // It is still a QueryBuilder.
    expectTypeOf(api.query('/pets')).toMatchTypeOf<QueryBuilder<Pet[]>>();
  });

  it('refuses unknown paths; an explicit type argument wins', async () => {
    // @ts-expect-error no GET on such a path
    api.query('/owners');
    const res = await api.query<number>('/pets').get();
    if (res.success) expectTypeOf(res.data).toEqualTypeOf<number>();
  });
});

describe('createBridgeApiService', () => {
  it("is a service of the list's item type", async () => {
    const pets = createBridgeApiService(api, { endpoint: '/pets' });
    expectTypeOf(pets).toEqualTypeOf<BridgeApiService<Pet>>();
    expectTypeOf(await pets.getList()).toEqualTypeOf<PaginatedResponse<Pet>>();
    expectTypeOf(await pets.getById('1')).toEqualTypeOf<Pet>();
    expectTypeOf(pets.create).parameter(0).toEqualTypeOf<Partial<Pet>>();
    const page = createBridgeApiService(api, { endpoint: '/pets/search' });
    expectTypeOf(page).toEqualTypeOf<BridgeApiService<Pet>>();
    // @ts-expect-error not a GET path of the document
    createBridgeApiService(api, { endpoint: '/owners' });
  });

  it('keeps the explicit and untyped forms', () => {
    expectTypeOf(createBridgeApiService<{ a: 1 }>(api, { endpoint: '/anything' })).toEqualTypeOf<
      BridgeApiService<{ a: 1 }>
    >();
    const plain = createClient('https://h');
    expectTypeOf(createBridgeApiService(plain, { endpoint: '/x' })).toEqualTypeOf<
      BridgeApiService<unknown>
    >();
  });
});

describe('speed', () => {
  it('stays quick on a 50-path document', async () => {
    const large = createClient<LargePaths>('https://h');
    const res = await large.get(`/entities24/${key}`);
    if (res.success)
      expectTypeOf(res.data).toHaveProperty('field24').toEqualTypeOf<number | undefined>();
    const list = await large.get('/entities3', { params: { page: 1 } });
    if (list.success)
      expectTypeOf(list.data).items.toHaveProperty('field3').toEqualTypeOf<number | undefined>();
    large.post('/entities7', { id: '1', name: 'a' });
    // @ts-expect-error entities7's body has no field9
    large.patch(`/entities7/${key}`, { field9: 1 });
    expectTypeOf(createBridgeApiService(large, { endpoint: '/entities12' })).toEqualTypeOf<
      BridgeApiService<
        LargePaths['/entities12']['get']['responses'][200]['content']['application/json'][number]
      >
    >();
  });
});

describe('request', () => {
  it('is checked like the verb of its method', async () => {
    const created = await api.request('POST', '/pets', { name: 'Rex' });
    if (created.success) expectTypeOf(created.data).toEqualTypeOf<Pet>();
    const one = await api.request('GET', `/pets/${id}`);
    if (one.success) expectTypeOf(one.data).toEqualTypeOf<Pet>();
    const removed = await api.request('DELETE', `/pets/${id}`);
    if (removed.success) expectTypeOf(removed.data).toEqualTypeOf<undefined>();
    api.request('GET', '/pets', undefined, { params: { limit: 2 } });
    // @ts-expect-error no such path
    api.request('GET', '/owners');
    // @ts-expect-error '/pets' has no DELETE
    api.request('DELETE', '/pets');
    // @ts-expect-error a field the body does not have
    api.request('POST', '/pets', { name: 'Rex', colour: 'red' });
    // @ts-expect-error the body is required
    api.request('POST', '/pets');
    // @ts-expect-error limit is a number
    api.request('GET', '/pets', undefined, { params: { limit: 'two' } });
    // @ts-expect-error q is required
    api.request('GET', '/pets/search');
  });

  it('lets an explicit type argument name the answer', async () => {
    const res = await api.request<{ custom: true }>('POST', '/pets', { anything: 1 });
    if (res.success) expectTypeOf(res.data).toEqualTypeOf<{ custom: true }>();
    // @ts-expect-error the path is still one of the document's
    api.request<string>('GET', '/owners');
  });
});

describe("the builder's write executors", () => {
  it("send the path's other operations, checked", async () => {
    const made = await api.query('/pets').post({ name: 'Rex' });
    if (made.success) expectTypeOf(made.data).toEqualTypeOf<Pet>();
    const replaced = await api.query(`/pets/${id}`).put({ name: 'Rex' });
    if (replaced.success) expectTypeOf(replaced.data).toEqualTypeOf<Pet>();
    const changed = await api.query(`/pets/${id}`).param('x', 1).patch({ tag: 'cat' });
    if (changed.success) expectTypeOf(changed.data).toEqualTypeOf<Pet>();
    await api.query(`/pets/${id}`).patch();
    const removed = await api.query(`/pets/${id}`).delete();
    if (removed.success) expectTypeOf(removed.data).toEqualTypeOf<undefined>();
    // @ts-expect-error '/pets' has no DELETE
    api.query('/pets').where('tag', 'dog').delete();
    // @ts-expect-error '/pets' has no PUT
    api.query('/pets').put({ name: 'Rex' });
    // @ts-expect-error a field the body does not have
    api.query('/pets').post({ name: 'Rex', colour: 'red' });
    // @ts-expect-error the body is required
    api.query('/pets').post();
    // @ts-expect-error tag is a string
    api.query(`/pets/${id}`).patch({ tag: 1 });
  });

  it('take an explicit type argument for anything else', async () => {
    const res = await api.query('/pets').where('tag', 'dog').delete<{ removed: number }>();
    if (res.success) expectTypeOf(res.data).toEqualTypeOf<{ removed: number }>();
    const posted = await api.query('/pets').post<string>({ anything: 1 });
    if (posted.success) expectTypeOf(posted.data).toEqualTypeOf<string>();
  });
});

describe('with a dialect', () => {
  interface Article {
    id: number;
    documentId: string;
    title: string;
  }
  interface Meta {
    pagination: { page: number; pageSize: number; total: number };
  }
  // What Strapi's document says of its REST API: `{ data, meta }` bodies both ways.
  interface strapiPaths {
    '/articles': {
      get: {
        parameters: { query?: { 'pagination[page]'?: number } };
        responses: { 200: { content: { 'application/json': { data: Article[]; meta: Meta } } } };
      };
      post: {
        parameters: { query?: never };
        requestBody: { content: { 'application/json': { data: { title: string } } } };
        responses: { 200: { content: { 'application/json': { data: Article; meta: {} } } } };
      };
    };
    '/articles/{id}': {
      get: {
        parameters: { query?: never; path: { id: string } };
        responses: { 200: { content: { 'application/json': { data: Article; meta: {} } } } };
      };
    };
  }

  it('types the operation: the service is of the records, the verbs get the body as sent', async () => {
    const cms = createClient<strapiPaths>('http://localhost:1337/api', { dialect: strapi() });
    // The dialect unwraps `{ data }` for the service: its item is the record.
    expectTypeOf(createBridgeApiService(cms, { endpoint: '/articles' })).toEqualTypeOf<
      BridgeApiService<Article>
    >();
    // A dialect turns envelopes off: the client hands over the body, and so do the types.
    const list = await cms.get('/articles', { params: { 'pagination[page]': 2 } });
    if (list.success) expectTypeOf(list.data).toEqualTypeOf<{ data: Article[]; meta: Meta }>();
    const one = await cms.get(`/articles/${key}`);
    if (one.success) expectTypeOf(one.data.data).toEqualTypeOf<Article>();
    const made = await cms.post('/articles', { data: { title: 'Typed' } });
    if (made.success) expectTypeOf(made.data.data).toEqualTypeOf<Article>();
    // The builder reads a list through the dialect: the rows, whatever the envelope.
    const page = await cms.query('/articles').where('title', 'like', 'T%').get();
    if (page.success) expectTypeOf(page.data).toEqualTypeOf<Article[]>();
    expectTypeOf(cms.query('/articles').sort)
      .parameter(0)
      .toEqualTypeOf<'id' | 'documentId' | 'title' | (string & {})>();
    // A dialect of one's own says so with `satisfies` (an annotation widens `envelope`).
    const mine = {
      name: 'mine',
      envelope: false,
      transport: dialectTransport({ envelope: false }),
    } satisfies Dialect;
    expectTypeOf(createClient<strapiPaths>('https://h', { dialect: mine })).toEqualTypeOf<
      TypedClient<strapiPaths, false>
    >();
    const annotated: Dialect = mine;
    expectTypeOf(createClient<strapiPaths>('https://h', { dialect: annotated })).toEqualTypeOf<
      TypedClient<strapiPaths>
    >();
    // The same document without the dialect: a `{ data, meta }` body is an envelope.
    const plain = await createClient<strapiPaths>('https://h').get('/articles');
    if (plain.success) expectTypeOf(plain.data).toEqualTypeOf<Article[]>();
  });
});
