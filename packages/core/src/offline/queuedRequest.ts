/**
 * The rules about one write and its answer: whether the queue may keep it, what of it is
 * kept, and what an answer means for a write being replayed.
 */
import type { Client } from '../client/client';
import type { ApiResponse, BridgeRequest } from '../contract/http';
import type { QueuedMethod } from './queueTypes';

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The header a write's key travels in. */
export const KEY_HEADER = 'Idempotency-Key';

/** Whether `method` is one the queue keeps. */
export const isWrite = (method: string): method is QueuedMethod => WRITES.has(method);

/** A header's value, whatever the spelling of its name. */
export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  const found = Object.keys(headers).find((key) => key.toLowerCase() === lower);
  return found === undefined ? undefined : headers[found];
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
 * session of its time.
 */
export function keptHeaders(request: BridgeRequest, client: Client): Record<string, string> {
  const config = client.getConfig();
  const dropped = new Set(
    [
      'authorization',
      'cookie',
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

/** The write was sent and no answer came back: it may or may not have been applied. */
export const isLostAnswer = (response: ApiResponse): boolean =>
  response.status === 0 && (response.code === 'NETWORK_ERROR' || response.code === 'TIMEOUT');

/**
 * What an answer to a replayed write means: `applied` (2xx), `retry` (no answer, 408, 429,
 * 5xx: later, with backoff), `wait` (a 401 or an abort: until its user's session is back, or
 * the next start), `refused` (any other 4xx, or the client's own failure: it goes to `failed`).
 */
export function outcomeOf(response: ApiResponse): 'applied' | 'retry' | 'wait' | 'refused' {
  const { status } = response;
  if (response.success) return 'applied';
  if (isLostAnswer(response) || status === 408 || status === 429 || status >= 500) return 'retry';
  if (status === 401 || response.code === 'ABORTED') return 'wait';
  return 'refused';
}

/**
 * The answer of a write the queue kept: a failure (nothing is applied yet) with
 * `code: 'QUEUED'` and a message that says it will be sent later.
 *
 * @example
 * queuedAnswer('Offline').error // 'Offline: saved on this device, it will be sent when the connection is back'
 */
export function queuedAnswer(reason: string): ApiResponse {
  return {
    success: false,
    status: 0,
    code: 'QUEUED',
    error: `${reason}: saved on this device, it will be sent when the connection is back`,
  };
}
