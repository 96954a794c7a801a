import type { Dialect } from '@bridgekit/core';
import type { AppliedWrite, OfflineQueueState, QueuedWrite } from '@bridgekit/core/offline';
import type { PendingChange, PendingList } from '../usePendingWrites';

/** The lists of the queue's state, in the order a row's mark prefers them: the user's first. */
const LISTS: readonly PendingList[] = ['conflicts', 'failed', 'unknown', 'expired', 'pending'];

/** The waiting changes of one record of the collection. */
interface RecordChanges {
  /** Every change, in the order `LISTS` gives (the one to show first is the first). */
  readonly changes: PendingChange[];
  /**
   * The fields its pending updates set, laid over in the order they were made (after those of
   * an update just applied, while the lists are read again).
   */
  fields: Record<string, unknown> | undefined;
  /** Whether a pending delete will remove it (or one just applied did). */
  deleted: boolean;
}

/** The row of a create: marked with its change while it waits; unmarked once applied. */
interface CreatedRow {
  readonly row: Record<string, unknown>;
  readonly change?: PendingChange;
}

/**
 * The changes a queue holds for the rows of one collection, indexed: the rows of its creates,
 * and the changes to each of its records by id, with the writes just applied (`applied`: the
 * server's records, while the lists are read again) shown as done. Internal: what
 * `usePendingWrites` reads.
 */
export interface PendingIndex {
  readonly changes: readonly PendingChange[];
  /**
   * The rows the creates make, each with its change: the body as sent; for a create just
   * applied, the server's record (else its body), without a change.
   */
  readonly created: readonly CreatedRow[];
  /** The changes to each record of the collection, by id. */
  readonly records: ReadonlyMap<string, RecordChanges>;
}

/** A path without query, fragment or trailing slashes: `'/products/7/?x=1'` → `'/products/7'`. */
const pathOf = (endpoint: string) => endpoint.split(/[?#]/)[0]!.replace(/\/+$/, '');

/** A row's id as the paths carry it, or `undefined` when it has none. */
export function idOf(row: unknown): string | undefined {
  const id = (row as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

const isFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a write does to the collection at `collection`, or `undefined` when it is not about it. */
function kindOf(
  write: QueuedWrite,
  collection: string,
): { kind: PendingChange['kind']; id?: string } | undefined {
  const path = pathOf(write.endpoint);
  if (path === collection) return write.method === 'POST' ? { kind: 'create' } : undefined;
  if (!path.startsWith(`${collection}/`)) return undefined;
  const rest = path.slice(collection.length + 1);
  if (rest.includes('/') || write.method === 'POST') return undefined;
  let id: string;
  try {
    id = decodeURIComponent(rest);
  } catch {
    return undefined;
  }
  return { kind: write.method === 'DELETE' ? 'delete' : 'update', id };
}

/**
 * The index of the changes `state` holds for the collection at `endpoint`. A body is read as the
 * dialect reads a record (`records.unwrap`: Strapi's `{ data }`), else as it is.
 *
 * @example
 * const index = indexPending(queue.getState(), '/products', client.getConfig().dialect);
 */
export function indexPending(
  state: OfflineQueueState,
  endpoint: string,
  dialect: Dialect | undefined,
): PendingIndex {
  const collection = pathOf(endpoint);
  const changes: PendingChange[] = [];
  const created: CreatedRow[] = [];
  const records = new Map<string, RecordChanges>();
  const recordOf = (id: string) => {
    let record = records.get(id);
    if (!record) {
      record = { changes: [], fields: undefined, deleted: false };
      records.set(id, record);
    }
    return record;
  };
  const fieldsOf = (data: unknown, operation: 'create' | 'update') => {
    const unwrap = dialect?.records?.unwrap;
    const record = unwrap && data !== undefined ? unwrap(operation, data) : data;
    return isFields(record) ? record : undefined;
  };
  // The server's record when its answer holds one (with an id), else the fields sent.
  const appliedFields = (write: AppliedWrite, operation: 'create' | 'update') => {
    const record = fieldsOf(write.record, operation);
    return idOf(record) !== undefined ? record : fieldsOf(write.body, operation);
  };
  // Applied, while the lists are read again: shown as done, unmarked, under what waits.
  for (const write of state.applied) {
    const about = kindOf(write, collection);
    if (!about) continue;
    if (about.kind === 'create') {
      created.push({ row: { ...appliedFields(write, 'create') } });
      continue;
    }
    const record = recordOf(about.id!);
    if (about.kind === 'delete') record.deleted = true;
    else record.fields = { ...record.fields, ...appliedFields(write, 'update') };
  }
  for (const list of LISTS) {
    for (const write of state[list]) {
      const about = kindOf(write, collection);
      if (!about) continue;
      const change: PendingChange = { kind: about.kind, list, write };
      changes.push(change);
      if (about.kind === 'create') {
        const row = { ...fieldsOf(write.body, 'create') };
        created.push({ row, change });
        // A create with a client-made id makes a record later writes address.
        const id = idOf(row);
        if (id !== undefined) recordOf(id).changes.push(change);
        continue;
      }
      const record = recordOf(about.id!);
      record.changes.push(change);
      // Only what will be sent is shown as done; the other lists wait for the user.
      if (list !== 'pending') continue;
      if (about.kind === 'delete') record.deleted = true;
      else {
        const fields = fieldsOf(write.body, 'update');
        if (fields) record.fields = { ...record.fields, ...fields };
      }
    }
  }
  changes.sort((a, b) => a.write.queuedAt - b.write.queuedAt);
  return { changes, created, records };
}
