/**
 * The dialect seam: the builder's check, the services' effective dialect, list honesty, the
 * auth part, and the helpers dialect authors share.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createAuthService,
  createBridgeApiService,
  createClient,
  type Dialect,
  type DialectQuery,
  bracketSerializer,
  gte,
} from '@bridgekit/core';
import {
  contentRangeHeader,
  linkHeader,
  listPage,
  parseListResponse,
  readLogin,
  readUser,
  totalCountHeader,
} from '@bridgekit/core/dialects';
import { appendQuery } from '../../src/client/url';
import { startFixture } from '../services/httpFixture';

const noOffset: DialectQuery = {
  ...bracketSerializer,
  check: (e) =>
    e.kind === 'offset' ||
    (e.kind === 'filter' && e.operator === 'gte') ||
    (e.kind === 'param' && e.key === 'bad')
      ? `toy cannot express ${e.kind}`
      : undefined,
};
const toy: Dialect = { name: 'toy', query: noOffset };

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function fixture(body: (url: string) => unknown = () => ({ success: true, data: [] })) {
  const f = await startFixture((req) => ({ body: body(req.url) }));
  close = f.close;
  return f;
}

describe('QueryBuilder with a dialect query part', () => {
  it('throws the check text as a TypeError at the call, leaving the builder unchanged', () => {
    const q = createClient('http://127.0.0.1:9', { dialect: toy }).query('/x').page(2);
    expect(() => q.offset(3)).toThrow(new TypeError('toy cannot express offset'));
    expect(() => q.where('p', gte(1))).toThrow(TypeError);
    expect(() => q.params({ ok: 1, bad: 2 })).toThrow(TypeError);
    expect(q.toQueryString()).toBe('page=2');
  });
});

describe('services follow the effective dialect', () => {
  it('EntityConfig.dialect wins over the client dialect; customEndpoints and updateMethod win over both', async () => {
    const f = await fixture(() => ({ success: true, data: { wrapped: { id: '1' } } }));
    const records: Dialect = {
      name: 'rec',
      records: {
        path: (op, endpoint, id) => `${endpoint}/${op}${id ? `/${id}` : ''}`,
        updateMethod: 'PATCH',
        headers: (op) => ({ 'X-Op': op }),
        wrap: (_op, data) => ({ data }),
        unwrap: (_op, data) => (data as { wrapped: unknown }).wrapped,
      },
    };
    const client = createClient(f.url, {
      dialect: { name: 'client-level', records: { updateMethod: 'PUT' } },
    });
    const service = createBridgeApiService(client, { endpoint: '/items', dialect: records });
    expect(await service.update('1', { a: 1 })).toEqual({ id: '1' });
    expect(f.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      url: '/api/items/update/1',
      body: { data: { a: 1 } },
      headers: { 'x-op': 'update' },
    });
    const explicit = createBridgeApiService(client, {
      endpoint: '/items',
      dialect: records,
      updateMethod: 'PUT',
      customEndpoints: { update: '/edit/:id' },
    });
    await explicit.update('2', { a: 2 });
    expect(f.requests.at(-1)).toMatchObject({ method: 'PUT', url: '/api/edit/2' });
  });

  it('an entry the dialect cannot express rejects with CLIENT_ERROR and sends nothing', async () => {
    const f = await fixture();
    const service = createBridgeApiService(createClient(f.url, { dialect: toy }), {
      endpoint: '/items',
    });
    const error = await service
      .search({ q: 'x', filters: { price: { operator: 'gte', value: 1 } } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'BridgeApiError',
      status: 0,
      code: 'CLIENT_ERROR',
      message: 'toy cannot express filter',
    });
    expect(f.requests).toHaveLength(0);
  });

  it('the default dialect keeps the protocol: q= even when empty, /search path', async () => {
    const f = await fixture();
    await createBridgeApiService(createClient(f.url), { endpoint: '/items' }).search({ q: '' });
    expect(f.requests[0]!.url).toBe('/api/items/search?q=');
  });
});

describe('lists are honest', () => {
  const base = { success: true as const, status: 200 };
  it('no total unless the backend gives one', () => {
    expect(parseListResponse({ ...base, data: [1, 2] }, { page: 1, limit: 2 }).meta).toEqual({
      page: 1,
      limit: 2,
      hasMore: true,
    });
    expect(parseListResponse({ ...base, data: [1] }).meta).toEqual({
      page: 1,
      limit: 1,
      hasMore: false,
    });
    expect(
      parseListResponse({ ...base, data: { items: [1], page_size: 1, pageCount: 3, page: 2 } })
        .meta,
    ).toEqual({ page: 2, limit: 1, hasMore: true });
  });

  it('a Link rel="next" header means more', () => {
    const headers = new Headers({
      link: '<http://h/x?page=3>; rel="next", <http://h/x?page=1>; rel="first"',
    });
    expect(parseListResponse({ ...base, data: [1], headers }, {}).meta.hasMore).toBe(true);
  });

  it('listPage: next wins, then total and position, then a full page of a known size', () => {
    expect(
      listPage({ data: [1], next: false, total: 99 }, { page: 1, limit: 1 }).meta.hasMore,
    ).toBe(false);
    expect(listPage({ data: [1, 2], total: 4 }, { offset: 2, limit: 2 }).meta).toEqual({
      page: 2,
      limit: 2,
      total: 4,
      hasMore: false,
    });
    expect(listPage({ data: [1, 2] }, {}).meta).toEqual({ page: 1, limit: 2, hasMore: false });
  });
});

describe('header helpers', () => {
  it('parse X-Total-Count, Content-Range and Link', () => {
    expect(totalCountHeader(new Headers({ 'x-total-count': '42' }))).toBe(42);
    expect(totalCountHeader(new Headers({ 'x-total-count': 'many' }))).toBeUndefined();
    expect(contentRangeHeader(new Headers({ 'content-range': '0-9/42' }))).toEqual({
      start: 0,
      end: 9,
      total: 42,
    });
    expect(contentRangeHeader(new Headers({ 'content-range': 'items 0-9/*' }))).toEqual({
      start: 0,
      end: 9,
    });
    expect(contentRangeHeader(new Headers({ 'content-range': '*/0' }))).toEqual({ total: 0 });
    expect(linkHeader(new Headers({ link: '<a>; rel="prev", <b>; rel="next last"' }), 'last')).toBe(
      'b',
    );
    expect(linkHeader(undefined, 'next')).toBeUndefined();
  });

  it('appendQuery keeps a fragment last and does not double a separator', () => {
    expect(appendQuery('/x?a=1#top', 'b=2')).toBe('/x?a=1&b=2#top');
    expect(appendQuery('/x?', 'b=2')).toBe('/x?b=2');
    expect(appendQuery('/x', '')).toBe('/x');
  });
});

