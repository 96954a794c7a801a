/**
 * The custom-dialect example of the core README ("A dialect of your own"), run as written.
 */
import { describe, expect, it } from 'vitest';
import { between, createClient, type Dialect, gte } from '@bridgekit/core';
import {
  dialectQuery,
  dialectTransport,
  listPage,
  pair,
  unsupported,
} from '@bridgekit/core/dialects';

const acme: Dialect = {
  name: 'acme',
  query: dialectQuery({
    key: (e) =>
      e.kind === 'filter' ? `${e.field}.${e.operator}` : e.kind === 'param' ? e.key : e.kind,
    pairs: (e) => {
      if (e.kind === 'filter') return [pair(`filter[${e.field}][${e.operator}]`, e.value)];
      if (e.kind === 'sort')
        return [
          pair(
            'order',
            e.fields.map(([f, d]) => (d === 'desc' ? '-' : '') + f),
          ),
        ];
      if (e.kind === 'limit') return [pair('size', e.value)];
      if (e.kind === 'param') return [pair(e.key, e.value)];
      return [pair(e.kind, e.value)];
    },
    check: (e) =>
      e.kind === 'offset' || (e.kind === 'filter' && e.operator === 'between')
        ? unsupported('acme', e.kind === 'offset' ? 'offset' : "operator 'between'")
        : undefined,
  }),
  list: (res, requested) => {
    const { items = [], total } = (res.data ?? {}) as { items?: any[]; total?: number };
    return listPage({ data: items, total }, requested);
  },
  records: { updateMethod: 'PATCH' },
  transport: dialectTransport({ session: { header: 'Authorization', scheme: 'Bearer' } }),
};

describe('the custom dialect example', () => {
  it('writes its own query syntax and refuses what it cannot express', () => {
    const q = createClient('https://api.acme.test', { dialect: acme })
      .query('/products')
      .where('price', gte(10))
      .sort('price', 'desc')
      .page(2)
      .limit(20);
    expect(q.toQueryString()).toBe('filter[price][gte]=10&order=-price&page=2&size=20');
    expect(() => q.where('price', between(1, 2))).toThrow(
      new TypeError("acme cannot express operator 'between'"),
    );
    expect(
      acme.list!(
        { success: true, status: 200, data: { items: [1], total: 3 } },
        { page: 1, limit: 1 },
      ).meta,
    ).toEqual({
      page: 1,
      limit: 1,
      total: 3,
      hasMore: true,
    });
  });
});
