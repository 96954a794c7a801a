/**
 * The origin guard: the last step before the network. From the request the middlewares
 * produced to the `fetch` init, with the body encoded and what belongs to the base URL's
 * origin (the session, the default headers, a session module's credentials) kept for that origin.
 * Throws on a request that cannot be sent; the client turns a throw into `CLIENT_ERROR`.
 */
import { encodeBody } from './body';
import { deleteHeader, getHeader, headersProblem, putHeader } from './headers';
import type { Prepared, PrepareContext } from './prepareRequest';
import type { SendInit } from './redirect';
import { sessionCarriers } from '../session/sessionCarriers';
import type { RequestConfig } from '../contract/http';
import { originOf } from './url';

// Credentials besides the session header that never follow a redirect to another origin.
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/**
 * Lower-case names of the headers that never follow a redirect to another origin: the
 * session, the credentials, the defaults.
 *
 * @example
 * originBound(ctx) // ['x-session-id', 'authorization', 'proxy-authorization', 'cookie', 'x-api-key']
 */
export function originBound(ctx: PrepareContext): string[] {
  const names = [ctx.sessionHeader, ...CREDENTIAL_HEADERS, ...Object.keys(ctx.defaults)];
  return names.map((name) => name.toLowerCase());
}

/**
 * The `fetch` init of a request, after every middleware ran: on another origin than the base
 * URL's, every header carrying the session the client added (by value, whatever its name)
 * and the defaults (with their own values) are removed,
 * a session module's credentials are not set, and a secret request is refused. A value a step set
 * for the other origin itself is its own choice and is kept.
 *
 * @throws TypeError for a request that must not or cannot be sent
 * @example
 * const { init } = guardRequest(ctx, request, prepared, true, call.secret);
 */
export function guardRequest(
  ctx: PrepareContext,
  config: RequestConfig,
  prepared: Prepared,
  /** Whether a middleware ran (its headers are checked here). */
  hooked: boolean,
  /** The body is secret: the base origin or nothing. */
  secret: boolean,
): { init: SendInit; stream: boolean } {
  const encoded = encodeBody(config.body);
  if (config.body !== prepared.body) {
    // A step replaced the body: keep the JSON Content-Type in step with it.
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
  const origin = config.url === prepared.url ? prepared.origin : originOf(config.url);
  if (origin === undefined || !/^https?:/.test(origin)) {
    throw new TypeError(`RequestConfig.url must be an absolute http(s) URL: ${config.url}`);
  }
  if (origin !== ctx.base.origin) {
    if (secret) {
      throw new TypeError(
        `A request with a secret body is only sent to ${ctx.base.origin}, not to ${origin}`,
      );
    }
    // What belongs to the API at baseUrl stays home: the session, under whatever header a
    // step moved or copied it to (a dialect's `Authorization`, an app's own), and the defaults.
    for (const name of sessionCarriers(config.headers, prepared.session)) {
      delete config.headers[name];
    }
    for (const name of Object.keys(ctx.defaults)) {
      if (getHeader(config.headers, name) === ctx.defaults[name])
        deleteHeader(config.headers, name);
    }
  }
  // Defaults, the session and options.headers were checked on the way in; only steps can
  // have added something unchecked since.
  if (hooked) {
    const problem = headersProblem(config.headers);
    if (problem !== undefined) throw new TypeError(problem);
  }
  const init: SendInit = { method: config.method, headers: config.headers, body: encoded.body };
  if (encoded.stream) init.duplex = 'half';
  // A session module's credentials (the cookies) go with every request to the base origin (a
  // sign-in must be able to set them too); any other origin keeps the platform default.
  if (ctx.credentials !== undefined && origin === ctx.base.origin) {
    init.credentials = ctx.credentials;
  }
  return { init, stream: encoded.stream };
}
