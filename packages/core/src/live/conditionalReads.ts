/**
 * Conditional reads, for polling: a GET the backend answered with an `ETag` is sent again with
 * `If-None-Match`, and a `304 Not Modified` is answered with what came the last time. Polling
 * a list that did not change then costs one small answer. A backend that sends no `ETag` (or
 * does not show it to a page of another origin) is asked plainly, as without this.
 */
import { getHeader } from '../client/headers';
import type { ApiResponse, BridgeRequest, Middleware } from '../contract/http';

/** What a GET answered last, under its `ETag`. */
interface Remembered {
  tag: string;
  answer: ApiResponse;
}

/**
 * The headers of a conditional read. `Cache-Control: max-age=0` asks the server to validate:
 * without it `fetch` adds `no-cache` to a request that sets `If-None-Match` itself, and a server
 * that honours the request's `no-cache` (Express, so json-server 0.17) answers 200, never 304.
 */
function conditional(request: BridgeRequest, tag: string): Record<string, string> {
  const headers: Record<string, string> = { ...request.headers, 'If-None-Match': tag };
  if (getHeader(headers, 'cache-control') === undefined) headers['Cache-Control'] = 'max-age=0';
  return headers;
}

/** How many URLs' answers are remembered; the oldest goes first. */
const MAX_REMEMBERED = 200;

/**
 * A middleware that makes the client's GETs conditional once the backend tagged their answer
 * (not a stream, nor a request that sets `If-None-Match` itself). Its memory is its own: polling
 * makes a new one each time it starts, so a user who signs in never gets what another read.
 *
 * @example
 * const remove = client.use(conditionalReads());
 */
export function conditionalReads(): Middleware {
  const remembered = new Map<string, Remembered>();
  return async (request, next) => {
    if (
      request.method !== 'GET' ||
      request.responseType !== undefined ||
      getHeader(request.headers, 'if-none-match') !== undefined
    ) {
      return next();
    }
    const { url } = request;
    const known = remembered.get(url);
    const response = await next(known && { ...request, headers: conditional(request, known.tag) });
    // Not modified: what came the last time, as a copy (the response side may change it).
    if (known && response.status === 304) return { ...known.answer };
    remembered.delete(url);
    const tag = response.success ? response.headers?.get('etag') : null;
    if (tag) {
      remembered.set(url, { tag, answer: { ...response } });
      if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    }
    return response;
  };
}
