/**
 * The HTTP client (spec §4.1–4.3, DESIGN §2). Every call resolves to an `ApiResponse`;
 * only programmer errors in the constructor and the setters throw.
 */
import { encodeBody, isRawBody } from './body';
import {
  deleteHeader,
  getHeader,
  headerProblem,
  headersProblem,
  mergeHeaders,
  putHeader,
} from './headers';
import { toSearchParams } from './params';
import { QueryBuilder } from './query/QueryBuilder';
import {
  createRedirectState,
  type RedirectState,
  type SendInit,
  sendFollowingRedirects,
} from './redirect';
import { failure, toApiResponse } from './response';
import {
  backoffDelay,
  isRetryableRequest,
  isRetryableStatus,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
} from './retry';
import { createSessionStore, type SessionStore } from './session';
import { attemptSignal, wait } from './signal';
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
import { type BaseUrl, isAbsoluteUrl, joinUrl, originOf, resolveBaseUrl } from './url';

/** Called with the response when a request that carried the session header got a 401. */
export type SessionRejectedListener = (response: ApiResponse) => void;

const DEFAULT_SESSION_HEADER = 'X-Session-ID';
const DEFAULT_TIMEOUT = 30_000;
const DEFAULT_RETRY_DELAY = 300;
// setTimeout fires at once for larger delays, so a larger time-out would silently be none.
const MAX_TIMER_MS = 2_147_483_647;
const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
// Credentials besides the session header that never follow a redirect to another origin.
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

interface AttemptResult {
  response: ApiResponse;
  error?: Error;
  retryAfter?: string | null;
  sessionSent: boolean;
}

function namedError(name: string, message: string, cause?: unknown): Error {
  const error = new Error(message, cause === undefined ? undefined : { cause });
  error.name = name;
  return error;
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

function checkNumber(name: string, value: unknown, max = Number.MAX_SAFE_INTEGER): void {
  if (typeof value !== 'number') {
    throw new TypeError(`${name} must be a number, got ${typeof value}`);
  }
  if (!Number.isFinite(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be a finite number between 0 and ${max}, got ${value}`);
  }
}

function checkFunction(name: string, value: unknown, required = false): void {
  if ((required || value !== undefined) && typeof value !== 'function') {
    throw new TypeError(`${name} must be a function, got ${typeof value}`);
  }
}

function checkHeaderMap(name: string, value: unknown): asserts value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object of header names to string values`);
  }
  const problem = headersProblem(value as Record<string, string>);
  if (problem !== undefined) throw new TypeError(`${name}: ${problem}`);
}

function checkStorage(value: unknown): void {
  if (value === undefined) return;
  const s = value as Partial<StorageAdapter> | null;
  if (
    typeof s !== 'object' ||
    s === null ||
    typeof s.getItem !== 'function' ||
    typeof s.setItem !== 'function' ||
    typeof s.removeItem !== 'function'
  ) {
    throw new TypeError('config.storage must implement getItem, setItem and removeItem');
  }
}

function checkConfig(config: ClientConfig): void {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new TypeError('config must be an object');
  }
  if (
    config.sessionId !== undefined &&
    (typeof config.sessionId !== 'string' || !config.sessionId)
  ) {
    throw new TypeError('config.sessionId must be a non-empty string');
  }
  if (config.sessionId !== undefined && /[\r\n\0]/.test(config.sessionId)) {
    throw new TypeError('config.sessionId must not contain CR, LF or NUL');
  }
  if (config.includeSession !== undefined && typeof config.includeSession !== 'boolean') {
    throw new TypeError('config.includeSession must be a boolean');
  }
  if (config.sessionHeader !== undefined) {
    const problem = headerProblem(config.sessionHeader, '');
    if (problem !== undefined) throw new TypeError(`config.sessionHeader: ${problem}`);
  }
  if (config.sessionKeys !== undefined) {
    if (
      !Array.isArray(config.sessionKeys) ||
      config.sessionKeys.some((key) => typeof key !== 'string' || key === '')
    ) {
      throw new TypeError('config.sessionKeys must be an array of non-empty strings');
    }
  }
  checkStorage(config.storage);
  if (config.headers !== undefined) checkHeaderMap('config.headers', config.headers);
  if (config.retryAttempts !== undefined) {
    checkNumber('config.retryAttempts', config.retryAttempts, 100);
    if (!Number.isInteger(config.retryAttempts)) {
      throw new RangeError(`config.retryAttempts must be an integer, got ${config.retryAttempts}`);
    }
  }
  if (config.retryDelay !== undefined) checkNumber('config.retryDelay', config.retryDelay, 10_000);
  if (config.timeout !== undefined) checkNumber('config.timeout', config.timeout, MAX_TIMER_MS);
  checkFunction('config.getSessionId', config.getSessionId);
  checkFunction('config.onRequest', config.onRequest);
  checkFunction('config.onResponse', config.onResponse);
  checkFunction('config.onError', config.onError);
  checkFunction('config.fetch', config.fetch);
}

