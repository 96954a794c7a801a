/**
 * Settling a conflict: a write the server refused because its record changed (or was deleted)
 * since the user read it. `settle` turns a choice into what happens to the write; `mergeDisjoint`
 * is the choice `onConflict: 'merge'` makes where the two changes touch different fields.
 */
import { isRecord, mustBe } from '../checks';
import type { ConflictChoice } from './queueTypes';
import { randomUuid } from './randomId';
import type { StoredWrite } from './writeStore';

/**
 * Checks a choice for `write`: `'mine'`, `'theirs'`, or a merged body (an object or array; not
 * for a `DELETE`).
 *
 * @throws TypeError naming `choice`
 * @example
 * checkChoice(write, 'mine');
 */
export function checkChoice(write: StoredWrite, choice: unknown): asserts choice is ConflictChoice {
  if (choice === 'mine' || choice === 'theirs') return;
  if (typeof choice !== 'object' || choice === null) {
    throw mustBe('choice', "'mine', 'theirs' or a merged body (an object or array)", choice);
  }
  if (write.method === 'DELETE') {
    throw mustBe(
      'choice',
      "'mine' or 'theirs' for a DELETE (a delete has no body to merge)",
      choice,
    );
  }
}

/**
 * The write after `choice`: `undefined` for `'theirs'` (it is dropped); else a pending write with
 * the user's body (`'mine'`) or the merged one, made on the server's version (`If-Match` its
 * `ETag`; none when the record was deleted), with a new `Idempotency-Key` (the refused try
 * applied nothing) and its age and attempts from now.
 *
 * @example
 * const next = settle(conflict, 'mine'); // pending again, on the server's version
 */
export function settle(write: StoredWrite, choice: ConflictChoice): StoredWrite | undefined {
  if (choice === 'theirs') return undefined;
  const { error: _error, theirs, base: _base, ifMatch: _ifMatch, ...rest } = write;
  const record = theirs?.record ?? null;
  return {
    ...rest,
    body: choice === 'mine' ? write.body : choice,
    key: randomUuid(),
    status: 'pending',
    attempts: 0,
    queuedAt: Date.now(),
    ...(theirs?.etag !== undefined && record !== null && { ifMatch: theirs.etag, base: record }),
  };
}

/** Whether two field values differ (JSON equality). */
const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/** The fields whose values differ between two records, a field one of them lacks included. */
function changedFields(from: Record<string, unknown>, to: Record<string, unknown>): Set<string> {
  const fields = new Set([...Object.keys(from), ...Object.keys(to)]);
  return new Set([...fields].filter((field) => differs(from[field], to[field])));
}

/**
 * The choice where the user's change and the other one touch different fields, else
 * `undefined` (the user decides). The other change is the record as the user saw it (`base`)
 * against the server's. A `PATCH` whose fields the other change left alone is sent as it is on
 * the new version (`'mine'`); a `PUT` becomes the server's record with the fields the user
 * changed: those its body sets to another value than `base`'s. A field the body leaves out is
 * not the user's change (a form sends the fields it shows; the backend's own, such as
 * `updated_at`, change with every write) and keeps the server's value. A `DELETE` (or `POST`), a
 * deleted record, or a write without its `base` is left to the user.
 *
 * @example
 * mergeDisjoint({ ...write, method: 'PATCH', body: { price: 12 }, base: { price: 10, stock: 4 }, theirs: { record: { price: 10, stock: 9 } } })
 * // 'mine'
 */
export function mergeDisjoint(write: StoredWrite): ConflictChoice | undefined {
  const { method, body, base } = write;
  const server = write.theirs?.record;
  const changesFields = method === 'PATCH' || method === 'PUT';
  if (!changesFields || !isRecord(server) || !isRecord(base) || !isRecord(body)) {
    return undefined;
  }
  const theirs = changedFields(base, server);
  const touches = (fields: Iterable<string>) => [...fields].some((field) => theirs.has(field));
  if (method === 'PATCH') return touches(Object.keys(body)) ? undefined : 'mine';
  const mine = Object.keys(body).filter((field) => differs(body[field], base[field]));
  if (touches(mine)) return undefined;
  const merged: Record<string, unknown> = { ...server };
  for (const field of mine) merged[field] = body[field];
  return merged;
}
