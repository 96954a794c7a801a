/**
 * Public types of `@bridgekit/core`'s requests and responses, so that every module and every
 * framework package agrees on the shapes. They import nothing: the client's
 * options, which name the dialect, are in `clientConfig`.
 */
/** The HTTP methods the client sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Why a call failed without an HTTP response (`status: 0`), or `'CLIENT_ERROR'` when the
 * client's own pipeline failed. With the offline write queue (`@bridgekit/core/offline`) a
 * write may also end `'QUEUED'` (kept on the device, sent later; not applied yet) or
 * `'QUEUE_REFUSED'` (it had to be kept, and the device's storage refused it: a full quota,
 * private mode, a failed transaction; it is neither applied nor kept). Servers may send other
 * codes in their error envelope.
 */
export type ClientErrorCode =
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'CLIENT_ERROR'
  | 'QUEUED'
  | 'QUEUE_REFUSED';

/** Pagination metadata, normalized from the server's `meta` (aliases mapped, numbers parsed). */
export interface ResponseMeta {
  page?: number;
  limit?: number;
  total?: number;
  totalPages?: number;
  [key: string]: unknown;
}

/** The fields every `ApiResponse` has, whatever the outcome. */
export interface ApiResponseBase {
  /** HTTP status; `0` when no HTTP response was received. */
  status: number;
  /** An additional message from the server's envelope. */
  message?: string;
  /** Pagination metadata. */
  meta?: ResponseMeta;
  /**
   * `NETWORK_ERROR`, `TIMEOUT`, `ABORTED`, `CLIENT_ERROR`, the offline queue's `QUEUED` and
   * `QUEUE_REFUSED`, or a code from the server's envelope (`PRECONDITION_FAILED`…).
   */
  code?: ClientErrorCode | (string & {});
  /** Field-level validation messages from the server's envelope (field -> message). */
  errors?: Record<string, string>;
  /**
   * The response's headers (read-only), on every outcome that had an HTTP response: for
   * interceptors and dialects (`X-Total-Count`, `Content-Range`, `Link`).
   */
  headers?: Headers;
}

/** A 2xx outcome: `data` is the response data (`undefined` for 204 and empty bodies). */
export interface ApiSuccess<T = any> extends ApiResponseBase {
  success: true;
  /** The envelope's `data`, or the whole body when it is not an envelope. */
  data: T;
  error?: undefined;
}

/**
 * Any other outcome: an HTTP error, or no response at all (`status: 0` with a `code`). `E` is
 * the error body's type: `unknown` unless a client typed by an OpenAPI document knows it from
 * the operation's 4xx, 5xx and `default` responses.
 */
export interface ApiFailure<E = unknown> extends ApiResponseBase {
  success: false;
  /** A human-readable error message. */
  error: string;
  /**
   * The error body as the client read it (an envelope's `data`, or the body itself), when the
   * server sent one; absent without a response (`status: 0`).
   */
  data?: E;
}

/**
 * The one shape every client call resolves to; calls never reject. A union discriminated by
 * `success`: after `if (res.success)`, `res.data` is `T`; otherwise `res.error` is a string
 * and `res.data` the error body, if any (`E`, `unknown` unless a document types it).
 *
 * @example
 * const res = await client.get<User[]>('/users');
 * if (res.success) console.log(res.data.length, res.meta?.total);
 * else console.error(res.status, res.error, res.code);
 */
export type ApiResponse<T = any, E = unknown> = ApiSuccess<T> | ApiFailure<E>;

/**
 * Asynchronous key/value storage for the session (browser `localStorage`, React Native
 * AsyncStorage, a keychain...).
 */
