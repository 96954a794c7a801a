/**
 * Which document path an endpoint stands for, found at a cost that does not grow with the
 * document (types only: nothing here exists at run time).
 *
 * The document's paths are indexed once per document, segment by segment, as a tree of object
 * types: `'/pets/{id}/toys'` sits under `pets`, then `{}` (any templated segment), then `toys`.
 * TypeScript builds each node the first time a lookup reaches it and keeps it, so a call pays
 * only for the walk down its own segments. An endpoint is split into its segments and walked
 * down that tree: at each segment a literal child (`mine`) wins over the templated one (`{}`),
 * which is tried when the literal one leads to no path. So `` `/pets/${id}` `` reaches
 * `'/pets/{id}'`, `'/pets/mine'` reaches `'/pets/mine'` (a literal path wins), and
 * `'/pets/mine/toys'` reaches `'/pets/{id}/toys'` when `'/pets/mine'` has no `toys`.
 */

/** `'/pets/{id}'` -> `['', 'pets', '{id}']`. */
export type Segments<P extends string> = P extends `${infer Head}/${infer Tail}`
  ? [Head, ...Segments<Tail>]
  : [P];

// The key of a segment in the index: any segment with a template (`{id}`, `{name}.json`) is
// `{}`; its value is checked once the path is found. `/` marks where a path ends (it is never a
// segment).
type SegmentKey<S> = S extends `${string}{${string}` ? '{}' : S;
type End = '/';
type NextDepth = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22];

type KeyAt<P extends string, I extends number> =
  Segments<P> extends infer S extends string[]
    ? I extends S['length']
      ? End
      : SegmentKey<S[I]>
    : never;

/**
 * The index node of the paths `Ps` below depth `I`: one key per segment at `I` (the paths that
 * share it are grouped under it: a mapped type that gives several keys one name unites them),
 * and `/` for a path that ends there. Depth 0 is the empty segment before the leading `/`.
 */
export type PathIndex<Ps extends string, I extends number = 1> = {
  [P in Ps as KeyAt<P, I>]: [KeyAt<P, I>] extends [End] ? P : PathIndex<P, NextDepth[I]>;
};

// A literal segment (`'pets'`) rather than `string`, `${number}` or another pattern: only a
// literal can name a child of a node. (`{}` accepts a record of any pattern key, not of a literal.)
type IsLiteral<S extends string> = {} extends Record<S, unknown> ? false : true;

// The walk, written tail-recursively (TypeScript then runs it as a loop, however deep the
// path): when a literal child is taken, the templated sibling is kept in `Alternatives`, and a
// dead end resumes from the latest one kept.
type Walk<Node, Rest, Alternatives extends unknown[] = []> = Rest extends [
  infer Head extends string,
  ...infer Tail,
]
  ? IsLiteral<Head> extends true
    ? Node extends { [K in Head]: infer Child }
      ? Walk<
          Child,
          Tail,
          Node extends { '{}': infer Sibling } ? [[Sibling, Tail], ...Alternatives] : Alternatives
        >
      : Templated<Node, Tail, Alternatives>
    : Templated<Node, Tail, Alternatives>
  : Node extends { [K in End]: infer Path }
    ? Path
    : Backtrack<Alternatives>;

type Templated<Node, Tail, Alternatives extends unknown[]> = Node extends { '{}': infer Child }
  ? Walk<Child, Tail, Alternatives>
  : Backtrack<Alternatives>;

type Backtrack<Alternatives> = Alternatives extends [
  [infer Node, infer Rest],
  ...infer Others extends unknown[],
]
  ? Walk<Node, Rest, Others>
  : never;

/**
 * The document path (a key of `Paths`) that endpoint `E` stands for, segment by segment, a
 * literal segment winning over a template; `never` when none fits. `E` is a literal or a
 * template literal type (`` `/pets/${number}` ``); each of its `${…}` parts is one segment.
 *
 * @example
 * type P = FindPath<paths, `/repos/${string}/${string}/issues/comments`>;
 * // '/repos/{owner}/{repo}/issues/comments', not '/repos/{owner}/{repo}/issues/{issue_number}'
 */
export type FindPath<Paths, E extends string> =
  Segments<E> extends ['', ...infer Rest] ? Walk<PathIndex<keyof Paths & string>, Rest> : never;
