/**
 * What an endpoint of a typed call stands for: the document path and its operation, or the
 * one sentence that says what is wrong with it (types only). A typed verb types its endpoint
 * parameter as the endpoint itself when it resolves, else as that sentence, so a mistake is
 * one error, at the endpoint, that names it:
 *
 *     Argument of type '"/pets/7/toyz"' is not assignable to parameter of type
 *     '"'/pets/7/toyz' is not a path of the document"'.
 */
import type { FindPath, Segments } from './pathIndex';
import type { Operation, PathMethod, PathParameters } from './typedPaths';

/** An endpoint that resolved: its document path and the operation of the method. */
export interface Resolved<P extends string = string, Op = unknown> {
  path: P;
  op: Op;
}

/** An endpoint that did not resolve, and why (a sentence, as a string literal type). */
export interface Problem<Why extends string = string> {
  problem: Why;
}

/**
 * The document path of endpoint `E`, or the problem with it whatever the method: a template
 * of the document used as it is, or no path at all.
 */
export type ResolvePath<Paths, E extends string> = string extends E
  ? Problem<'an endpoint typed string is not a path of the document: write it as a literal or a template literal, or give a type argument'>
  : E extends `${string}{${string}}${string}`
    ? Problem<`'${E}' is the document's template: write the values into it (\`/pets/\${id}\` for '/pets/{id}')`>
    : [FindPath<Paths, E>] extends [never]
      ? Problem<`'${E}' is not a path of the document`>
      : FindPath<Paths, E>;

/**
 * What endpoint `E` resolves to under method `M`: `Resolved` with the path and its operation,
 * or a `Problem` (no such path, no such operation on it, or a path parameter whose value its
 * schema refuses).
 *
 * @example
 * type R = ResolveEndpoint<paths, 'get', `/pets/${number}`>; // Resolved<'/pets/{id}', …>
 */
export type ResolveEndpoint<Paths, M extends PathMethod, E extends string> =
  ResolvePath<Paths, E> extends infer P
    ? P extends string
      ? WithOperation<Paths, M, E, P, Operation<Paths, P, M>>
      : P
    : never;

type WithOperation<Paths, M extends PathMethod, E extends string, P extends string, Op> = [
  Op,
] extends [never]
  ? Problem<NoOperation<Paths, M, P>>
  : ParameterProblem<Segments<P>, Segments<E>, PathParameters<Op>, P> extends infer Why extends
        string
    ? [Why] extends [never]
      ? Resolved<P, Op>
      : Problem<Why>
    : never;

/** The sentence for a path `P` that has no operation for `M`. */
export type NoOperation<
  Paths,
  M extends PathMethod,
  P extends string,
> = `${Uppercase<M>} is not an operation of '${P}' (it has ${MethodsOf<Paths, P>})`;

/** The methods path `P` has, as a sentence (`GET, PATCH`). */
export type MethodsOf<Paths, P extends string> = Join<
  [
    ...Has<Paths, P, 'get'>,
    ...Has<Paths, P, 'post'>,
    ...Has<Paths, P, 'put'>,
    ...Has<Paths, P, 'patch'>,
    ...Has<Paths, P, 'delete'>,
  ]
>;

type Has<Paths, P, M extends PathMethod> = [Operation<Paths, P, M>] extends [never]
  ? []
  : [Uppercase<M>];

type Join<Words extends string[]> = Words extends [
  infer First extends string,
  ...infer Rest extends string[],
]
  ? Rest extends []
    ? First
    : `${First}, ${Join<Rest>}`
  : 'no operation';

/**
 * The first path parameter whose value the endpoint gives in a form its schema refuses
 * (`/issues/${true}` where `issue_number` is an integer), as a sentence; `never` when all fit.
 * A value fits when its type is assignable to the schema type as text: `${number}` for a
 * number, `'open' | 'closed'` for that enum, any string for a string.
 */
type ParameterProblem<Template, Given, Params, P extends string> = Template extends [
  infer T extends string,
  ...infer TRest,
]
  ? Given extends [infer G extends string, ...infer GRest]
    ? T extends `{${infer Name}}`
      ? Name extends keyof Params
        ? G extends AsText<Params[Name]>
          ? ParameterProblem<TRest, GRest, Params, P>
          : `{${Name}} of '${P}' is ${Described<Params[Name]>}: '${G}' is not`
        : ParameterProblem<TRest, GRest, Params, P>
      : ParameterProblem<TRest, GRest, Params, P>
    : never
  : never;

// A schema type as the text a URL carries; anything that has no text form accepts any string.
type AsText<T> = [T] extends [string | number | bigint | boolean | null | undefined]
  ? `${T}`
  : string;

type Described<T> = [T] extends [number]
  ? 'a number'
  : [T] extends [boolean]
    ? 'true or false'
    : [T] extends [string]
      ? 'one of the values the document lists'
      : 'of another type';