// Per-request options are checked inside the pipeline, so mistakes resolve as CLIENT_ERROR.
function checkOptions(options: RequestOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('options must be an object');
  }
  if (
    options.params !== undefined &&
    (typeof options.params !== 'object' || options.params === null)
  ) {
    throw new TypeError('options.params must be an object');
  }
  if (options.headers !== undefined) checkHeaderMap('options.headers', options.headers);
  if (options.timeout !== undefined) checkNumber('options.timeout', options.timeout, MAX_TIMER_MS);
  if (options.includeSession !== undefined && typeof options.includeSession !== 'boolean') {
    throw new TypeError('options.includeSession must be a boolean');
  }
  if (
    options.signal !== undefined &&
    (typeof options.signal !== 'object' ||
      options.signal === null ||
      typeof options.signal.addEventListener !== 'function')
  ) {
    throw new TypeError('options.signal must be an AbortSignal');
  }
}

function checkRequestConfig(value: unknown): RequestConfig {
  const c = value as RequestConfig | null;
  if (
    typeof c !== 'object' ||
    c === null ||
    typeof c.url !== 'string' ||
    typeof c.headers !== 'object' ||
    c.headers === null
  ) {
    throw new TypeError('A request interceptor must return a RequestConfig (or nothing)');
  }
  if (!METHODS.has(c.method)) throw new TypeError(`Unsupported method: ${String(c.method)}`);
  if (c.timeout !== undefined) checkNumber('RequestConfig.timeout', c.timeout, MAX_TIMER_MS);
  return c;
}

function isApiResponse(value: unknown): value is ApiResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiResponse).status === 'number' &&
    typeof (value as ApiResponse).success === 'boolean'
  );
}

function aborted(signal: AbortSignal): AttemptResult {
  return {
    response: failure('ABORTED', 'Request aborted'),
    error: namedError('AbortError', 'Request aborted', signal.reason),
    sessionSent: false,
  };
}

/**
 * A client bound to one base URL. Prefer `createClient`; both are the same.
 *
 * @example
 * const api = new Client('https://api.example.com/api', { retryAttempts: 2 });
 * const res = await api.get<User[]>('/users', { params: { page: 2 } });
 * if (!res.success) console.error(res.status, res.error, res.code);
 */
export class Client {
  readonly #base: BaseUrl;
  readonly #config: ClientConfig;
  readonly #session: SessionStore;
  readonly #storage: StorageAdapter | undefined;
  readonly #sessionHeader: string;
  // Lower-case names that never leave the base origin: the session, credentials, defaults.
  #originBound!: readonly string[];
  readonly #includeSession: boolean;
  readonly #retryAttempts: number;
  readonly #retryDelay: number;
  readonly #timeout: number;
  readonly #redirects: RedirectState = createRedirectState();
  #defaults: Record<string, string>;
  // Accept + defaults, and Accept + JSON Content-Type + defaults: copied per request.
  #plainHeaders!: Record<string, string>;
  #jsonHeaders!: Record<string, string>;
  // Replaced on change (never mutated), so a call iterates a stable list.
  #requestInterceptors: readonly RequestInterceptor[] = [];
  #responseInterceptors: readonly ResponseInterceptor[] = [];
  #rejectedListeners: readonly SessionRejectedListener[] = [];

