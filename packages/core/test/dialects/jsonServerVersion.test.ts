/**
 * jsonServer() without a `version`, against a real json-server 0.17.4 (what `npm i json-server`
 * installs) and a real 1.x, both started in-process on 127.0.0.1: the dialect asks which one
 * answers before its first list, and every query then means the same rows on both, or is
 * refused loudly by the version that cannot express it.
 */
import {
  between,
  type Client,
  createBridgeApiService,
  createClient,
  gt,
  gte,
  ilike,
  inOp,
  isBridgeApiError,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  notBetween,
  notIn,
  type QueryBuilder,
  startsWith,
} from '@bridgekit/core';
import { jsonServer } from '@bridgekit/core/dialects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningBackend,
  startJsonServer0,
  startJsonServer1,
} from '../../../../backends/servers.mjs';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { idsOf, idsWhere, PRODUCTS, type Product } from './seed';

const VERSIONS = [
  ['0.17', startJsonServer0],
  ['1.x', startJsonServer1],
] as const;
type Version = (typeof VERSIONS)[number][0];

const backends = {} as Record<Version, RunningBackend>;
beforeAll(async () => {
  for (const [version, start] of VERSIONS) {
    backends[version] = await start({ products: [...PRODUCTS] });
  }
});
afterAll(async () => {
  for (const backend of Object.values(backends)) await backend.close();
});

/** A client on `version` with the version-less dialect, and the requests it sends. */
function clientOf(version: Version): { api: Client; sent: string[] } {
  const { url } = backends[version];
  const api = createClient(url, { dialect: jsonServer() });
  const sent: string[] = [];
  api.addRequestInterceptor((config) => {
    sent.push(decodeURIComponent(config.url.slice(url.length)));
    return config;
  });
  return { api, sent };
}

type Build = (q: QueryBuilder<unknown>) => QueryBuilder<unknown>;

