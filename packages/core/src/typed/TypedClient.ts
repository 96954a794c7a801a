/**
 * The typed surface of a `Client` created with an OpenAPI `paths` interface:
 * `createClient<paths>(baseUrl)`. Types only: the object is the same `Client`.
 *
 * Each typed call resolves its endpoint once (`ResolveEndpoint`: a walk down an index of the
 * document's paths, so its cost does not grow with the document) and reads everything else
 * (the body, the query, the answer) from the operation it found. A mistake is one error where
 * it is: at the endpoint (the sentence of `ResolveEndpoint`), or at the property of the body or
 * the query that does not fit.
 */
import type { Client } from '../client/client';
import type {
  ApiFailure,
  ApiResponse,
  ApiSuccess,
  HttpMethod,
  RequestOptions,
  ResponseMeta,
} from '../contract/http';
import type { QueryBuilder, WhereOperator } from '../query/QueryBuilder';
import type { SortDirection } from '../query/serializer';
import type {
  AnswerOf,
  BodyParam,
  EndpointArg,
  ExplicitArgs,
  ExplicitEndpoint,
  Given,
  OptionsParam,
} from './callArgs';
import type { NoOperation, Resolved, ResolveEndpoint, ResolvePath } from './resolveEndpoint';
import type {
  BodyRequired,
  Endpoint,
  FailureData,
  FieldName,
  ListItem,
  ListRow,
  Operation,
  PathMethod,
  SuccessData,
} from './typedPaths';

/** The key of the phantom member that carries a typed client's `paths` (types only). */
declare const pathsOf: unique symbol;

/**
 * What every client typed by document `Paths` has (a phantom member, never set): how
 * `createBridgeApiService` and the hooks find the document of the client they are given.
 */
export interface DocumentTyped<Paths> {
  /** Never set: the document's `paths`, for inference. */
  readonly [pathsOf]?: Paths;
}

/** A `Client` not typed by a document (what `createClient()` without a type argument returns). */
export type UntypedClient = Client & { readonly [pathsOf]?: undefined };

/** The operation an endpoint `E` reaches with method `M` (`never` when it reaches none). */
export type OperationAt<Paths, M extends PathMethod, E extends string> =
  ResolveEndpoint<Paths, M, E> extends Resolved<string, infer Op> ? Op : never;

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

/**
 * The operation `M` of the item path below endpoint `E` (`E/{id}`: where a service reads,
 * updates and deletes one record), whatever the id's schema type; `never` when it has none.
 *
 * @example
 * type Patch = ItemOperationAt<paths, 'patch', '/pets'>; // the operation of PATCH /pets/{id}
 */
export type ItemOperationAt<Paths, M extends PathMethod, E extends string> =
  ResolvePath<Paths, `${E}/${string}`> extends infer P extends string
    ? Operation<Paths, P, M>
    : never;

/** The item of the list `GET E` answers (`Pet` for `Pet[]` or `{ data: Pet[] }`). */
export type ListItemAt<Paths, E extends string> = ListItem<ResponseData<Paths, 'get', E>>;

/**
 * The `meta` of a list the builder read: the page and its size always, the total and the
 * page count when the backend said them.
 */
export interface ListMeta extends ResponseMeta {
  page: number;
  limit: number;
  total?: number;
  totalPages?: number;
}

/** A list the builder read: `data` is the rows, `meta` a `ListMeta`. */
export interface ListSuccess<Rows> extends ApiSuccess<Rows> {
  meta: ListMeta;
}

/**
 * What a typed builder's `get()` resolves: the rows and their `ListMeta`, or a failure whose
 * `data` is the operation's failure body.
 */
export type ListResponse<Rows, Failure = unknown> = ListSuccess<Rows> | ApiFailure<Failure>;

/**
 * The type of an endpoint parameter typed by document `Paths` for method `M`: `E` itself when
 * it reaches an operation, else the sentence that says why it does not (so the argument is
 * the one error, and it names the mistake).
 *
 * @example
 * declare function list<const E extends string>(endpoint: EndpointFor<paths, 'get', E>): void;
 * list('/pets'); // ok
 * list('/pest'); // Argument of type '"/pest"' is not assignable to parameter of type '"'/pest' is not a path of the document"'
 */
export type EndpointFor<Paths, M extends PathMethod, E extends string> = EndpointArg<
  ResolveEndpoint<Paths, M, E>,
  E,
  M
>;

