/**
 * Request body encoding (docs/guide/requests.md, "Bodies").
 */

import { mustBe } from '../checks';

/** What `encodeBody` produced. */
export interface EncodedBody {
  /** What goes to `fetch`. */
  body: BodyInit | undefined;
  /** The body was JSON-encoded, so `Content-Type: application/json` applies. */
  json: boolean;
  /** A `ReadableStream`: needs `duplex: 'half'` and cannot be replayed. */
  stream: boolean;
}

// Tags instead of `instanceof`, so bodies from another realm (an iframe, a test DOM) pass too.
const RAW_TAG =
  /^\[object (?:FormData|Blob|File|URLSearchParams|(?:Shared)?ArrayBuffer|DataView)\]$/;

/**
 * Whether a body is one `fetch` sends as is (the platform sets its Content-Type).
 *
 * @example
 * isRawBody(new FormData()) // true
 * isRawBody({ a: 1 }) // false
 */
export function isRawBody(body: unknown): boolean {
  if (typeof body === 'string') return true;
  if (typeof body !== 'object' || body === null) return false;
  const proto = Object.getPrototypeOf(body);
  if (proto === Object.prototype || proto === null || Array.isArray(body)) return false;
  if (ArrayBuffer.isView(body) || isStream(body)) return true;
  return RAW_TAG.test(Object.prototype.toString.call(body));
}

function isStream(body: unknown): boolean {
  return (
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) ||
    Object.prototype.toString.call(body) === '[object ReadableStream]'
  );
}

/**
 * Encodes a request body: `undefined` sends none; strings, `FormData`, `Blob`,
 * `URLSearchParams`, `ArrayBuffer`/typed arrays and `ReadableStream` pass untouched;
 * anything else becomes JSON (`toJSON` honoured).
 *
 * @throws TypeError when the value cannot be JSON-encoded (a `BigInt`, a cycle, a function)
 * @example
 * encodeBody({ a: 1 }) // { body: '{"a":1}', json: true, stream: false }
 */
export function encodeBody(body: unknown): EncodedBody {
  if (body === undefined || isRawBody(body)) {
    return { body: body as BodyInit | undefined, json: false, stream: isStream(body) };
  }
  const text = JSON.stringify(body);
  if (text === undefined) {
    throw mustBe('body', 'JSON-encodable', body);
  }
  return { body: text, json: true, stream: false };
}
