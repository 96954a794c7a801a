/**
 * Where each built-in dialect meets a limit of its backend: search goes where the backend
 * searches (or is refused naming the option to set), the builder uses the dialect's paths,
 * what a backend can say another way is composed, and what its parser would read wrongly is
 * refused: a `TypeError` at the builder call, a `CLIENT_ERROR` from the services (nothing sent).
 * Requests go to a real HTTP server on 127.0.0.1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  between,
  createBridgeApiService,
  createClient,
  type Dialect,
  gte,
  inOp,
  isBridgeApiError,
  notIn,
} from '@bridgekit/core';
import { djangoRest, feathers, jsonServer, laravel, strapi } from '@bridgekit/core/dialects';
import { startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reply({ json: { data: [] } });
});

const client = (dialect: Dialect) => createClient(server.url, { dialect });
const service = (dialect: Dialect, endpoint = '/products') =>
  createBridgeApiService(client(dialect), { endpoint });
const urls = () => server.requests.map((r) => r.url);

/** The rejection of a service call that must send nothing. */
async function refused(call: Promise<unknown>): Promise<Error> {
  const before = server.requests.length;
  const error = await call.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(isBridgeApiError(error) && error.code).toBe('CLIENT_ERROR');
  expect(server.requests.length).toBe(before);
  return error as Error;
}

describe('search goes where the backend searches', () => {
  it('strapi({ search }) searches the collection with filters[$or], not /search', async () => {
    await service(strapi({ search: ['name'] }), '/restaurants').search({ q: 'chair' });
    expect(urls().at(-1)).toBe('/restaurants?filters[$or][0][name][$containsi]=chair');
  });
  it('laravel({ search }) searches the collection with its filter, not /search', async () => {
    await service(laravel({ search: 'q' })).search({ q: 'desk' });
    expect(urls().at(-1)).toBe('/products?filter[q]=desk');
  });
  it('without the option, search is a CLIENT_ERROR naming the backend and the option', async () => {
    const s = await refused(service(strapi(), '/restaurants').search({ q: 'chair' }));
    expect(s.message).toMatch(/Strapi 5.*strapi\(\{ search/);
    const l = await refused(service(laravel()).search({ q: 'desk' }));
    expect(l.message).toMatch(/Laravel.*laravel\(\{ search/);
  });
});

describe("the builder uses the dialect's paths", () => {
  it("djangoRest(): the builder's request carries DRF's trailing slash, as the services'", async () => {
    await client(djangoRest()).query('/products').where('price', gte(20)).get();
    expect(urls().at(-1)).toBe('/products/?price__gte=20');
    // Already there: not doubled; an item path keeps its own.
    await client(djangoRest()).query('/products/').get();
    await client(djangoRest()).query('/products/7').get();
    expect(urls().slice(-2)).toEqual(['/products/', '/products/7/']);
  });
  it('trailingSlash: false leaves the path as written', async () => {
    await client(djangoRest({ trailingSlash: false }))
      .query('/products')
      .get();
    expect(urls().at(-1)).toBe('/products');
  });
});

describe('what a backend can express another way is composed', () => {
  it('json-server 1.x: between(10, 30) is price%3Agte=10&price%3Alte=30', () => {
    const q = client(jsonServer({ version: 1 }))
      .query('/products')
      .where('price', between(10, 30));
    expect(q.toQueryString()).toBe('price%3Agte=10&price%3Alte=30');
  });
  it('json-server 0.17: between(10, 30) is price_gte=10&price_lte=30', () => {
    const q = client(jsonServer({ version: 0 }))
      .query('/p')
      .where('price', between(10, 30));
    expect(q.toQueryString()).toBe('price_gte=10&price_lte=30');
  });
  it('feathers: between(10, 30) is price[$gte]=10&price[$lte]=30', () => {
    const q = client(feathers()).query('/p').where('price', between(10, 30));
    expect(q.toQueryString()).toBe('price[$gte]=10&price[$lte]=30');
  });
});

const items = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);

describe('refused where the parser would read it wrongly', () => {
  it('feathers: more than 20 in/nin items (qs arrayLimit 20 reads them as an object)', async () => {
    const q = () => client(feathers()).query('/p');
    expect(
      q()
        .where('f', inOp(items(20)))
        .toQueryString(),
    ).toContain('f[$in][]=v19');
    expect(() => q().where('f', inOp(items(21)))).toThrow(TypeError);
    expect(() => q().where('f', notIn(items(21)))).toThrow(/feathers.*20.*arrayLimit/);
    const e = await refused(
      service(feathers()).search({ q: '', filters: { f: { operator: 'in', value: items(21) } } }),
    );
    expect(e.message).toMatch(/arrayLimit/);
  });
  it('feathers({ arrayLimit }) follows a server whose parser was configured for more', () => {
    const q = client(feathers({ arrayLimit: 50 }))
      .query('/p')
      .where('f', inOp(items(50)));
    expect(q.toQueryString()).toContain('f[$in][]=v49');
  });
  it('strapi: more than 100 $in items (qs arrayLimit 100)', async () => {
    const q = () => client(strapi()).query('/p');
    expect(
      q()
        .where('f', inOp(items(100)))
        .toQueryString(),
    ).toContain('[$in][99]=v99');
    expect(() => q().where('f', inOp(items(101)))).toThrow(/Strapi 5.*more than 100/);
    const e = await refused(
      service(strapi()).search({ q: '', filters: { f: { operator: 'in', value: items(101) } } }),
    );
    expect(e.message).toMatch(/Strapi 5.*more than 100/);
  });
  it('laravel: a value with edge whitespace (TrimStrings trims it on the server)', async () => {
    const q = () => client(laravel({ search: 'q' })).query('/p');
    expect(() => q().where('name', ' desk')).toThrow(/Laravel.*TrimStrings/);
    expect(() => q().where('name', 'desk ')).toThrow(TypeError);
    expect(() => q().search(' desk')).toThrow(/TrimStrings/);
    expect(() => q().param('color', 'red\n')).toThrow(/TrimStrings/);
    expect(q().where('name', 'a desk').toQueryString()).toBe('filter[name]=a%20desk');
    const e = await refused(service(laravel({ search: 'q' })).search({ q: 'desk ' }));
    expect(e.message).toMatch(/Laravel.*TrimStrings/);
  });
});

describe("search filters use the builder's operator names", () => {
  it("{ operator: 'inOp' } is sent as the builder's in", async () => {
    await service(jsonServer({ version: 1 })).search({
      q: '',
      filters: { id: { operator: 'inOp', value: [1, 2] } },
    });
    const viaBuilder = client(jsonServer({ version: 1 }))
      .query('/products')
      .where('id', 'inOp', [1, 2]);
    expect(urls().at(-1)).toBe(`/products?${viaBuilder.toQueryString()}`);
    expect(viaBuilder.toQueryString()).toBe('id%3Ain=1,2');
  });
});
