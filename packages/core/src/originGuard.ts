/**
 * The origin guard: the last step before the network. From the request the middlewares
 * produced to the `fetch` init, with the body encoded and what belongs to the base URL's
 * origin (the session, the default headers, cookie-mode credentials) kept for that origin.
 * Throws on a request that cannot be sent; the client turns a throw into `CLIENT_ERROR`.
 */
import { encodeBody } from './body';
import { deleteHeader, getHeader, headersProblem, putHeader } from './headers';
import type { PrepareContext } from './prepareRequest';
import type { SendInit } from './redirect';
import type { RequestConfig } from './types';
import { originOf } from './url';

/**
 * The `fetch` init of a request, after the middlewares ran. `before` is the request as
 * preparation built it: a step that changed the body or moved the URL to another origin is
 * followed by the same rules as a call would be.
 *
 * @example
 * const { init } = guardRequest(ctx, request, prepared.config, true);
 */
export function guardRequest(
  ctx: PrepareContext,
  config: RequestConfig,
  before: RequestConfig,
  hooked: boolean,
): { init: SendInit; stream: boolean } {
  const encoded = encodeBody(config.body);
  if (config.body !== before.body) {
    // A hook replaced the body: keep the JSON Content-Type in step with it.
    const type = getHeader(config.headers, 'content-type');
    if (encoded.json && type === undefined) {
      putHeader(config.headers, 'Content-Type', 'application/json');
    } else if (!encoded.json && type === 'application/json') {
      deleteHeader(config.headers, 'content-type');
    }
  }
  if (encoded.body !== undefined && config.method === 'GET') {
    throw new TypeError('A GET request cannot have a body');
  }
  if (config.url !== before.url) {
    const origin = originOf(config.url);
    if (origin === undefined || !/^https?:/.test(origin)) {
      throw new TypeError(`RequestConfig.url must be an absolute http(s) URL: ${config.url}`);
    }
    if (origin !== ctx.base.origin) {
      // Same rule as an absolute endpoint: the session and the defaults stay home. A default
      // the hook gave a new value is its own choice and is kept.
      deleteHeader(config.headers, ctx.sessionHeader);
      for (const name of Object.keys(ctx.defaults)) {
        if (getHeader(config.headers, name) === ctx.defaults[name])
          deleteHeader(config.headers, name);
      }
    }
  }
  // Defaults, the session and options.headers were checked on the way in; only hooks can
  // have added something unchecked since.
  if (hooked) {
    const problem = headersProblem(config.headers);
    if (problem !== undefined) throw new TypeError(problem);
  }
  const init: SendInit = { method: config.method, headers: config.headers, body: encoded.body };
  if (encoded.stream) init.duplex = 'half';
  // Cookie mode: the base origin's cookies go with every request to it (a sign-in must be
  // able to set them too); any other origin keeps the platform default.
  if (ctx.cookie && originOf(config.url) === ctx.base.origin) init.credentials = 'include';
  return { init, stream: encoded.stream };
}
