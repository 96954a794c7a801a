import type { KeyboardEvent, ReactNode } from 'react';
import type {
  RegisteredEndpoint,
  RegisteredItem,
  RegisteredMatch,
  Unchecked,
  UncheckedDefault,
  UncheckedEndpoint,
} from '../hooks/register';
import { useBridgeTableState } from '../hooks/useBridgeTableState';
import { type PendingChange, usePendingWrites } from '../hooks/usePendingWrites';
import type { BridgeTableProps } from './BridgeTableProps';
import { cx, NewRowsStatus } from './NewRowsStatus';

export type { BridgeTableClassNames, BridgeTableProps } from './BridgeTableProps';

type LooseColumn<T> = {
  key: keyof T;
  header: string;
  render?: (value: any, row: T) => ReactNode;
  sortable?: boolean;
};

const formatCell = (value: unknown): ReactNode => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** What the default mark says for each list of the offline queue. */
const PENDING_WORDS: Record<PendingChange['list'], string> = {
  pending: 'pending',
  failed: 'not sent',
  conflicts: 'conflict',
  unknown: 'may have been applied',
  expired: 'expired',
};

const defaultPendingMark = (change: PendingChange): ReactNode => (
  <span className={`bk-table__pending bk-table__pending--${change.list}`}>
    {PENDING_WORDS[change.list]}
  </span>
);

const defaultRowKey = (row: unknown, index: number): string | number => {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : index;
};

/**
 * A paginated, sortable `<table>` over a list endpoint, or over its search with `query`: the
 * markup of `useBridgeTableState`, which fetches with `useBridgeApi` + `useBridgeQuery('list')`
 * (or `'search'`), so it shares the cache and is revalidated by mutations on the same
 * endpoint, and holds page and sort. Unstyled: every part has a stable `bk-table__*` class and
 * takes extra classes through `className`/`classNames`.
 *
 * Accessibility: sortable headers are buttons inside `<th>` (a click anywhere in the cell
 * sorts; style `.bk-table__sort` to fill its `.bk-table__header--sortable` cell so the focus ring
 * shows the whole control) and the sorted header has `aria-sort`; the table has `aria-busy` while loading; with `onRowClick` rows are focusable
 * (`tabIndex=0`) and react to Enter and Space; "Page x of y" is announced politely, and so is
 * "n new rows" (`liveNewRows`).
 * Clicking a header sorts ascending, again descending, a third time removes the sort; sorting
 * returns to page 1. The previous page stays visible while the next one loads ("Loading page
 * n…" in place of "Page x of y", `bk-table--loading` on the root) and when it fails (the error
 * and Retry above its rows).
 *
 * With the offline queue, the rows show the user's writes that wait (`usePendingWrites`): a row
 * created offline at the top of the first page until the server's row replaces it, an edit's
 * fields in its row, a deleted row left out; each such row is marked (`pendingMark`).
 *
 * @example
 * <BridgeTable<Product>
 *   endpoint="/products"
 *   columns={[
 *     { key: 'name', header: 'Name' },
 *     { key: 'price', header: 'Price', render: (price) => `$${price.toFixed(2)}` },
 *   ]}
 *   pageSize={20}
 *   onRowClick={(product) => navigate(`/products/${product.id}`)}
 * />
 */
