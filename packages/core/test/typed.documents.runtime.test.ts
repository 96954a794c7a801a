/**
 * The typed client on real documents (STAPI, USPTO), against a loopback server that answers as
 * the documents say: what the types promise is what run time does. A form body arrives
 * urlencoded; the builder's get() on a path that answers no list resolves the CLIENT_ERROR its
 * type announces.
 */
import { createClient, formBody } from '@bridgekit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths as stapiPaths } from './fixtures/openapi/generated/stapi';
import type { paths as usptoPaths } from './fixtures/openapi/generated/uspto';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SEARCH = {
  page: { pageNumber: 0, pageSize: 50, totalElements: 1 },
  sort: { clauses: [] },
  characters: [{ uid: 'CHMA0000025118', name: 'James T. Kirk' }],
};

describe('a form body', () => {
  it('arrives urlencoded, each field as the schema typed it', async () => {
    server.reply({ json: SEARCH });
    const stapi = createClient<stapiPaths>(server.url);
    const res = await stapi.post(
      '/character/search',
      formBody({ name: 'James T. Kirk', deceased: false, gender: undefined }),
      { params: { pageSize: 5 } },
    );
    expect(res).toMatchObject({ success: true, data: SEARCH });
    const sent = server.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/character/search?pageSize=5');
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(sent.body).toBe('name=James+T.+Kirk&deceased=false');
  });

  it('keeps every character of a value, and writes arrays, objects and dates as OpenAPI does', async () => {
    server.reply({ json: [] });
    const uspto = createClient<usptoPaths>(server.url);
    const criteria = 'patentNumber:7654321 AND title:"a+b & c=d"';
    await uspto.post('/oa_citations/v1/records', formBody({ criteria, rows: 10 }));
    const sent = server.requests.at(-1)!;
    expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({ criteria, rows: '10' });

    // Fields of any shape, with their type given (no operation to take it from).
    const fields = {
      tag: ['a', 'b'],
      filter: { kind: 'dog', age: 3 },
      at: new Date(0),
      none: null,
    };
    expect(String(formBody<typeof fields>(fields))).toBe(
      'tag=a&tag=b&kind=dog&age=3&at=1970-01-01T00%3A00%3A00.000Z',
    );
    expect(String(formBody<typeof fields>(fields, { array: { explode: false } }))).toBe(
      'tag=a%2Cb&kind=dog&age=3&at=1970-01-01T00%3A00%3A00.000Z',
    );
  });

  it('refuses what is not an object, and an unknown option, naming them', () => {
    // @ts-expect-error not an object
    expect(() => formBody('name=Kirk')).toThrow(
      new TypeError('formBody: fields must be an object, got "name=Kirk"'),
    );
    expect(() => formBody<{ a: number }>({ a: 1 }, { arrays: {} } as never)).toThrow(
      new TypeError('options.arrays is not an option of formBody'),
    );
  });
});

describe("the builder's get() on a path that answers no list", () => {
  it('resolves the CLIENT_ERROR its type announces; the client hands the body over', async () => {
    server.reply({ json: SEARCH });
    const stapi = createClient<stapiPaths>(server.url);
    // @ts-expect-error GET '/character/search' answers no list
    const res = await stapi.query('/character/search').param('pageSize', 5).get();
    expect(res).toMatchObject({ success: false, status: 0, code: 'CLIENT_ERROR' });
    expect(res.error).toBe(
      'GET /character/search answered no list, and query().get() reads lists: read this answer with get()',
    );
    const body = await stapi.get('/character/search', { params: { pageSize: 5 } });
    if (!body.success) throw new Error(body.error);
    expect(body.data.characters?.[0]?.name).toBe('James T. Kirk');
  });
});