export interface StorageAdapter {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** The request as interceptors and `onRequest` see it. Interceptors may return a changed copy. */
export interface RequestConfig {
  method: HttpMethod;
  /** The absolute URL, query string included. */
  url: string;
  headers: Record<string, string>;
  body?: any;
  timeout?: number;
  signal?: AbortSignal;
}

/**
 * The request as a middleware sees it: a `RequestConfig`, plus `secret` for a body that must
 * never leave the base URL's origin (a refresh token). Once any step marks a call secret it
 * stays secret: it is sent to the base origin only, redirects included, or not at all
 * (`CLIENT_ERROR`).
 */
export interface BridgeRequest extends RequestConfig {
  secret?: boolean;
  /**
   * Whether a `{ success, data, … }` answer is an envelope the client unwraps
   * (docs/guide/requests.md, "How the body is read"). A dialect's transport
   * (`dialectTransport({ envelope: false })`) sets `false` for a backend that sends none: `data`
   * is then the body as sent, a failure's body included.
   * @default true
   */
  envelope?: boolean;
  /** See `RequestOptions.responseType`. */
  responseType?: 'stream';
}

/** What a middleware can read about the call it is part of (updated by every send). */
export interface MiddlewareCall {
  /** The latest request passed towards the network (`next`'s argument). */
  readonly request: BridgeRequest;
  /** Whether the last answer came back to a request that carried the session (with a cookie session: the cookies). */
  readonly sessionSent: boolean;
  /** The session id that request carried (token mode), else `null`. */
  readonly session: string | null;
  /** Whether the request can be sent again (`false` for a streamed body). */
  readonly replayable: boolean;
  /** The last answer is a 401 to a request that carried the session: the session was rejected. */
  readonly rejected: boolean;
  /**
   * The header the client put the session in (`X-Session-ID`), when the app did not choose it
   * (`ClientConfig.sessionHeader`) and the request's own headers did not replace it; else
   * absent. A dialect's transport moves the session from there to its backend's header
   * (`Authorization: Bearer`): the header is the backend's business, so the client leaves it
   * to the dialect, and tracks the session by its value wherever it goes.
   */
  readonly sessionHeader?: string;
  /**
   * With `sessionHeader`: the names of the request's own headers (`RequestOptions.headers`),
   * as given. They win over the session wherever a transport moves it; a default header
   * (`ClientConfig.headers`, `setHeader`) of the same name loses to it, as it does to the
   * client's own session header.
   */
  readonly ownHeaders?: readonly string[];
}

/** Sends the request (changed or not) on to the next step; resolves its answer. */
export type Next = (request?: BridgeRequest) => Promise<ApiResponse>;

/**
 * One step of the client's pipeline (`client.use(fn)`). It may change the request, answer
 * without calling `next` (short-circuit), call `next` more than once (replay), or read and
 * replace the answer. Runs once per call; retries and the time-out happen inside `next`.
 * A throw before `next` answered resolves the call with `CLIENT_ERROR`; a throw after keeps
 * the answer. Both reach `onError`.
 *
 * @example
 * client.use(async (request, next) => {
 *   const started = Date.now();
 *   const response = await next({ ...request, headers: { ...request.headers, 'X-Trace': id } });
 *   log(request.url, response.status, Date.now() - started);
 *   return response;
 * });
 */
export type Middleware = (
  request: BridgeRequest,
  next: Next,
  call: MiddlewareCall,
) => Promise<ApiResponse> | ApiResponse;

/** Changes a request before it is sent. Runs once per call, in registration order. */
export type RequestInterceptor = (config: RequestConfig) => Promise<RequestConfig> | RequestConfig;

/**
 * Changes a response after it arrives. Runs once per call, in registration order. The second
 * argument is the request as it was sent (after the request interceptors), so a log or a
 * metric can pair every outcome with its request, even when calls overlap.
 *
 * @example
 * client.addResponseInterceptor((res, req) => {
 *   console.log(req.method, req.url, res.status);
 *   return res;
 * });
 */
export type ResponseInterceptor = (
  response: ApiResponse,
  request: Readonly<RequestConfig>,
) => Promise<ApiResponse> | ApiResponse;

/**
 * Writes a request's `params` as a query string (no leading `?`): `openApiParams()`, or the
 * app's own function.
 *
 * @example
 * const serializer: ParamsSerializer = (params) => new URLSearchParams(params as Record<string, string>).toString();
 */
export type ParamsSerializer = (params: Record<string, unknown>) => string;

/** Options of one request. */
export interface RequestOptions {
  /**
   * Query parameters: null/undefined skipped, arrays comma-joined (docs/guide/requests.md, "URLs
   * and params").
   */
  params?: Record<string, unknown>;
  /**
   * Writes `params` for this request, over the client's `paramsSerializer` (an operation whose
   * document says `explode: false`, on a client that explodes the others).
   * @default the client's
   */
  paramsSerializer?: ParamsSerializer;
  /** Extra headers; they win over every other layer. */
  headers?: Record<string, string>;
  /** Time-out in ms for each attempt of this request; `0` disables it. */
  timeout?: number;
  /** Whether this request carries the session; wins over the client's setting. */
  includeSession?: boolean;
  /** Cancels the request (and any pending retry). */
  signal?: AbortSignal;
  /**
   * The body is a secret (a refresh token): the request goes to the base URL's origin only,
   * whatever a middleware or a redirect does, else it resolves `CLIENT_ERROR`. Its body never
   * appears in the client's events (`client.observe`).
   */
  secret?: boolean;
  /**
   * What the request stands for as the app wrote it (the query builder sets its `toURL()`):
   * the `request` event (`client.observe`) shows it beside the URL that goes out, which a
   * dialect may have written differently. Changes nothing of what is sent.
   */
  query?: string;
  /**
   * The request keeps the session it was signed with, and only that one: it is never re-signed
   * with a newer session, and a 401 to it is not taken as the client's session being rejected
   * (no session-rejected listener hears it, so the auth service does not sign out, and the auth
   * lifecycle neither refreshes nor sends it again). For a request made on behalf of one user
   * that may be answered after another signed in: the offline queue's replays.
   * @default false
   */
  pinSession?: boolean;
  /**
   * `'stream'`: a 2xx answer's body is not read; `data` is its `ReadableStream` of bytes, for
   * the caller to read (a Server-Sent Events feed) and to cancel when done. The time-out
   * covers the wait for the answer's headers only. Any other answer is read as always.
   * @default the body is read (docs/guide/requests.md, "How the body is read")
   * @example
   * const res = await api.get<ReadableStream<Uint8Array>>('/events', { responseType: 'stream' });
   * if (res.success) {
   *   const reader = res.data.getReader();
   *   console.log((await reader.read()).value?.byteLength);
   *   await reader.cancel();
   * }
   */
  responseType?: 'stream';
}
