/**
 * Type machinery over an OpenAPI `paths` interface as `openapi-typescript` v7 generates it
 * (types only: nothing here exists at run time). `TypedClient` builds on it.
 *
 * The shape read (openapi-typescript v7):
 *
 *     interface paths {
 *       '/pets/{id}': {
 *         get: { parameters: { query?: {…}; path: { id: number } };
 *                requestBody?: never;
 *                responses: { 200: { content: { 'application/json': Pet } } } };
 *         put?: never; …
 *       };
 *     }
 *
 * Rules (the README's "Typed from OpenAPI" section says the same to users):
 * - an endpoint is a document path literally, or a concrete path matching a templated one
 *   (`/pets/${id}` matches `/pets/{id}`, one segment per parameter); a literal path wins;
 * - the success data is the union of the `application/json` bodies of the 2xx responses
 *   (`undefined` for a 2xx without content, 204), unwrapped like the client unwraps the
 *   Bridgekit envelope at run time (`EnvelopeData`).
 */

/** The lower-case methods of a path item that the client sends. */
export type PathMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The 2xx status keys openapi-typescript writes (numbers, and the `2XX` range). */
type OkStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226 | '2XX';

/** Keys of the Bridgekit envelope (the client's `ENVELOPE_KEYS`). */
type EnvelopeKey = 'success' | 'data' | 'error' | 'message' | 'meta' | 'status' | 'code' | 'errors';

/** Document paths (keys of `Paths`) that have an operation for `M`. */
export type PathsWith<Paths, M extends PathMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: { responses: unknown } } ? P : never;
}[keyof Paths] &
  string;

