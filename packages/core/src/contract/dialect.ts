/**
 * The contract of a backend dialect (core README, "Backends"): one plain object that owns how one
 * backend family speaks, so the builder, the services, the hooks and the components never branch on
 * the backend. Every part is optional; a missing part keeps the default protocol's behaviour (the
 * reference server's, packages/server/README.md) for that part. Built-in dialects live in
 * `@bridgekit/core/dialects`.
 */
import type { QueryEntry, QuerySerializer } from './query';
import type { EntityOperation, ListRequest, PaginatedResponse } from './entity';

export type { ListRequest } from './entity';
import type { AccountPaths, AuthPaths, LoginCredentials, LoginResult, User } from './auth';
import type { ApiResponse, HttpMethod, Middleware, RequestOptions } from './http';
import type { LiveSource } from './live';

/**
 * The query part: builder entries (and the services' params, turned into the same entries)
 * -> query string. One entry may become several pairs or none.
 */
export interface DialectQuery extends QuerySerializer {
  /**
   * Why this dialect cannot express an entry (an operator, search text, an offset...), or
   * `undefined` when it can. The builder throws a `TypeError` with this text at the call
   * that adds the entry; a service resolves its request as `CLIENT_ERROR`. The text names
   * the operator and the dialect, e.g. `json-server 1.x cannot express operator 'between'`.
   */
  check?(entry: QueryEntry): string | undefined;
  /**
   * The path the builder sends to, from the one given to `client.query(path)`, the way the
   * records part writes the services' paths (DRF's trailing slash). May be absolute or
   * carry a `?query`/`#fragment`. @default the path as given
   */
  path?(endpoint: string): string;
}

/**
 * The lists part: a list response (body and headers) -> `{ data, meta }`, for the services'
 * `getList`/`search` and the query builder's `get()`. Without it the services read lists with
 * `parseListResponse` and the builder reads the answer's `data` as the rows (a `CLIENT_ERROR`
 * when it is no array), paged by the envelope's meta.
 */
export type DialectList = <T>(
  response: ApiResponse,
  requested: ListRequest,
) => PaginatedResponse<T>;

/** The records part: paths, verbs, headers and bodies of the six service operations. */
export interface DialectRecords {
  /**
   * Path of an operation under the client's base URL. `endpoint` has no trailing slash;
   * `id` is already URI-encoded. May carry a query (`/products?id=eq.7`).
   */
  path?(operation: EntityOperation, endpoint: string, id?: string): string;
  /**
   * Verb of `update`: the one that merges a partial record. `EntityConfig.updateMethod` wins.
   * @default 'PATCH'
   */
  updateMethod?: 'PUT' | 'PATCH';
  /** Extra request headers of an operation (PostgREST's `Prefer`, `Accept`). */
  headers?(operation: EntityOperation): Record<string, string> | undefined;
  /** The request body of `create`/`update` (e.g. `{ data: record }`). */
  wrap?(operation: EntityOperation, data: unknown): unknown;
  /** The record in a `get`/`create`/`update` response's `data` (e.g. `body.data`, `rows[0]`). */
  unwrap?(operation: EntityOperation, data: unknown): unknown;
}

/**
 * The client as a dialect's `operations` see it: its verbs (a `Client` is one). Declared here,
 * not imported, so that the dialect contract does not depend on the client that uses it.
 */