describe.each(VERSIONS.map(([v]) => v))('jsonServer() against json-server %s', (version) => {
  // What each version cannot express is refused when the list is sent, naming that version.
  const cases: Array<[string, Build, (p: Product) => boolean, refusedBy?: Version]> = [
    ['eq', (q) => q.where('category', 'office'), (p) => p.category === 'office'],
    ['eq (number)', (q) => q.where('stock', 4), (p) => p.stock === 4],
    ['ne', (q) => q.where('category', ne('office')), (p) => p.category !== 'office'],
    ['gt', (q) => q.where('price', gt(80)), (p) => p.price > 80, '0.17'],
    ['gte (year >= 2000)', (q) => q.where('price', gte(80)), (p) => p.price >= 80],
    ['lt', (q) => q.where('price', lt(30)), (p) => p.price < 30, '0.17'],
    ['lte', (q) => q.where('price', lte(30)), (p) => p.price <= 30],
    ['between', (q) => q.where('price', between(30, 120)), (p) => p.price >= 30 && p.price <= 120],
    ['in', (q) => q.where('category', inOp(['home', 'garden'])), (p) => p.category !== 'office'],
    [
      'in with a comma in an item',
      (q) => q.where('name', inOp(['Desk', 'a,b'])),
      (p) => p.name === 'Desk',
      '1.x',
    ],
    [
      'notIn',
      (q) => q.where('category', notIn(['home', 'garden'])),
      (p) => p.category === 'office',
      '1.x',
    ],
    ['isNull', (q) => q.where('tag', isNull()), (p) => p.tag === null, '0.17'],
    ['isNotNull', (q) => q.where('tag', isNotNull()), (p) => p.tag !== null, '0.17'],
    ['where(f, null)', (q) => q.where('tag', null), (p) => p.tag === null, '0.17'],
    [
      'ilike %text% (title contains)',
      (q) => q.where('name', ilike('%A%')),
      (p) => /a/i.test(p.name),
    ],
    ['ilike text%', (q) => q.where('name', ilike('s%')), (p) => /^s/i.test(p.name)],
    ['ilike %text', (q) => q.where('name', ilike('%R')), (p) => /r$/i.test(p.name)],
    ['ilike with _', (q) => q.where('name', ilike('_amp')), (p) => p.name === 'Lamp', '1.x'],
    [
      'two fields',
      (q) => q.where('category', 'home').where('price', gte(40)),
      (p) => p.category === 'home' && p.price >= 40,
    ],
    ['search', (q) => q.search('LAMP'), (p) => p.name === 'Lamp', '1.x'],
  ];

  it.each(cases)('%s', async (_name, build, keep, refusedBy) => {
    const res = await build(clientOf(version).api.query('/products')).get();
    if (refusedBy === version) {
      expect(res).toMatchObject({ success: false, status: 0, code: 'CLIENT_ERROR' });
      expect(res.error).toMatch(new RegExp(`^json-server ${version.replace('.', '\\.')} cannot`));
      return;
    }
    expect(res.success).toBe(true);
    expect(idsOf(res.data)).toEqual(idsWhere(keep));
  });

  it('entries replace each other as they do with the version named', async () => {
    const build: Build = (q) =>
      q
        .where('category', 'office')
        .where('price', gte(10))
        .where('category', inOp(['home', 'garden']))
        .where('price', between(20, 90))
        .where('price', gte(30))
        .page(1)
        .page(2)
        .limit(4);
    const named = createClient(backends[version].url, {
      dialect: jsonServer({ version: version === '1.x' ? 1 : 0 }),
    });
    const expected = await build(named.query('/products')).get();
    const res = await build(clientOf(version).api.query('/products')).get();
    expect(res.success).toBe(true);
    expect(res.data).toEqual(expected.data);
    expect(res.meta).toEqual(expected.meta);
  });

  it('page 2 of 5, sorted: 5 rows and the meta json-server gave', async () => {
    const res = await clientOf(version).api.query('/products').sort('price').page(2).limit(5).get();
    const byPrice = [...PRODUCTS].sort((a, b) => a.price - b.price).map((p) => p.id);
    expect(res.success).toBe(true);
    expect((res.data as Product[]).map((p) => p.id)).toEqual(byPrice.slice(5, 10));
    expect(res.meta).toEqual({ page: 2, limit: 5, total: 12, totalPages: 3 });
  });

  it('sorts by two fields', async () => {
    const res = await clientOf(version)
      .api.query('/products')
      .sort('category')
      .sort('price', 'desc')
      .get();
    expect((res.data as Product[]).map((p) => p.id)).toEqual(
      [...PRODUCTS]
        .sort((a, b) => a.category.localeCompare(b.category) || b.price - a.price)
        .map((p) => p.id),
    );
  });

  it('an offset is a position on 0.17 and refused on 1.x', async () => {
    const res = await clientOf(version).api.query('/products').offset(10).limit(2).get();
    if (version === '1.x') {
      expect(res).toMatchObject({
        success: false,
        code: 'CLIENT_ERROR',
        error: 'json-server 1.x cannot express offset',
      });
    } else {
      expect(idsOf(res.data)).toEqual(['11', '12']);
    }
  });

  it('one question per client, before its first list; then only the lists', async () => {
    const { api, sent } = clientOf(version);
    const [a, b] = await Promise.all([
      api.query('/products').where('category', 'office').get(),
      api.query('/products').page(2).limit(5).get(),
    ]);
    expect(a.success && b.success).toBe(true);
    const service = createBridgeApiService<Product>(api, { endpoint: '/products' });
    const page = await service.getList({ page: 3, limit: 5 });
    expect(page.data).toHaveLength(2);
    expect(page.meta).toEqual({ page: 3, limit: 5, total: 12, hasMore: false });
    expect(sent[0]).toBe('/products?_page=1&_per_page=1&_limit=1');
    expect(sent).toHaveLength(4);
    expect(sent.filter((s) => s.includes('_per_page=1&_limit=1'))).toHaveLength(1);
  });

  it('the services list, search and filter in the version that answers', async () => {
    const service = createBridgeApiService<Product>(clientOf(version).api, {
      endpoint: '/products',
    });
    const filtered = await service.search({
      q: '',
      filters: { price: { operator: 'gte', value: 100 } },
    });
    expect(idsOf(filtered.data)).toEqual(idsWhere((p) => p.price >= 100));
    const searched = await service.search({ q: 'lamp' }).catch((e: unknown) => e);
    if (version === '1.x') {
      expect(isBridgeApiError(searched)).toBe(true);
      expect(searched).toMatchObject({
        code: 'CLIENT_ERROR',
        message: 'json-server 1.x cannot express full-text search',
      });
    } else {
      expect(idsOf((searched as { data: Product[] }).data)).toEqual(['3']);
    }
  });

  it('an unknown collection answers 404, and the next list asks again', async () => {
    const { api, sent } = clientOf(version);
    const missing = await api.query('/nothing').where('a', 1).get();
    expect(missing).toMatchObject({ success: false, status: 404 });
    const found = await api.query('/products').where('category', 'office').get();
    expect(idsOf(found.data)).toEqual(idsWhere((p) => p.category === 'office'));
    expect(sent.filter((s) => s.includes('_per_page=1&_limit=1'))).toHaveLength(2);
  });
});

