/**
 * The HTTP client (spec §4.1–4.3, DESIGN §2). A call reads top to bottom in `request`:
 * prepare (`prepareRequest`) → the middleware list (`pipeline`) → the origin guard
 * (`originGuard`) → the attempt loop (`sendRequest`, redirects in `redirect`) → the answer
 * (`response`). Every call resolves to an `ApiResponse`; only programmer errors in the
 * constructor and the setters throw.
 */
import { checkConfig, checkFunction } from './configCheck';
import { deleteHeader, getHeader, type HeaderMap, headerMap, headerProblem } from './headers';
import { mergeHeaders, putHeader } from './headers';
import { guardRequest } from './originGuard';
import * as steps from './pipeline';
import { type Prepared, type PrepareContext, prepareRequest, sessionValue } from './prepareRequest';
import { QueryBuilder } from './query/QueryBuilder';
import { createRedirectState } from './redirect';
import { normalizeMeta } from './response';
import { isRetryableRequest } from './retry';
import { type SendContext, sendWithRetries } from './sendRequest';
import { sessionRefresh } from './sessionRefresh';
import { createSessionStore, NO_SESSION } from './session';
import { getDefaultStorage } from './storage';
import type { ApiResponse, BridgeRequest, ClientConfig, HttpMethod, Middleware } from './types';
import type { RequestInterceptor, RequestOptions, ResponseInterceptor } from './types';
import type { StorageAdapter } from './types';
import { resolveBaseUrl } from './url';

/** Called with the response when a request that carried the session got a 401. */
export type SessionRejectedListener = (response: ApiResponse) => void;

