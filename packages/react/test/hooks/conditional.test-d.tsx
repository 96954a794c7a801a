// Type tests of conditional fetching, the operator names and the table state.
import type { OPERATOR_NAMES, PaginationMeta } from '@bridgekit/core';
import {
  type BridgeQueryConfig,
  type BridgeSort,
  FILTER_OPERATORS,
  type FilterOperator,
  type FilterOperatorName,
  nextSort,
  sortParams,
  useBridgeApi,
  useBridgeCrud,
  useBridgeQuery,
  useBridgeTableState,
  useSearchQueryBuilder,
} from '@bridgekit/react/hooks';
import { describe, expectTypeOf, it } from 'vitest';

interface Product {
  id: string;
  name: string;
  price: number;
}

describe('conditional fetching', () => {
  it('takes null params or enabled for every query type, and keeps the result types', () => {
    const products = useBridgeApi<Product>({ endpoint: '/products' });
    const signedIn = Math.random() > 0.5;
    const id: string | undefined = signedIn ? '7' : undefined;
    const list = useBridgeQuery(products, 'list', signedIn ? { limit: 20 } : null);
    expectTypeOf(list.data).toEqualTypeOf<Product[]>();
    const enabled = useBridgeQuery(products, 'list', { limit: 20 }, { enabled: signedIn });
    expectTypeOf(enabled.meta).toEqualTypeOf<PaginationMeta | null>();
    const one = useBridgeQuery(products, 'get', id ? { id } : null, { enabled: signedIn });
    expectTypeOf(one.data).toEqualTypeOf<Product | null>();
    const found = useBridgeQuery(products, 'search', signedIn ? { q: 'lamp' } : null);
    expectTypeOf(found.data).toEqualTypeOf<Product[]>();
    // @ts-expect-error enabled is a boolean
    useBridgeQuery(products, 'list', {}, { enabled: 'yes' });
  });

  it('is SWR configuration plus enabled, typed by the data', () => {
    expectTypeOf<BridgeQueryConfig<Product>['enabled']>().toEqualTypeOf<boolean | undefined>();
    const config: BridgeQueryConfig<Product> = {
      enabled: false,
      refreshInterval: 1000,
      fallbackData: { id: '1', name: 'Lamp', price: 25 },
    };
    expectTypeOf(config).toHaveProperty('keepPreviousData');
    // @ts-expect-error the fallback must be a Product
    const wrong: BridgeQueryConfig<Product> = { fallbackData: { id: 1 } };
    expectTypeOf(wrong).not.toBeAny();
  });

  it('waits in useBridgeCrud with null params or enabled: false', () => {
    const signedIn = Math.random() > 0.5;
    const crud = useBridgeCrud<Product>({ endpoint: '/products' }, signedIn ? { limit: 20 } : null);
    expectTypeOf(crud.data).toEqualTypeOf<Product[]>();
    useBridgeCrud<Product>({ endpoint: '/products' }, { limit: 20 }, undefined, {
      enabled: signedIn,
    });
  });
});

describe('operator names', () => {
  it('FilterOperator of the hooks is core FilterOperatorName, a subset of core OPERATOR_NAMES', () => {
    expectTypeOf<FilterOperator>().toEqualTypeOf<FilterOperatorName>();
    expectTypeOf<FilterOperatorName>().toEqualTypeOf<
      'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'in' | 'nin' | 'null' | 'nnull'
    >();
    expectTypeOf<FilterOperatorName>().toExtend<(typeof OPERATOR_NAMES)[number]>();
    expectTypeOf(FILTER_OPERATORS).toEqualTypeOf<readonly FilterOperatorName[]>();
    const search = useSearchQueryBuilder();
    expectTypeOf(search.addFilter).parameter(1).toEqualTypeOf<FilterOperatorName>();
    // @ts-expect-error between is a builder operator, not a hook filter
    search.addFilter('price', 'between', [1, 2]);
  });
});

describe('useBridgeTableState', () => {
  it('types rows by T, totalPages as optional and the sort', () => {
    const table = useBridgeTableState<Product>({ endpoint: '/products', pageSize: 20 });
    expectTypeOf(table.rows).toEqualTypeOf<Product[]>();
    expectTypeOf(table.totalPages).toEqualTypeOf<number | undefined>();
    expectTypeOf(table.sort).toEqualTypeOf<BridgeSort | null>();
    expectTypeOf(table.setSort).parameter(0).toEqualTypeOf<BridgeSort | null>();
    expectTypeOf(nextSort).returns.toEqualTypeOf<BridgeSort | null>();
    expectTypeOf(sortParams({ key: 'price', dir: 'desc' })).toEqualTypeOf<{
      orderBy?: string;
      orderDir?: 'asc' | 'desc';
    }>();
    // @ts-expect-error a direction is 'asc' or 'desc'
    table.setSort({ key: 'price', dir: 'up' });
  });
});
