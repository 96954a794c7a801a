/**
 * The HTTP client (core README, "Creating a client"): wiring over named parts. Checks live in
 * `configCheck`, request preparation in `prepareRequest`, the attempt loop in `sendRequest`,
 * redirects in `redirect`, response mapping in `response`, hook order in `clientHooks`.
 * Every call resolves to an `ApiResponse`; only programmer errors in the constructor and the
 * setters throw.
 */
import { type ClientHooks, createClientHooks } from './clientHooks';
import { checkConfig, checkFunction } from './configCheck';
import type { Dialect } from './dialect';
import {
  deleteHeader,
  getHeader,
  type HeaderMap,
  headerMap,
  headerProblem,
  mergeHeaders,
  putHeader,
} from './headers';
import { type Prepared, type PrepareContext, prepareRequest, toSendInit } from './prepareRequest';
import { QueryBuilder } from './query/QueryBuilder';
import { createRedirectState, type RedirectState, type SendInit } from './redirect';
import { failure, normalizeMeta } from './response';
import { isRetryableRequest } from './retry';
import { type AttemptResult, type SendContext, sendWithRetries } from './sendRequest';
import { createSessionStore, NO_SESSION, type SessionStore } from './session';
import { getDefaultStorage } from './storage';
import type {
  ApiResponse,
  ClientConfig,
  HttpMethod,
  RequestConfig,
  RequestInterceptor,
  RequestOptions,
  ResponseInterceptor,
  StorageAdapter,
} from './types';
import { type BaseUrl, resolveBaseUrl } from './url';

/** Called with the response when a request that carried the session header got a 401. */
export type SessionRejectedListener = (response: ApiResponse) => void;

const DEFAULT_SESSION_HEADER = 'X-Session-ID';
const DEFAULT_TIMEOUT = 30_000;
const DEFAULT_RETRY_DELAY = 300;
// Credentials besides the session header that never follow a redirect to another origin.
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/**
 * A client bound to one base URL. Prefer `createClient`; both are the same.
 *
 * @example
 * const api = new Client('https://api.example.com/api', { retryAttempts: 2 });
 * const res = await api.get<User[]>('/users', { params: { page: 2 } });
 * if (!res.success) console.error(res.status, res.error, res.code);
 */
export class Client {
  readonly #config: ClientConfig;
  readonly #storage: StorageAdapter | undefined;
  readonly #retryAttempts: number;
  readonly #retryDelay: number;
  readonly #hooks: ClientHooks;
  // Cookie mode: bumped by each successful refresh, so a 401 to a request sent before it
  // replays without asking again (what comparing session ids does in token mode).
  #cookieEpoch = 0;
  // What preparation and sending read; the header maps are replaced when defaults change.
  #prepare: PrepareContext;
  #send: SendContext;

