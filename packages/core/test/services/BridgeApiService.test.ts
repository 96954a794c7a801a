import { afterEach, describe, expect, it } from 'vitest';
import { BridgeApiError, isBridgeApiError } from '../../src/services/BridgeApiError';
import { createBridgeApiService } from '../../src/services/BridgeApiService';
import { parseListResponse } from '../../src/services/parseListResponse';
import { type FixtureHandler, startFixture } from './httpFixture';
import { createClient as makeClient } from '../../src/client/createClient';

interface Product {
  id: string;
  name: string;
  price: number;
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setup(
  handler: FixtureHandler,
  config: Parameters<typeof createBridgeApiService>[1],
) {
  const fixture = await startFixture(handler);
  close = fixture.close;
  const client = makeClient(fixture.url, { timeout: 2000 });
  return { fixture, service: createBridgeApiService<Product>(client, config) };
}

const ok = (data: unknown, meta?: unknown) => ({ body: { success: true, data, meta } });

describe('createBridgeApiService: requests', () => {
  it('sends each of the six methods to its default path and verb', async () => {
    const { fixture, service } = await setup(
      (req) => {
        if (req.method === 'DELETE') return { status: 204 };
        if (req.url.startsWith('/api/products?') || req.url.startsWith('/api/products/search')) {
          return ok([]);
        }
        return ok({ id: '1', name: 'A', price: 1 });
      },
      { endpoint: '/products/' },
    );
    await service.getList({ page: 2, limit: 5, orderBy: 'price', orderDir: 'desc' });
    await service.getById('a b/1');
    await service.search({ q: 'lamp x', entity: 'product', page: 1, limit: 3, orderBy: 'name' });
    await service.create({ name: 'A', price: 1 });
    await service.update('1', { price: 2 });
    await service.delete('1');
    expect(fixture.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/products?page=2&limit=5&sort=price:desc',
      'GET /api/products/a%20b%2F1',
      'GET /api/products/search?q=lamp%20x&entity=product&page=1&limit=3&sort=name:asc',
      'POST /api/products',
      'PATCH /api/products/1',
      'DELETE /api/products/1',
    ]);
    expect(fixture.requests[3]?.body).toEqual({ name: 'A', price: 1 });
    expect(fixture.requests[4]?.body).toEqual({ price: 2 });
    expect(service.endpoint).toBe('/products');
  });

  it('uses PUT for update when updateMethod is PUT', async () => {
    const { fixture, service } = await setup(() => ok({ id: '7' }), {
      endpoint: '/tasks',
      updateMethod: 'PUT',
    });
    await expect(service.update('7', { name: 'x' })).resolves.toEqual({ id: '7' });
    expect(fixture.requests[0]?.method).toBe('PUT');
  });

  it('replaces :id in customEndpoints templates, encoded', async () => {
    const { fixture, service } = await setup(() => ok([]), {
      endpoint: '/products',
      customEndpoints: {
        list: '/catalog/all',
        get: '/catalog/item/:id/detail',
        search: '/find/products',
        delete: '/trash/:id',
      },
    });
    await service.getList();
    await service.getById('x?y');
    await service.search({ q: 'a' });
    await service.delete('5');
    expect(fixture.requests.map((r) => r.url)).toEqual([
      '/api/catalog/all',
      '/api/catalog/item/x%3Fy/detail',
      '/api/find/products?q=a',
      '/api/trash/5',
    ]);
  });

  it('sends search filters as field[op]=value, equality as field=value', async () => {
    const { fixture, service } = await setup(() => ok([]), { endpoint: '/products' });
    await service.search({
      q: '',
      filters: {
        price: { operator: 'gte', value: 100 },
        category: { operator: 'eq', value: 'home & garden' },
        status: { operator: 'in', value: ['a', 'b'] },
        deletedAt: { operator: 'null', value: undefined },
        name: { operator: 'like', value: 'La%' },
      },
    });
    expect(fixture.requests[0]?.url).toBe(
      '/api/products/search?q=&price[gte]=100&category=home%20%26%20garden&status[in]=a,b&deletedAt[null]=true&name[like]=La%25',
    );
  });

  it("passes a read's signal to its request: an aborted read rejects with code ABORTED", async () => {
    const { fixture, service } = await setup(() => ok([]), { endpoint: '/products' });
    const signal = AbortSignal.abort();
    for (const read of [
      () => service.getList({ page: 1 }, { signal }),
      () => service.getById('1', undefined, { signal }),
      () => service.search({ q: 'lamp' }, { signal }),
    ]) {
      const error = await read().catch((e: unknown) => e);
      expect(isBridgeApiError(error) && error.code).toBe('ABORTED');
    }
    expect(fixture.requests).toEqual([]);
    // Without a signal nothing changes.
    await expect(service.getList({ page: 1 })).resolves.toMatchObject({ data: [] });
  });

  it('rejects programmer errors with TypeError/RangeError naming the argument', async () => {
    const { fixture, service } = await setup(() => ok([]), { endpoint: '/products' });
    await expect(service.getList({ page: 0 })).rejects.toThrow(/params\.page/);
    await expect(service.getList({ limit: 1.5 })).rejects.toBeInstanceOf(RangeError);
    await expect(service.getById('')).rejects.toThrow(/id must be/);
    // '.' and '..' would resolve to the collection or its parent, even percent-encoded.
    await expect(service.getById('..')).rejects.toBeInstanceOf(RangeError);
    await expect(service.update('.', { name: 'x' })).rejects.toThrow(/id must not be "\."/);
    await expect(service.delete('..')).rejects.toThrow(/id/);
    await expect(
      service.search({ q: 'a', filters: { p: { operator: 'a b', value: 1 } } }),
    ).rejects.toThrow(
      new RangeError(
        `params.filters: operator "a b" is malformed (expected a name matching /^[A-Za-z][A-Za-z0-9_]*$/)`,
      ),
    );
    await expect(
      service.search({ q: 'a', filters: { p: { operator: 'gte', value: undefined } } }),
    ).rejects.toThrow(/params\.filters: value of "p" is undefined/);
    expect(fixture.requests).toHaveLength(0);
    expect(() => createBridgeApiService(makeClient(fixture.url), { endpoint: '' })).toThrow(
      /config\.endpoint/,
    );
  });
});

