/**
 * Request preparation (core README, "URLs and params", "Headers", "Bodies", "Sessions"): from a call's
 * arguments to the request the middlewares see.
 * Everything here throws on bad input; the client turns a throw into `CLIENT_ERROR`.
 */
import { mustBe } from '../checks';
import { isRawBody } from './body';
import { checkOptions } from './configCheck';
import type { ClientConfig } from '../contract/clientConfig';
import {
  getHeader,
  type HeaderMap,
  headerMap,
  headerProblem,
  mergeHeaders,
  putHeader,
} from './headers';
import { toSearchParams } from '../query/params';
import { createSessionStore, type SessionStore } from '../session/sessionStore';
import type {
  BridgeRequest,
  HttpMethod,
  ParamsSerializer,
  RequestOptions,
  StorageAdapter,
} from '../contract/http';
import { type BaseUrl, isAbsoluteUrl, joinUrl, originOf } from './url';

/** What preparation reads from the client. */
export interface PrepareContext {
  readonly base: BaseUrl;
  readonly session: SessionStore;
  readonly sessionHeader: string;
  /** Whether the app chose `sessionHeader` (`ClientConfig.sessionHeader`): then it stays put. */
  readonly sessionHeaderChosen: boolean;
  readonly includeSession: boolean;
  /** A session module's `credentials`, for the base origin only. */
  readonly credentials: RequestCredentials | undefined;
  readonly timeout: number;
  /** The default headers (shown by `getConfig()`). */
  readonly defaults: HeaderMap;
  /** `Accept` + defaults, and `Accept` + JSON `Content-Type` + defaults: copied per request. */
  readonly plainHeaders: HeaderMap;
  readonly jsonHeaders: HeaderMap;
  /** `ClientConfig.paramsSerializer`: writes `params` instead of the default format. */
  readonly paramsSerializer: ParamsSerializer | undefined;
}

/** A request before the hooks ran. */
export interface Prepared {
  config: BridgeRequest;
  /** The session the header was added with, `null` when none was. */
  session: string | null;
  /**
   * The header the session went into when the app did not choose it, and it still carries the
   * session after the request's own headers: a dialect's transport may move it (`MiddlewareCall`).
   */
  sessionHeader?: string;
  /** With `sessionHeader`: the names of the request's own headers (`options.headers`). */
  ownHeaders?: string[];
  /** A session module's: whether the request counts as carrying its credentials session. */
  credentials: boolean;
  /** The URL and body as built (a step may change the config in place), and the URL's origin. */
  url: string;
  body: unknown;
  origin: string;
}

const ACCEPT = { Accept: 'application/json' };
const ACCEPT_JSON = { Accept: 'application/json', 'Content-Type': 'application/json' };

/**
 * What preparation reads, from a client's base URL and configuration.
 *
 * @example
 * const ctx = prepareContext(resolveBaseUrl('https://h/api'), config, storage);
 */
export function prepareContext(
  base: BaseUrl,
  config: ClientConfig,
  storage: StorageAdapter | undefined,
): PrepareContext {
  const defaults = mergeHeaders(headerMap(), config.headers ?? {});
  return withDefaults(
    {
      base,
      session: config.session ?? createSessionStore({ ...config, storage }),
      sessionHeader: config.sessionHeader ?? 'X-Session-ID',
      sessionHeaderChosen: config.sessionHeader !== undefined,
      includeSession: config.includeSession ?? true,
      credentials: config.session?.credentials,
      timeout: config.timeout ?? 30_000,
      paramsSerializer: config.paramsSerializer,
    },
    defaults,
  );
}

/**
 * The context with other default headers (`setHeader`, `removeHeader`).
 *
 * @example
 * ctx = withDefaults(ctx, headerMap({ 'X-Api-Key': 'k' }));
 */
