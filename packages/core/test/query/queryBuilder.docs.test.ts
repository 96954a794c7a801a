import { describe, expect, it } from 'vitest';
import { gte, inOp, lt } from '../../src/query/operators';
import { QueryBuilder } from '../../src/query/QueryBuilder';
import {
  bracketSerializer,
  encodeQueryComponent,
  type QuerySerializer,
} from '../../src/query/serializer';
import { fakeExecutor } from './fakeExecutor';

// The examples of the README's "Query builder" section, so the documentation cannot drift from the code.
describe('documented examples', () => {
  it('the opening example', async () => {
    const exec = fakeExecutor();
    await new QueryBuilder(exec, '/products')
      .where('active', true)
      .where('price', gte(10))
      .where('category', inOp(['Home', 'Garden']))
      .search('lamp')
      .sort('price', 'desc')
      .page(2)
      .limit(20)
      .header('X-Tenant', 'acme')
      .get();
    expect(exec.calls[0]).toMatchObject({
      method: 'GET',
      endpoint:
        '/products?active=true&price[gte]=10&category[in]=Home,Garden&q=lamp&sort=price:desc&page=2&limit=20',
      options: { headers: { 'X-Tenant': 'acme' } },
    });
  });

  it('a Date range bound', () => {
    const b = new QueryBuilder(fakeExecutor(), '/x').where('createdAt', lt(new Date('2024-01-01')));
    expect(b.toQueryString()).toBe('createdAt[lt]=2024-01-01T00%3A00%3A00.000Z');
  });

  it('another wire format through a replacement serializer', () => {
    const filterSerializer: QuerySerializer = {
      key: bracketSerializer.key,
      serialize: (entries) =>
        entries
          .map((e) =>
            e.kind === 'filter'
              ? `filter[${encodeQueryComponent(e.field)}][${e.operator}]=${encodeQueryComponent(String(e.value))}`
              : bracketSerializer.serialize([e]),
          )
          .join('&'),
    };
    const b = new QueryBuilder(fakeExecutor(), '/products', filterSerializer)
      .where('price', gte(10))
      .page(2);
    expect(b.toQueryString()).toBe('filter[price][gte]=10&page=2');
  });

  it('encodeQueryComponent never throws', () => {
    expect(encodeQueryComponent('a b&c')).toBe('a%20b%26c');
    expect(encodeQueryComponent('\uDC00')).toBe('%EF%BF%BD');
  });
});
