/**
 * What the answer to a replayed write means, by the client's own rules (`isRetryableOutcome`)
 * and the backend's (`Dialect.creates`): one place that reads an answer, so the replay loop only
 * acts on the outcome.
 */
import { isRetryableOutcome } from '../client/retry';
import type { DialectCreates } from '../contract/dialect';
import type { ApiResponse } from '../contract/http';
import { isLostAnswer } from './queuedRequest';
import type { StoredWrite } from './writeStore';

/** What the queue does after an answer. */
export type ReplayOutcome =
  /** Applied (a 2xx, or a refusal proving an earlier try was): removed, its queries read again. */
  | 'applied'
  /** The record changed since the user read it (412), or was deleted: to `conflicts`. */
  | 'conflict'
  /** A create on a backend that cannot tell a repeat, whose answer was lost: to `unknown`. */
  | 'unknown'
  /** Worth another try later (no answer, 408, 425, 429, 5xx but 501, its user's 401): backoff. */
  | 'retry'
  /** Not sent, or for another user's session (aborted, the user changed): until its user is back. */
  | 'wait'
  /** Refused for good (any other 4xx, 501, the client's own failure): to `failed`. */
  | 'refused';

/**
 * The outcome of `response` to `write`. `creates` is the backend's answer to a repeated create;
 * `userChanged` says whether the signed-in user is another than the write's now.
 *
 * @example
 * replayOutcome(write, { success: false, status: 412, error: 'Changed' }, { repeat: 'idempotency-key' }, false) // 'conflict'
 */
export function replayOutcome(
  write: StoredWrite,
  response: ApiResponse,
  creates: DialectCreates,
  userChanged: boolean,
): ReplayOutcome {
  const { status } = response;
  const { method } = write;
  if (response.success) return 'applied';
  if (response.code === 'ABORTED') return 'wait';
  if (status === 412) {
    // A delete whose record someone else deleted already (no current record): as it wanted.
    if (method === 'DELETE' && (response.data === null || response.data === undefined)) {
      return 'applied';
    }
    return 'conflict';
  }
  if (method === 'POST' && creates.repeat === 'client-id' && creates.isRepeat(response)) {
    return 'applied';
  }
  if (status === 404 || status === 410) {
    // A delete: the record is gone, as it wanted. A change to a record it had read: someone
    // deleted it meanwhile.
    if (method === 'DELETE') return 'applied';
    if (write.ifMatch !== undefined) return 'conflict';
  }
  // The answer is about the session it carried: another user's, or one to refresh.
  if (status === 401) return userChanged ? 'wait' : 'retry';
  if (isLostAnswer(response) && method === 'POST' && creates.repeat === 'none') return 'unknown';
  return isRetryableOutcome(response) ? 'retry' : 'refused';
}
