/**
 * The props of `BridgeTable` (and the class names it gives its parts), in a file of their own:
 * the component reads them, the docs link them.
 */
import type { ReactNode } from 'react';
import type { PendingChange } from '../hooks/usePendingWrites';
import type { SearchQuery } from '../hooks/useSearchQueryBuilder';
import type { ColumnDef } from './ColumnDef';

/**
 * The parts of a {@link BridgeTable} that take a class name, next to their stable `bk-table__*` class.
 *
 * @example
 * <BridgeTable endpoint="/tasks" columns={columns} classNames={{ row: 'hover:bg-gray-50', next: 'btn' }} />
 */
export interface BridgeTableClassNames {
  /** `<table>` (`bk-table__table`). */
  table?: string;
  /** `<caption>` (`bk-table__caption`). */
  caption?: string;
  /** `<thead>` (`bk-table__head`). */
  head?: string;
  /**
   * Every `<th>` (`bk-table__header`; sortable ones also `bk-table__header--sortable`, sorted
   * ones `bk-table__header--sorted`).
   */
  header?: string;
  /** The sort `<button>` inside a sortable `<th>` (`bk-table__sort`). */
  sortButton?: string;
  /** `<tbody>` (`bk-table__body`). */
  body?: string;
  /**
   * Every data `<tr>` (`bk-table__row`; with `onRowClick` also `bk-table__row--clickable`; with a
   * write waiting in the offline queue also `bk-table__row--pending` and `data-pending`, its list).
   */
  row?: string;
  /** Every data `<td>` (`bk-table__cell`). */
  cell?: string;
  /** The row shown instead of data (`bk-table__state` plus `--loading`, `--empty` or `--error`). */
  state?: string;
  /** The pagination `<nav>` (`bk-table__pagination`). */
  pagination?: string;
  /** The "Previous" button (`bk-table__previous`). */
  previous?: string;
  /** The "Next" button (`bk-table__next`). */
  next?: string;
  /** The "Page x of y" text (`bk-table__page-info`). */
  pageInfo?: string;
  /** With `liveNewRows`: the "n new rows" status above the table (`bk-table__new-rows`). */
  newRows?: string;
  /** Its "Show" button (`bk-table__show-new`). */
  showNew?: string;
}

/**
 * Props of {@link BridgeTable}.
 *
 * @example
 * const props: BridgeTableProps<Product> = { endpoint: '/products', columns, pageSize: 20 };
 */
export interface BridgeTableProps<T> {
  /** The list endpoint, e.g. `'/products'` (GET `endpoint?page&limit&sort`). */
  endpoint: string;
  /** The columns, in order. */
  columns: readonly ColumnDef<T>[];
  /**
   * Rows per page (`limit`); `query.limit` wins when set.
   * @default 10
   */
  pageSize?: number;
  /**
   * A search, e.g. `useSearchQueryBuilder().query`: the rows come from the endpoint's search
   * (`q` and `filters`, GET `endpoint/search?q&…` on the reference server), and a new `q` or
   * new filters go back to page 1. The table starts on the query's `page` and sort and follows
   * them when they change. A dialect that cannot search refuses in the error state.
   * @default undefined (the plain list)
   */
  query?: SearchQuery;
  /**
   * Called with the page the user moves to; `useSearchQueryBuilder().setPage` keeps it in the
   * query.
   */
  onPageChange?: (page: number) => void;
  /**
   * Called with the sort the user picks by a header (`null`: unsorted);
   * `useSearchQueryBuilder().setOrderBy` keeps it in the query.
   */
  onSortChange?: (orderBy: string | null, orderDir?: 'asc' | 'desc') => void;
  /** Called with the row when it is clicked, or focused and Enter/Space is pressed. */
  onRowClick?: (row: T) => void;
  /**
   * The provider instance whose client fetches the rows.
   * @default the provider's default instance
   */
  instanceId?: string;
  /** Class added to the root `<div class="bk-table">`. */
  className?: string;
  /** Classes for the inner parts. */
  classNames?: BridgeTableClassNames;
  /** A `<caption>`, which also names the table for assistive technology. */
  caption?: ReactNode;
  /**
   * Shown in the body while the first page loads. While another page loads, the rows shown
   * stay and "Page x of y" reads "Loading page n…".
   * @default 'Loading…'
   */
  loadingComponent?: ReactNode;
  /**
   * Shown in the body when the list is empty.
   * @default 'No results.'
   */
  emptyComponent?: ReactNode;
  /**
   * Shown in the body when loading failed (above the rows of the previous page, when there
   * are some); a function receives the error and a retry.
   * @default the error message and a "Retry" button
   */
  errorComponent?: ReactNode | ((error: Error, retry: () => void) => ReactNode);
  /**
   * Row key (a row created offline, not on the server yet, is keyed by its write's id).
   * @default `row.id` when present, else the row index
   */
  rowKey?: (row: T, index: number) => string | number;
  /**
   * With the instance's live module (`live: live()`): records other people create are counted
   * in a status above the table, "2 new rows", with a Show button that fetches them, instead of
   * appearing at once and moving the rows under the user's pointer. The status is a polite live
   * region. Changes to the rows shown are patched in place either way.
   * @default false (a created record appears at once)
   */
  liveNewRows?: boolean;
  /**
   * With the offline queue, what marks a row whose write waits (a row created offline, an edit
   * not sent yet, one that waits for the user), after its first cell's content; `false` for no
   * mark (the row keeps its `bk-table__row--pending` class).
   * @default a `<span class="bk-table__pending">` that says "pending", "not sent", "conflict",
   * "may have been applied" or "expired", by the write's list
   */
  pendingMark?: false | ((change: PendingChange) => ReactNode);
}
