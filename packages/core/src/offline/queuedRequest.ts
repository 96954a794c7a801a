/**
 * The rules about one write: whether the queue may keep it, what of it is kept, which record it
 * writes to, and the answers the queue gives for it (`QUEUED`, `QUEUE_REFUSED`).
 */
import type { Client } from '../client/client';
import { isRetryableOutcome } from '../client/retry';
import type { ApiFailure, ApiResponse, BridgeRequest } from '../contract/http';
import type { AuthService } from '../services/authService';
import type { QueuedMethod, QueuedWrite } from './queueTypes';

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The header a write's key travels in. */
export const KEY_HEADER = 'Idempotency-Key';

/** Whether `method` is one the queue keeps. */
export const isWrite = (method: string): method is QueuedMethod => WRITES.has(method);

/**
 * Who is signed in, as the offline modules tell users apart (`null`: nobody).
 *
 * @example
 * const owner = signedInUser(auth); // '7'
 */
export function signedInUser(auth: AuthService): string | null {
  const user = auth.getState().user;
  return user ? String(user.id ?? user.email ?? user.userName) : null;
}

/**
 * Whether a body survives storage as it is: none, text, or JSON values (a class instance
 * with `toJSON` included). `FormData`, files, binary data and streams do not: such a write is
 * sent as without the queue.
 */
export function isStorableBody(body: unknown): boolean {
  if (body === undefined || body === null || typeof body !== 'object') {
    return typeof body !== 'function' && typeof body !== 'symbol' && typeof body !== 'bigint';
  }
  if (Array.isArray(body) || typeof (body as { toJSON?: unknown }).toJSON === 'function') {
    return true;
  }
  const prototype = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null;
}

/** `url` as an endpoint of `base` (`'/products/7?x=1'`), or as it is when it is elsewhere. */
export function endpointOf(url: string, base: string): string {
  if (!url.startsWith(base)) return url;
  const rest = url.slice(base.length);
  if (rest === '') return '/';
  return /^[/?#]/.test(rest) ? rest : url;
}

/** A URL without query, fragment or trailing slashes, to compare paths. */
const pathOf = (url: string) => url.split(/[?#]/)[0]!.replace(/\/+$/, '');

/**
 * The record a write changes, as the queue orders writes: its path (a create with a client-made
 * id: the path of the record it makes). Writes to one record are applied in the order written.
 *
 * @example
 * recordOf('https://h/api/products/7?x=1') // 'https://h/api/products/7'
 * recordOf('https://h/api/products', 'abc') // 'https://h/api/products/abc'
 */
export function recordOf(url: string, createdId?: string): string {
  const path = pathOf(url);
  return createdId === undefined ? path : `${path}/${encodeURIComponent(createdId)}`;
}

/**
 * A test for the URLs of `paths` (relative to `base`, or absolute): the sign-in and account
 * requests, which are never queued.
 *
 * @example
 * const isAccount = pathsOf(['/auth/login'], 'https://h/api');
 * isAccount('https://h/api/auth/login?next=1') // true
 */
export function pathsOf(paths: readonly string[], base: string): (url: string) => boolean {
  const absolute = new Set(
    paths.map((path) =>
      pathOf(/^https?:\/\//i.test(path) ? path : `${base}/${path.replace(/^\/+/, '')}`),
    ),
  );
  return (url) => absolute.has(pathOf(url));
}

/**
 * The headers a queued write keeps: its own (a dialect's `Prefer`, the app's), not the ones
 * the client adds again on replay (`Accept`/`Content-Type` for JSON, the default headers) and
 * never a credential (the session header, `Authorization`, `Cookie`): the replay carries the
 * session of its time. Nor `If-Match`: the queue keeps the version apart (a conflict settled
 * sends another).
 */
export function keptHeaders(request: BridgeRequest, client: Client): Record<string, string> {
  const config = client.getConfig();
  const dropped = new Set(
    [
      'authorization',
      'cookie',
      'if-match',
      KEY_HEADER,
      config.sessionHeader ?? 'X-Session-ID',
      ...Object.keys(config.headers ?? {}),
    ].map((name) => name.toLowerCase()),
  );
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    const json = value === 'application/json' && (lower === 'accept' || lower === 'content-type');
    if (!dropped.has(lower) && !json) kept[name] = value;
  }
  return kept;
}

/**
 * The write was sent and no answer came back (a network error, a time-out: the client's own
 * retryable outcomes without a response): it may or may not have been applied.
 */
export const isLostAnswer = (response: ApiResponse): boolean =>
  response.status === 0 && isRetryableOutcome(response);

const SENT_LATER = 'saved on this device, it will be sent when the connection is back';

/**
 * The answer of a write the queue kept: a failure (nothing is applied yet) with
 * `code: 'QUEUED'`, a message that says why and what happens next (by default, that it will be
 * sent later), and the kept write as `data` (its `id` names it in the queue's state and actions).
 *
 * @example
 * queuedAnswer('Offline', write).error // 'Offline: saved on this device, it will be sent when the connection is back'
 */
export function queuedAnswer(
  reason: string,
  write: QueuedWrite,
  next = SENT_LATER,
): ApiFailure<QueuedWrite> {
  return { success: false, status: 0, code: 'QUEUED', error: `${reason}: ${next}`, data: write };
}

/**
 * The answer of a write the queue had to keep and storage refused (a full quota, private mode, a
 * failed transaction): what the network gave (a lost answer) or, when it was not sent, a
 * network failure, with `code: 'QUEUE_REFUSED'`. Nothing of it is kept.
 *
 * @example
 * refusedAnswer(undefined, new DOMException('full', 'QuotaExceededError')).code // 'QUEUE_REFUSED'
 */
export function refusedAnswer(network: ApiResponse | undefined, error: unknown): ApiResponse {
  const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const what = network?.error ?? 'Not sent (offline, or behind changes that wait)';
  return {
    ...(network ?? { status: 0 }),
    success: false,
    code: 'QUEUE_REFUSED',
    error: `${what}; this device could not keep it to send later (${why})`,
  };
}

/**
 * Whether `response` is the answer of a write the offline queue kept (`code: 'QUEUED'`), and so
 * carries the kept write as `data`.
 *
 * @example
 * const res = await client.post('/products', product);
 * if (isQueuedAnswer(res)) showPending(res.data.id, res.data.body);
 */
export function isQueuedAnswer(
  response: ApiResponse,
): response is ApiFailure<QueuedWrite> & { code: 'QUEUED'; data: QueuedWrite } {
  return !response.success && response.code === 'QUEUED' && response.data !== undefined;
}
