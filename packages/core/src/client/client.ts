/**
 * The HTTP client (docs/guide/requests.md, "Creating a client", "How a request travels"). A call
 * reads top to bottom in `request`: `prepareCall` builds the `Call`; with no middleware it goes
 * straight to `send`, else through the named lists (`runMiddleware`) to `send`; `send` runs the
 * origin guard and the attempts, which hand the request to `fetch`, follow redirects and read the
 * response. Every call resolves to an `ApiResponse`; only programmer errors in the constructor and
 * the setters throw.
 */
import type { ClientConfig } from '../contract/clientConfig';
import type { BridgeListener } from '../contract/events';
import type { ApiResponse, HttpMethod, Middleware, RequestInterceptor } from '../contract/http';
import type { RequestOptions, ResponseInterceptor, StorageAdapter } from '../contract/http';
import { QueryBuilder } from '../query/QueryBuilder';
import { getDefaultStorage } from '../session/storage';
import { type Call, createCall } from './call';
import { reportResponse, watchCall } from './callEvents';
import { checkConfig, checkFunction, checkSessionId } from './configCheck';
import { clientStreams, listen } from './events';
import { deleteHeader, type HeaderMap, headerMap, headerProblem, putHeader } from './headers';
import {
  type AddableList,
  hasNoMiddleware,
  type MiddlewareLists,
  runMiddleware,
  runResponseSide,
  type SessionRejectedListener,
} from './middleware';
import { prepareCall } from './prepare';
import { clientError } from './response';
import { send } from './send';
import { type ClientSettings, clientSettings, withDefaultHeaders } from './settings';
import { resolveBaseUrl } from './url';

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
  // Both replaced (never changed) on change: a call runs with what it started with.
  #settings: ClientSettings;
  #middleware: MiddlewareLists;

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
    this.#settings = clientSettings(base, config, this.#storage);
    clientStreams.set(this, this.#settings.events);
    this.#middleware = {
      requestInterceptors: [],
      onRequest: config.onRequest,
      use: [],
      dialectTransport: config.dialect?.transport,
      responseInterceptors: [],
      onResponse: config.onResponse,
      sessionRejected: [],
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
   * Sends a request: prepare the call, run it through the middleware lists (none: straight on),
   * send it (the origin guard, the attempts), and resolve the answer.
   * @example
   * const res = await api.request('POST', '/auth/refresh', { refreshToken }, { secret: true });
   */
  request<T = any>(
    method: HttpMethod,
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>> {
    let prepared: Call | Promise<Call>;
    try {
      prepared = prepareCall(this.#settings, { method, endpoint, body, options });
    } catch (error) {
      return this.#unprepared(method, endpoint, error);
    }
    if (prepared instanceof Promise) {
      return prepared.then(
        (call) => this.#run(call),
        (error) => this.#unprepared(method, endpoint, error),
      );
    }
    return this.#run(prepared);
  }

  #run(call: Call): Promise<ApiResponse> {
    const settings = this.#settings;
    const lists = this.#middleware;
    const answer = hasNoMiddleware(lists)
      ? send(call, settings)
      : runMiddleware(call, lists, settings);
    return this.#settled(call, answer);
  }

  // Preparation threw: the call resolves `CLIENT_ERROR`, and the response side still sees it,
  // with the request as far as it was built.
  #unprepared(method: HttpMethod, endpoint: string, error: unknown): Promise<ApiResponse> {
    const { report, base, events } = this.#settings;
    report(error);
    const request = { method, url: String(endpoint), headers: headerMap() };
    const call = createCall({ request, origin: base.origin });
    watchCall(call, events, undefined);
    return this.#settled(call, runResponseSide(call, clientError(error), this.#middleware, report));
  }

  // A watched call reports its answer (an unwatched one takes no extra step).
  #settled(call: Call, answer: Promise<ApiResponse>): Promise<ApiResponse> {
    if (call.watch === undefined) return answer;
    return answer.then((response) => reportResponse(call, response));
  }

  /**
   * Listens to this client's events: each call's request as it goes out (credentials
   * redacted), its attempts, retries, redirects and answer, all with one `callId`; and what the
   * modules report (the auth service and lifecycle, the offline queue, the React binding's
   * cache). A call reports its life when someone listened as it started; with nobody listening
   * no event is built. A listener that throws breaks neither the call nor the other listeners
   * (its error goes to `onError`). See `BridgeEvent`.
   * @returns a function that stops listening
   * @example
   * const stop = api.observe((event) => {
   *   if (event.type === 'request') console.log(event.callId, event.method, event.url);
   *   if (event.type === 'response') console.log(event.callId, event.response.status, event.durationMs);
   * });
   * stop();
   */
  observe(listener: BridgeListener): () => void {
    checkFunction('listener', listener);
    return listen(this.#settings.events, listener);
  }

  /**
   * Adds a middleware at the end of the `use()` list: after the interceptors and `onRequest`,
   * before the dialect's transport part and the network. See `Middleware`.
   * @returns a function that removes it
   * @example
   * const remove = api.use(async (request, next) => next(request));
   */
  use(fn: Middleware): () => void {
    checkFunction('fn', fn);
    return this.#add('use', fn);
  }

  /** Adds a request interceptor (once per call, in registration order). @returns its remover */
  addRequestInterceptor(fn: RequestInterceptor): () => void {
    checkFunction('fn', fn);
    return this.#add('requestInterceptors', fn);
  }

  /** Adds a response interceptor (once per call, in order, every final outcome). @returns its remover */
  addResponseInterceptor(fn: ResponseInterceptor): () => void {
    checkFunction('fn', fn);
    return this.#add('responseInterceptors', fn);
  }

  /**
   * Listens for a 401 to a request that carried the session (a cookie session: any request to the
   * base origin). Throwing listeners reach `onError`. @returns its remover
   */
  onSessionRejected(listener: SessionRejectedListener): () => void {
    checkFunction('listener', listener);
    return this.#add('sessionRejected', listener);
  }

  // Appends to a list; the remover takes out that entry, once.
  #add<L extends AddableList>(list: L, fn: MiddlewareLists[L][number]): () => void {
    this.#middleware = { ...this.#middleware, [list]: [...this.#middleware[list], fn] };
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      const entries = this.#middleware[list];
      const at = entries.indexOf(fn as never);
      if (at === -1) return;
      this.#middleware = {
        ...this.#middleware,
        [list]: entries.filter((_, index) => index !== at),
      };
    };
  }

  /** The session as a request would resolve it (`null` with a cookie session). */
  async getSessionId(): Promise<string | null> {
    return this.#settings.session.resolve();
  }

  /**
   * Sets the session in memory and writes `client_session_id` to storage in the background.
   * No effect with a cookie session. @throws TypeError when not a non-empty header-safe string
   */
  setSessionId(sessionId: string): void {
    this.#settings.session.set(checkSessionId(sessionId));
  }

  /** Forgets the session: memory, `config.sessionId` and every known storage key. */
  clearSession(): void {
    this.#settings.session.clear();
  }

  /** Whether the session chain yields a session (always `false` with a cookie session). */
  async hasSession(): Promise<boolean> {
    return (await this.#settings.session.resolve()) !== null;
  }

  /** Sets a default header (any other spelling replaced). @throws TypeError for bad input */
  setHeader(key: string, value: string): void {
    const problem = headerProblem(key, value);
    if (problem !== undefined) throw new TypeError(`setHeader(key, value): ${problem}`);
    const defaults = headerMap(this.#settings.defaults);
    putHeader(defaults, key, value);
    this.#rebuildHeaders(defaults);
  }

  /** Removes a default header, whatever the spelling. */
  removeHeader(key: string): void {
    if (typeof key !== 'string' || key === '') {
      throw new TypeError('key must be a non-empty string');
    }
    const defaults = headerMap(this.#settings.defaults);
    deleteHeader(defaults, key);
    this.#rebuildHeaders(defaults);
  }

  /** The normalized absolute base URL, without trailing slash. */
  getBaseUrl(): string {
    return this.#settings.base.href;
  }

  /** A copy of the configuration, `headers` showing the current default headers. */
  getConfig(): ClientConfig {
    const copy: ClientConfig = { ...this.#config, headers: { ...this.#settings.defaults } };
    if (this.#config.sessionKeys !== undefined) copy.sessionKeys = [...this.#config.sessionKeys];
    return copy;
  }

  /** The storage in use: `config.storage`, else the platform default (`undefined` in Node). */
  getStorage(): StorageAdapter | undefined {
    return this.#storage;
  }

  #rebuildHeaders(defaults: HeaderMap): void {
    this.#settings = withDefaultHeaders(this.#settings, defaults);
  }
}
