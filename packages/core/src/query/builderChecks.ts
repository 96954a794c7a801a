/**
 * The query builder's argument checks (docs/guide/queries.md, "Errors"): each throws a
 * `TypeError`/`RangeError` naming the method and the argument, before the builder changes.
 */
import { headerProblem } from '../client/headers';
import { isRecord, describe, mustBe } from '../checks';
import { type FilterOperator, isFilterOperator, OPERATOR_NAME_PATTERN } from './operators';
import { assertNonEmptyString, assertQueryValue } from './queryValue';
import type { QueryEntry } from './serializer';

// The function names are accepted as operator strings too and sent under their wire names.
const FUNCTION_NAMES: Record<string, string> = {
  inOp: 'in',
  notIn: 'nin',
  isNull: 'null',
  isNotNull: 'nnull',
};

/** A safe integer `>= min`, or a `TypeError`/`RangeError` naming `name`. */
export function integer(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number') throw mustBe(name, 'a number', value);
  if (!Number.isFinite(value)) throw mustBe(name, 'a finite number', value, RangeError);
  if (!Number.isSafeInteger(value)) throw mustBe(name, 'an integer', value, RangeError);
  if (value < min) throw mustBe(name, `>= ${min}`, value, RangeError);
  return value;
}

function checkOperator(method: string, operator: string): string {
  if (!OPERATOR_NAME_PATTERN.test(operator)) {
    throw new RangeError(
      `${method}: operator ${describe(operator)} is malformed (expected a name matching ${OPERATOR_NAME_PATTERN})`,
    );
  }
  return FUNCTION_NAMES[operator] ?? operator;
}

function checkRange(label: string, value: unknown): void {
  if (!Array.isArray(value) || value.length !== 2) {
    throw new TypeError(`${label} must be a [min, max] array`);
  }
  const [min, max] = value as [unknown, unknown];
  const comparable = (x: unknown) => typeof x === 'number' || x instanceof Date;
  if (comparable(min) && comparable(max) && +(min as number) > +(max as number)) {
    throw new RangeError(`${label}: min (${String(min)}) is greater than max (${String(max)})`);
  }
}

/**
 * The filter entry of `where(field, value)`, `where(field, op, value)` or
 * `where(field, operatorObject)`, checked.
 */
export function whereEntry(method: string, field: string, rest: unknown[]): QueryEntry {
  assertNonEmptyString(field, `${method}: field`);
  let operator: unknown;
  let value: unknown;
  if (rest.length >= 2) {
    [operator, value] = rest;
    if (typeof operator !== 'string') throw mustBe(`${method}: operator`, 'a string', operator);
  } else if (isFilterOperator(rest[0])) {
    ({ operator, value } = rest[0] as FilterOperator);
  } else {
    operator = 'eq';
    value = rest[0];
  }
  const name = checkOperator(method, operator as string);
  if (name === 'null' || name === 'nnull') value ??= true;
  const label = `${method}: value of "${field}"`;
  // Refuses `undefined` ("... is undefined"): dropping the filter would silently widen the
  // query (more rows than meant).
  assertQueryValue(value, label);
  if (name === 'between' || name === 'notBetween') checkRange(label, value);
  if ((name === 'in' || name === 'nin') && Array.isArray(value) && value.length === 0) {
    throw new RangeError(`${label} must not be an empty array for '${name}'`);
  }
  return { kind: 'filter', field, operator: name, value };
}

/** A sort field and direction, checked. */
export function checkSort(method: string, field: string, direction: unknown): void {
  assertNonEmptyString(field, `${method}: field`);
  if (direction !== 'asc' && direction !== 'desc') {
    const Kind = typeof direction === 'string' ? RangeError : TypeError;
    throw mustBe(`${method}: direction`, "'asc' or 'desc'", direction, Kind);
  }
}

/**
 * A header name and value for `header()`/`headers()`, checked like the client's `setHeader`
 * and in its words (CR/LF in a value would start a new header line).
 */
export function checkHeader(method: string, key: unknown, value: unknown): void {
  assertNonEmptyString(key, `${method}: name`);
  const problem = headerProblem(key, value);
  if (problem !== undefined) throw new TypeError(`${method}: ${problem}`);
}

/** The pairs of `headers()`/`params()`: a plain object's entries, or a `TypeError`. */
export function objectEntries(method: string, value: unknown): [string, unknown][] {
  if (!isRecord(value)) {
    throw mustBe(`${method}: ${method}`, 'an object', value);
  }
  return Object.entries(value);
}