export interface OperationClient {
  request<T = any>(
    method: HttpMethod,
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  get<T = any>(endpoint: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = any>(
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  put<T = any>(endpoint: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  patch<T = any>(
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  delete<T = any>(endpoint: string, options?: RequestOptions): Promise<ApiResponse<T>>;
}

/**
 * One service operation as a dialect's `operations` receive it: what to do, not a URL. The
 * query builder's `get()` is a `list` too.
 */
export interface OperationRequest {
  /** The client the service sends through (its base URL, session, middleware). */
  client: OperationClient;
  /** The entity's endpoint, without a trailing slash (`'/products'`). */
  endpoint: string;
  /** The record's id (`get`, `update`, `delete`), as given (not encoded). */
  id?: string;
  /** The query of `list`, `search` and `get`: filters, sort, page..., already checked. */
  entries: QueryEntry[];
  /** The data of `create` and `update`, as given (`records.wrap` is not applied). */
  body?: unknown;
  /**
   * Headers to send with the request: the query builder's own (`header()`) under the records
   * part's list headers, when `client.query().get()` lists through `operations.list`.
   * @default none
   */
  headers?: Record<string, string>;
  /** The caller's signal of a read (`list`, `search`, `get`): pass it to the request. */
  signal?: AbortSignal;
}

/**
 * The operations part: a call per service operation, for a backend that is not REST-shaped
 * (an RPC endpoint) or that must be asked something first (json-server's version). A given
 * operation replaces the REST request, `list` that of the builder's `get()` too; its answer
 * still goes through the `list` part (`list`, `search`) or `records.unwrap` (the others), and a
 * service rejects a failure (`success: false`) as a `BridgeApiError`.
 */
export type DialectOperations = {
  [O in EntityOperation]?: (request: OperationRequest) => Promise<ApiResponse>;
} & {
  /**
   * The call of `getMany` (`@bridgekit/core/dialects`): `ids` (deduplicated, as text) -> an
   * answer whose `list` part gives the records. Without it, `getMany` searches or gets.
   */
  getMany?: (request: OperationRequest & { ids: string[] }) => Promise<ApiResponse>;
};

/** The auth part: how to sign in and what a login answer means. */
export interface DialectAuth {
  /** Paths of the auth endpoints (and of `@bridgekit/core/auth`); the provider's `authPaths` win. */
  paths?: Partial<AuthPaths & AccountPaths>;
  /** Body of the login request. @default the credentials as given */
  loginBody?(credentials: LoginCredentials): unknown;
  /**
   * A login answer's `data` -> `{ user, sessionId, expiresAt }`; `undefined` when unusable.
   * `read` is the default mapping (`sessionId`, `session_id`, `accessToken`, `token`, `jwt`
   * next to `user`), so a dialect can start from it without importing it.
   */
  login?(data: unknown, read: (data: unknown) => LoginResult | undefined): LoginResult | undefined;
  /** The backend's user -> Bridgekit's `User` (with `id` and `userType`). */
  user?(raw: unknown): User | null;
  /**
   * Bodies of the account flows of `@bridgekit/core/auth`: each maps the default body (see
   * `AccountFlow`) to this backend's. `null` says the backend has no such flow: the call
   * rejects with `CLIENT_ERROR` naming the dialect and sends nothing.
   * @default the default bodies
   */
  account?: { [F in AccountFlow]?: ((body: Record<string, unknown>) => unknown) | null };
}

/**
 * The account flows a dialect can map, with their default bodies: `register` (the data as
 * given), `refresh` `{ refreshToken }`, `passwordForgot` `{ email }`, `passwordReset`
 * `{ token, password }`, `passwordChange` `{ oldPassword, newPassword }`, `twoFactorVerify`
 * `{ challenge, code }`, `twoFactorSetup` `{}`, `twoFactorEnable` and `twoFactorDisable`
 * `{ code }`.
 */
export type AccountFlow =
  | 'register'
  | 'refresh'
  | 'passwordForgot'
  | 'passwordReset'
  | 'passwordChange'
  | 'twoFactorVerify'
  | 'twoFactorSetup'
  | 'twoFactorEnable'
  | 'twoFactorDisable';

/**
 * How the session travels (`dialectTransport`'s `session`): `header: 'Authorization', scheme:
 * 'Bearer'` sends `Bearer <id>`.
 */
export interface DialectSession {
  /** Header name. `ClientConfig.sessionHeader` wins. @default 'X-Session-ID' */
  header: string;
  /** Written before the session with one space (`Bearer`, `Token`). @default none */
  scheme?: string;
}

/** What an error body means (`dialectTransport`'s `errors`): the fields of a failed `ApiResponse`. */
export interface DialectErrorFields {
  error?: string;
  code?: string;
  errors?: Record<string, string>;
}

/** A response as the errors part sees it. */
export interface DialectErrorContext {
  status: number;
  headers: Headers;
}

/**
 * What a backend does with a create (`POST` to a collection) that reaches it twice: the first
 * try's answer was lost on the way, and the offline write queue must know whether sending it
 * again is safe (docs/guide/offline.md, "Creates whose answer was lost").
 *
 * - `'idempotency-key'`: it honours `Idempotency-Key` (a repeat gets the first answer again, and
 *   applies nothing): the queue sends it again. The default protocol (the reference server).
 * - `'client-id'`: it keeps an id the client gives in `field`, and refuses a second record with
 *   that id: the queue gives every create a random id (`randomUuid()`) when it has none, and a
 *   repeat the backend refuses for that reason (`isRepeat(response)`) counts as applied.
 * - `'none'`: neither (it ignores the key and makes its own ids): a create whose answer was
 *   lost waits in the queue's `unknown` list for the user to check, then resend or discard.
 *
 * Updates and deletes need none of this: sending one again sets the same state.
 *
 * @example
 * const creates: DialectCreates = {
 *   repeat: 'client-id',
 *   field: 'id',
 *   isRepeat: (response) => response.status === 409,
 * };
 */
export type DialectCreates =
  | { readonly repeat: 'idempotency-key' | 'none' }
  | {
      readonly repeat: 'client-id';
      /** The record's id field, sent with the create. */
      readonly field: string;
      /** Whether a failed answer is the backend refusing a second record with the same id. */
      isRepeat(response: ApiResponse): boolean;
    };

/**
 * How one backend family speaks. A plain object; every part optional.
 *
 * @example
 * const myApi: Dialect = {
 *   name: 'my-api',
 *   transport: dialectTransport({ session: { header: 'Authorization', scheme: 'Bearer' } }),
 *   records: { updateMethod: 'PATCH' },
 * };
 * const api = createClient('https://h/api', { dialect: myApi });
 */
export interface Dialect {
  /** Named in error messages (`… cannot express operator 'between'`). */
  readonly name: string;
  /**
   * Tells this dialect apart from another with the same name but other options, in the
   * keys of the React hooks' services and caches: two dialects with one `id` must speak
   * alike. The built-ins write their name and options (`Strapi 5{"search":["name"]}`), so a
   * factory called again on each render keeps its services and cache entries.
   * @default name
   */
  readonly id?: string;
  /**
   * `false` declares that the transport part turns envelopes off
   * (`dialectTransport({ envelope: false })`): the types read it (`createClient` then returns
   * a `TypedClient<paths, false>`, whose `data` is the body as sent). Only the default protocol
   * sends `{ success, data, … }` envelopes; elsewhere a record with a `success` field is data.
   * The client refuses `false` without a `transport` (nothing would turn envelopes off).
   * @default true
   */
  envelope?: boolean;
  query?: DialectQuery;
  list?: DialectList;
  records?: DialectRecords;
  operations?: DialectOperations;
  auth?: DialectAuth;
  /**
   * What the backend does with a create sent twice, for the offline write queue. The default
   * protocol honours `Idempotency-Key`; a dialect that says nothing is taken as `'none'`.
   * @default { repeat: 'none' } (the default protocol: { repeat: 'idempotency-key' })
   */
  creates?: DialectCreates;
  /**
   * The transport part: how requests and answers travel (the session header, envelopes, what
   * an error body means), as one middleware the client runs innermost, right before the
   * network, so interceptors, `onResponse` and `use()` middlewares see its mapped answers.
   * Usually `dialectTransport({ envelope, errors, session })`.
   */
  transport?: Middleware;
  /**
   * The live part: how the backend tells of other people's changes, for
   * `@bridgekit/core/live` (`{ ...feathers(), live: feathersLive({ socket }) }` for Feathers'
   * real-time events). Without it the live module polls the queries the app shows, cheaply
   * where the backend answers `If-None-Match` with 304. (The default protocol, a client with
   * no dialect, has the reference server's change feed.)
   * @default polling
   */
  live?: LiveSource;
}