describe('jsonServer() without a version: what neither version can express', () => {
  it.each([
    [
      'notBetween',
      (q: QueryBuilder) => q.where('price', notBetween(1, 5)),
      `'notBetween' (on "price")`,
    ],
    ['like', (q: QueryBuilder) => q.where('name', like('D%')), `'like' (on "name")`],
    [
      'startsWith',
      (q: QueryBuilder) => q.where('name', startsWith('D')),
      `'startsWith' (on "name")`,
    ],
  ])('%s is a TypeError at the call', (_name, add, what) => {
    const q = createClient('http://127.0.0.1:9', { dialect: jsonServer() })
      .query('/products')
      .page(2);
    const before = q.toURL();
    expect(() => add(q)).toThrow(
      new TypeError(`json-server 0.17 and 1.x cannot express operator ${what}`),
    );
    expect(q.toURL()).toBe(before);
  });

  it('a query string is written only when both versions write it alike', () => {
    const api = createClient('http://127.0.0.1:9', { dialect: jsonServer() });
    expect(api.query('/products').page(2).param('_embed', 'tags').toQueryString()).toBe(
      '_page=2&_embed=tags',
    );
    expect(api.query('/products').toURL()).toBe('/products');
    expect(() => api.query('/products').where('price', gte(10)).toQueryString()).toThrow(
      /json-server 0\.17 and 1\.x write this query differently.*jsonServer\(\{ version: 0 \}\)/,
    );
  });

  it('version must be 0 or 1', () => {
    expect(() => jsonServer({ version: 2 as never })).toThrow(TypeError);
    expect(() => jsonServer({ version: 2 as never })).toThrow(/options\.version/);
  });
});

describe('jsonServer() without a version against a backend that is not json-server', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ json: { count: 0, next: null, results: [] } });
  });
  afterAll(() => other.close());

  it('is a loud CLIENT_ERROR naming json-server and the version option', async () => {
    const api = createClient(other.url, { dialect: jsonServer() });
    const res = await api.query('/products').where('price', gte(1)).get();
    expect(res).toMatchObject({ success: false, status: 0, code: 'CLIENT_ERROR' });
    expect(res.error).toMatch(/json-server/);
    expect(res.error).toMatch(/jsonServer\(\{ version: 1 \}\)/);
    const error = await createBridgeApiService(api, { endpoint: '/products' })
      .getList()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'BridgeApiError', code: 'CLIENT_ERROR' });
    // No list request went out: only the two questions, each answered in neither form.
    expect(other.requests.map((r) => r.query.toString())).toEqual([
      '_page=1&_per_page=1&_limit=1',
      '_page=1&_per_page=1&_limit=1',
    ]);
  });
});
