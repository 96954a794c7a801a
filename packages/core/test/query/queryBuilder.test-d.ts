import { describe, expectTypeOf, it } from 'vitest';
import type { Client } from '../../src/client/client';
import type { ApiResponse } from '../../src/contract/http';
import {
  between,
  endsWith,
  eq,
  type FilterOperator,
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
import { QueryBuilder, type QueryExecutor } from '../../src/query/QueryBuilder';

interface Product {
  id: string;
  price: number;
}

declare const executor: QueryExecutor;

describe('QueryBuilder types', () => {
  it('executors carry T', () => {
    const qb = new QueryBuilder<Product[]>(executor, '/products');
    expectTypeOf(qb.get()).toEqualTypeOf<Promise<ApiResponse<Product[]>>>();
    expectTypeOf(qb.delete()).toEqualTypeOf<Promise<ApiResponse<Product[]>>>();
    expectTypeOf(qb.post({ a: 1 })).toEqualTypeOf<Promise<ApiResponse<Product[]>>>();
    expectTypeOf(qb.put()).toEqualTypeOf<Promise<ApiResponse<Product[]>>>();
    expectTypeOf(qb.patch({})).toEqualTypeOf<Promise<ApiResponse<Product[]>>>();
    // A call may still name another response type.
    expectTypeOf(qb.post<Product>({})).toEqualTypeOf<Promise<ApiResponse<Product>>>();
  });

  it('T survives every chainable method', () => {
    const qb = new QueryBuilder<Product>(executor, '/p')
      .where('a', 1)
      .where('price', 'gte', 1)
      .where('price', gte(1))
      .filter('b', 2)
      .search('x')
      .q('y')
      .page(1)
      .limit(1)
      .perPage(1)
      .offset(0)
      .sort('a')
      .sort('a', 'desc')
      .orderBy('b', 'asc')
      .param('k', 'v')
      .params({ a: 1 })
      .header('X-A', '1')
      .headers({ 'X-B': '2' });
    expectTypeOf(qb).toEqualTypeOf<QueryBuilder<Product>>();
    expectTypeOf(qb.get()).toEqualTypeOf<Promise<ApiResponse<Product>>>();
  });

  it('a Client is a QueryExecutor and client.query<T>() carries T', () => {
    expectTypeOf<Client>().toMatchTypeOf<QueryExecutor>();
    const client = {} as Client;
    expectTypeOf(client.query<Product[]>('/p')).toEqualTypeOf<QueryBuilder<Product[]>>();
    expectTypeOf(client.query<Product[]>('/p').where('a', 1).get()).toEqualTypeOf<
      Promise<ApiResponse<Product[]>>
    >();
  });

  it('T defaults to any', () => {
    expectTypeOf(new QueryBuilder(executor, '/p').get()).toEqualTypeOf<Promise<ApiResponse<any>>>();
  });

  it('utility methods return strings', () => {
    const qb = new QueryBuilder(executor, '/p');
    expectTypeOf(qb.toQueryString()).toEqualTypeOf<string>();
    expectTypeOf(qb.build()).toEqualTypeOf<string>();
    expectTypeOf(qb.toURL()).toEqualTypeOf<string>();
  });

  it('rejects wrong argument types', () => {
    const qb = new QueryBuilder(executor, '/p');
    // @ts-expect-error direction is 'asc' | 'desc'
    qb.sort('a', 'up');
    // @ts-expect-error page takes a number
    qb.page('2');
    // @ts-expect-error limit takes a number
    qb.limit('10');
    // @ts-expect-error header values are strings
    qb.header('X-A', 1);
    // @ts-expect-error headers map to strings
    qb.headers({ 'X-A': 1 });
    // @ts-expect-error search takes a string
    qb.search(5);
    // @ts-expect-error field is a string
    qb.where(1, 'x');
  });
});

describe('operator function types', () => {
  it('range operators take numbers or Dates, never strings', () => {
    expectTypeOf(gt(1)).toEqualTypeOf<FilterOperator<number>>();
    expectTypeOf(gte(new Date())).toEqualTypeOf<FilterOperator<Date>>();
    expectTypeOf(between(1, 2)).toEqualTypeOf<FilterOperator<readonly [number, number]>>();
    expectTypeOf(notBetween(new Date(), new Date())).toEqualTypeOf<
      FilterOperator<readonly [Date, Date]>
    >();
    // @ts-expect-error gt takes a number
    gt('5');
    // @ts-expect-error gte takes a number
    gte('5');
    // @ts-expect-error lt takes a number
    lt('5');
    // @ts-expect-error lte takes a number
    lte(null);
    // @ts-expect-error between takes numbers
    between('1', '5');
    // @ts-expect-error between bounds are of one kind
    between(1, new Date());
    // @ts-expect-error notBetween takes two bounds
    notBetween(1);
  });

  it('array operators take arrays', () => {
    expectTypeOf(inOp(['a', 'b'])).toEqualTypeOf<FilterOperator<readonly string[]>>();
    expectTypeOf(notIn([1, 2])).toEqualTypeOf<FilterOperator<readonly number[]>>();
    // @ts-expect-error inOp takes an array
    inOp('a,b');
    // @ts-expect-error notIn takes an array
    notIn(1);
  });

  it('string operators take strings', () => {
    expectTypeOf(like('a%')).toEqualTypeOf<FilterOperator<string>>();
    // @ts-expect-error like takes a string
    like(1);
    // @ts-expect-error ilike takes a string
    ilike(/a/);
    // @ts-expect-error startsWith takes a string
    startsWith(1);
    // @ts-expect-error endsWith takes a string
    endsWith(null);
  });

  it('null operators take nothing; eq/ne take anything', () => {
    expectTypeOf(isNull()).toEqualTypeOf<FilterOperator<true>>();
    expectTypeOf(isNotNull()).toEqualTypeOf<FilterOperator<true>>();
    expectTypeOf(eq(1)).toMatchTypeOf<FilterOperator<number>>();
    expectTypeOf(ne('x')).toMatchTypeOf<FilterOperator<string>>();
    // @ts-expect-error isNull takes no argument
    isNull(1);
  });

  it('where accepts operator objects, including hand-made ones', () => {
    const qb = new QueryBuilder(executor, '/p');
    expectTypeOf(qb.where('price', between(1, 2))).toEqualTypeOf<QueryBuilder<any>>();
    expectTypeOf(qb.where('price', { operator: 'gte', value: 1 })).toEqualTypeOf<
      QueryBuilder<any>
    >();
  });
});
