/**
 * The typed surface of a `Client` created with an OpenAPI `paths` interface:
 * `createClient<paths>(baseUrl)`. Types only: the object is the same `Client`.
 */
import type { Client } from '../client/client';
import type { QueryBuilder, WhereOperator } from '../query/QueryBuilder';
import type { SortDirection } from '../query/serializer';
import type {
  BodyArg,
  BodyArgs,
  Endpoint,
  FieldName,
  ListItem,
  MatchPath,
  Operation,
  OptionsArgs,
  PathMethod,
  SuccessData,
} from './typedPaths';
import type { ApiResponse, HttpMethod, RequestOptions } from '../contract/http';

/** The key of the phantom member that carries a typed client's `paths` (types only). */
declare const pathsOf: unique symbol;

/** A `Client` not typed by a document (what `createClient()` without a type argument returns). */
export type UntypedClient = Client & { readonly [pathsOf]?: undefined };

/** The operation an endpoint `E` reaches with method `M`. */
export type OperationAt<Paths, M extends PathMethod, E extends string> = Operation<
  Paths,
  MatchPath<Paths, M, E>,
  M
>;

/**
 * What `res.data` is after `if (res.success)` for `M` on endpoint `E`: the success body,
 * envelope unwrapped as the client does, or as sent with `Envelope` `false` (a dialect with
 * `envelope: false`, which every built-in dialect is).
 */
export type ResponseData<
  Paths,
  M extends PathMethod,
  E extends string,
  Envelope extends boolean = true,
> = SuccessData<OperationAt<Paths, M, E>, Envelope>;

/** The item of the list `GET E` answers (`Pet` for `Pet[]` or `{ data: Pet[] }`). */
export type ListItemAt<Paths, E extends string> = ListItem<ResponseData<Paths, 'get', E>>;

// An endpoint whose pattern fits but whose segments match no path (`/pets/1/toys` against
// `/pets/{id}`) asks for one more argument that nothing satisfies.
type Checked<Paths, M extends PathMethod, E extends string, Args extends unknown[]> = [
  MatchPath<Paths, M, E>,
] extends [never]
  ? [endpoint_matches_no_path_of_the_document: never]
  : Args;

// The second signature of each verb: `api.get<Custom>('/pets')`. `T` defaults to `never`,
// which refuses every endpoint, so only an explicit type argument selects it.
type Explicit<T, E> = [T] extends [never] ? never : E;

// An endpoint of the document under any method (what an explicit `request<T>()` accepts).
type AnyEndpoint<Paths> = { [M in PathMethod]: Endpoint<Paths, M> }[PathMethod];

/**
 * A builder whose `get()` resolves the endpoint's success data (`Body`) and whose `where`,
 * `filter`, `sort` and `orderBy` suggest the list item's fields; any other string is still
 * accepted (backend-specific fields).
 *
 * @example
 * const res = await api.query('/pets').where('tag', 'dog').sort('name').get();
 * if (res.success) res.data; // Pet[]
 */
export interface TypedQueryBuilder<Body, Item = ListItem<Body>> extends QueryBuilder<Body> {
  where(field: FieldName<Item>, value: unknown): this;
  where(field: FieldName<Item>, operator: WhereOperator, value: unknown): this;
  filter(field: FieldName<Item>, value: unknown): this;
  filter(field: FieldName<Item>, operator: WhereOperator, value: unknown): this;
  sort(field: FieldName<Item>, direction?: SortDirection): this;
  orderBy(field: FieldName<Item>, direction?: SortDirection): this;
}

/**
 * A write executor of a typed builder (`post`, `put`, `patch`, `delete`): it sends the
 * builder's URL with the method `M`, so the endpoint must have that operation; the body is
 * checked against its `requestBody` and the answer is its success data. An explicit type
 * argument names the answer and leaves the body unchecked (the only form accepted when the
 * endpoint has no such operation).
 *
 * @example
 * const res = await api.query(`/pets/${id}`).param('notify', true).patch({ tag: 'cat' });
 * if (res.success) res.data; // Pet
 */
export interface BuilderWrite<
  Paths,
  M extends 'post' | 'put' | 'patch' | 'delete',
  E extends string,
  Envelope extends boolean = true,
> {
  (
    ...body: Checked<Paths, M, E, M extends 'delete' ? [] : BodyArg<OperationAt<Paths, M, E>>>
  ): Promise<ApiResponse<ResponseData<Paths, M, E, Envelope>>>;
  <R = never>(
    ...body: [R] extends [never] ? [explicit_type_argument_required: never] : [body?: unknown]
  ): Promise<ApiResponse<R>>;
}

