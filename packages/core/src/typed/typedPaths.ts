/**
 * Reading an OpenAPI `paths` interface as `openapi-typescript` v7 generates it (types only:
 * nothing here exists at run time). `TypedClient` builds on it.
 *
 * The shape read (openapi-typescript v7):
 *
 *     interface paths {
 *       '/pets/{id}': {
 *         get: { parameters: { query?: {…}; path: { id: number } };
 *                requestBody?: never;
 *                responses: { 200: { content: { 'application/json': Pet } };
 *                             404: { content: { 'application/json': Problem } } } };
 *         put?: never; …
 *       };
 *     }
 *
 * Rules (docs/guide/typed.md, "What is checked", says the same to users):
 * - the success data is the union of the bodies of the 2xx responses as the client reads them:
 *   JSON content as its schema, other content as text (`string`), no content `undefined`, and
 *   `undefined` too for an operation that lists no 2xx response; envelopes are unwrapped as the
 *   client unwraps them at run time (`EnvelopeData`);
 * - the failure data, the same over the 4xx, 5xx and `default` responses;
 * - the request body is what the client sends for each media type the operation accepts: the
 *   schema of a JSON one, `FormData` for `multipart/form-data`, a `FormBody` of the schema
 *   (`formBody(fields)`) for `application/x-www-form-urlencoded`, a string for `text/*`, raw
 *   bytes for anything else.
 */
import type { FormBody } from './formBody';

/** The lower-case methods of a path item that the client sends. */
export type PathMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The 2xx status keys openapi-typescript writes (numbers, and the `2XX` range). */
type OkStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226 | '2XX';

/** The response keys of failures: 4xx, 5xx (numbers or ranges) and `default`. */
type FailureStatus = `4${string}` | `5${string}` | 'default';

/** Keys of the Bridgekit envelope (the client's `ENVELOPE_KEYS`). */
type EnvelopeKey = 'success' | 'data' | 'error' | 'message' | 'meta' | 'status' | 'code' | 'errors';

/** The media types the client parses as JSON (`application/json`, `application/problem+json`). */
type JsonMediaType = `${string}/json` | `${string}+json` | `${string}/json;${string}`;

/** Document paths (keys of `Paths`) that have an operation for `M`. */
export type PathsWith<Paths, M extends PathMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: { responses: unknown } } ? P : never;
}[keyof Paths] &
  string;

/** `'/pets/{id}/toys'` -> `` `/pets/${string}/toys` ``: what concrete endpoints look like. */
export type PathPattern<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${PathPattern<Tail>}`
  : P;

/**
 * Every endpoint accepted for method `M`, as one union: each document path with that method
 * and the pattern of each templated one. It is long for a large document: the typed verbs
 * look endpoints up with `FindPath` instead, and use this only where no endpoint can be
 * inferred (a call with an explicit type argument).
 */
export type Endpoint<Paths, M extends PathMethod> = {
  [P in PathsWith<Paths, M>]: P | PathPattern<P>;
}[PathsWith<Paths, M>];

/** The operation object of path `P` under method `M` (`never` when it has none). */
export type Operation<Paths, P, M extends PathMethod> = P extends keyof Paths
  ? Paths[P] extends { [K in M]: infer Op }
    ? Op extends { responses: unknown }
      ? Op
      : never
    : never
  : never;

/** The body of one response object as the client reads it: JSON, else text, else nothing. */
type ResponseBody<R> = R extends { content: infer C }
  ? [keyof C & JsonMediaType] extends [never]
    ? [keyof C] extends [never]
      ? undefined
      : string
    : C[keyof C & JsonMediaType]
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

// `Envelope` is a plain type parameter here so that `boolean` gives both forms.
type Unwrapped<J, Envelope extends boolean> = Envelope extends true ? EnvelopeData<J> : J;

/**
 * The success body of an operation (union of its 2xx bodies; `undefined` when it lists no
 * 2xx response), envelope unwrapped unless `Envelope` is `false` (a dialect with
 * `envelope: false`: the client hands over the body).
 */
export type SuccessData<Op, Envelope extends boolean = true> = Op extends { responses: infer R }
  ? [keyof R & OkStatus] extends [never]
    ? undefined
    : Unwrapped<{ [S in keyof R & OkStatus]: ResponseBody<R[S]> }[keyof R & OkStatus], Envelope>
  : never;

/**
 * The body of an operation's failures (union of its 4xx, 5xx and `default` bodies), as
 * `res.data` holds it after `if (!res.success)`; `unknown` when the document lists none.
 * A status the document does not list (a proxy's 502) may bring another body.
 */
export type FailureData<Op, Envelope extends boolean = true> = Op extends { responses: infer R }
  ? {
      [S in keyof R]: `${S & (string | number)}` extends FailureStatus ? ResponseBody<R[S]> : never;
    }[keyof R] extends infer Body
    ? [Body] extends [never]
      ? unknown
      : Unwrapped<Body, Envelope>
    : never
  : unknown;

/** Bytes the client sends as they are (the platform sets no JSON `Content-Type` for them). */
type RawBody = Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array> | string;

// What the client sends for one media type of a request body.
type SentAs<Media, Schema> = Media extends JsonMediaType
  ? Schema
  : Media extends 'multipart/form-data'
    ? FormData
    : Media extends 'application/x-www-form-urlencoded'
      ? FormBody<Schema>
      : Media extends `text/${string}`
        ? string
        : RawBody;

/**
 * The body an operation accepts, as the client sends it: for each media type of its
 * `requestBody`, the schema of a JSON one, `FormData` for `multipart/form-data`, a `FormBody`
 * of the schema for `application/x-www-form-urlencoded` (`formBody(fields)`, the fields
 * checked; a plain object would go out as JSON), a string for `text/*`, raw bytes otherwise.
 * `never` when it takes none.
 */
