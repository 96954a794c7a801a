import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/createClient';
import { between, gte, inOp } from '../../src/query/operators';
import { QueryBuilder } from '../../src/query/QueryBuilder';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { fakeExecutor } from './fakeExecutor';

describe('executors hand the client the URL, body and headers', () => {
  it.each([
    ['get', 'GET', false],
    ['delete', 'DELETE', false],
    ['post', 'POST', true],
    ['put', 'PUT', true],
    ['patch', 'PATCH', true],
  ] as const)('%s()', async (verb, method, hasBody) => {
    const exec = fakeExecutor();
    const builder = new QueryBuilder(exec, '/items?x=1')
      .where('a', 1)
      .header('X-Trace', 't1')
      .page(2);
    const body = { name: 'n' };
    const res = await (hasBody ? builder[verb as 'post'](body) : builder[verb as 'get']());
    expect(res.success).toBe(true);
    expect(exec.calls).toEqual([
      {
        method,
        endpoint: '/items?x=1&a=1&page=2',
        hasBody,
        ...(hasBody ? { body } : {}),
        // The query as written, for the client's events (`client.observe`).
        options: { headers: { 'X-Trace': 't1' }, query: '/items?x=1&a=1&page=2' },
      },
    ]);
  });

  it('post() without a body passes undefined', async () => {
    const exec = fakeExecutor();
    await new QueryBuilder(exec, '/x').post();
    expect(exec.calls[0]).toMatchObject({ method: 'POST', endpoint: '/x', body: undefined });
  });

  it('header names are case-insensitive: the last spelling and value win', async () => {
    const exec = fakeExecutor();
    await new QueryBuilder(exec, '/x')
      .header('x-tenant', 'a')
      .headers({ 'X-Tenant': 'b', Accept: 'text/csv' })
      .get();
    expect(exec.calls[0]?.options?.headers).toEqual({ 'X-Tenant': 'b', Accept: 'text/csv' });
  });

  it('hands on a header named __proto__ as a header (it never turns into a prototype)', async () => {
    const exec = fakeExecutor();
    await new QueryBuilder(exec, '/x').header('__proto__', 'p').header('X-A', '1').get();
    const headers = exec.calls[0]?.options?.headers ?? {};
    expect(Object.keys(headers)).toEqual(['__proto__', 'X-A']);
    expect(Object.getOwnPropertyDescriptor(headers, '__proto__')?.value).toBe('p');
  });

  it('each call gets its own headers object and the builder can be reused', async () => {
    const exec = fakeExecutor();
    const builder = new QueryBuilder(exec, '/x').header('X-A', '1').page(1);
    await builder.get();
    exec.calls[0]!.options!.headers!['X-A'] = 'changed';
    builder.page(2);
    await builder.get();
    expect(exec.calls.map((c) => [c.endpoint, c.options?.headers])).toEqual([
      ['/x?page=1', { 'X-A': 'changed' }],
      ['/x?page=2', { 'X-A': '1' }],
    ]);
  });
});

describe('executors against a real server', () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('client.query() returns a QueryBuilder on that client', () => {
    const client = createClient(`${server.url}/api`);
    const builder = client.query('/products');
    expect(builder).toBeInstanceOf(QueryBuilder);
    expect(builder.where('a', 1).toURL()).toBe('/products?a=1');
  });

  it.each([
    ['get', 'GET'],
    ['delete', 'DELETE'],
    ['post', 'POST'],
    ['put', 'PUT'],
    ['patch', 'PATCH'],
  ] as const)('%s() sends method, path, query, headers and body', async (verb, method) => {
    server.reply({ json: { success: true, data: [{ id: '1' }] } });
    const client = createClient(`${server.url}/api`, { headers: { 'X-Default': 'd' } });
    const builder = client
      .query<Array<{ id: string }>>('/products')
      .where('category', 'books & more')
      .where('price', gte(10))
      .where('price', 'lte', 50)
      .where('tag', inOp(['a,b', 'c']))
      .sort('price', 'desc')
      .page(2)
      .limit(20)
      .header('X-Tenant', 'acme')
      .header('X-Default', 'from-builder');
    const withBody = verb === 'post' || verb === 'put' || verb === 'patch';
    const res = withBody ? await builder[verb]({ name: 'Lamp' }) : await builder[verb]();

    expect(res).toMatchObject({ success: true, status: 200, data: [{ id: '1' }] });
    expect(server.requests).toHaveLength(1);
    const seen = server.requests[0]!;
    expect(seen.method).toBe(method);
    expect(seen.path).toBe('/api/products');
    expect(seen.url).toBe(
      '/api/products?category=books%20%26%20more&price[gte]=10&price[lte]=50&tag[in]=a%2Cb,c&sort=price:desc&page=2&limit=20',
    );
    expect([...seen.query]).toEqual([
      ['category', 'books & more'],
      ['price[gte]', '10'],
      ['price[lte]', '50'],
      ['tag[in]', 'a,b,c'],
      ['sort', 'price:desc'],
      ['page', '2'],
      ['limit', '20'],
    ]);
    expect(seen.headers['x-tenant']).toBe('acme');
    // The builder's headers are the request's own: they win over the client's defaults.
    expect(seen.headers['x-default']).toBe('from-builder');
    expect(seen.url).not.toMatch(/tenant|acme/i);
    expect(seen.body).toBe(withBody ? JSON.stringify({ name: 'Lamp' }) : '');
  });

  it('keeps the query the endpoint already has and adds the builder entries with &', async () => {
    const client = createClient(server.url);
    await client.query('/tasks?status=todo').where('priority', between(1, 3)).search('x y').get();
    expect(server.requests[0]?.url).toBe('/tasks?status=todo&priority[between]=1,3&q=x%20y');
  });

  it('sends no query string when the builder is empty', async () => {
    const client = createClient(server.url);
    await client.query('/tasks').header('X-A', '1').get();
    expect(server.requests[0]?.url).toBe('/tasks');
    expect(server.requests[0]?.headers['x-a']).toBe('1');
  });

  it('returns the server error as an ApiResponse, never a rejection', async () => {
    server.reply({
      status: 400,
      json: { success: false, error: 'bad filter', code: 'BAD_REQUEST' },
    });
    const res = await createClient(server.url).query('/tasks').where('x', 'gte', 1).get();
    expect(res).toMatchObject({
      success: false,
      status: 400,
      error: 'bad filter',
      code: 'BAD_REQUEST',
    });
  });
});