describe('createBridgeApiService: responses', () => {
  it('rejects with BridgeApiError carrying message, status, code and errors', async () => {
    const { service } = await setup(
      () => ({
        status: 422,
        body: {
          success: false,
          error: 'Validation failed',
          code: 'VALIDATION_ERROR',
          errors: { name: 'name is required' },
        },
      }),
      { endpoint: '/products' },
    );
    const error = await service.create({ price: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeApiError);
    expect(isBridgeApiError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'BridgeApiError',
      message: 'Validation failed',
      status: 422,
      code: 'VALIDATION_ERROR',
      errors: { name: 'name is required' },
    });
  });

  it("carries the response's Retry-After (seconds or HTTP date) as retryAfter in ms", () => {
    const failure = (headers?: Headers) =>
      BridgeApiError.fromResponse({ success: false, status: 503, error: 'busy', headers });
    expect(failure(new Headers({ 'Retry-After': '2' })).retryAfter).toBe(2000);
    const date = new Date(Date.now() + 60_000).toUTCString();
    const fromDate = failure(new Headers({ 'Retry-After': date })).retryAfter!;
    expect(fromDate).toBeGreaterThan(55_000);
    expect(fromDate).toBeLessThanOrEqual(60_000);
    expect(failure(new Headers()).retryAfter).toBeUndefined();
    expect(failure(new Headers({ 'Retry-After': 'soon' })).retryAfter).toBeUndefined();
  });

  it('rejects with status 0 and a code when the server is unreachable', async () => {
    const { fixture, service } = await setup(() => ok([]), { endpoint: '/products' });
    await fixture.close();
    const error = await service.getList().catch((e: unknown) => e);
    expect(isBridgeApiError(error)).toBe(true);
    expect((error as BridgeApiError).status).toBe(0);
    expect((error as BridgeApiError).code).toBe('NETWORK_ERROR');
  });

  it('reads the list from data, data.items, data.data or data.results with meta aliases', async () => {
    const bodies = [
      { success: true, data: [{ id: '1' }, { id: '2' }], meta: { page: 1, limit: 2, total: 5 } },
      {
        success: true,
        data: {
          items: [{ id: '1' }],
          meta: { current_page: '3', per_page: '1', total_items: '3' },
        },
      },
      {
        success: true,
        data: { data: [{ id: '1' }], pagination: { currentPage: 2, pageSize: 1, totalPages: 4 } },
      },
      { results: [{ id: '1' }, { id: '2' }], count: 2 },
    ];
    let i = 0;
    const { service } = await setup(() => ({ body: bodies[i++] }), { endpoint: '/products' });
    const a = await service.getList();
    expect(a).toEqual({
      data: [{ id: '1' }, { id: '2' }],
      meta: { page: 1, limit: 2, total: 5, hasMore: true },
    });
    const b = await service.getList();
    expect(b.data).toEqual([{ id: '1' }]);
    expect(b.meta).toEqual({ page: 3, limit: 1, total: 3, hasMore: false });
    const c = await service.getList();
    expect(c.meta).toMatchObject({ page: 2, limit: 1, hasMore: true });
    const d = await service.getList({ page: 1, limit: 10 });
    expect(d.meta).toEqual({ page: 1, limit: 10, total: 2, hasMore: false });
  });
});

describe('parseListResponse', () => {
  it('computes hasMore from totalPages, then from a full page', () => {
    const base = { success: true as const, status: 200 };
    expect(
      parseListResponse({ ...base, data: [1], meta: { page: 2, limit: 1, totalPages: 2 } }).meta,
    ).toEqual({
      page: 2,
      limit: 1,
      total: 2,
      hasMore: false,
    });
    expect(parseListResponse({ ...base, data: [1, 2] }, { page: 1, limit: 2 }).meta.hasMore).toBe(
      true,
    );
    expect(parseListResponse({ ...base, data: [1] }, { page: 1, limit: 2 }).meta.hasMore).toBe(
      false,
    );
    expect(parseListResponse({ ...base, data: 'nope' }).data).toEqual([]);
  });
});
