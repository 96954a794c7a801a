/**
 * HTTP response -> `ApiResponse` (docs/guide/requests.md, "How the body is read").
 */
import { isRecord as isObject, toError } from '../checks';
import { META_ALIASES, pageCount, toNumber } from './meta';
import type { ApiResponse, ClientErrorCode, ResponseMeta } from '../contract/http';

const JSON_TYPE = /[/+]json(?:$|[\s;])/i;
// A framework's default error page is markup, not a message: the status line says more.
const HTML_TYPE = /^\s*(?:text\/html|application\/xhtml\+xml)/i;
const MARKUP = /^\s*</;
const ENVELOPE_KEYS = new Set([
  'success',
  'data',
  'error',
  'message',
  'meta',
  'status',
  'code',
  'errors',
]);
const TEXT_ERROR_MAX = 200;

type Obj = Record<string, unknown>;

/**
 * Whether a parsed JSON body is an envelope: it has a boolean `success`, or it has `data`
 * and only envelope keys (`success data error message meta status code errors`).
 *
 * @example
 * isEnvelope({ success: true, data: [] }) // true
 * isEnvelope({ data: 1, total: 3 }) // false
 */
export function isEnvelope(body: unknown): body is Obj {
  if (!isObject(body)) return false;
  if (typeof body.success === 'boolean') return true;
  if (!('data' in body)) return false;
  for (const key in body) if (!ENVELOPE_KEYS.has(key)) return false;
  return true;
}

/**
 * Normalizes pagination metadata to `page limit total totalPages`: aliases mapped, numeric
 * strings parsed, `totalPages` counted (`pageCount`) when absent; other keys kept.
 *
 * @example
 * normalizeMeta({ current_page: '2', per_page: 10, totalCount: 35 })
 * // { page: 2, limit: 10, total: 35, totalPages: 4 }
 */
export function normalizeMeta(meta: unknown): ResponseMeta | undefined {
  if (!isObject(meta)) return undefined;
  const out: ResponseMeta = { ...meta };
  for (const [name, aliases] of META_ALIASES) {
    let value: unknown;
    for (const alias of aliases) {
      if (value === undefined && meta[alias] !== undefined) value = meta[alias];
      if (alias !== name) delete out[alias];
    }
    if (value !== undefined) out[name] = toNumber(value);
  }
  if (out.totalPages === undefined && typeof out.total === 'number') {
    const pages = pageCount(out.total, typeof out.limit === 'number' ? out.limit : undefined);
    if (pages !== undefined) out.totalPages = pages;
  }
  return out;
}

function errorText(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (isObject(value) && typeof value.message === 'string' && value.message !== '') {
    return value.message;
  }
  return undefined;
}

/** How `fieldErrors` reads a backend's field errors. */
export interface FieldErrorsOptions {
  /**
   * What joins the messages of one field; `false` keeps only the first (as Laravel's own
   * `message` does).
   * @default ', '
   */
  join?: string | false;
  /**
   * Whether a nested object is read as fields of its own under dotted names (`address.city`,
   * `items.1.qty`), as DRF, Feathers' schemas and Strapi nest them; else it is one message: its
   * `message`, or its JSON text.
   * @default false
   */
  dotted?: boolean;
}

// Deeper structures are one message, their JSON text: a body nested thousands of levels deep
// must not overflow the stack (the response would then look like a network error).
const MAX_DEPTH = 16;
// A longer JSON text is cut.
const JSON_TEXT_MAX = 500;

/** The message of an object that is not read as fields: its `message`, else its JSON text. */
function objectMessage(value: object): string {
  const { message } = value as { message?: unknown };
  if (typeof message === 'string') return message;
  // JSON.stringify overflows its stack on a body nested thousands of levels deep; that must
  // not turn the response into a failure.
  try {
    const text = JSON.stringify(value);
    return text.length > JSON_TEXT_MAX ? `${text.slice(0, JSON_TEXT_MAX)}…` : text;
  } catch {
    return '[unreadable]';
  }
}

/** `key` under `field`: `address.city`, or `city` at the top. */
const fieldName = (field: string, key: string) => (field ? `${field}.${key}` : key);

/**
 * Field -> message from a failure's field errors: the one flattener of the core and of every
 * dialect. The top level's keys are the fields. A field's message is a string or any other
 * plain value's text; a list holds messages of its field (joined by `join`); `null` is no
 * message. Messages about no field (a top-level list or text) sit under `''`. `undefined` when
 * no field has a message.
 *
 * @example
 * fieldErrors({ name: ['required', 'too short'] }) // { name: 'required, too short' }
 * fieldErrors({ address: { city: ['Required.'] } }, { join: false, dotted: true })
 * // { 'address.city': 'Required.' }
 */