describe('auth part', () => {
  it('readLogin keeps the user next to session_id; readUser finds the type', () => {
    expect(
      readLogin({ success: true, user: { id: 1, user_type: 'admin' }, session_id: 's1' }),
    ).toEqual({
      user: { id: 1, user_type: 'admin', userType: 'admin' },
      sessionId: 's1',
    });
    for (const key of ['sessionId', 'accessToken', 'token', 'jwt']) {
      expect(readLogin({ user: { id: 1 }, [key]: 't', expires_at: 'x' })).toEqual({
        user: { id: 1 },
        sessionId: 't',
        expiresAt: 'x',
      });
    }
    expect(readLogin({ user: { id: 1 } })).toBeUndefined();
    expect(readUser({ user: { id: 2, role: 'editor' } })).toEqual({
      id: 2,
      role: 'editor',
      userType: 'editor',
    });
  });

  it('the dialect sets path and body; explicit paths win', async () => {
    const f = await startFixture((req) => ({
      body: req.url.endsWith('/signin')
        ? { user: { id: 'u', role: 'viewer' }, token: 'tk' }
        : { user: { id: 'u', role: 'viewer' }, jwt: 'j' },
    }));
    close = f.close;
    const dialect: Dialect = {
      name: 'toy-auth',
      auth: {
        paths: { login: '/signin' },
        loginBody: (c) => ({ identifier: c.email, password: c.password }),
      },
    };
    const auth = createAuthService(createClient(f.url, { dialect }));
    const result = await auth.login({ email: 'a@b.c', password: 'pw' });
    expect(result).toEqual({
      user: { id: 'u', role: 'viewer', userType: 'viewer' },
      sessionId: 'tk',
    });
    expect(f.requests[0]).toMatchObject({
      url: '/api/signin',
      body: { identifier: 'a@b.c', password: 'pw' },
    });
    const own = createAuthService(createClient(f.url, { dialect }), { paths: { login: '/mine' } });
    expect((await own.login({ email: 'a@b.c', password: 'pw' })).sessionId).toBe('j');
  });
});
