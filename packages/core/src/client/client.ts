/**
 * The HTTP client (core README, "Creating a client"). A call reads top to bottom in `request`:
 * prepare (`prepareRequest`) → the middleware list (`pipeline`, the dialect's transport part
 * innermost) → the origin guard (`originGuard`) → the attempt loop (`sendRequest`, redirects in
 * `redirect`) → the answer (`response`). Every call resolves to an `ApiResponse`; only
 * programmer errors in the constructor and the setters throw.
 */
import { checkConfig, checkFunction, checkSessionId } from './configCheck';
import { deleteHeader, type HeaderMap, headerMap, headerProblem, putHeader } from './headers';
import { originBound } from './originGuard';
import * as steps from './pipeline';
import { Stage } from './pipeline';
import type { Prepared, PrepareContext } from './prepareRequest';
import { prepareContext, prepareRequest, withDefaults } from './prepareRequest';
import { QueryBuilder } from '../query/QueryBuilder';
import { createRedirectState } from './redirect';
import { getDefaultStorage } from '../session/storage';
import { type TransportContext, transport } from './transport';
import type { ClientConfig } from '../contract/clientConfig';
import type { ApiResponse, HttpMethod, Middleware, RequestInterceptor } from '../contract/http';
import type { RequestOptions, ResponseInterceptor, StorageAdapter } from '../contract/http';
import { resolveBaseUrl } from './url';

/** Called with the response when a request that carried the session got a 401. */
export type SessionRejectedListener = (response: ApiResponse) => void;

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
  // What preparation and sending read; replaced (never changed) when the defaults change.
  #prepare: PrepareContext;
  #env: TransportContext;

  /**
   * @param baseUrl absolute http(s) URL, or a path resolved against `location.origin`
   * @param config see `ClientConfig`; every field optional
   * @throws TypeError / RangeError naming the argument when the input is invalid
   */
  constructor(baseUrl: string, config: ClientConfig = {}) {
    const base = resolveBaseUrl(baseUrl);
    checkConfig(config);
    this.#config = { ...config };
    this.#storage = config.storage ?? getDefaultStorage();
    this.#report = steps.reporter(config.onError);
    this.#pipeline = steps.createPipeline(this.#report);
    if (config.onRequest)
      this.#pipeline.add(Stage.ON_REQUEST, steps.onRequestStep(config.onRequest));
    if (config.onResponse)
      this.#pipeline.add(Stage.ON_RESPONSE, steps.onResponseStep(config.onResponse));
    // The backend's transport is innermost: every other step sees the answer as it maps it.
    if (config.dialect?.transport) this.#pipeline.add(Stage.TRANSPORT, config.dialect.transport);
    this.#prepare = prepareContext(base, config, this.#storage);
    this.#env = {
      prepare: this.#prepare,
      send: {
        fetch: config.fetch,
        redirects: createRedirectState(),
        originBound: originBound(this.#prepare),
        retries: config.retryAttempts ?? 0,
        retryDelay: config.retryDelay ?? 300,
      },
      report: this.#report,
      hooked: false,
    };
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
    const { dialect } = this.#config;
    return new QueryBuilder<T>(this, endpoint, dialect?.query, dialect);
  }

  /**
   * Sends a request: prepare, the middlewares, the origin guard, the attempts, the answer.
   * @example
   * const res = await api.request('POST', '/auth/refresh', { refreshToken }, { secret: true });
   */
  request<T = any>(
    method: HttpMethod,
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>> {
    let prepared: Prepared | Promise<Prepared>;
    try {
      prepared = prepareRequest(this.#prepare, method, endpoint, body, options);
    } catch (error) {
      return this.#failed(method, endpoint, error);
    }
    if (prepared instanceof Promise) {
      return prepared.then(
        (ready) => this.#send(ready),
        (error) => this.#failed(method, endpoint, error),
      );
    }
    return this.#send(prepared);
  }

  // Past preparation. Fast path: nothing registered, nothing to run around the transport.
  #send(prepared: Prepared): Promise<ApiResponse<any>> {
    const pipeline = this.#pipeline;
    const call = steps.startCall(prepared.config, prepared);
    const env = this.#env;
    if (pipeline.empty()) return transport(env, prepared.config, call, prepared);
    const hooked = { ...env, hooked: true };
    return steps.normalized(
      pipeline.run(call, (request) => transport(hooked, request, call, prepared)),
    );
  }

  // Preparation threw: the response steps still see the call, as far as it was built.
  #failed(method: HttpMethod, endpoint: string, error: unknown): Promise<ApiResponse<any>> {
    const request = { method, url: String(endpoint), headers: headerMap() };
    this.#report(error);
    const fail = async () => steps.clientError(error);
    return steps.normalized(this.#pipeline.run(steps.startCall(request), fail, Stage.RESPONSE));
  }

  /**
   * Adds a middleware at the end of the list (after the interceptors and `onRequest`,
   * before the dialect's transport part and the network). See `Middleware`.
   * @returns a function that removes it
   * @example
   * const remove = api.use(async (request, next) => next(request));
   */
  use(fn: Middleware): () => void {
    checkFunction('fn', fn);
    return this.#pipeline.add(Stage.USE, fn);
  }

  /** Adds a request interceptor (once per call, in registration order). @returns its remover */
  addRequestInterceptor(fn: RequestInterceptor): () => void {
    checkFunction('fn', fn);
    return this.#pipeline.add(Stage.REQUEST, steps.requestStep(fn));
  }

  /** Adds a response interceptor (once per call, in order, every final outcome). @returns its remover */
  addResponseInterceptor(fn: ResponseInterceptor): () => void {
    checkFunction('fn', fn);
    return this.#pipeline.add(Stage.RESPONSE, steps.responseStep(fn));
  }

  /**
   * Listens for a 401 to a request that carried the session (a cookie session: any request to the
   * base origin). Throwing listeners reach `onError`. @returns its remover
   */
  onSessionRejected(listener: SessionRejectedListener): () => void {
    checkFunction('listener', listener);
    return this.#pipeline.add(Stage.REJECTED, steps.rejectedStep(listener));
  }

  /** The session as a request would resolve it (`null` with a cookie session). */
  async getSessionId(): Promise<string | null> {
    return this.#prepare.session.resolve();
  }

  /**
   * Sets the session in memory and writes `client_session_id` to storage in the background.
   * No effect with a cookie session. @throws TypeError when not a non-empty header-safe string
   */
  setSessionId(sessionId: string): void {
    this.#prepare.session.set(checkSessionId(sessionId));
  }

  /** Forgets the session: memory, `config.sessionId` and every known storage key. */
  clearSession(): void {
    this.#prepare.session.clear();
  }

  /** Whether the session chain yields a session (always `false` with a cookie session). */
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
    const prepare = withDefaults(this.#prepare, defaults);
    const send = { ...this.#env.send, originBound: originBound(prepare) };
    this.#prepare = prepare;
    this.#env = { ...this.#env, prepare, send };
  }
}
