/**
 * A client's settings as every step of a call reads them: the `ClientConfig` with its defaults
 * applied, and what is worked out once from it (the header layers, the origin-bound header
 * names). Replaced, never changed, when the default headers change (`withDefaultHeaders`).
 */
import { toError } from '../checks';
import type { ClientConfig } from '../contract/clientConfig';
import type { ParamsSerializer, StorageAdapter } from '../contract/http';
import type { SessionStore } from '../contract/sessionModule';
import { createSessionStore } from '../session/sessionStore';
import type { EventStream } from './events';
import { type HeaderMap, headerMap, mergeHeaders } from './headers';
import { createRedirectState, type RedirectState } from './redirects';
import type { BaseUrl } from './url';

/** The header the session goes in unless `ClientConfig.sessionHeader` says otherwise. */
export const DEFAULT_SESSION_HEADER = 'X-Session-ID';
/** Each attempt's time-out unless the config or the request says otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The base of the retries' backoff unless `ClientConfig.retryDelay` says otherwise. */
export const DEFAULT_RETRY_DELAY_MS = 300;

const ACCEPT = { Accept: 'application/json' };
const ACCEPT_AND_JSON_BODY = { Accept: 'application/json', 'Content-Type': 'application/json' };

// Credentials besides the session header that never follow a redirect to another origin.
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/** The first header layers of a request without a body (or a raw one), and of a JSON body. */
export interface HeaderLayers {
  readonly plain: HeaderMap;
  readonly json: HeaderMap;
}

/** What a call reads from its client. */
export interface ClientSettings {
  readonly base: BaseUrl;
  readonly session: SessionStore;
  readonly sessionHeader: string;
  /** Whether the app chose `sessionHeader`: then a dialect's transport leaves it where it is. */
  readonly sessionHeaderChosen: boolean;
  readonly includeSession: boolean;
  /** A session module's `credentials`, for the base origin only. */
  readonly credentials: RequestCredentials | undefined;
  readonly timeout: number;
  /** `ClientConfig.paramsSerializer`: writes `params` instead of the default format. */
  readonly paramsSerializer: ParamsSerializer | undefined;
  /** The default headers (shown by `getConfig()`). */
  readonly defaults: HeaderMap;
  /**
   * A request's first header layers, copied for each request: to the base URL's origin `Accept`
   * and the defaults; elsewhere `Accept` only (the defaults belong to the API at baseUrl).
   * `json`: with a JSON body's `Content-Type` too.
   */
  readonly firstHeaders: { readonly home: HeaderLayers; readonly elsewhere: HeaderLayers };
  /** Lower-case names of the headers that never follow a redirect to another origin. */
  readonly originBound: readonly string[];
  /** `config.fetch`; `undefined`: the global `fetch` at the time of each attempt. */
  readonly fetch: typeof fetch | undefined;
  readonly retryAttempts: number;
  readonly retryDelay: number;
  /** Who follows this client's redirects (learned for good from the first opaque redirect). */
  readonly redirects: RedirectState;
  /** `onError`, made safe: it gets an `Error` and can throw nothing back. */
  readonly report: (error: unknown) => void;
  /** The listeners of `client.observe`. */
  readonly events: EventStream;
}

/**
 * The settings of a new client.
 *
 * @example
 * const settings = clientSettings(resolveBaseUrl('https://h/api'), config, storage);
 */
export function clientSettings(
  base: BaseUrl,
  config: ClientConfig,
  storage: StorageAdapter | undefined,
): ClientSettings {
  const report = reporter(config.onError);
  const settings: Omit<ClientSettings, 'defaults' | 'firstHeaders' | 'originBound'> = {
    base,
    session: config.session ?? createSessionStore({ ...config, storage }),
    sessionHeader: config.sessionHeader ?? DEFAULT_SESSION_HEADER,
    sessionHeaderChosen: config.sessionHeader !== undefined,
    includeSession: config.includeSession ?? true,
    credentials: config.session?.credentials,
    timeout: config.timeout ?? DEFAULT_TIMEOUT_MS,
    paramsSerializer: config.paramsSerializer,
    fetch: config.fetch,
    retryAttempts: config.retryAttempts ?? 0,
    retryDelay: config.retryDelay ?? DEFAULT_RETRY_DELAY_MS,
    redirects: createRedirectState(),
    report,
    events: { listeners: [], report },
  };
  return withDefaultHeaders(settings, mergeHeaders(headerMap(), config.headers ?? {}));
}

/**
 * The settings with other default headers (`setHeader`, `removeHeader`), and what follows from
 * them: the first header layers of a request and the origin-bound header names.
 *
 * @example
 * settings = withDefaultHeaders(settings, headerMap({ 'X-Api-Key': 'k' }));
 */
export function withDefaultHeaders(
  settings: Omit<ClientSettings, 'defaults' | 'firstHeaders' | 'originBound'>,
  defaults: HeaderMap,
): ClientSettings {
  const firstHeaders = {
    home: {
      plain: mergeHeaders(headerMap(ACCEPT), defaults),
      json: mergeHeaders(headerMap(ACCEPT_AND_JSON_BODY), defaults),
    },
    elsewhere: { plain: headerMap(ACCEPT), json: headerMap(ACCEPT_AND_JSON_BODY) },
  };
  // The session, the credentials and the defaults belong to the API at baseUrl.
  const originBound = [settings.sessionHeader, ...CREDENTIAL_HEADERS, ...Object.keys(defaults)];
  return {
    ...settings,
    defaults,
    firstHeaders,
    originBound: originBound.map((name) => name.toLowerCase()),
  };
}

/**
 * `onError` made safe: it gets an `Error` and can throw nothing back.
 *
 * @example
 * const report = reporter(config.onError);
 * report('boom'); // onError(new Error('boom'))
 */
export function reporter(onError: ((error: Error) => void) | undefined): (error: unknown) => void {
  return (error) => {
    if (onError === undefined) return;
    try {
      const result = onError(toError(error)) as unknown;
      if (result instanceof Promise) result.catch(() => {});
    } catch {
      // onError is the last line: nothing left to tell.
    }
  };
}
