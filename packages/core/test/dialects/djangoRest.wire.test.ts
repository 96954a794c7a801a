/**
 * The djangoRest dialect's parts on their own: builder chain -> exact query string, refusals,
 * list bodies -> `{ data, meta }`, error bodies, login, paths. The behaviour against a real
 * Django REST Framework server is in djangoRest.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@bridgekit/core';
import { djangoRest, readLogin } from '@bridgekit/core/dialects';
import { type Reply, startTestServer, type TestServer } from '../helpers/testServer';
import {
  between,
  endsWith,
  gt,
  gte,
  ilike,
  inOp,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  notBetween,
  notIn,
  startsWith,
} from '../../src/query/operators';
import { QueryBuilder } from '../../src/query/QueryBuilder';
import type { QueryEntry } from '../../src/query/serializer';
import type { ApiResponse } from '../../src/contract/http';
import { fakeExecutor } from '../query/fakeExecutor';

const dialect = djangoRest();
const offsets = djangoRest({ pagination: 'limitOffset' });
const query = dialect.query!;
const qb = (d = dialect) => new QueryBuilder(fakeExecutor(), '/products/', d.query);
const filter = (field: string, operator: string, value: unknown): QueryEntry => ({
  kind: 'filter',
  field,
  operator,
  value,
});

// [what, chain, exact query string]
const golden: Array<[string, (b: QueryBuilder) => QueryBuilder, string]> = [
  ['equality', (b) => b.where('category', 'lighting'), 'category=lighting'],
  ['equality with a boolean', (b) => b.where('active', false), 'active=false'],
  ['equality with null is isnull', (b) => b.where('stock', null), 'stock__isnull=true'],
  ['gt', (b) => b.where('stock', gt(0)), 'stock__gt=0'],
  ['gte', (b) => b.where('price', gte(100)), 'price__gte=100'],
  ['lt', (b) => b.where('price', lt(20)), 'price__lt=20'],
  ['lte', (b) => b.where('price', lte(19.5)), 'price__lte=19.5'],
  [
    'gte with a Date',
    (b) => b.where('released', gte(new Date(Date.UTC(2023, 5, 15, 9)))),
    'released__gte=2023-06-15T09%3A00%3A00.000Z',
  ],
  ['between is range', (b) => b.where('price', between(1, 5)), 'price__range=1,5'],
  ['in', (b) => b.where('name', inOp(['Oak Desk', 'Footrest'])), 'name__in=Oak%20Desk,Footrest'],
  ['in with numbers', (b) => b.where('id', 'in', [1, 2, 3]), 'id__in=1,2,3'],
  ['isNull', (b) => b.where('stock', isNull()), 'stock__isnull=true'],
  ['isNotNull', (b) => b.where('stock', isNotNull()), 'stock__isnull=false'],
  ['startsWith', (b) => b.where('name', startsWith('Desk')), 'name__startswith=Desk'],
  ['endsWith', (b) => b.where('name', endsWith('Lamp')), 'name__endswith=Lamp'],
  [
    'startsWith keeps % literal',
    (b) => b.where('name', startsWith('50%')),
    'name__startswith=50%25',
  ],
  ['like %x%', (b) => b.where('name', like('%Desk%')), 'name__contains=Desk'],
  ['like x%', (b) => b.where('name', like('Desk%')), 'name__startswith=Desk'],
  ['like %x', (b) => b.where('name', like('%Lamp')), 'name__endswith=Lamp'],
  ['like without wildcards is exact', (b) => b.where('name', like('Oak Desk')), 'name=Oak%20Desk'],
  ['ilike %x%', (b) => b.where('name', ilike('%desk%')), 'name__icontains=desk'],
  ['ilike x%', (b) => b.where('name', ilike('desk%')), 'name__istartswith=desk'],
  ['ilike %x', (b) => b.where('name', ilike('%LAMP')), 'name__iendswith=LAMP'],
  ['ilike without wildcards', (b) => b.where('name', ilike('oak desk')), 'name__iexact=oak%20desk'],
  ['like with %% runs', (b) => b.where('name', like('%%Desk%%')), 'name__contains=Desk'],
  ['like with escaped %', (b) => b.where('name', like('%50\\%%')), 'name__contains=50%25'],
  ['like with escaped _', (b) => b.where('name', like('a\\_b%')), 'name__startswith=a_b'],
  [
    'a custom operator is the lookup',
    (b) => b.where('released', 'year', 2024),
    'released__year=2024',
  ],
  ['search', (b) => b.search('desk lamp'), 'search=desk%20lamp'],
  ['sort', (b) => b.sort('price', 'desc').sort('name'), 'ordering=-price,name'],
  ['page and size', (b) => b.page(2).limit(5), 'page=2&page_size=5'],
  ['param', (b) => b.param('format', 'json'), 'format=json'],
  ['a comma in a single value is kept', (b) => b.where('name', 'a,b'), 'name=a%2Cb'],
  [
    'everything in call order',
    (b) => b.where('price', gte(10)).search('desk').sort('price', 'desc').page(3).limit(4),
    'price__gte=10&search=desk&ordering=-price&page=3&page_size=4',
  ],
  [
    'two lookups on one field',
    (b) => b.where('price', gte(10)).where('price', lte(50)),
    'price__gte=10&price__lte=50',
  ],
  [
    'the same lookup again replaces',
    (b) => b.where('price', gte(10)).where('price', gte(20)),
    'price__gte=20',
  ],
  [
    'like and startsWith share a lookup',
    (b) => b.where('name', like('a%')).where('name', startsWith('b')),
    'name__startswith=b',
  ],
];

describe('djangoRest query: builder chain -> query string', () => {
  it.each(golden)('%s', (_what, chain, expected) => {
    expect(chain(qb()).toQueryString()).toBe(expected);
  });

  it('sends limit/offset for LimitOffsetPagination, a page as its offset', () => {
    expect(qb(offsets).limit(5).offset(10).toQueryString()).toBe('limit=5&offset=10');
    expect(qb(offsets).page(3).limit(5).toQueryString()).toBe('offset=10&limit=5');
    expect(qb(offsets).page(1).toQueryString()).toBe('offset=0');
  });

  it('uses the page size parameter the backend declares', () => {
    const d = djangoRest({ pageSizeParam: 'size' });
    expect(qb(d).limit(7).toQueryString()).toBe('size=7');
  });

  it('refuses a page after the first without a limit under LimitOffsetPagination', () => {
    expect(() => qb(offsets).page(2).toQueryString()).toThrow(
      new TypeError('Django REST Framework: page() needs limit()'),
    );
  });
});

describe('djangoRest query: what django-filter cannot express', () => {
  const refused: Array<[string, QueryEntry, RegExp]> = [
    [
      'ne',
      filter('status', 'ne', ne('x').value),
      /operator 'ne' \(on "status"\): django-filter has no negation$/,
    ],
    ['nin', filter('status', 'nin', notIn(['x']).value), /operator 'nin'/],
    ['notBetween', filter('price', 'notBetween', notBetween(1, 2).value), /operator 'notBetween'/],
    [
      'a % inside a like pattern',
      filter('name', 'like', 'a%b'),
      /operator 'like' \(on "name"\): '%' only at the ends, no '_'/,
    ],
    ['a _ wildcard', filter('name', 'ilike', 'a_c%'), /operator 'ilike'/],
    ['a pattern with no text', filter('name', 'like', '%'), /operator 'like'/],
    ['an empty value', filter('name', 'eq', ''), /operator 'eq' \(on "name"\): value ""$/],
    ['an empty prefix', filter('name', 'startsWith', ''), /operator 'startsWith'/],
    [
      'a comma inside an in item',
      filter('name', 'in', ['a,b', 'c']),
      /operator 'in' \(on "name"\): value \["a,b","c"\]$/,
    ],
    ['a list for equality', filter('name', 'eq', ['a', 'b']), /operator 'eq'/],
    ['offset with PageNumberPagination', { kind: 'offset', value: 10 }, /cannot express offset/],
    [
      'a sort field with a leading -',
      { kind: 'sort', fields: [['-price', 'asc']] },
      /sort field with a leading '-' or a ','/,
    ],
    [
      'a sort field with a comma',
      { kind: 'sort', fields: [['a,b', 'desc']] },
      /sort field with a leading '-' or a ','/,
    ],
  ];

  it.each(refused)('%s: check names the operator and the dialect', (_what, entry, message) => {
    const text = query.check!(entry);
    expect(text).toMatch(/^Django REST Framework cannot express /);
    expect(text).toMatch(message);
    // Never sent: serializing it anyway throws the same message.
    expect(() => query.serialize([entry])).toThrow(new TypeError(text));
  });

  it('accepts what it can send', () => {
    for (const [, chain] of golden) {
      const b = chain(qb());
      expect(b.toQueryString()).not.toBe('');
    }
    expect(query.check!(filter('price', 'between', [1, 5]))).toBeUndefined();
    expect(
      djangoRest({ pagination: 'limitOffset' }).query!.check!({ kind: 'offset', value: 3 }),
    ).toBeUndefined();
  });
});

const list = (data: unknown, requested = {}, d = dialect) =>
  d.list!({ success: true, status: 200, data } as ApiResponse, requested);
const rows = (ids: number[]) => ids.map((id) => ({ id }));

describe('djangoRest list: { count, next, previous, results } -> { data, meta }', () => {
  const url = 'http://h/api/products/';

  it('page 1 of 3', () => {
    const body = {
      count: 12,
      next: `${url}?page=2`,
      previous: null,
      results: rows([1, 2, 3, 4, 5]),
    };
    expect(list(body, { page: 1, limit: 5 })).toEqual({
      data: body.results,
      meta: { page: 1, limit: 5, total: 12, hasMore: true },
    });
  });

  it('the last page: the page size from the count, not from the short page', () => {
    const body = { count: 12, next: null, previous: `${url}?page=2`, results: rows([11, 12]) };
    expect(list(body, { page: 3 })).toEqual({
      data: body.results,
      meta: { page: 3, limit: 5, total: 12, hasMore: false },
    });
  });

  it('a full page with a next link tells the real page size, whatever was asked', () => {
    const body = {
      count: 12,
      next: `${url}?page=2`,
      previous: null,
      results: rows([1, 2, 3, 4, 5]),
    };
    expect(list(body, { page: 1, limit: 100 }).meta).toEqual({
      page: 1,
      limit: 5,
      total: 12,
      hasMore: true,
    });
  });

  it('an empty result', () => {
    expect(
      list({ count: 0, next: null, previous: null, results: [] }, { page: 1, limit: 5 }),
    ).toEqual({
      data: [],
      meta: { page: 1, limit: 5, total: 0, hasMore: false },
    });
  });

  it('LimitOffsetPagination: the page from the offset', () => {
    const body = {
      count: 12,
      next: `${url}?limit=3&offset=9`,
      previous: `${url}?limit=3&offset=3`,
      results: rows([7, 8, 9]),
    };
    expect(list(body, { limit: 3, offset: 6 }, offsets).meta).toEqual({
      page: 3,
      limit: 3,
      total: 12,
      hasMore: true,
    });
    expect(list(body, { page: 3, limit: 3 }, offsets).meta.page).toBe(3);
  });

  it('LimitOffsetPagination past the end: an empty page at its place', () => {
    const body = { count: 0, next: null, previous: null, results: [] };
    expect(list(body, { limit: 5, offset: 20 }, offsets).meta).toEqual({
      page: 5,
      limit: 5,
      total: 0,
      hasMore: false,
    });
    expect(Number.isFinite(list(body, { offset: 20 }, offsets).meta.page)).toBe(true);
  });

  it('a view without pagination answers a plain array: all of it, one page', () => {
    expect(list(rows([1, 2, 3]), { page: 1, limit: 2 })).toEqual({
      data: rows([1, 2, 3]),
      meta: { page: 1, limit: 2, total: 3, hasMore: false },
    });
  });

  it('CursorPagination (no count): no total, hasMore from the next link', () => {
    const body = { next: `${url}?cursor=abc`, previous: null, results: rows([1, 2]) };
    const { meta } = list(body, {});
    expect(meta.total).toBeUndefined();
    expect(meta.hasMore).toBe(true);
  });
});

// The errors part runs in the dialect's transport: each body is answered by a loopback server
// and read back from the client's ApiResponse.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function mapped(status: number, reply: Reply) {
  server.reply({ status, ...reply });
  const res = await createClient(server.url, { dialect }).get('/products/');
  return { error: res.error, code: res.code, errors: res.errors };
}

describe('djangoRest errors', () => {
  it('{ detail } is the message', async () => {
    expect(await mapped(404, { json: { detail: 'Not found.' } })).toEqual({
      error: 'Not found.',
    });
  });

  it('{ field: [messages] } -> errors, the first one as the message', async () => {
    const body = {
      name: ['This field may not be blank.'],
      price: ['A valid number is required.', 'Too big.'],
    };
    expect(await mapped(400, { json: body })).toEqual({
      error: 'name: This field may not be blank.',
      errors: {
        name: 'This field may not be blank.',
        price: 'A valid number is required. Too big.',
      },
    });
  });

  it('non_field_errors is the message, not a field', async () => {
    expect(
      await mapped(400, {
        json: { non_field_errors: ['Unable to log in with provided credentials.'] },
      }),
    ).toEqual({ error: 'Unable to log in with provided credentials.' });
  });

  it('nested serializers and lists flatten to dotted names', async () => {
    const body = { address: { city: ['Required.'] }, items: [{}, { qty: ['Must be positive.'] }] };
    expect((await mapped(400, { json: body })).errors).toEqual({
      'address.city': 'Required.',
      'items.1.qty': 'Must be positive.',
    });
  });

  it('a bare list of messages is the message', async () => {
    expect(await mapped(400, { json: ['Out of stock.'] })).toEqual({ error: 'Out of stock.' });
  });

  it('no message at all keeps the default (the status line)', async () => {
    expect(await mapped(400, { json: {} })).toEqual({ error: 'HTTP 400 Bad Request' });
  });

  it('a body that is not JSON keeps the default', async () => {
    expect(
      await mapped(500, {
        text: '<html>Server Error</html>',
        headers: { 'Content-Type': 'text/html' },
      }),
    ).toEqual({ error: 'HTTP 500 Internal Server Error' });
  });
});

describe('djangoRest records, auth and session', () => {
  it('puts a trailing slash on every path, as DRF routers do', () => {
    const path = dialect.records!.path!;
    expect(path('list', '/products')).toBe('/products/');
    expect(path('search', '/products')).toBe('/products/');
    expect(path('create', '/products')).toBe('/products/');
    expect(path('get', '/products', '7')).toBe('/products/7/');
    expect(path('update', '/products', '7')).toBe('/products/7/');
    expect(path('delete', '/products', '7')).toBe('/products/7/');
  });

  it('{ trailingSlash: false } for routers without', () => {
    const path = djangoRest({ trailingSlash: false }).records!.path!;
    expect(path('list', '/products')).toBe('/products');
    expect(path('get', '/products', '7')).toBe('/products/7');
  });

  it('updates with PATCH, which merges', () => {
    expect(dialect.records!.updateMethod).toBe('PATCH');
  });

  it('logs in with username and password at the obtain-token view', () => {
    const auth = dialect.auth!;
    expect(auth.paths).toEqual({ login: '/api-token-auth/' });
    expect(auth.loginBody!({ userName: 'admin', password: 'pw' })).toEqual({
      username: 'admin',
      password: 'pw',
    });
    expect(auth.loginBody!({ email: 'a@example.com', password: 'pw' })).toEqual({
      username: 'a@example.com',
      password: 'pw',
    });
  });

  it('{ token } is the session; the user comes from the answer, never invented', () => {
    // The auth service passes its default reader (readLogin with the dialect's user mapping).
    const login = (data: unknown) => dialect.auth!.login!(data, (d) => readLogin(d));
    // DRF's obtain_auth_token: a token and nothing else.
    expect(login({ token: 'k' })).toEqual({ sessionId: 'k', user: { id: undefined } });
    // The custom view of DRF's documentation adds user_id and email.
    expect(login({ token: 'k', user_id: 3, email: 'a@example.com' })).toEqual({
      sessionId: 'k',
      user: { id: 3, user_id: 3, email: 'a@example.com' },
    });
    expect(login({ token: 'k', user: { id: 1, role: 'editor' } })?.user).toEqual({
      id: 1,
      role: 'editor',
      userType: 'editor',
    });
    expect(login({ token: 'k', user: { id: 1, user_type: 'admin' } })?.user.userType).toBe('admin');
    expect(login({ detail: 'nope' })).toBeUndefined();
    expect(login(undefined)).toBeUndefined();
  });

  it('sends the session as Authorization: Token <key>, JSON without envelopes', async () => {
    server.reply({ json: { success: true, data: 1 } });
    const res = await createClient(server.url, { dialect, sessionId: 'k' }).get('/products/');
    expect(server.requests.at(-1)!.headers.authorization).toBe('Token k');
    expect(server.requests.at(-1)!.headers['x-session-id']).toBeUndefined();
    expect(res.success && res.data).toEqual({ success: true, data: 1 });
    expect(dialect.envelope).toBe(false);
    expect(dialect.name).toBe('Django REST Framework');
  });
});
