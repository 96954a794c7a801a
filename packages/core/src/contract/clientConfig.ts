/**
 * The options of `createClient(baseUrl, config)`. Apart from `types` because they
 * name the dialect, whose contract names the services' shapes.
 */
import type { Dialect } from './dialect';
import type { SessionModule } from './sessionModule';
import type { ApiResponse, ParamsSerializer, RequestConfig, StorageAdapter } from './http';

/** Options of `createClient(baseUrl, config)`. Every field is optional. */
export interface ClientConfig {
  /**
   * How the backend speaks (query syntax, lists, records, auth, errors): see
   * `@bridgekit/core/dialects`. Explicit options (`sessionHeader`, auth paths, an entity's
   * `customEndpoints`/`updateMethod`) win over the dialect's defaults.
   * @default the Bridgekit protocol (the reference server's, packages/server/README.md)
   */
  dialect?: Dialect;
  /**
   * A session module in place of the built-in header session: `cookieSession()` from
   * `@bridgekit/core/auth` keeps the session in the server's `HttpOnly` cookies (no session
   * header, nothing stored, `credentials: 'include'` for the base origin only). Cannot be
   * combined with `sessionId` or `getSessionId`.
   * @default undefined (the session header, from memory, `getSessionId` and storage)
   * @example
   * createClient(url, { session: cookieSession() })
   */
  session?: SessionModule;
  /**
   * A fixed session identifier, used until `setSessionId` or `clearSession`.
   * @default undefined
   */
  sessionId?: string;
  /**
   * The app's own session source, consulted on every request after the in-memory value.
   * @default undefined
   */
  getSessionId?: () => Promise<string | null> | string | null;
  /**
   * Whether requests carry the session header. A request's own `includeSession` wins.
   * @default true
   */
  includeSession?: boolean;
  /**
   * Name of the header that carries the session.
   * @default 'X-Session-ID'
   */
  sessionHeader?: string;
  /**
   * Where the session is looked up and saved.
   * @default localStorage in a browser (guarded), none in Node/Bun/Deno
   */
  storage?: StorageAdapter;
  /**
   * Extra storage keys searched for a session, after `client_session_id`, `session_id`, `sessionId`.
   * @default []
   */
  sessionKeys?: string[];
  /**
   * Written before every storage key Bridgekit owns: the session's (`client_session_id`,
   * `session_id`, `sessionId`), the auth service's user (`bridgekit_user`) and the auth
   * lifecycle's refresh token (`bridgekit_refresh_token`), so two clients on two APIs can
   * share one storage without reading each other's session. `sessionKeys` and keys given
   * explicitly are used as given. The React providers give every instance but the default
   * one `'<instance id>:'`.
   * @default ''
   */
  storageKeyPrefix?: string;
  /**
   * Default headers for every request.
   * @default {}
   */
  headers?: Record<string, string>;
  /**
   * Extra tries after a retryable failure (network error, time-out, 408, 425, 429, 500, 502,
   * 503, 504) of an idempotent request.
   * @default 0
   */
  retryAttempts?: number;
  /**
   * Base of the exponential backoff with full jitter, in ms; capped at 10 s.
   * @default 300
   */
  retryDelay?: number;
  /**
   * Time-out per attempt in ms; `0` disables it.
   * @default 30000
   */
  timeout?: number;
  /** Called once per call, after the request interceptors, before sending. */
  onRequest?: (config: RequestConfig) => Promise<void> | void;
  /** Called once per call with the final response (failures included) and the request it answers. */
  onResponse?: (response: ApiResponse, request: Readonly<RequestConfig>) => Promise<void> | void;
  /** Called with an `Error` for failures without an HTTP response and for throwing hooks. */
  onError?: (error: Error) => void;
  /**
   * The `fetch` to use.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /**
   * Writes `options.params` into the query string instead of the default format (arrays
   * comma-joined, docs/guide/requests.md, "URLs and params"). `openApiParams()` writes them as an
   * OpenAPI document means them (`form` style, exploded: `status=a&status=b`); a client typed by a
   * document accepts array and object query values only with one. A request's own
   * `paramsSerializer` wins. The query builder is not affected: its format is the dialect's.
   * @default undefined (the default format)
   * @example
   * createClient<paths>(url, { paramsSerializer: openApiParams() })
   */
  paramsSerializer?: ParamsSerializer;
}