  /**
   * @param baseUrl absolute http(s) URL, or a path resolved against `location.origin`
   * @param config see `ClientConfig`; every field optional
   * @throws TypeError / RangeError naming the argument when the input is invalid
   */
  constructor(baseUrl: string, config: ClientConfig = {}) {
    const base: BaseUrl = resolveBaseUrl(baseUrl);
    checkConfig(config);
    this.#config = { ...config };
    const dialect: Dialect | undefined = config.dialect;
    // An explicit sessionHeader is the app's own choice: the dialect's scheme goes with the
    // dialect's header only.
    const session = config.sessionHeader === undefined ? dialect?.session : undefined;
    this.#retryAttempts = config.retryAttempts ?? 0;
    this.#retryDelay = config.retryDelay ?? DEFAULT_RETRY_DELAY;
    this.#storage = config.storage ?? getDefaultStorage();
    this.#hooks = createClientHooks(config);
    const cookie = config.sessionMode === 'cookie';
    // Cookie mode: the session is the server's HttpOnly cookie; the client holds none.
    const sessionStore: SessionStore = cookie
      ? NO_SESSION
      : createSessionStore({
          sessionId: config.sessionId,
          getSessionId: config.getSessionId,
          storage: this.#storage,
          sessionKeys: config.sessionKeys,
        });
    const defaults = mergeHeaders(headerMap(), config.headers ?? {});
    this.#prepare = {
      base,
      session: sessionStore,
      sessionHeader: config.sessionHeader ?? session?.header ?? DEFAULT_SESSION_HEADER,
      sessionScheme: session?.scheme,
      includeSession: config.includeSession ?? true,
      cookie,
      timeout: config.timeout ?? DEFAULT_TIMEOUT,
      defaults,
      plainHeaders: defaults,
      jsonHeaders: defaults,
    };
    const redirects: RedirectState = createRedirectState();
    this.#send = { fetch: config.fetch, redirects, dialect, originBound: [] };
    this.#rebuildHeaders(defaults);
  }

  /**
   * Sends a GET request.
   * @example
   * const res = await api.get<Product[]>('/products', { params: { page: 1 } });
   */
  get<T = any>(endpoint: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.#request('GET', endpoint, undefined, options);
  }

  /**
   * Sends a POST request; plain values are JSON-encoded.
   * @example
   * await api.post<Product>('/products', { name: 'Pen', price: 2 });
   */
  post<T = any>(
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>> {
    return this.#request('POST', endpoint, body, options);
  }

  /**
   * Sends a PUT request.
   * @example
   * await api.put<Product>('/products/1', { name: 'Pen', price: 3 });
   */
  put<T = any>(
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>> {
    return this.#request('PUT', endpoint, body, options);
  }

  /**
   * Sends a PATCH request.
   * @example
   * await api.patch<Product>('/products/1', { price: 3 });
   */
  patch<T = any>(
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>> {
    return this.#request('PATCH', endpoint, body, options);
  }

  /**
   * Sends a DELETE request.
   * @example
   * await api.delete('/products/1');
   */
  delete<T = any>(endpoint: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.#request('DELETE', endpoint, undefined, options);
  }

  /**
   * Starts a query builder for an endpoint.
   * @example
   * await api.query<Product>('/products').where('price', gte(10)).page(2).get();
   */
  query<T = any>(endpoint: string): QueryBuilder<T> {
    return new QueryBuilder<T>(this, endpoint, this.#config.dialect?.query);
  }

  /**
   * Resolves the session as a request would: memory, `getSessionId`, then storage keys.
   * Rejects only if the app's `getSessionId` throws. `null` in cookie mode (the session is
   * an `HttpOnly` cookie no script can read).
   * @example
   * const id = await api.getSessionId();
   */
  async getSessionId(): Promise<string | null> {
    return this.#prepare.session.resolve();
  }

  /**
   * Sets the session in memory and writes `client_session_id` to storage in the background
   * (storage failures are ignored). Has no effect in cookie mode: the client stores no session.
   * @throws TypeError when `sessionId` is not a non-empty string or contains CR/LF
   * @example
   * api.setSessionId(res.data.sessionId);
   */
  setSessionId(sessionId: string): void {
    if (typeof sessionId !== 'string' || sessionId === '') {
      throw new TypeError('sessionId must be a non-empty string');
    }
    if (headerProblem('s', sessionId) !== undefined) {
      throw new TypeError(
        'sessionId must contain no control character (CR, LF, NUL…) and no character outside Latin-1',
      );
    }
    this.#prepare.session.set(sessionId);
  }

  /**
   * Forgets the session: memory cleared, `config.sessionId` no longer used, every known
   * storage key removed. A `getSessionId` callback is the app's own source and still asked.
   * @example
   * api.clearSession();
   */
  clearSession(): void {
    this.#prepare.session.clear();
  }

  /**
   * Whether the session chain currently yields a session. Always `false` in cookie mode: the
   * `HttpOnly` cookie is invisible to the client, so ask the server (`GET /auth/me`).
   * @example
   * if (!(await api.hasSession())) redirect('/login');
   */
  async hasSession(): Promise<boolean> {
    return (await this.#prepare.session.resolve()) !== null;
  }

  /**
   * Sets a default header for every later request (replaces any other spelling of the name).
   * @throws TypeError for an invalid name or a value with CR/LF
   * @example
   * api.setHeader('X-API-Key', key);
   */
  setHeader(key: string, value: string): void {
    const problem = headerProblem(key, value);
    if (problem !== undefined) throw new TypeError(`setHeader(key, value): ${problem}`);
    const defaults = headerMap(this.#prepare.defaults);
    putHeader(defaults, key, value);
    this.#rebuildHeaders(defaults);
  }

  /**
   * Removes a default header, whatever the spelling.
   * @example
   * api.removeHeader('x-api-key');
   */
  removeHeader(key: string): void {
    if (typeof key !== 'string' || key === '')
      throw new TypeError('key must be a non-empty string');
    const defaults = headerMap(this.#prepare.defaults);
    deleteHeader(defaults, key);
    this.#rebuildHeaders(defaults);
  }

  /**
   * Adds a request interceptor (runs once per call, in registration order).
   * @returns a function that removes it
   * @example
   * const remove = api.addRequestInterceptor((c) => ({ ...c, headers: { ...c.headers, 'X-Trace': id } }));
   */
  addRequestInterceptor(fn: RequestInterceptor): () => void {
    checkFunction('fn', fn);
    return this.#hooks.add('request', fn);
  }

  /**
   * Adds a response interceptor (runs once per call, in registration order, for every final
   * outcome including `status: 0`).
   * @returns a function that removes it
   * @example
   * api.addResponseInterceptor((res) => { log(res.status); return res; });
   */
  addResponseInterceptor(fn: ResponseInterceptor): () => void {
    checkFunction('fn', fn);
    return this.#hooks.add('response', fn);
  }

  /**
   * Listens for a 401 on a request that carried the session header (the session was
   * rejected); in cookie mode, on any request to the base origin made with the session. Listeners that throw are reported to `onError`.
   * @returns a function that removes the listener
   * @example
   * api.onSessionRejected(() => markSessionExpired());
   */
  onSessionRejected(listener: SessionRejectedListener): () => void {
    checkFunction('listener', listener);
    return this.#hooks.add('rejected', listener);
  }

  /**
   * Installs a session refresher: when a 401 answers a request that carried the session, the
   * client awaits it and, if it resolves `true`, sends the request once more with the new
   * session (streamed bodies excepted). A 401 to a session that was already replaced replays
   * without asking. The auth service installs one when the backend issues refresh tokens.
   * @returns a function that removes it
   * @example
   * api.onSessionRefresh(async () => (await renew()) !== null);
   */
  onSessionRefresh(refresher: () => Promise<boolean>): () => void {
    checkFunction('refresher', refresher);
    return this.#hooks.add('refresh', refresher);
  }

  /**
   * The normalized absolute base URL, without trailing slash.
   * @example
   * createClient('https://h/api/').getBaseUrl() // 'https://h/api'
   */
  getBaseUrl(): string {
    return this.#prepare.base.href;
  }

  /**
   * A copy of the configuration, `headers` showing the current default headers.
   * @example
   * api.getConfig().headers // { 'X-API-Key': '…' }
   */
  getConfig(): ClientConfig {
    const copy: ClientConfig = { ...this.#config, headers: { ...this.#prepare.defaults } };
    if (this.#config.sessionKeys !== undefined) copy.sessionKeys = [...this.#config.sessionKeys];
    return copy;
  }

  /**
   * The storage in use: `config.storage`, else the platform default (`undefined` in Node).
   * @example
   * await api.getStorage()?.getItem('client_session_id');
   */
  getStorage(): StorageAdapter | undefined {
    return this.#storage;
  }

  #rebuildHeaders(defaults: HeaderMap): void {
    const prepare = this.#prepare;
    this.#prepare = {
      ...prepare,
      defaults,
      plainHeaders: mergeHeaders(headerMap({ Accept: 'application/json' }), defaults),
      jsonHeaders: mergeHeaders(
        headerMap({ Accept: 'application/json', 'Content-Type': 'application/json' }),
        defaults,
      ),
    };
    // Lower-case names that never leave the base origin: the session, credentials, defaults.
    this.#send = {
      ...this.#send,
      originBound: [
        prepare.sessionHeader.toLowerCase(),
        ...CREDENTIAL_HEADERS,
        ...Object.keys(defaults).map((name) => name.toLowerCase()),
      ],
    };
  }

  async #request<T>(
    method: HttpMethod,
    endpoint: string,
    body: unknown,
    options: RequestOptions | undefined,
    replay?: boolean,
  ): Promise<ApiResponse<T>> {
    const hooks = this.#hooks;
    const prepare = this.#prepare;
    const cookieEpoch = this.#cookieEpoch;
    let prepared: Prepared | undefined;
    let config: RequestConfig;
    let sent: { init: SendInit; stream: boolean };
    try {
      prepared = await prepareRequest(prepare, method, endpoint, body, options);
      const hooked = hooks.hasRequestHooks();
      config = hooked ? await hooks.runRequest(prepared.config) : prepared.config;
      sent = toSendInit(prepare, config, prepared.config, hooked);
    } catch (error) {
      const response = failure(
        'CLIENT_ERROR',
        error instanceof Error ? error.message : String(error),
      );
      // The request as far as it was built, so response hooks can still tell what failed.
      const request = prepared?.config ?? { method, url: String(endpoint), headers: headerMap() };
      hooks.report(error);
      return this.#finish({ response, sessionSent: false }, request) as Promise<ApiResponse<T>>;
    }
    const sessionSent = prepared.cookie
      ? sent.init.credentials === 'include'
      : prepared.session !== null && getHeader(config.headers, prepare.sessionHeader) !== undefined;
    const replayable = !sent.stream && isRetryableRequest(config.method, config.headers);
    const result = await sendWithRetries(this.#send, config.url, sent.init, {
      timeout: config.timeout ?? prepare.timeout,
      signal: config.signal,
      retries: replayable ? this.#retryAttempts : 0,
      retryDelay: this.#retryDelay,
      replayable,
      sessionSent,
    });
    if (result.error !== undefined) hooks.report(result.error);
    if (sessionSent && result.response.status === 401 && !replay && !sent.stream) {
      // Replaced meanwhile (a refresh that other requests started): replay without asking.
      let replaced: boolean;
      if (prepared.cookie) {
        replaced = this.#cookieEpoch !== cookieEpoch || (await hooks.refresh());
        if (replaced && this.#cookieEpoch === cookieEpoch) this.#cookieEpoch++;
      } else {
        const now = await prepare.session.resolve();
        replaced = now !== prepared.session ? now !== null : await hooks.refresh();
      }
      if (replaced) return this.#request(method, endpoint, body, options, true);
    }
    const rejected = result.sessionSent && result.response.status === 401;
    if (!hooks.hasResponseHooks(rejected)) return result.response as ApiResponse<T>;
    return this.#finish(result, config, rejected) as Promise<ApiResponse<T>>;
  }

  async #finish(
    result: AttemptResult,
    request: RequestConfig,
    rejected = false,
  ): Promise<ApiResponse> {
    const response = await this.#hooks.runResponse(result.response, request, rejected);
    // An interceptor may have set `meta` in any spelling: normalized after they ran.
    if (response.meta !== undefined) response.meta = normalizeMeta(response.meta);
    return response;
  }
}

/**
 * Creates a client bound to a base URL.
 *
 * @example
 * import { createClient } from '@bridgekit/core';
 * const api = createClient('https://api.example.com/api', {
 *   headers: { 'X-API-Key': key },
 *   retryAttempts: 2,
 * });
 * const res = await api.get('/products');
 */
export function createClient(baseUrl: string, config?: ClientConfig): Client {
  return new Client(baseUrl, config);
}