// The three header maps are derived here, for a new context and after setHeader alike.
export function withDefaults(
  ctx: Omit<PrepareContext, 'defaults' | 'plainHeaders' | 'jsonHeaders'>,
  defaults: HeaderMap,
): PrepareContext {
  const plainHeaders = mergeHeaders(headerMap(ACCEPT), defaults);
  const jsonHeaders = mergeHeaders(headerMap(ACCEPT_JSON), defaults);
  return { ...ctx, defaults, plainHeaders, jsonHeaders };
}

/**
 * The query string of `options.params`: written by the request's or the client's
 * `paramsSerializer` when there is one, else in the default format.
 */
function writeParams(
  options: RequestOptions | undefined,
  serializer: ParamsSerializer | undefined,
) {
  const write = options?.paramsSerializer ?? serializer;
  if (write === undefined || options?.params === undefined) return toSearchParams(options?.params);
  const query = write(options.params);
  if (typeof query !== 'string') throw mustBe('paramsSerializer(params)', 'a string', query);
  return query;
}

/**
 * Builds the `RequestConfig` of a call: URL with params, the header layers (Accept, JSON
 * Content-Type, defaults, session, the request's own), time-out and signal. The session and
 * the defaults are only added for the base URL's origin. Synchronous unless the session has
 * to be read from the app's callback or from storage: the hot path pays no `await`.
 */
export function prepareRequest(
  ctx: PrepareContext,
  method: HttpMethod,
  endpoint: string,
  body: unknown,
  options: RequestOptions | undefined,
): Prepared | Promise<Prepared> {
  if (typeof endpoint !== 'string') {
    throw mustBe('endpoint', 'a string', endpoint);
  }
  if (options !== undefined) checkOptions(options);
  const query = writeParams(options, ctx.paramsSerializer);
  const url = joinUrl(ctx.base.href, endpoint, query);
  let origin = ctx.base.origin;
  if (isAbsoluteUrl(endpoint)) {
    const found = originOf(url);
    if (found === undefined) throw new TypeError(`endpoint is not a valid URL: ${endpoint}`);
    origin = found;
  }
  const sameOrigin = origin === ctx.base.origin;
  const jsonBody = body !== undefined && !isRawBody(body);
  // Default headers belong to the API at baseUrl (an API key, a tenant): like the session,
  // they are not sent to another origin.
  const headers = headerMap(
    sameOrigin ? (jsonBody ? ctx.jsonHeaders : ctx.plainHeaders) : jsonBody ? ACCEPT_JSON : ACCEPT,
  );
  const include = sameOrigin && (options?.includeSession ?? ctx.includeSession);
  const config: BridgeRequest = {
    method,
    url,
    headers,
    body,
    timeout: options?.timeout ?? ctx.timeout,
    signal: options?.signal,
  };
  if (options?.secret === true) config.secret = true;
  const prepared: Prepared = {
    config,
    session: null,
    credentials: include && ctx.credentials !== undefined,
    url,
    body,
    origin,
  };
  // The request's own headers are the last layer, over the session.
  const finish = (sessionId: string | null): Prepared => {
    if (sessionId !== null) {
      // The one value not checked before it got here (it comes from storage or the app).
      const problem = headerProblem(ctx.sessionHeader, sessionId);
      if (problem !== undefined) throw new TypeError(`the session: ${problem}`);
      putHeader(headers, ctx.sessionHeader, sessionId);
      prepared.session = sessionId;
    }
    if (options?.headers !== undefined) mergeHeaders(headers, options.headers);
    if (
      sessionId !== null &&
      !ctx.sessionHeaderChosen &&
      getHeader(headers, ctx.sessionHeader) === sessionId
    ) {
      prepared.sessionHeader = ctx.sessionHeader;
      if (options?.headers !== undefined) prepared.ownHeaders = Object.keys(options.headers);
    }
    return prepared;
  };
  if (!include) return finish(null);
  const found = ctx.session.resolve();
  return typeof found === 'string' || found === null ? finish(found) : found.then(finish);
}