export function fieldErrors(
  value: unknown,
  options: FieldErrorsOptions = {},
): Record<string, string> | undefined {
  const { join = ', ', dotted = false } = options;
  const out: Record<string, string> = {};
  const read = (field: string, value: unknown, depth: number): void => {
    if (value === null || value === undefined) return;
    const list = Array.isArray(value);
    if (typeof value === 'object' && depth <= MAX_DEPTH && (list || dotted || depth === 0)) {
      for (const [key, item] of Object.entries(value)) {
        // A list's messages are its field's; its objects are numbered fields when dotted.
        const named = !list || (dotted && isObject(item));
        read(named ? fieldName(field, key) : field, item, depth + 1);
      }
    } else if (field !== '__proto__') {
      // (Assigning to `__proto__` would change the prototype: that field is left out.)
      const message = typeof value === 'object' ? objectMessage(value) : String(value);
      if (!Object.hasOwn(out, field)) out[field] = message;
      else if (join !== false) out[field] += join + message;
    }
  };
  read('', value, 0);
  return Object.keys(out).length > 0 ? out : undefined;
}

function statusLine(res: Response): string {
  return `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
}

/**
 * Reads a `fetch` response into an `ApiResponse`: JSON for `json`/`+json` content types,
 * text otherwise, nothing for 204/205/empty bodies; envelopes unwrapped unless `envelope` is
 * `false` (the request's `BridgeRequest.envelope`: a dialect's transport turns it off for a
 * backend that sends none); error fields as docs/guide/requests.md ("How the body is read") says (a
 * dialect's transport maps its own). Rejects only if reading the body fails (network or abort).
 *
 * @example
 * const res = await readResponse(await fetch(url));
 */
export async function readResponse<T = any>(
  res: Response,
  envelope = true,
): Promise<ApiResponse<T>> {
  const status = res.status;
  const success = status >= 200 && status < 300;
  // Built field by field; `success` and `error` agree by construction (error set below).
  const out = { success, status, headers: res.headers } as ApiResponse<T>;
  let body: unknown;
  let isText = false;
  const type = res.headers.get('content-type') ?? '';
  if (status !== 204 && status !== 205) {
    const text = await res.text();
    if (text !== '') {
      // Text unless it parses as the JSON its content type announces.
      body = text;
      isText = true;
      if (JSON_TYPE.test(type)) {
        try {
          body = JSON.parse(text);
          isText = false;
        } catch {}
      }
    }
  }
  let error: string | undefined;
  if (!isText && envelope && isEnvelope(body)) {
    if (body.data !== undefined) out.data = body.data as T;
    else {
      // `{ success, user, session_id }`: an envelope without `data` carries its other keys
      // (as own fields: fromEntries keeps a key named __proto__ a field, not the prototype).
      const rest = Object.fromEntries(
        Object.entries(body).filter(([key]) => !ENVELOPE_KEYS.has(key)),
      );
      if (Object.keys(rest).length > 0) out.data = rest as T;
    }
    if (typeof body.message === 'string') out.message = body.message;
    const meta = normalizeMeta(body.meta);
    if (meta !== undefined) out.meta = meta;
    if (typeof body.code === 'string') out.code = body.code;
    const errors = fieldErrors(body.errors);
    if (errors !== undefined) out.errors = errors;
    error = errorText(body.error);
  } else if (body !== undefined) {
    out.data = body as T;
  }
  if (!success && error === undefined) {
    // An envelope's or a plain object's `message`, else a short text that is not markup.
    if (isObject(body)) error = errorText(body.message);
    else if (
      isText &&
      (body as string).length <= TEXT_ERROR_MAX &&
      !HTML_TYPE.test(type) &&
      !MARKUP.test(body as string)
    ) {
      error = body as string;
    }
    error ??= statusLine(res);
  }
  if (error !== undefined) out.error = error;
  return out;
}

/**
 * A 2xx answer whose body its caller reads (`RequestOptions.responseType: 'stream'`): `data`
 * is the body's stream, unread.
 *
 * @example
 * const res = unreadResponse(await fetch(url)); // res.data: ReadableStream<Uint8Array> | null
 */
export function unreadResponse(res: Response): ApiResponse<ReadableStream<Uint8Array> | null> {
  return { success: true, status: res.status, headers: res.headers, data: res.body };
}

/**
 * The `ApiResponse` of a call that got no HTTP response.
 *
 * @example
 * failure('TIMEOUT', 'Request timed out after 100 ms') // { success: false, status: 0, ... }
 */
export function failure(code: ClientErrorCode, error: string): ApiResponse<any> {
  return { success: false, status: 0, error, code };
}

/**
 * The `CLIENT_ERROR` answer of a call that failed in the client: bad arguments, a body that
 * cannot be encoded, a throwing request step, a request the origin guard refuses.
 *
 * @example
 * clientError(new TypeError('A GET request cannot have a body')) // { status: 0, code: 'CLIENT_ERROR', ... }
 */
export function clientError(error: unknown): ApiResponse<any> {
  return failure('CLIENT_ERROR', toError(error).message);
}

/**
 * Whether a value has the shape of an `ApiResponse` (what a middleware or an interceptor must
 * resolve).
 *
 * @example
 * isApiResponse({ success: true, status: 200 }) // true
 */
export function isApiResponse(value: unknown): value is ApiResponse {
  return isObject(value) && typeof value.status === 'number' && typeof value.success === 'boolean';
}
