/**
 * The parameters of a typed call, from what its endpoint resolved to (types only).
 *
 * A typed verb has one signature per number of arguments (endpoint; endpoint and body;
 * endpoint, body and options), so TypeScript picks the one the call has and reports its error
 * alone, where it is: a property of the body or of the query that does not fit is an error at
 * that property; an endpoint that does not resolve, or that needs an argument the call left
 * out (a required body, a required query), is an error at the endpoint that says so.
 */
import type { ApiResponse, RequestOptions } from '../contract/http';
import type { Problem, Resolved } from './resolveEndpoint';
import type {
  BodyRequired,
  FailureData,
  PathMethod,
  QueryParameters,
  RequestBody,
  RequiredKeys,
  SuccessData,
} from './typedPaths';

/** The arguments a call passed after its endpoint. */
export type Given = 'endpoint' | 'body' | 'options';

/** The answer of a call that resolved to `R`. */
export type AnswerOf<R, Envelope extends boolean> =
  R extends Resolved<string, infer Op>
    ? Promise<ApiResponse<SuccessData<Op, Envelope>, FailureData<Op, Envelope>>>
    : Promise<ApiResponse<unknown>>;

/**
 * The endpoint parameter of a typed call that resolved to `R` and passed the arguments up to
 * `Upto`: the endpoint itself when it resolves and nothing required is missing (so it is
 * inferred from the argument), else the sentence that says what is wrong.
 */
export type EndpointArg<R, E extends string, M extends PathMethod, Upto extends Given = 'options'> =
  R extends Problem<infer Why>
    ? Why
    : R extends Resolved<infer P, infer Op>
      ? Missing<Op, M, P, Upto> extends infer Why extends string
        ? [Why] extends [never]
          ? E
          : Why
        : never
      : E;

// What a call that stops after `Upto` leaves out (a required body, a required query), as a
// sentence; `never` when nothing is.
type Missing<
  Op,
  M extends PathMethod,
  P extends string,
  Upto extends Given,
> = Upto extends 'endpoint'
  ? BodyRequired<Op> extends true
    ? `${Uppercase<M>} '${P}' takes a request body: pass it after the endpoint`
    : MissingQuery<Op, P>
  : Upto extends 'body'
    ? MissingQuery<Op, P>
    : never;

type MissingQuery<Op, P extends string> = [RequiredKeys<QueryParameters<Op>>] extends [never]
  ? never
  : `'${P}' needs the query parameters ${Join<RequiredKeys<QueryParameters<Op>> & string>}: pass { params: { … } } in the options`;

// The members of a union of words, joined by commas (only evaluated for a message).
type Join<U extends string, Done extends string = ''> = [U] extends [never]
  ? Done
  : LastOf<U> extends infer Word extends string
    ? Join<Exclude<U, Word>, Done extends '' ? Word : `${Word}, ${Done}`>
    : Done;

type LastOf<U> = (U extends unknown ? (pick: () => U) => void : never) extends (
  pick: infer Picks,
) => void
  ? Picks extends () => infer Last
    ? Last
    : never
  : never;

/**
 * The body parameter of a call that resolved to `R`: the operation's request body (also
 * `undefined` when optional), `undefined` when it takes none; anything when `R` is a problem
 * (the endpoint's error is the one reported).
 */
export type BodyParam<R> =
  R extends Resolved<string, infer Op>
    ? [RequestBody<Op>] extends [never]
      ? undefined
      : BodyRequired<Op> extends true
        ? RequestBody<Op>
        : RequestBody<Op> | undefined
    : unknown;

/** The options parameter of a call that resolved to `R` (see `TypedRequestOptions`). */
export type OptionsParam<R, Serialized extends boolean> =
  R extends Resolved<string, infer Op>
    ? [RequiredKeys<QueryParameters<Op>>] extends [never]
      ? TypedRequestOptions<Op, Serialized> | undefined
      : TypedRequestOptions<Op, Serialized>
    : unknown;

// What `options.params` says of array and object values when the client has no
// `paramsSerializer`: the client would send them comma-joined, which is not what a document
// means unless it says `style: form, explode: false` (and openapi-typescript does not say).
type NeedsSerializer =
  'an array or object query value needs a paramsSerializer: createClient<paths>(url, { paramsSerializer: openApiParams() })';
type FlatValue<V> = V extends readonly unknown[] | Record<string, unknown> ? NeedsSerializer : V;
type Flat<Q> = { [K in keyof Q]: FlatValue<Q[K]> };

/**
 * The request options of operation `Op`: `params` typed by its query parameters (required
 * when one of them is, none accepted when it declares none); array and object values only
 * when the client has a `paramsSerializer` (`Serialized`).
 */
export type TypedRequestOptions<Op, Serialized extends boolean = false> = Omit<
  RequestOptions,
  'params'
> &
  ([QueryParameters<Op>] extends [never]
    ? { params?: Record<string, 'not a query parameter: the operation has none'> }
    : [RequiredKeys<QueryParameters<Op>>] extends [never]
      ? { params?: ParamsOf<Op, Serialized> }
      : { params: ParamsOf<Op, Serialized> });

type ParamsOf<Op, Serialized extends boolean> = Serialized extends true
  ? QueryParameters<Op>
  : Flat<QueryParameters<Op>>;

/**
 * The body argument of a builder's write executor: the operation's request body, optional
 * when the document says so, nothing when it takes none.
 */
export type BodyArg<Op> = [RequestBody<Op>] extends [never]
  ? [body?: undefined]
  : BodyRequired<Op> extends true
    ? [body: RequestBody<Op>]
    : [body?: RequestBody<Op>];

/**
 * The rest parameters of the form with an explicit type argument (`api.get<Custom>(…)`): what
 * the verb takes when `T` was given; without one (`T` left `never`), more arguments than any
 * call passes, so TypeScript sets this form aside and reports only the typed form's error
 * (the form comes last: a call that fails is then typed by the typed form, not by `never`).
 */
export type ExplicitArgs<T, Args extends unknown[]> = [T] extends [never]
  ? [never, never, never, never, never, never]
  : Args;

/**
 * The endpoint parameter of the form with an explicit type argument: `Endpoints` (a union of
 * every endpoint the verb accepts, long for a large document) only when `T` was given.
 */
export type ExplicitEndpoint<T, Endpoints> = [T] extends [never] ? string : Endpoints;