/** What the endpoint parameter suggests in an editor: the document's paths (any string fits). */
type Suggested<Paths> = (keyof Paths & string) | (string & {});

/**
 * A builder whose `get()` resolves the list's rows and whose `where`, `filter`, `sort` and
 * `orderBy` suggest the row's fields; any other string is still accepted (backend-specific
 * fields).
 *
 * @example
 * const res = await api.query('/pets').where('tag', 'dog').sort('name').get();
 * if (res.success) res.data; // Pet[]; res.meta.page, res.meta.total?
 */
export interface TypedQueryBuilder<Rows, Item = ListItem<Rows>, Failure = unknown>
  extends QueryBuilder<Rows> {
  get<R = Rows>(): Promise<ListResponse<R, Failure>>;
  where(field: FieldName<Item>, value: unknown): this;
  where(field: FieldName<Item>, operator: WhereOperator, value: unknown): this;
  filter(field: FieldName<Item>, value: unknown): this;
  filter(field: FieldName<Item>, operator: WhereOperator, value: unknown): this;
  sort(field: FieldName<Item>, direction?: SortDirection): this;
  orderBy(field: FieldName<Item>, direction?: SortDirection): this;
}

/**
 * A write executor of a typed builder (`post`, `put`, `patch`, `delete`): it sends the
 * builder's URL with the method `M`, so the path must have that operation; the body is
 * checked against its request body and the answer is its data. An explicit type argument
 * names the answer and leaves the body unchecked (the only form accepted when the path has no
 * such operation).
 *
 * @example
 * const res = await api.query(`/pets/${id}`).param('notify', true).patch({ tag: 'cat' });
 * if (res.success) res.data; // Pet
 */
export interface BuilderWrite<
  Paths,
  M extends 'post' | 'put' | 'patch' | 'delete',
  P extends string,
  Envelope extends boolean = true,
> {
  (
    this: BuilderThis<Paths, M, P, 'endpoint'>,
  ): AnswerOf<Resolved<P, Operation<Paths, P, M>>, Envelope>;
  (
    this: BuilderThis<Paths, M, P, 'body'>,
    body: BodyParam<Resolved<P, Operation<Paths, P, M>>>,
  ): AnswerOf<Resolved<P, Operation<Paths, P, M>>, Envelope>;
  <R = never>(...body: ExplicitArgs<R, [body?: unknown]>): Promise<ApiResponse<R>>;
}

// The `this` of a write executor: any builder, or why the call cannot be sent as written.
type BuilderThis<Paths, M extends PathMethod, P extends string, Upto extends Given> = [
  Operation<Paths, P, M>,
] extends [never]
  ? `${Uppercase<M>} is not an operation of '${P}': give a type argument to send it anyway`
  : Upto extends 'endpoint'
    ? BodyRequired<Operation<Paths, P, M>> extends true
      ? `${Uppercase<M>} '${P}' takes a request body: pass it to ${M}()`
      : unknown
    : unknown;

/**
 * The row of the list `GET P` answers, as the builder's `get()` reads it (`ListRow`): `never`
 * when it answers no list.
 */
export type ListRowAt<Paths, P extends string, Envelope extends boolean = true> = ListRow<
  SuccessData<Operation<Paths, P, 'get'>, Envelope>,
  Envelope
>;

// The `this` of a document builder's `get()`: any builder of a path that answers a list, else
// why it cannot be read (at run time its `get()` would resolve a CLIENT_ERROR).
type ReadThis<Row, P extends string> = [Row] extends [never]
  ? `GET '${P}' answers no list, and query().get() reads lists: read its answer with get()`
  : unknown;

/**
 * The builder of document path `P` (`api.query('/pets')`): a `TypedQueryBuilder` of its GET
 * list whose write executors are typed by the same path's other operations. `get()` is an
 * error on a path whose GET answers no list (`ListRowAt` is `never`).
 *
 * @example
 * const list = await api.query('/pets').where('tag', 'dog').get(); // Pet[]
 * const made = await api.query('/pets').post({ name: 'Rex' }); // Pet; the body is a NewPet
 * api.query('/pets').delete(); // a type error: DELETE is not an operation of '/pets'
 */
