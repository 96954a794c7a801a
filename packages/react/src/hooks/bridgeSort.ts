import type { QueryParams } from '@bridgekit/core';

/**
 * How a list is sorted: a field and a direction. `null` stands for "unsorted" wherever a sort
 * is optional.
 *
 * @example
 * const sort: BridgeSort = { key: 'price', dir: 'desc' };
 */
export interface BridgeSort {
  /** The field, sent as `orderBy`. */
  key: string;
  /** The direction, sent as `orderDir`. */
  dir: 'asc' | 'desc';
}

/**
 * The sort after a click on the header of `key`: ascending, then descending, then unsorted;
 * another field starts ascending. `BridgeTable` and `useBridgeTableState().toggleSort` use it.
 *
 * @example
 * nextSort(null, 'price'); // { key: 'price', dir: 'asc' }
 * nextSort({ key: 'price', dir: 'asc' }, 'price'); // { key: 'price', dir: 'desc' }
 * nextSort({ key: 'price', dir: 'desc' }, 'price'); // null
 */
export function nextSort(current: BridgeSort | null, key: string): BridgeSort | null {
  if (current?.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

/**
 * The list params of a sort (`{}` when unsorted), to spread into `QueryParams`.
 *
 * @example
 * useBridgeQuery(products, 'list', { page: 1, limit: 20, ...sortParams(sort) });
 */
export function sortParams(
  sort: BridgeSort | null | undefined,
): Pick<QueryParams, 'orderBy' | 'orderDir'> {
  return sort ? { orderBy: sort.key, orderDir: sort.dir } : {};
}