/**
 * The builder of a document endpoint (`api.query('/pets')`): a `TypedQueryBuilder` of its
 * GET data whose write executors are typed by the same path's other operations.
 *
 * @example
 * const list = await api.query('/pets').where('tag', 'dog').get(); // Pet[]
 * const made = await api.query('/pets').post({ name: 'Rex' }); // Pet; the body is a NewPet
 * // @ts-expect-error '/pets' has no DELETE in the document
 * api.query('/pets').delete();
 */
export interface DocumentQueryBuilder<Paths, E extends string, Envelope extends boolean = true>
  extends TypedQueryBuilder<ResponseData<Paths, 'get', E, Envelope>, ListItemAt<Paths, E>> {
  delete: BuilderWrite<Paths, 'delete', E, Envelope>;
  post: BuilderWrite<Paths, 'post', E, Envelope>;
  put: BuilderWrite<Paths, 'put', E, Envelope>;
  patch: BuilderWrite<Paths, 'patch', E, Envelope>;
}

/**
 * `post`, `put` and `patch` of a typed client: the body checked against the operation's
 * `requestBody`, or any body when an explicit type argument names the answer.
 */
export interface BodyVerb<
  Paths,
  M extends 'post' | 'put' | 'patch',
  Envelope extends boolean = true,
> {
  <E extends Endpoint<Paths, M>>(
    endpoint: E,
    ...args: Checked<Paths, M, E, BodyArgs<OperationAt<Paths, M, E>, RequestOptions>>
  ): Promise<ApiResponse<ResponseData<Paths, M, E, Envelope>>>;
  <T = never>(
    endpoint: Explicit<T, Endpoint<Paths, M>>,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
}

/**
 * A `Client` typed by an OpenAPI document's `paths` (as `openapi-typescript` v7 generates
 * them): endpoints, query parameters, request bodies and success data are checked. It is a
 * `Client` (pass it wherever one is expected); only the verbs, `query` and `request` are
 * retyped. `Envelope` is `false` when the client's dialect turns envelopes off (every
 * built-in dialect): `res.data` is then the body as sent, not its unwrapped `data`.
 *
 * @example
 * import type { paths } from './api';
 * const api = createClient<paths>('https://petstore.example.com/api');
 * const res = await api.get(`/pets/${id}`);
 * if (res.success) res.data.name; // string
 */
export interface TypedClient<Paths, Envelope extends boolean = true> extends Client {
  /** Never set: the document's `paths`, for inference (`createBridgeApiService`). */
  readonly [pathsOf]?: Paths;

  get<E extends Endpoint<Paths, 'get'>>(
    endpoint: E,
    ...options: Checked<Paths, 'get', E, OptionsArgs<OperationAt<Paths, 'get', E>, RequestOptions>>
  ): Promise<ApiResponse<ResponseData<Paths, 'get', E, Envelope>>>;
  get<T = never>(
    endpoint: Explicit<T, Endpoint<Paths, 'get'>>,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;

  post: BodyVerb<Paths, 'post', Envelope>;
  put: BodyVerb<Paths, 'put', Envelope>;
  patch: BodyVerb<Paths, 'patch', Envelope>;

  delete<E extends Endpoint<Paths, 'delete'>>(
    endpoint: E,
    ...options: Checked<
      Paths,
      'delete',
      E,
      OptionsArgs<OperationAt<Paths, 'delete', E>, RequestOptions>
    >
  ): Promise<ApiResponse<ResponseData<Paths, 'delete', E, Envelope>>>;
  delete<T = never>(
    endpoint: Explicit<T, Endpoint<Paths, 'delete'>>,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;

  query<E extends Endpoint<Paths, 'get'>>(
    endpoint: E,
    ...check: Checked<Paths, 'get', E, []>
  ): DocumentQueryBuilder<Paths, E, Envelope>;
  query<T = never>(endpoint: Explicit<T, Endpoint<Paths, 'get'>>): TypedQueryBuilder<T>;

  /**
   * Sends `method` to `endpoint`: checked like the verb of that method (the endpoint must
   * have the operation, the body its `requestBody`, `options.params` its query parameters),
   * resolving its success data; an explicit type argument names the answer instead.
   *
   * @example
   * const res = await api.request('POST', '/pets', { name: 'Rex' });
   * if (res.success) res.data; // Pet
   */
  request<Method extends HttpMethod, E extends Endpoint<Paths, Lowercase<Method>>>(
    method: Method,
    endpoint: E,
    ...args: Checked<
      Paths,
      Lowercase<Method>,
      E,
      BodyArgs<OperationAt<Paths, Lowercase<Method>, E>, RequestOptions>
    >
  ): Promise<ApiResponse<ResponseData<Paths, Lowercase<Method>, E, Envelope>>>;
  request<T = never>(
    method: HttpMethod,
    endpoint: Explicit<T, AnyEndpoint<Paths>>,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
}