export interface DocumentQueryBuilder<Paths, P extends string, Envelope extends boolean = true>
  extends TypedQueryBuilder<
    ListRowAt<Paths, P, Envelope>[],
    ListRowAt<Paths, P, Envelope>,
    FailureData<Operation<Paths, P, 'get'>, Envelope>
  > {
  /**
   * Reads the list `GET P` answers: its rows and their `ListMeta`. An error when `P` answers
   * no list (one record, a search result object): the client's `get()` reads that.
   *
   * @example
   * const res = await api.query('/pets').where('tag', 'dog').get();
   * if (res.success) res.data; // Pet[]
   */
  get<R = ListRowAt<Paths, P, Envelope>[]>(
    this: ReadThis<ListRowAt<Paths, P, Envelope>, P>,
  ): Promise<ListResponse<R, FailureData<Operation<Paths, P, 'get'>, Envelope>>>;
  delete: BuilderWrite<Paths, 'delete', P, Envelope>;
  post: BuilderWrite<Paths, 'post', P, Envelope>;
  put: BuilderWrite<Paths, 'put', P, Envelope>;
  patch: BuilderWrite<Paths, 'patch', P, Envelope>;
}

/**
 * `post`, `put` and `patch` of a typed client: the body checked against the operation's
 * request body, or any body when an explicit type argument names the answer. One signature
 * per number of arguments (see `EndpointArg`).
 */
export interface BodyVerb<
  Paths,
  M extends 'post' | 'put' | 'patch',
  Envelope extends boolean = true,
  Serialized extends boolean = false,
> {
  <const E extends Suggested<Paths>>(
    endpoint: EndpointArg<ResolveEndpoint<Paths, M, E>, E, M, 'endpoint'>,
  ): AnswerOf<ResolveEndpoint<Paths, M, E>, Envelope>;
  <const E extends Suggested<Paths>>(
    endpoint: EndpointArg<ResolveEndpoint<Paths, M, E>, E, M, 'body'>,
    body: BodyParam<ResolveEndpoint<Paths, M, E>>,
  ): AnswerOf<ResolveEndpoint<Paths, M, E>, Envelope>;
  <const E extends Suggested<Paths>>(
    endpoint: EndpointArg<ResolveEndpoint<Paths, M, E>, E, M>,
    body: BodyParam<ResolveEndpoint<Paths, M, E>>,
    options: OptionsParam<ResolveEndpoint<Paths, M, E>, Serialized>,
  ): AnswerOf<ResolveEndpoint<Paths, M, E>, Envelope>;
  <T = never>(
    endpoint: ExplicitEndpoint<T, Endpoint<Paths, M>>,
    ...args: ExplicitArgs<T, [body?: unknown, options?: RequestOptions]>
  ): Promise<ApiResponse<T>>;
}

/**
 * `get` and `delete` of a typed client: the options checked against the operation's query
 * parameters, or any when an explicit type argument names the answer.
 */
export interface OptionsVerb<
  Paths,
  M extends 'get' | 'delete',
  Envelope extends boolean = true,
  Serialized extends boolean = false,
> {
  <const E extends Suggested<Paths>>(
    endpoint: EndpointArg<ResolveEndpoint<Paths, M, E>, E, M, 'body'>,
  ): AnswerOf<ResolveEndpoint<Paths, M, E>, Envelope>;
  <const E extends Suggested<Paths>>(
    endpoint: EndpointArg<ResolveEndpoint<Paths, M, E>, E, M>,
    options: OptionsParam<ResolveEndpoint<Paths, M, E>, Serialized>,
  ): AnswerOf<ResolveEndpoint<Paths, M, E>, Envelope>;
  <T = never>(
    endpoint: ExplicitEndpoint<T, Endpoint<Paths, M>>,
    ...options: ExplicitArgs<T, [options?: RequestOptions]>
  ): Promise<ApiResponse<T>>;
}

// The method parameter of `request()`: the method itself, or why the endpoint's path has no
// such operation. The endpoint's own problems are reported at the endpoint.
type MethodArg<Paths, Method extends HttpMethod, E extends string> =
  ResolvePath<Paths, E> extends infer P extends string
    ? [Operation<Paths, P, Lowercase<Method>>] extends [never]
      ? NoOperation<Paths, Lowercase<Method>, P>
      : Method
    : Method;

// The endpoint parameter of `request()`: its problems but a missing operation (the method's).
type RequestEndpointArg<Paths, Method extends HttpMethod, E extends string, Upto extends Given> =
  ResolvePath<Paths, E> extends infer P extends string
    ? [Operation<Paths, P, Lowercase<Method>>] extends [never]
      ? E
      : EndpointArg<ResolveEndpoint<Paths, Lowercase<Method>, E>, E, Lowercase<Method>, Upto>
    : EndpointArg<ResolvePath<Paths, E>, E, Lowercase<Method>>;

