import { HttpError } from './HttpError';
import { coerceValue, comparable } from './coerceValue';
import { likeMatcher } from './likeMatch';
import type { FieldSpec } from './types';

/** A compiled filter: true when the row's value passes. */
export type RowPredicate = (value: unknown) => boolean;

type Scalar = string | number | boolean;
type Builder = (field: string, spec: FieldSpec, raw: string) => RowPredicate;

const isNull = (v: unknown) => v === null || v === undefined;

function compare(a: Scalar, b: Scalar): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function ordered(test: (c: number) => boolean): Builder {
  return (field, spec, raw) => {
    const target = coerceValue(field, spec, raw);
    return (value) => {
      const v = comparable(spec, value);
      return v !== null && test(compare(v, target));
    };
  };
}

function equals(field: string, spec: FieldSpec, raw: string): RowPredicate {
  // `where(f, null)` is sent as `f=null` (docs/guide/queries.md, "Rules"), so the literal means "is null".
  if (raw === 'null') return isNull;
  const target = coerceValue(field, spec, raw);
  return (value) => comparable(spec, value) === target;
}

function list(field: string, spec: FieldSpec, raw: string): Scalar[] {
  return raw.split(',').map((part) => coerceValue(field, spec, part));
}

function pair(field: string, spec: FieldSpec, raw: string): [Scalar, Scalar] {
  const parts = raw.split(',');
  if (parts.length !== 2) {
    throw new HttpError(400, `"${field}" between needs two comma-separated values, got "${raw}"`);
  }
  const min = coerceValue(field, spec, parts[0] as string);
  const max = coerceValue(field, spec, parts[1] as string);
  if (compare(min, max) > 0)
    throw new HttpError(400, `"${field}" between: min is greater than max`);
  return [min, max];
}

function flag(field: string, raw: string): boolean {
  return coerceValue(field, { type: 'boolean' }, raw) as boolean;
}

function text(value: unknown): string | null {
  return isNull(value) ? null : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The longest `like`/`ilike` pattern, in characters. A match costs the value's length times
 * the pattern's length over 32 (likeMatch.ts): the limit keeps that factor small, so matching
 * a value of a megabyte stays as cheap as a few scans of it.
 */
export const LIKE_PATTERN_MAX_LENGTH = 200;

// SQL LIKE (`%` any run, `_` one character, `\%` `\_` literal), matched in linear time:
// the pattern is user input, so it never becomes a regular expression.
function like(caseInsensitive: boolean): Builder {
  return (field, _spec, raw) => {
    if (raw.length > LIKE_PATTERN_MAX_LENGTH) {
      throw new HttpError(
        400,
        `"${field}" ${caseInsensitive ? 'ilike' : 'like'} pattern is ${raw.length} characters long: the limit is ${LIKE_PATTERN_MAX_LENGTH} characters`,
      );
    }
    const test = likeMatcher(raw, caseInsensitive);
    return (value) => {
      const t = text(value);
      return t !== null && test(t);
    };
  };
}

/**
 * The 16 filter operators (docs/guide/server.md, "Operators") as the server applies them, by wire name.
 * Each builder coerces the query value to the field's type (400 when it cannot) and returns
 * a predicate on the stored value.
 *
 * @example
 * const test = FILTER_OPERATORS.gte('price', { type: 'number' }, '10');
 * test(12); // true
 */
export const FILTER_OPERATORS: Readonly<Record<string, Builder>> = {
  eq: equals,
  ne: (field, spec, raw) => {
    const test = equals(field, spec, raw);
    return (value) => !test(value);
  },
  gt: ordered((c) => c > 0),
  gte: ordered((c) => c >= 0),
  lt: ordered((c) => c < 0),
  lte: ordered((c) => c <= 0),
  like: like(false),
  ilike: like(true),
  startsWith: (_field, _spec, raw) => (value) => text(value)?.startsWith(raw) ?? false,
  endsWith: (_field, _spec, raw) => (value) => text(value)?.endsWith(raw) ?? false,
  in: (field, spec, raw) => {
    const values = list(field, spec, raw);
    return (value) => values.includes(comparable(spec, value) as Scalar);
  },
  nin: (field, spec, raw) => {
    const values = list(field, spec, raw);
    return (value) => !values.includes(comparable(spec, value) as Scalar);
  },
  null: (field, _spec, raw) => (flag(field, raw) ? isNull : (value) => !isNull(value)),
  nnull: (field, _spec, raw) => (flag(field, raw) ? (value) => !isNull(value) : isNull),
  between: (field, spec, raw) => {
    const [min, max] = pair(field, spec, raw);
    return (value) => {
      const v = comparable(spec, value);
      return v !== null && compare(v, min) >= 0 && compare(v, max) <= 0;
    };
  },
  notBetween: (field, spec, raw) => {
    const [min, max] = pair(field, spec, raw);
    return (value) => {
      const v = comparable(spec, value);
      return v !== null && (compare(v, min) < 0 || compare(v, max) > 0);
    };
  },
};