export type RequestBody<Op> = Op extends { requestBody?: infer B }
  ? B extends { content: infer C }
    ? { [Media in keyof C]: SentAs<Media, C[Media]> }[keyof C]
    : never
  : never;

/** Whether the request body is required (`requestBody:` rather than `requestBody?:`). */
export type BodyRequired<Op> = Op extends { requestBody: { content: unknown } } ? true : false;

/** The query parameters of an operation (`never` when it has none). */
export type QueryParameters<Op> = Op extends { parameters: { query?: infer Q } }
  ? [Q] extends [never | undefined]
    ? never
    : NonNullable<Q>
  : never;

/** The path parameters of an operation, by name (`{}` when it has none). */
export type PathParameters<Op> = Op extends { parameters: { path?: infer Path } }
  ? [Path] extends [never | undefined]
    ? {}
    : NonNullable<Path>
  : {};

/** The required keys of `Q` (`never` when none is). */
export type RequiredKeys<Q> = { [K in keyof Q]-?: {} extends Pick<Q, K> ? never : K }[keyof Q];

/**
 * The item of a list body as the client's list reading finds it: the element of an array, or
 * of the first array among `items`, `data`, `results`, `rows` and `records`; else the body.
 */
export type ListItem<Body> = Body extends readonly (infer Item)[]
  ? Item
  : [HeldRow<Body>] extends [never]
    ? Body
    : HeldRow<Body>;

// The element of the first array a list body holds under `items`, `data`, `results`, `rows`
// or `records` (the keys the lists parts read); `never` when it holds none.
type HeldRow<Body> = Body extends { items: readonly (infer Item)[] }
  ? Item
  : Body extends { data: readonly (infer Item)[] }
    ? Item
    : Body extends { results: readonly (infer Item)[] }
      ? Item
      : Body extends { rows: readonly (infer Item)[] }
        ? Item
        : Body extends { records: readonly (infer Item)[] }
          ? Item
          : never;

/**
 * The row of the list the builder's `get()` reads from a success body `Body` (as the client
 * hands it over: envelope unwrapped unless `Envelope` is `false`); `never` when it reads none.
 * Without a dialect (`Envelope` `true`) the rows are the body itself, so it must be an array
 * (the reference server's `{ success, data: [...] }` is one once unwrapped); through a dialect
 * (`false`) its lists part reads them, also from an object holding them under `items`,
 * `data`, `results`, `rows` or `records`.
 *
 * @example
 * type Row = ListRow<Pet[], true>; // Pet
 * type None = ListRow<{ page: Page; characters: Character[] }, true>; // never
 */
export type ListRow<Body, Envelope extends boolean> = Body extends readonly (infer Item)[]
  ? Item
  : Envelope extends true
    ? never
    : HeldRow<Body>;

/** A field name of `Item` for `where`/`sort`, or any other string (backend-specific fields). */
export type FieldName<Item> = (Item extends object ? keyof Item & string : never) | (string & {});
