import type { QueuedWrite } from '@bridgekit/core/offline';
import { useMemo } from 'react';
import { useBridgeInstance } from './internal/BridgeContext';
import { idOf, indexPending } from './internal/pendingChanges';
import { useQueueState } from './useOfflineQueue';

/**
 * The list of `useOfflineQueue()` a write is in: `pending` waits to be sent; the others wait
 * for the user (`failed`, `conflicts`, `unknown`, `expired`).
 *
 * @example
 * const needsTheUser = (list: PendingList) => list !== 'pending';
 */
export type PendingList = 'pending' | 'failed' | 'conflicts' | 'unknown' | 'expired';

/**
 * A write of the offline queue, as it concerns the rows of one collection.
 *
 * @example
 * const change: PendingChange | undefined = pending.changeOf(row);
 * if (change?.list === 'conflicts') showBothVersions(change.write);
 */
export interface PendingChange {
  /** What it does to the collection: a new row (`POST`), a changed one, a deleted one. */
  readonly kind: 'create' | 'update' | 'delete';
  /** The list it waits in. */
  readonly list: PendingList;
  /** The write itself (its `id` is what `retry`, `resolve` and `discard` take). */
  readonly write: QueuedWrite;
}

/**
 * Options of `PendingWrites.rows`.
 *
 * @example
 * const shown = pending.rows(data, { creates: page === 1 });
 */
export interface PendingRowsOptions {
  /**
   * Put the rows of the creates that wait first (a list's first page, typically).
   * @default true
   */
  creates?: boolean;
}

/**
 * What `usePendingWrites` returns: the writes of one collection that wait in the offline
 * queue, and the rows and records as they leave them.
 *
 * @example
 * const { rows, changeOf, record, changes }: PendingWrites<Product> = usePendingWrites<Product>('/products');
 */
export interface PendingWrites<T> {
  /** The collection's writes that wait, in any list, oldest first. */
  readonly changes: readonly PendingChange[];
  /**
   * `rows` as the user's writes leave them: the rows of the creates that wait first, in any
   * list (each is the body it was sent with: only the fields it has, no id unless the backend
   * keeps client-made ids), then each row with the fields of its updates waiting to be sent
   * laid over, without the rows a delete waiting to be sent removes. An update or a delete that
   * waits for the user (failed, a conflict, expired) is marked (`changeOf`), not shown as done.
   * A write just applied stays shown as done, unmarked, while the replay reads the collection
   * again: a create as the server's record from its answer (else its body) until `rows` holds
   * that record (by id) or the queries read again settle without it; an update's fields and a
   * delete's missing row until they settle. The same `rows` gives the same array until the queue
   * changes; without a queue, or with nothing waiting or just applied, `rows` itself.
   */
  rows(rows: readonly T[], options?: PendingRowsOptions): readonly T[];
  /**
   * A record (a `'get'` query's `data`) with its pending updates' fields laid over (and those of
   * one just applied, while the record is read again); as it is when nothing waits for it (a
   * pending delete is told by `changeOf`).
   */
  record<R extends T | null | undefined>(record: R): R;
  /**
   * The change that waits for a row or record (one shown by `rows`, or any with its `id`), the
   * one that waits for the user first, or `undefined` when none does.
   */
  changeOf(row: T): PendingChange | undefined;
}

/** Nothing waits: what `usePendingWrites` returns without a queue. */
const NOTHING: PendingWrites<any> = {
  changes: [],
  rows: (rows) => rows,
  record: (record) => record,
  changeOf: () => undefined,
};

/**
 * The writes of a collection (`endpoint`, as the services and `BridgeTable` take it) that wait
 * in the instance's offline queue, for lists to show them where they were made: a create's row
 * at once, marked pending; an update's fields in its row and record; a deleted row left out.
 * When the write is applied the row never disappears: the replay revalidates the collection's
 * queries, and until they answer (the queue's `applied`) a create shows as the server's record
 * from its answer, unmarked, and an update or a delete stays shown as done; then the list's
 * own rows show it, or leave it out when they do not hold it (another page or filter). A
 * discarded write leaves nothing. The rows are matched to the writes by `id` and the paths
 * `endpoint/:id`; no field is added to them: `changeOf(row)` tells which are pending.
 * `BridgeTable` uses it; a list of your own does the same. Without a queue nothing waits
 * (`rows` returns its rows).
 *
 * @example
 * function ProductList() {
 *   const { data } = useBridgeCrud<Product>({ endpoint: '/products' });
 *   const pending = usePendingWrites<Product>('/products');
 *   return (
 *     <ul>
 *       {pending.rows(data).map((product) => {
 *         const change = pending.changeOf(product);
 *         return (
 *           <li key={change?.kind === 'create' ? change.write.id : product.id}>
 *             {product.name} {change && <em>({change.list})</em>}
 *           </li>
 *         );
 *       })}
 *     </ul>
 *   );
 * }
 */
export function usePendingWrites<T = any>(endpoint: string, instanceId?: string): PendingWrites<T> {
  if (typeof endpoint !== 'string' || endpoint.trim() === '') {
    throw new TypeError('usePendingWrites(): "endpoint" must be a non-empty string');
  }
  const { client, offline } = useBridgeInstance('usePendingWrites', instanceId);
  const state = useQueueState(offline);
  const dialect = client.getConfig?.().dialect;
  return useMemo(() => {
    if (!state) return NOTHING;
    const { changes, created, records } = indexPending(state, endpoint, dialect);
    // Nothing waits, and nothing just applied is being read again.
    if (created.length === 0 && records.size === 0) return NOTHING;
    // The rows shown for a change, so that `changeOf` finds them by identity.
    const marks = new WeakMap<object, PendingChange>();
    const laidOver = new WeakMap<object, object>();
    const shown = (row: T): T => {
      const id = idOf(row);
      const fields = id === undefined ? undefined : records.get(id)?.fields;
      if (!fields || typeof row !== 'object' || row === null) return row;
      let over = laidOver.get(row);
      if (!over) {
        over = { ...row, ...fields, id: (row as { id?: unknown }).id };
        laidOver.set(row, over);
      }
      return over as T;
    };
    const changeOf = (row: T): PendingChange | undefined => {
      if (typeof row === 'object' && row !== null && marks.has(row)) return marks.get(row);
      const id = idOf(row);
      return id === undefined ? undefined : records.get(id)?.changes[0];
    };
    const createdRows = created.map(({ row, change }) => {
      const over = shown(row as T);
      if (change) marks.set(over as object, change);
      return over;
    });
    const cache = { true: new WeakMap<object, T[]>(), false: new WeakMap<object, T[]>() };
    return {
      changes,
      changeOf,
      record: <R extends T | null | undefined>(record: R): R =>
        record === null || record === undefined ? record : (shown(record as T) as R),
      rows(rows, options) {
        const creates = options?.creates ?? true;
        const kept = cache[`${creates}`].get(rows);
        if (kept) return kept;
        const ids = new Set(rows.map(idOf));
        const list: T[] = [];
        // A create whose record the list already has (a client-made id, or the server's record
        // of one just applied, once the list was read again) shows as that row.
        if (creates) {
          for (const row of createdRows) {
            const id = idOf(row);
            if (id === undefined || !ids.has(id)) list.push(row);
          }
        }
        for (const row of rows) {
          const id = idOf(row);
          if (id !== undefined && records.get(id)?.deleted) continue;
          list.push(shown(row));
        }
        cache[`${creates}`].set(rows, list);
        return list;
      },
    } satisfies PendingWrites<T>;
  }, [state, endpoint, dialect]);
}