/** `'/pets/{id}/toys'` -> `` `/pets/${string}/toys` ``: what concrete endpoints look like. */
export type PathPattern<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${PathPattern<Tail>}`
  : P;

/** The segments of a path, as a count (a tuple of its length). */
type Segments<P extends string, Acc extends unknown[] = []> = P extends `${string}/${infer Rest}`
  ? Segments<Rest, [...Acc, 0]>
  : [...Acc, 0];

/**
 * The endpoints accepted for method `M`: every document path with that method, and the
 * pattern of each templated one. Checked once per call as a constraint (a flat union).
 */
export type Endpoint<Paths, M extends PathMethod> = {
  [P in PathsWith<Paths, M>]: P | PathPattern<P>;
}[PathsWith<Paths, M>];

/**
 * The document path an endpoint `E` stands for under method `M`: `E` itself when it is a
 * document path (a literal path wins over a template, whatever the method: `PATCH /pets/mine`
 * is refused when `/pets/mine` has no PATCH, as OpenAPI matches concrete paths first), else
 * the templated paths whose pattern it matches with as many segments (`'/pets/1/toys'` does
 * not match `'/pets/{id}'`).
 */
export type MatchPath<Paths, M extends PathMethod, E extends string> = E extends keyof Paths
  ? E extends PathsWith<Paths, M>
    ? E
    : never
  : {
      [P in PathsWith<Paths, M>]: E extends PathPattern<P>
        ? Segments<E>['length'] extends Segments<P>['length']
          ? P
          : never
        : never;
    }[PathsWith<Paths, M>];

/** The operation object of path `P` under method `M`. */
export type Operation<Paths, P, M extends PathMethod> = P extends keyof Paths
  ? Paths[P] extends { [K in M]: infer Op }
    ? Op
    : never
  : never;

/** The `application/json` body of one response object; `undefined` without content. */
type JsonContent<R> = R extends { content: infer C }
  ? C extends { 'application/json': infer J }
    ? J
    : C extends Record<string, infer Any>
      ? Any
      : undefined
  : R extends { content?: unknown }
    ? undefined
    : undefined;

/**
 * What `res.data` holds for a JSON body `J`, as the client unwraps it at run time: an object
 * with `success` (a Bridgekit envelope) gives its `data` member, or, without `data`, its
 * other keys; an object with `data` and only envelope keys (`meta`, `message`…) gives `data`;
 * anything else is the body itself.
 */
export type EnvelopeData<J> = J extends { success: boolean }
  ? J extends { data?: unknown }
    ? J['data']
    : Omit<J, EnvelopeKey>
  : J extends { data: unknown }
    ? Exclude<keyof J, EnvelopeKey> extends never
      ? J['data']
      : J
    : J;

/**
 * The success body of an operation (union of its 2xx JSON bodies), envelope unwrapped unless
 * `Envelope` is `false` (a dialect with `envelope: false`: the client hands over the body).
 */
export type SuccessData<Op, Envelope extends boolean = true> = Op extends { responses: infer R }
  ? Unwrapped<{ [S in keyof R & OkStatus]: JsonContent<R[S]> }[keyof R & OkStatus], Envelope>
  : never;

// `Envelope` is a plain type parameter here so that `boolean` gives both forms.
type Unwrapped<J, Envelope extends boolean> = Envelope extends true ? EnvelopeData<J> : J;

/** The JSON body an operation accepts (`requestBody`'s `application/json` content). */
export type RequestBody<Op> = Op extends { requestBody?: infer B }
  ? [B] extends [never | undefined]
    ? never
    : JsonContent<NonNullable<B>>
  : never;

/** Whether the request body is required (`requestBody:` rather than `requestBody?:`). */
type BodyRequired<Op> = Op extends { requestBody: { content: unknown } } ? true : false;

/** The query parameters of an operation (`never` when it has none). */
export type QueryParameters<Op> = Op extends { parameters: { query?: infer Q } }
  ? [Q] extends [never | undefined]
    ? never
    : NonNullable<Q>
  : never;

/** The required keys of `Q` (`never` when none is). */
type RequiredKeys<Q> = { [K in keyof Q]-?: {} extends Pick<Q, K> ? never : K }[keyof Q];

/**
 * The request options, `params` typed by the operation's query parameters: required when one
 * of them is, and none accepted when the operation declares none.
 */
export type TypedRequestOptions<Op, Base> = Omit<Base, 'params'> &
  ([QueryParameters<Op>] extends [never]
    ? { params?: Record<string, never> }
    : [RequiredKeys<QueryParameters<Op>>] extends [never]
      ? { params?: QueryParameters<Op> }
      : { params: QueryParameters<Op> });

/**
 * The rest parameters after the endpoint of a bodiless verb: `options` optional unless a
 * query parameter is required.
 */
export type OptionsArgs<Op, Base> = [RequiredKeys<QueryParameters<Op>>] extends [never]
  ? [options?: TypedRequestOptions<Op, Base>]
  : [options: TypedRequestOptions<Op, Base>];

/**
 * The rest parameters after the endpoint for verbs with a body: `body` checked against the
 * operation's JSON request body (optional when the document says so), then the options.
 */
export type BodyArgs<Op, Base> = [RequestBody<Op>] extends [never]
  ? [body?: undefined, ...OptionsArgs<Op, Base>]
  : BodyRequired<Op> extends true
    ? [body: RequestBody<Op>, ...OptionsArgs<Op, Base>]
    : [body?: RequestBody<Op>, ...OptionsArgs<Op, Base>];

/**
 * The body argument of a builder's write executor (`api.query(E).post(body)`): checked
 * against the operation's JSON request body, optional when the document says so, and
 * nothing when the operation takes none.
 */
export type BodyArg<Op> = [RequestBody<Op>] extends [never]
  ? [body?: undefined]
  : BodyRequired<Op> extends true
    ? [body: RequestBody<Op>]
    : [body?: RequestBody<Op>];

/**
 * The item of a list body: the element of an array, of a `data` array (`{ data: Item[] }`,
 * paginated shapes), else the body itself.
 */
export type ListItem<Body> = Body extends readonly (infer Item)[]
  ? Item
  : Body extends { data: readonly (infer Item)[] }
    ? Item
    : Body;

/** A field name of `Item` for `where`/`sort`, or any other string (backend-specific fields). */
export type FieldName<Item> = (Item extends object ? keyof Item & string : never) | (string & {});