  /**
   * @param baseUrl absolute http(s) URL, or a path resolved against `location.origin`
   * @param config see `ClientConfig`; every field optional
   * @throws TypeError / RangeError naming the argument when the input is invalid
   */
  constructor(baseUrl: string, config: ClientConfig = {}) {
    this.#base = resolveBaseUrl(baseUrl);
    checkConfig(config);
    this.#config = { ...config };
    this.#sessionHeader = config.sessionHeader ?? DEFAULT_SESSION_HEADER;
    this.#includeSession = config.includeSession ?? true;
    this.#retryAttempts = config.retryAttempts ?? 0;
    this.#retryDelay = config.retryDelay ?? DEFAULT_RETRY_DELAY;
    this.#timeout = config.timeout ?? DEFAULT_TIMEOUT;
    this.#storage = config.storage ?? getDefaultStorage();
    this.#session = createSessionStore({
      sessionId: config.sessionId,
      getSessionId: config.getSessionId,
      storage: this.#storage,
      sessionKeys: config.sessionKeys,
    });
    this.#defaults = mergeHeaders({}, config.headers ?? {});
    this.#rebuildHeaders();
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
    return new QueryBuilder<T>(this, endpoint);
  }

  /**
   * Resolves the session as a request would: memory, `getSessionId`, then storage keys.
   * Rejects only if the app's `getSessionId` throws.
   * @example
   * const id = await api.getSessionId();
   */
  async getSessionId(): Promise<string | null> {
    return this.#session.resolve();
  }

  /**
   * Sets the session in memory and writes `client_session_id` to storage in the background
   * (storage failures are ignored).
   * @throws TypeError when `sessionId` is not a non-empty string or contains CR/LF
   * @example
   * api.setSessionId(res.data.sessionId);
   */
  setSessionId(sessionId: string): void {
    if (typeof sessionId !== 'string' || sessionId === '') {
      throw new TypeError('sessionId must be a non-empty string');
    }
    if (/[\r\n\0]/.test(sessionId)) throw new TypeError('sessionId must not contain CR, LF or NUL');
    this.#session.set(sessionId);
  }

  /**
   * Forgets the session: memory cleared, `config.sessionId` no longer used, every known
   * storage key removed. A `getSessionId` callback is the app's own source and still asked.
   * @example
   * api.clearSession();
   */
  clearSession(): void {
    this.#session.clear();
  }

  /**
   * Whether the session chain currently yields a session.
   * @example
   * if (!(await api.hasSession())) redirect('/login');
   */
  async hasSession(): Promise<boolean> {
    return (await this.#session.resolve()) !== null;
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
    putHeader(this.#defaults, key, value);
    this.#rebuildHeaders();
  }

  /**
   * Removes a default header, whatever the spelling.
   * @example
   * api.removeHeader('x-api-key');
   */
  removeHeader(key: string): void {
    if (typeof key !== 'string' || key === '')
      throw new TypeError('key must be a non-empty string');
    deleteHeader(this.#defaults, key);
    this.#rebuildHeaders();
  }

  /**
   * Adds a request interceptor (runs once per call, in registration order).
   * @returns a function that removes it
   * @example
   * const remove = api.addRequestInterceptor((c) => ({ ...c, headers: { ...c.headers, 'X-Trace': id } }));
   */
  addRequestInterceptor(fn: RequestInterceptor): () => void {
    checkFunction('fn', fn, true);
    this.#requestInterceptors = [...this.#requestInterceptors, fn];
    return () => {
      this.#requestInterceptors = this.#requestInterceptors.filter((f) => f !== fn);
    };
  }

  /**
   * Adds a response interceptor (runs once per call, in registration order, for every final
   * outcome including `status: 0`).
   * @returns a function that removes it
   * @example
   * api.addResponseInterceptor((res) => { log(res.status); return res; });
   */
  addResponseInterceptor(fn: ResponseInterceptor): () => void {
    checkFunction('fn', fn, true);
    this.#responseInterceptors = [...this.#responseInterceptors, fn];
    return () => {
      this.#responseInterceptors = this.#responseInterceptors.filter((f) => f !== fn);
    };
  }

  /**
   * Listens for a 401 on a request that carried the session header (the session was
   * rejected). Listeners that throw are reported to `onError`.
   * @returns a function that removes the listener
   * @example
   * api.onSessionRejected(() => markSessionExpired());
   */
  onSessionRejected(listener: SessionRejectedListener): () => void {
    checkFunction('listener', listener, true);
    this.#rejectedListeners = [...this.#rejectedListeners, listener];
    return () => {
      this.#rejectedListeners = this.#rejectedListeners.filter((f) => f !== listener);
    };
  }

  /**
   * The normalized absolute base URL, without trailing slash.
   * @example
   * createClient('https://h/api/').getBaseUrl() // 'https://h/api'
   */
  getBaseUrl(): string {
    return this.#base.href;
  }

  /**
   * A copy of the configuration, `headers` showing the current default headers.
   * @example
   * api.getConfig().headers // { 'X-API-Key': '…' }
   */
  getConfig(): ClientConfig {
    const copy: ClientConfig = { ...this.#config, headers: { ...this.#defaults } };
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

  #rebuildHeaders(): void {
    this.#originBound = [
      this.#sessionHeader.toLowerCase(),
      ...CREDENTIAL_HEADERS,
      ...Object.keys(this.#defaults).map((name) => name.toLowerCase()),
    ];
    this.#plainHeaders = mergeHeaders({ Accept: 'application/json' }, this.#defaults);
    this.#jsonHeaders = mergeHeaders(
      { Accept: 'application/json', 'Content-Type': 'application/json' },
      this.#defaults,
    );
  }

  #report(error: unknown): void {
    const onError = this.#config.onError;
    if (onError === undefined) return;
    try {
      const result = onError(asError(error)) as unknown;
      if (result instanceof Promise) result.catch(() => {});
    } catch {
      // onError is the last line: nothing left to tell.
    }
  }

  async #request<T>(
    method: HttpMethod,
    endpoint: string,
    body: unknown,
    options: RequestOptions | undefined,
  ): Promise<ApiResponse<T>> {
    let config: RequestConfig;
    let init: SendInit;
    let stream = false;
    let sessionAdded = false;
    try {
      if (typeof endpoint !== 'string') {
        throw new TypeError(`endpoint must be a string, got ${typeof endpoint}`);
      }
      if (options !== undefined) checkOptions(options);
      const query = options?.params === undefined ? '' : toSearchParams(options.params);
      const url = joinUrl(this.#base.href, endpoint, query);
      let sameOrigin = true;
      if (isAbsoluteUrl(endpoint)) {
        const origin = originOf(url);
        if (origin === undefined) throw new TypeError(`endpoint is not a valid URL: ${endpoint}`);
        sameOrigin = origin === this.#base.origin;
      }
      const jsonBody = body !== undefined && !isRawBody(body);
      // Default headers belong to the API at baseUrl (an API key, a tenant): like the
      // session, they are not sent to another origin.
      const headers: Record<string, string> = sameOrigin
        ? { ...(jsonBody ? this.#jsonHeaders : this.#plainHeaders) }
        : jsonBody
          ? { Accept: 'application/json', 'Content-Type': 'application/json' }
          : { Accept: 'application/json' };
      if (sameOrigin && (options?.includeSession ?? this.#includeSession)) {
        const found = this.#session.resolve();
        const sessionId = typeof found === 'string' || found === null ? found : await found;
        if (sessionId !== null) {
          // The one value not checked before it got here (it comes from storage or the app).
          const problem = headerProblem(this.#sessionHeader, sessionId);
          if (problem !== undefined) throw new TypeError(problem);
          putHeader(headers, this.#sessionHeader, sessionId);
          sessionAdded = true;
        }
      }
      if (options?.headers !== undefined) mergeHeaders(headers, options.headers);
      config = {
        method,
        url,
        headers,
        body,
        timeout: options?.timeout ?? this.#timeout,
        signal: options?.signal,
      };
      const interceptors = this.#requestInterceptors;
      for (let i = 0; i < interceptors.length; i++) {
        const next = await interceptors[i]!(config);
        if (next !== undefined) config = checkRequestConfig(next);
      }
      if (this.#config.onRequest !== undefined) await this.#config.onRequest(config);

      const encoded = encodeBody(config.body);
      if (config.body !== body) {
        // An interceptor replaced the body: keep the JSON Content-Type in step with it.
        const type = getHeader(config.headers, 'content-type');
        if (encoded.json && type === undefined) {
          config.headers['Content-Type'] = 'application/json';
        } else if (!encoded.json && type === 'application/json') {
          deleteHeader(config.headers, 'content-type');
        }
      }
      if (encoded.body !== undefined && config.method === 'GET') {
        throw new TypeError('A GET request cannot have a body');
      }
      if (config.url !== url) {
        const origin = originOf(config.url);
        if (origin === undefined || !/^https?:/.test(origin)) {
          throw new TypeError(`RequestConfig.url must be an absolute http(s) URL: ${config.url}`);
        }
        if (origin !== this.#base.origin) {
          // Same rule as an absolute endpoint: the session and the defaults stay home. A
          // default the interceptor gave a new value is its own choice and is kept.
          deleteHeader(config.headers, this.#sessionHeader);
          for (const name in this.#defaults) {
            if (getHeader(config.headers, name) === this.#defaults[name]) {
              deleteHeader(config.headers, name);
            }
          }
        }
      }
      // Defaults, the session and options.headers were checked on the way in; only hooks can
      // have added something unchecked since.
      if (interceptors.length > 0 || this.#config.onRequest !== undefined) {
        const problem = headersProblem(config.headers);
        if (problem !== undefined) throw new TypeError(problem);
      }
      stream = encoded.stream;
      init = { method: config.method, headers: config.headers, body: encoded.body };
      if (stream) init.duplex = 'half';
    } catch (error) {
      const response = failure(
        'CLIENT_ERROR',
        error instanceof Error ? error.message : String(error),
      );
      // The request as far as it was built, so response hooks can still tell what failed.
      const request: RequestConfig = config! ?? { method, url: String(endpoint), headers: {} };
      return this.#finish(
        { response, error: asError(error), sessionSent: false },
        request,
      ) as Promise<ApiResponse<T>>;
    }

    const sessionSent =
      sessionAdded && getHeader(config.headers, this.#sessionHeader) !== undefined;
    const result = await this.#send(config, init, stream, sessionSent);
    if (
      result.error === undefined &&
      this.#responseInterceptors.length === 0 &&
      this.#config.onResponse === undefined &&
      !(result.sessionSent && result.response.status === 401)
    ) {
      return result.response as ApiResponse<T>;
    }
    return this.#finish(result, config) as Promise<ApiResponse<T>>;
  }

  async #send(
    config: RequestConfig,
    init: SendInit,
    stream: boolean,
    sessionSent: boolean,
  ): Promise<AttemptResult> {
    const signal = config.signal;
    const timeout = config.timeout ?? this.#timeout;
    const replayable = !stream && isRetryableRequest(config.method, config.headers);
    const maxRetries = replayable ? this.#retryAttempts : 0;
    for (let retry = 0; ; retry++) {
      if (signal?.aborted) return aborted(signal);
      const result = await this.#attempt(
        config.url,
        init,
        timeout,
        signal,
        sessionSent,
        replayable,
      );
      if (retry >= maxRetries || signal?.aborted) return result;
      const { response } = result;
      const code = response.code;
      if (
        response.status === 0
          ? code !== 'NETWORK_ERROR' && code !== 'TIMEOUT'
          : !isRetryableStatus(response.status)
      ) {
        return result;
      }
      let delay = backoffDelay(retry, this.#retryDelay);
      if (result.retryAfter != null) {
        const after = parseRetryAfter(result.retryAfter);
        if (after !== undefined) {
          if (after > MAX_RETRY_AFTER_MS) return result;
          delay = after;
        }
      }
      if (!(await wait(delay, signal))) return aborted(signal!);
    }
  }

  async #attempt(
    url: string,
    init: SendInit,
    timeout: number,
    signal: AbortSignal | undefined,
    sessionSent: boolean,
    replayable: boolean,
  ): Promise<AttemptResult> {
    const guard = attemptSignal(timeout, signal);
    init.signal = guard.signal;
    try {
      const doFetch = this.#config.fetch ?? globalThis.fetch;
      const sent = await sendFollowingRedirects(
        this.#redirects,
        doFetch,
        url,
        init,
        this.#originBound,
        replayable,
      );
      const res = sent.response;
      const response = await toApiResponse(res);
      const status = res.status;
      return {
        response,
        retryAfter: status === 429 || status === 503 ? res.headers.get('retry-after') : undefined,
        sessionSent: sessionSent && !sent.credentialsDropped,
      };
    } catch (error) {
      if (signal?.aborted) return aborted(signal);
      if (guard.timedOut()) {
        const message = `Request timed out after ${timeout} ms`;
        return {
          response: failure('TIMEOUT', message),
          error: namedError('TimeoutError', message, error),
          sessionSent: false,
        };
      }
      const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
      const detail =
        typeof cause?.code === 'string'
          ? cause.code
          : typeof cause?.message === 'string'
            ? cause.message
            : undefined;
      const base = error instanceof Error ? error.message : String(error);
      const message = `Network error: ${base}${detail !== undefined ? ` (${detail})` : ''}`;
      return {
        response: failure('NETWORK_ERROR', message),
        error: namedError('NetworkError', message, error),
        sessionSent: false,
      };
    } finally {
      guard.dispose();
    }
  }

  async #finish(result: AttemptResult, request: RequestConfig): Promise<ApiResponse> {
    if (result.error !== undefined) this.#report(result.error);
    let response = result.response;
    const status = response.status;
    const interceptors = this.#responseInterceptors;
    for (let i = 0; i < interceptors.length; i++) {
      try {
        const next = await interceptors[i]!(response, request);
        if (next === undefined) continue;
        if (isApiResponse(next)) response = next;
        else this.#report(new TypeError('A response interceptor must return an ApiResponse'));
      } catch (error) {
        this.#report(error);
      }
    }
    if (this.#config.onResponse !== undefined) {
      try {
        await this.#config.onResponse(response, request);
      } catch (error) {
        this.#report(error);
      }
    }
    if (result.sessionSent && status === 401) {
      for (const listener of this.#rejectedListeners) {
        try {
          listener(response);
        } catch (error) {
          this.#report(error);
        }
      }
    }
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