// Any endpoint of the document, whatever the method (what an explicit `request<T>()` accepts).
type AnyEndpoint<Paths> = { [M in PathMethod]: Endpoint<Paths, M> }[PathMethod];

/**
 * A `Client` typed by an OpenAPI document's `paths` (as `openapi-typescript` v7 generates
 * them): endpoints, path parameters, query parameters, request bodies, success and failure
 * data are checked. It is a `Client` (pass it wherever one is expected); only the verbs,
 * `query` and `request` are retyped. `Envelope` is `false` when the client's dialect turns
 * envelopes off (every built-in dialect): `res.data` is then the body as sent, not its
 * unwrapped `data`. `Serialized` is `true` when the client has a `paramsSerializer`: only then
 * do array and object query values type-check.
 *
 * @example
 * import type { paths } from './api';
 * const api = createClient<paths>('https://petstore.example.com/api');
 * const res = await api.get(`/pets/${id}`);
 * if (res.success) res.data.name; // string
 * else res.data; // the document's error body, if it describes one
 */
export interface TypedClient<
  Paths,
  Envelope extends boolean = true,
  Serialized extends boolean = false,
> extends Client,
    DocumentTyped<Paths> {
  get: OptionsVerb<Paths, 'get', Envelope, Serialized>;
  delete: OptionsVerb<Paths, 'delete', Envelope, Serialized>;
  post: BodyVerb<Paths, 'post', Envelope, Serialized>;
  put: BodyVerb<Paths, 'put', Envelope, Serialized>;
  patch: BodyVerb<Paths, 'patch', Envelope, Serialized>;

  /**
   * Starts a builder on a GET path of the document: `get()` resolves its rows, `where` and
   * `sort` suggest the row's fields, the write executors are typed by the path's other
   * operations. An explicit type argument names the rows instead.
   *
   * @example
   * const res = await api.query('/pets').where('tag', 'dog').page(2).get();
   * if (res.success) res.data; // Pet[]
   */
  query<const E extends Suggested<Paths>>(
    endpoint: EndpointArg<ResolveEndpoint<Paths, 'get', E>, E, 'get'>,
  ): ResolveEndpoint<Paths, 'get', E> extends Resolved<infer P>
    ? DocumentQueryBuilder<Paths, P, Envelope>
    : TypedQueryBuilder<unknown>;
  query<T = never>(
    endpoint: ExplicitEndpoint<T, Endpoint<Paths, 'get'>>,
    ...explicit: ExplicitArgs<T, []>
  ): TypedQueryBuilder<T>;

  /**
   * Sends `method` to `endpoint`: checked like the verb of that method (the endpoint must
   * have the operation, the body its request body, `options.params` its query parameters),
   * resolving its data; an explicit type argument names the answer instead.
   *
   * @example
   * const res = await api.request('POST', '/pets', { name: 'Rex' });
   * if (res.success) res.data; // Pet
   */
  request<const Method extends HttpMethod, const E extends Suggested<Paths>>(
    method: MethodArg<Paths, Method, E>,
    endpoint: RequestEndpointArg<Paths, Method, E, 'endpoint'>,
  ): AnswerOf<ResolveEndpoint<Paths, Lowercase<Method>, E>, Envelope>;
  request<const Method extends HttpMethod, const E extends Suggested<Paths>>(
    method: MethodArg<Paths, Method, E>,
    endpoint: RequestEndpointArg<Paths, Method, E, 'body'>,
    body: BodyParam<ResolveEndpoint<Paths, Lowercase<Method>, E>>,
  ): AnswerOf<ResolveEndpoint<Paths, Lowercase<Method>, E>, Envelope>;
  request<const Method extends HttpMethod, const E extends Suggested<Paths>>(
    method: MethodArg<Paths, Method, E>,
    endpoint: RequestEndpointArg<Paths, Method, E, 'options'>,
    body: BodyParam<ResolveEndpoint<Paths, Lowercase<Method>, E>>,
    options: OptionsParam<ResolveEndpoint<Paths, Lowercase<Method>, E>, Serialized>,
  ): AnswerOf<ResolveEndpoint<Paths, Lowercase<Method>, E>, Envelope>;
  request<T = never>(
    method: HttpMethod,
    endpoint: ExplicitEndpoint<T, AnyEndpoint<Paths>>,
    ...args: ExplicitArgs<T, [body?: unknown, options?: RequestOptions]>
  ): Promise<ApiResponse<T>>;
}