export function BridgeTable<const E extends RegisteredEndpoint>(
  props: BridgeTableProps<RegisteredItem<E>> & { endpoint: E } & RegisteredMatch<E>,
): ReactNode;
export function BridgeTable<T = UncheckedDefault>(
  props: BridgeTableProps<Unchecked<T>> & { endpoint: UncheckedEndpoint<T> },
): ReactNode;
export function BridgeTable<T>({
  endpoint,
  columns,
  pageSize = 10,
  query,
  onPageChange,
  onSortChange,
  onRowClick,
  instanceId,
  className,
  classNames = {},
  caption,
  loadingComponent = 'Loading…',
  emptyComponent = 'No results.',
  errorComponent,
  rowKey = defaultRowKey,
  liveNewRows = false,
  pendingMark = defaultPendingMark,
}: BridgeTableProps<T>): ReactNode {
  if (typeof endpoint !== 'string' || endpoint.trim() === '') {
    throw new TypeError('BridgeTable: "endpoint" must be a non-empty string');
  }
  if (!Array.isArray(columns)) throw new TypeError('BridgeTable: "columns" must be an array');
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`BridgeTable: "pageSize" must be an integer ≥ 1, got ${pageSize}`);
  }

  // The union over keys cannot be narrowed per column; each render gets its own key's value.
  const cols = columns as readonly LooseColumn<T>[];

  const {
    rows: pageRows,
    meta,
    isLoading,
    error,
    refetch,
    page,
    currentPage,
    totalPages,
    hasPrevious,
    hasNext,
    setPage,
    sort,
    toggleSort,
    newRows,
  } = useBridgeTableState<T>({
    endpoint,
    pageSize,
    instanceId,
    query,
    onPageChange,
    onSortChange,
    liveNewRows,
  });
  // With the offline queue: the page as the user's waiting writes leave it, rows created
  // offline first on the first page.
  const pending = usePendingWrites<T>(endpoint, instanceId);
  const rows = pending.rows(pageRows, { creates: currentPage === 1 });
  // The rows shown are another page's (or another query's) while the one asked for loads.
  const loadingOther = isLoading && pageRows.length > 0;

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    // Keys pressed on a button or link inside the row belong to that control.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault(); // Space would scroll the page.
      onRowClick?.(row);
    }
  };

  const retry = () => {
    void refetch();
  };
  const stateRow = (kind: 'loading' | 'empty' | 'error', content: ReactNode) => (
    <tr className={cx('bk-table__state', `bk-table__state--${kind}`, classNames.state)}>
      <td colSpan={Math.max(1, columns.length)} role={kind === 'error' ? 'alert' : undefined}>
        {content}
      </td>
    </tr>
  );

  const errorContent = (failure: Error): ReactNode => {
    if (typeof errorComponent === 'function') return errorComponent(failure, retry);
    if (errorComponent !== undefined) return errorComponent;
    return (
      <>
        <span className="bk-table__error-message">{failure.message}</span>{' '}
        <button type="button" className="bk-table__retry" onClick={retry}>
          Retry
        </button>
      </>
    );
  };

  // Empty, loading, or failed; a failure shows even while the previous page's rows stay.
  let state: ReactNode = null;
  if (error) state = stateRow('error', errorContent(error));
  else if (rows.length === 0 && (isLoading || !meta)) state = stateRow('loading', loadingComponent);
  else if (rows.length === 0) state = stateRow('empty', emptyComponent);

  const rowElements = rows.map((row, index) => {
    const change = pending.changeOf(row);
    // A row created offline has no record on the server yet: nothing to open, and only the
    // fields it was sent with (a missing one is an empty cell, not a call to `render`).
    const created = change?.kind === 'create';
    const clickable = onRowClick && !created;
    return (
      <tr
        key={created ? change.write.id : rowKey(row, index)}
        className={cx(
          'bk-table__row',
          clickable && 'bk-table__row--clickable',
          change && 'bk-table__row--pending',
          classNames.row,
        )}
        data-pending={change?.list}
        {...(clickable && {
          tabIndex: 0,
          onClick: () => onRowClick(row),
          onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => onRowKeyDown(event, row),
        })}
      >
        {cols.map((column, at) => {
          const value = row[column.key];
          const blank = created && value === undefined;
          return (
            <td key={String(column.key)} className={cx('bk-table__cell', classNames.cell)}>
              {column.render && !blank ? column.render(value, row) : formatCell(value)}
              {at === 0 && change && pendingMark && <> {pendingMark(change)}</>}
            </td>
          );
        })}
      </tr>
    );
  });

  let pageInfo: ReactNode = null;
  if (loadingOther) pageInfo = `Loading page ${page}…`;
  // An empty list has no page to tell of.
  else if (totalPages !== undefined && totalPages > 0) {
    pageInfo = `Page ${currentPage} of ${totalPages}`;
  }

  return (
    <div className={cx('bk-table', loadingOther && 'bk-table--loading', className)}>
      {liveNewRows && <NewRowsStatus newRows={newRows} classNames={classNames} />}
      <table className={cx('bk-table__table', classNames.table)} aria-busy={isLoading}>
        {caption !== undefined && (
          <caption className={cx('bk-table__caption', classNames.caption)}>{caption}</caption>
        )}
        <thead className={cx('bk-table__head', classNames.head)}>
          <tr className="bk-table__header-row">
            {cols.map((column) => {
              const key = String(column.key);
              const dir = sort?.key === key ? sort.dir : null;
              const sortable = column.sortable !== false;
              return (
                // A click anywhere in a sortable cell sorts, not only on its label: the
                // button's own clicks (mouse, Enter, Space) bubble to this one handler.
                <th
                  key={key}
                  scope="col"
                  className={cx(
                    'bk-table__header',
                    sortable && 'bk-table__header--sortable',
                    dir && 'bk-table__header--sorted',
                    classNames.header,
                  )}
                  aria-sort={
                    dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined
                  }
                  onClick={sortable ? () => toggleSort(key) : undefined}
                >
                  {sortable ? (
                    <button type="button" className={cx('bk-table__sort', classNames.sortButton)}>
                      {column.header}
                      <span className="bk-table__sort-indicator" aria-hidden="true">
                        {dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={cx('bk-table__body', classNames.body)}>
          {state}
          {rowElements}
        </tbody>
      </table>
      <nav className={cx('bk-table__pagination', classNames.pagination)} aria-label="Pagination">
        <button
          type="button"
          className={cx('bk-table__previous', classNames.previous)}
          disabled={!hasPrevious}
          onClick={() => setPage(Math.max(1, page - 1))}
        >
          Previous
        </button>
        <span className={cx('bk-table__page-info', classNames.pageInfo)} aria-live="polite">
          {pageInfo}
        </span>
        <button
          type="button"
          className={cx('bk-table__next', classNames.next)}
          disabled={!hasNext}
          onClick={() => setPage(page + 1)}
        >
          Next
        </button>
      </nav>
    </div>
  );
}
