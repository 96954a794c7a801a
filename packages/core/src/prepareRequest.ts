/**
 * Request preparation (core README, "URLs and params", "Headers", "Bodies", "Sessions"): from a
 * call's arguments to the `RequestConfig` the hooks see, and from that to the `fetch` init.
 * Everything here throws on bad input; the client turns a throw into `CLIENT_ERROR`.
 */
import { encodeBody, isRawBody } from './body';
import { checkOptions } from './configCheck';
import {
  deleteHeader,
  getHeader,
  type HeaderMap,
  headerMap,
  headerProblem,
  headersProblem,
  mergeHeaders,
  putHeader,
} from './headers';
import { toSearchParams } from './params';
import type { SendInit } from './redirect';
import type { SessionStore } from './session';
import type { HttpMethod, RequestConfig, RequestOptions } from './types';
import { type BaseUrl, isAbsoluteUrl, joinUrl, originOf } from './url';

/** What preparation reads from the client. */
export interface PrepareContext {
  readonly base: BaseUrl;
  readonly session: SessionStore;
  readonly sessionHeader: string;
  /** `Bearer`, `Token`…: written before the session with one space. */
  readonly sessionScheme: string | undefined;
  readonly includeSession: boolean;
  /** `sessionMode: 'cookie'`: no session header; the base origin gets `credentials: 'include'`. */
  readonly cookie: boolean;
  readonly timeout: number;
  /** The default headers (shown by `getConfig()`). */
  readonly defaults: HeaderMap;
  /** `Accept` + defaults, and `Accept` + JSON `Content-Type` + defaults: copied per request. */
  readonly plainHeaders: HeaderMap;
  readonly jsonHeaders: HeaderMap;
}

/** A request before the hooks ran. */
export interface Prepared {
  config: RequestConfig;
  /** The session the header was added with, `null` when none was. */
  session: string | null;
  /** Cookie mode: whether the request counts as carrying the cookie session. */
  cookie: boolean;
}

const ACCEPT = { Accept: 'application/json' };
const ACCEPT_JSON = { Accept: 'application/json', 'Content-Type': 'application/json' };

/**
 * Builds the `RequestConfig` of a call: URL with params, the header layers (Accept, JSON
 * Content-Type, defaults, session, the request's own), time-out and signal. The session and
 * the defaults are only added for the base URL's origin.
 */
export async function prepareRequest(
  ctx: PrepareContext,
  method: HttpMethod,
  endpoint: string,
  body: unknown,
  options: RequestOptions | undefined,
): Promise<Prepared> {
  if (typeof endpoint !== 'string') {
    throw new TypeError(`endpoint must be a string, got ${typeof endpoint}`);
  }
  if (options !== undefined) checkOptions(options);
  const query = options?.params === undefined ? '' : toSearchParams(options.params);
  const url = joinUrl(ctx.base.href, endpoint, query);
  let sameOrigin = true;
  if (isAbsoluteUrl(endpoint)) {
    const origin = originOf(url);
    if (origin === undefined) throw new TypeError(`endpoint is not a valid URL: ${endpoint}`);
    sameOrigin = origin === ctx.base.origin;
  }
  const jsonBody = body !== undefined && !isRawBody(body);
  // Default headers belong to the API at baseUrl (an API key, a tenant): like the session,
  // they are not sent to another origin.
  const headers = headerMap(
    sameOrigin ? (jsonBody ? ctx.jsonHeaders : ctx.plainHeaders) : jsonBody ? ACCEPT_JSON : ACCEPT,
  );
  let session: string | null = null;
  const include = sameOrigin && (options?.includeSession ?? ctx.includeSession);
  if (include && !ctx.cookie) {
    const found = ctx.session.resolve();
    const sessionId = typeof found === 'string' || found === null ? found : await found;
    if (sessionId !== null) {
      const value =
        ctx.sessionScheme === undefined ? sessionId : `${ctx.sessionScheme} ${sessionId}`;
      // The one value not checked before it got here (it comes from storage or the app).
      const problem = headerProblem(ctx.sessionHeader, value);
      if (problem !== undefined) throw new TypeError(`the session: ${problem}`);
      putHeader(headers, ctx.sessionHeader, value);
      session = sessionId;
    }
  }
  if (options?.headers !== undefined) mergeHeaders(headers, options.headers);
  return {
    config: {
      method,
      url,
      headers,
      body,
      timeout: options?.timeout ?? ctx.timeout,
      signal: options?.signal,
    },
    session,
    cookie: include && ctx.cookie,
  };
}

/**
 * The `fetch` init of a prepared request, after the hooks ran. `before` is the request as
 * preparation built it: a hook that changed the body or moved the URL to another origin is
 * followed by the same rules as a call would be.
 */
export function toSendInit(
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
