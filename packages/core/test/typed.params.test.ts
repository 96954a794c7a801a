// What a client typed by an OpenAPI document sends: query parameters written as the document
// means them (`paramsSerializer: openApiParams()`), and bodies as their media types say. A real
// server records each request; `qs` (the parser Express and Strapi use) reads the query back.
import { createClient, openApiParams } from '@bridgekit/core';
import qs from 'qs';
import { afterEach, describe, expect, it } from 'vitest';
import type { paths } from './fixtures/openapi/generated/petstore';
import { startTestServer, type TestServer } from './helpers/testServer';

const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function server() {
  const started = await startTestServer({ json: [] });
  running.push(started);
  return started;
}

describe('openApiParams', () => {
  it("writes arrays and objects with OpenAPI's defaults: form, exploded", () => {
    const write = openApiParams();
    expect(write({ status: ['available', 'sold'], page: 2 })).toBe(
      'status=available&status=sold&page=2',
    );
    expect(write({ filter: { tag: 'dog', age: 3 } })).toBe('tag=dog&age=3');
    expect(write({ q: 'a b&c', at: new Date(0), none: null, gone: undefined, empty: [] })).toBe(
      'q=a%20b%26c&at=1970-01-01T00%3A00%3A00.000Z',
    );
  });

  it('writes the other styles the document may name', () => {
    expect(openApiParams({ array: { explode: false } })({ id: [3, 4, 5] })).toBe('id=3,4,5');
    expect(
      openApiParams({ array: { style: 'spaceDelimited', explode: false } })({ id: [3, 4] }),
    ).toBe('id=3%204');
    expect(
      openApiParams({ array: { style: 'pipeDelimited', explode: false } })({ id: [3, 4] }),
    ).toBe('id=3|4');
    expect(openApiParams({ object: { explode: false } })({ c: { R: 100, G: 200 } })).toBe(
      'c=R,100,G,200',
    );
    expect(
      openApiParams({ object: { style: 'deepObject' } })({ c: { R: 100, 'a b': 'x,y' } }),
    ).toBe('c[R]=100&c[a%20b]=x%2Cy');
    // The values keep their meaning through a real parser.
    const text = openApiParams({ object: { style: 'deepObject' } })({ filter: { tag: 'a&b' } });
    expect(qs.parse(text)).toEqual({ filter: { tag: 'a&b' } });
  });

  it('refuses options it does not know, naming them', () => {
    expect(() => openApiParams({ array: { style: 'csv' as 'form' } })).toThrow(
      /options\.array\.style must be one of form, spaceDelimited, pipeDelimited/,
    );
    expect(() => openApiParams({ arrays: {} } as never)).toThrow(
      /options\.arrays is not an option/,
    );
    expect(() => openApiParams({ object: { explode: 'yes' as never } })).toThrow(TypeError);
    expect(() => openApiParams(null as never)).toThrow(/options must be an object/);
  });
});

describe('a client with a paramsSerializer', () => {
  it('sends an array query parameter exploded, as the document says', async () => {
    const backend = await server();
    const api = createClient<paths>(backend.url, { paramsSerializer: openApiParams() });
    await api.get('/pet/findByStatus', { params: { status: ['available', 'sold'] } });
    const sent = backend.requests.at(-1)!;
    expect(sent.path).toBe('/pet/findByStatus');
    expect(sent.query.getAll('status')).toEqual(['available', 'sold']);
  });

  it('lets one request write its own params; the untyped format stays the default', async () => {
    const backend = await server();
    const api = createClient<paths>(backend.url, { paramsSerializer: openApiParams() });
    await api.get('/pet/findByTags', {
      params: { tags: ['a', 'b'] },
      paramsSerializer: openApiParams({ array: { explode: false } }),
    });
    expect(backend.requests.at(-1)!.url).toBe('/pet/findByTags?tags=a,b');
    await createClient(backend.url).get('/pets', { params: { tags: ['a', 'b'] } });
    expect(backend.requests.at(-1)!.url).toBe('/pets?tags=a%2Cb');
  });

  it('resolves CLIENT_ERROR when the serializer throws or returns no string', async () => {
    const backend = await server();
    const throwing = createClient(backend.url, {
      paramsSerializer: () => {
        throw new Error('no');
      },
    });
    expect(await throwing.get('/x', { params: { a: 1 } })).toMatchObject({
      success: false,
      code: 'CLIENT_ERROR',
    });
    const wrong = createClient(backend.url, { paramsSerializer: () => 1 as never });
    const res = await wrong.get('/x', { params: { a: 1 } });
    expect(res).toMatchObject({ success: false, code: 'CLIENT_ERROR' });
    expect(res.error).toMatch(/paramsSerializer\(params\) must be a string/);
    expect(backend.requests).toHaveLength(0);
  });

  it('is checked at construction', () => {
    expect(() => createClient('https://h', { paramsSerializer: 'openapi' as never })).toThrow(
      /config\.paramsSerializer must be a function/,
    );
  });
});

describe('bodies typed by their media type', () => {
  it('sends URLSearchParams urlencoded and FormData as multipart', async () => {
    const backend = await server();
    const api = createClient<paths>(backend.url);
    await api.post('/pet/7', new URLSearchParams({ name: 'Rex', status: 'sold' }));
    const form = backend.requests.at(-1)!;
    expect(form.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(form.body).toBe('name=Rex&status=sold');
    const data = new FormData();
    data.set('file', new Blob(['png']), 'rex.png');
    await api.post('/pet/7/uploadImage', data);
    const upload = backend.requests.at(-1)!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.body).toContain('filename="rex.png"');
  });
});