// Credentials besides the session header that never follow a redirect to another origin.
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];
const ACCEPT = { Accept: 'application/json' };
const ACCEPT_JSON = { ...ACCEPT, 'Content-Type': 'application/json' };

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
  readonly #report: (error: unknown) => void;
  readonly #pipeline: steps.Pipeline;
  // What preparation and sending read; the header maps are replaced when defaults change.
  #prepare: PrepareContext;
  #send: SendContext;

  /**
   * @param baseUrl absolute http(s) URL, or a path resolved against `location.origin`
   * @param config see `ClientConfig`; every field optional
   * @throws TypeError / RangeError naming the argument when the input is invalid
   */
  constructor(baseUrl: string, config: ClientConfig = {}) {
    const base = resolveBaseUrl(baseUrl);
    checkConfig(config);
    this.#config = { ...config };
    const { dialect } = config;
    // An explicit sessionHeader is the app's own choice: the dialect's scheme goes with the
    // dialect's header only.
    const session = config.sessionHeader === undefined ? dialect?.session : undefined;
    this.#storage = config.storage ?? getDefaultStorage();
    this.#report = steps.reporter(config.onError);
    this.#pipeline = steps.createPipeline(this.#report);
    if (config.onRequest)
      this.#pipeline.add(steps.ON_REQUEST, steps.onRequestStep(config.onRequest));
    if (config.onResponse)
      this.#pipeline.add(steps.ON_RESPONSE, steps.onResponseStep(config.onResponse));
    const cookie = config.sessionMode === 'cookie';
    const defaults = mergeHeaders(headerMap(), config.headers ?? {});
    this.#prepare = {
      base,
      // Cookie mode: the session is the server's HttpOnly cookie; the client holds none.
      session: cookie ? NO_SESSION : createSessionStore({ ...config, storage: this.#storage }),
      sessionHeader: config.sessionHeader ?? session?.header ?? 'X-Session-ID',
      sessionScheme: session?.scheme,
      includeSession: config.includeSession ?? true,
      cookie,
      timeout: config.timeout ?? 30_000,
      defaults,
      plainHeaders: defaults,
      jsonHeaders: defaults,
    };
    this.#send = {
      fetch: config.fetch,
      redirects: createRedirectState(),
      dialect,
      originBound: [],
      retries: config.retryAttempts ?? 0,
      retryDelay: config.retryDelay ?? 300,
    };
    this.#rebuildHeaders(defaults);
  }

  /** Sends a GET request. @example const res = await api.get<Product[]>('/products', { params: { page: 1 } }); */
  get<T = any>(endpoint: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request('GET', endpoint, undefined, options);
  }
  /** Sends a POST request; plain values are JSON-encoded. @example await api.post('/products', { name: 'Pen' }); */
  post<T = any>(endpoint: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', endpoint, body, options);
  }
  /** Sends a PUT request. @example await api.put('/products/1', { name: 'Pen', price: 3 }); */
  put<T = any>(endpoint: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', endpoint, body, options);
  }
  /** Sends a PATCH request. @example await api.patch('/products/1', { price: 3 }); */
  patch<T = any>(endpoint: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', endpoint, body, options);
  }
  /** Sends a DELETE request. @example await api.delete('/products/1'); */
  delete<T = any>(endpoint: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request('DELETE', endpoint, undefined, options);
  }
  /** Starts a query builder. @example await api.query<Product>('/products').where('price', gte(10)).get(); */
  query<T = any>(endpoint: string): QueryBuilder<T> {
    return new QueryBuilder<T>(this, endpoint, this.#config.dialect?.query);
  }

  /**
   * Sends a request: prepare, the middlewares, the origin guard, the attempts, the answer.
   * @example
   * const res = await api.request('POST', '/auth/refresh', { refreshToken }, { secret: true });
   */
  async request<T = any>(
    method: HttpMethod,
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>> {
    const ctx = this.#prepare;
    const pipeline = this.#pipeline;
    let prepared: Prepared;
    try {
      prepared = await prepareRequest(ctx, method, endpoint, body, options);
    } catch (error) {
      // The request as far as it was built, so the response steps can still tell what failed.
      const request = { method, url: String(endpoint), headers: headerMap() };
      this.#report(error);
      const fail = async () => steps.clientError(error);
      return this.#after(pipeline.run(this.#call(request), fail, steps.RESPONSE));
    }
    const call = this.#call(prepared.config);
    const send = (request: BridgeRequest) => this.#transport(request, call, prepared);
    // Fast path: nothing registered, nothing to run around the transport.
    if (pipeline.empty()) return send(prepared.config) as Promise<ApiResponse<T>>;
    return this.#after(pipeline.run(call, send));
  }

  #call(request: BridgeRequest): steps.CallState {
    const secret = request.secret === true;
    return {
      request,
      sessionSent: false,
      session: null,
      replayable: true,
      secret,
      sends: 0,
      rejected: false,
    };
  }

  async #after(answer: Promise<ApiResponse>): Promise<ApiResponse<any>> {
    const response = await answer;
    // A middleware may have set `meta` in any spelling: normalized after they ran.
    if (response.meta !== undefined) response.meta = normalizeMeta(response.meta);
    return response;
  }

  // The innermost step: the origin guard, then the attempts. Never throws.
  async #transport(request: BridgeRequest, call: steps.CallState, prepared: Prepared) {
    const ctx = this.#prepare;
    let sent: ReturnType<typeof guardRequest>;
    try {
      if (call.sends++ > 0) await this.#resign(request, prepared);
      sent = guardRequest(ctx, request, {
        url: prepared.url,
        body: prepared.body,
        origin: prepared.origin,
        sessionValue: prepared.session === null ? undefined : sessionValue(ctx, prepared.session),
        hooked: !this.#pipeline.empty(),
        secret: call.secret,
      });
    } catch (error) {
      this.#report(error);
      return steps.clientError(error);
    }
    const headers = request.headers;
    const session = prepared.cookie
      ? sent.init.credentials === 'include'
      : getHeader(headers, ctx.sessionHeader) !== undefined && prepared.session !== null;
    const replayable = !sent.stream && isRetryableRequest(request.method, headers);
    const result = await sendWithRetries(this.#send, request.url, sent.init, {
      timeout: request.timeout ?? ctx.timeout,
      signal: request.signal,
      replayable,
      sessionSent: session,
      secret: call.secret,
    });
    if (result.error !== undefined) this.#report(result.error);
    call.sessionSent = result.sessionSent;
    call.session = result.sessionSent && !prepared.cookie ? prepared.session : null;
    call.replayable = !sent.stream;
    call.rejected = result.sessionSent && result.response.status === 401;
    return result.response;
  }

  // A replay carries the session current now (a refresh replaced it), if it carried ours.
  async #resign(request: BridgeRequest, prepared: Prepared): Promise<void> {
    const ctx = this.#prepare;
    if (prepared.session === null) return;
    const sent = getHeader(request.headers, ctx.sessionHeader);
    if (sent !== sessionValue(ctx, prepared.session)) return;
    const now = await ctx.session.resolve();
    if (now === null) return;
    putHeader(request.headers, ctx.sessionHeader, sessionValue(ctx, now));
    prepared.session = now;
  }

  /**
   * Adds a middleware at the end of the list (after the interceptors and `onRequest`,
   * before the network). See `Middleware`.
   * @returns a function that removes it
   * @example
   * const remove = api.use(async (request, next) => next(request));
   */
  use(fn: Middleware): () => void {
    checkFunction('fn', fn);
    return this.#pipeline.add(steps.USE, fn);
  }

  /** Adds a request interceptor (once per call, in registration order). @returns its remover */
  addRequestInterceptor(fn: RequestInterceptor): () => void {
    checkFunction('fn', fn);
    return this.#pipeline.add(steps.REQUEST, steps.requestStep(fn));
  }

  /** Adds a response interceptor (once per call, in order, every final outcome). @returns its remover */
  addResponseInterceptor(fn: ResponseInterceptor): () => void {
    checkFunction('fn', fn);
    return this.#pipeline.add(steps.RESPONSE, steps.responseStep(fn));
  }

  /**
   * Listens for a 401 to a request that carried the session (cookie mode: any request to the
   * base origin). Throwing listeners reach `onError`. @returns its remover
   */
  onSessionRejected(listener: SessionRejectedListener): () => void {
    checkFunction('listener', listener);
    return this.#pipeline.add(steps.REJECTED, steps.rejectedStep(listener));
  }

  /** Replays a request whose session was rejected once `refresher` resolves `true`. @returns its remover */
  onSessionRefresh(refresher: () => Promise<boolean>): () => void {
    checkFunction('refresher', refresher);
    return this.use(sessionRefresh(refresher, () => this.getSessionId()));
  }

  /** The session as a request would resolve it (`null` in cookie mode). */
  async getSessionId(): Promise<string | null> {
    return this.#prepare.session.resolve();
  }

  /**
   * Sets the session in memory and writes `client_session_id` to storage in the background.
   * No effect in cookie mode. @throws TypeError when not a non-empty header-safe string
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

  /** Forgets the session: memory, `config.sessionId` and every known storage key. */
  clearSession(): void {
    this.#prepare.session.clear();
  }

  /** Whether the session chain yields a session (always `false` in cookie mode). */
  async hasSession(): Promise<boolean> {
    return (await this.#prepare.session.resolve()) !== null;
  }

  /** Sets a default header (any other spelling replaced). @throws TypeError for bad input */
  setHeader(key: string, value: string): void {
    const problem = headerProblem(key, value);
    if (problem !== undefined) throw new TypeError(`setHeader(key, value): ${problem}`);
    const defaults = headerMap(this.#prepare.defaults);
    putHeader(defaults, key, value);
    this.#rebuildHeaders(defaults);
  }

  /** Removes a default header, whatever the spelling. */
  removeHeader(key: string): void {
    if (typeof key !== 'string' || key === '') {
      throw new TypeError('key must be a non-empty string');
    }
    const defaults = headerMap(this.#prepare.defaults);
    deleteHeader(defaults, key);
    this.#rebuildHeaders(defaults);
  }

  /** The normalized absolute base URL, without trailing slash. */
  getBaseUrl(): string {
    return this.#prepare.base.href;
  }

  /** A copy of the configuration, `headers` showing the current default headers. */
  getConfig(): ClientConfig {
    const copy: ClientConfig = { ...this.#config, headers: { ...this.#prepare.defaults } };
    if (this.#config.sessionKeys !== undefined) copy.sessionKeys = [...this.#config.sessionKeys];
    return copy;
  }

  /** The storage in use: `config.storage`, else the platform default (`undefined` in Node). */
  getStorage(): StorageAdapter | undefined {
    return this.#storage;
  }

  #rebuildHeaders(defaults: HeaderMap): void {
    const ctx = this.#prepare;
    const plainHeaders = mergeHeaders(headerMap(ACCEPT), defaults);
    const jsonHeaders = mergeHeaders(headerMap(ACCEPT_JSON), defaults);
    this.#prepare = { ...ctx, defaults, plainHeaders, jsonHeaders };
    // Lower-case names that never leave the base origin: the session, credentials, defaults.
    const names = [ctx.sessionHeader, ...CREDENTIAL_HEADERS, ...Object.keys(defaults)];
    this.#send = { ...this.#send, originBound: names.map((name) => name.toLowerCase()) };
  }
}

/**
 * Creates a client bound to a base URL.
 *
 * @example
 * import { createClient } from '@bridgekit/core';
 * const api = createClient('https://api.example.com/api', { retryAttempts: 2 });
 * const res = await api.get('/products');
 */
export function createClient(baseUrl: string, config?: ClientConfig): Client {
  return new Client(baseUrl, config);
}
