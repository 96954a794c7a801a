/**
 * The 16 filter operator functions (docs/guide/queries.md, "Operators"). Each returns a frozen
 * `{ operator, value }` object that `QueryBuilder.where(field, op)` turns into
 * `field[operator]=value` (docs/guide/queries.md, "Wire format"). Bad input throws at once, naming the
 * function and the argument.
 */
import { mustBe, isRecord } from '../checks';
import { assertQueryValue } from './queryValue';

/**
 * A filter condition: the wire name of an operator and its value. The builder recognises
 * any object of this shape (a string `operator` and a `value` key), so objects made by
 * other versions of the library, or by hand, work too.
 *
 * @example
 * const cond: FilterOperator<number> = { operator: 'gte', value: 10 };
 * client.query('/products').where('price', cond); // price[gte]=10
 */
export interface FilterOperator<V = unknown> {
  readonly operator: string;
  readonly value: V;
}

/** A bound of a range comparison: a finite number or a valid `Date` (sent as ISO text). */
export type RangeBound = number | Date;

/** The operator names as they appear on the wire (docs/guide/queries.md, "Operators"). */
export const OPERATOR_NAMES = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'startsWith',
  'endsWith',
  'in',
  'nin',
  'null',
  'nnull',
  'between',
  'notBetween',
] as const;

/** A known operator name; custom names matching `OPERATOR_NAME_PATTERN` are accepted too. */
export type OperatorName = (typeof OPERATOR_NAMES)[number];

/**
 * What any operator name must look like (custom backend operators included): the one
 * definition the builder and the services check against.
 *
 * @example
 * OPERATOR_NAME_PATTERN.test('gte'); // true
 * OPERATOR_NAME_PATTERN.test('gte]'); // false
 */
export const OPERATOR_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * The operator names the React hooks' filters take (`useSearchQueryBuilder().addFilter`,
 * `SearchParams.filters`), a subset of {@link OperatorName} without the two-value and affix
 * operators. The names have this one name everywhere; `FilterOperator` is the condition (the
 * spec's "hook `FilterOperator`" stays a deprecated alias of this type in the React package).
 *
 * @example
 * const op: FilterOperatorName = 'gte';
 * search.addFilter('price', op, 10);
 */
export type FilterOperatorName = Exclude<
  OperatorName,
  'startsWith' | 'endsWith' | 'between' | 'notBetween'
>;

/**
 * Whether `x` is a filter operator object: a non-null object with a string `operator` and a
 * `value` key. Structural on purpose, so it does not depend on which copy of the library made it.
 *
 * @example
 * isFilterOperator(gte(10)); // true
 * isFilterOperator({ operator: 'in', value: ['a'] }); // true
 * isFilterOperator('gte'); // false
 */
export function isFilterOperator(x: unknown): x is FilterOperator {
  return isRecord(x) && typeof x.operator === 'string' && 'value' in x;
}

function make<V>(operator: string, value: V): FilterOperator<V> {
  return Object.freeze({ operator, value });
}

function rangeBound(value: unknown, name: string): RangeBound {
  if (typeof value !== 'number' && !(value instanceof Date)) {
    throw mustBe(name, 'a number or a Date', value);
  }
  // A finite number or a valid Date, in the builder's words.
  assertQueryValue(value, name);
  return value;
}

function pattern(value: unknown, name: string): string {
  if (typeof value !== 'string') {
    throw mustBe(name, 'a string', value);
  }
  return value;
}

function list<V>(values: readonly V[], name: string): readonly V[] {
  if (!Array.isArray(values)) {
    throw mustBe(name, 'an array', values);
  }
  // An empty list has no unambiguous wire form (`f[in]=` reads as one empty string).
  if (values.length === 0) throw new RangeError(`${name} must not be empty`);
  assertQueryValue(values, name);
  return Object.freeze([...values]);
}

function range(
  fn: string,
  min: RangeBound,
  max: RangeBound,
): FilterOperator<readonly [RangeBound, RangeBound]> {
  const lo = rangeBound(min, `${fn}: min`);
  const hi = rangeBound(max, `${fn}: max`);
  if (typeof lo !== typeof hi) {
    throw new TypeError(`${fn}: min and max must both be numbers or both be Dates`);
  }
  if (+lo > +hi)
    throw new RangeError(`${fn}: min (${String(min)}) is greater than max (${String(max)})`);
  return make(fn, Object.freeze([min, max] as const));
}

/**
 * Equal to `value`. `where(f, eq(v))` is the same as `where(f, v)`: `f=v`.
 *
 * @example
 * client.query('/tasks').where('status', eq('done')); // status=done
 */
export function eq<V>(value: V): FilterOperator<V> {
  assertQueryValue(value, 'eq: value');
  return make('eq', value);
}

/**
 * Not equal to `value`: `f[ne]=value`.
 *
 * @example
 * client.query('/tasks').where('status', ne('done')); // status[ne]=done
 */
export function ne<V>(value: V): FilterOperator<V> {
  assertQueryValue(value, 'ne: value');
  return make('ne', value);
}

/**
 * Greater than `value` (a number, or a Date sent as ISO text): `f[gt]=value`.
 *
 * @example
 * client.query('/products').where('stock', gt(0)); // stock[gt]=0
 */
export function gt(value: number): FilterOperator<number>;
export function gt(value: Date): FilterOperator<Date>;
export function gt(value: RangeBound): FilterOperator<RangeBound> {
  rangeBound(value, 'gt: value');
  return make('gt', value);
}

/**
 * Greater than or equal to `value`: `f[gte]=value`.
 *
 * @example
 * client.query('/products').where('price', gte(10)); // price[gte]=10
 */
export function gte(value: number): FilterOperator<number>;
export function gte(value: Date): FilterOperator<Date>;
export function gte(value: RangeBound): FilterOperator<RangeBound> {
  rangeBound(value, 'gte: value');
  return make('gte', value);
}

/**
 * Less than `value`: `f[lt]=value`.
 *
 * @example
 * client.query('/products').where('createdAt', lt(new Date('2024-01-01'))); // createdAt[lt]=2024-01-01T00:00:00.000Z
 */
export function lt(value: number): FilterOperator<number>;
export function lt(value: Date): FilterOperator<Date>;
export function lt(value: RangeBound): FilterOperator<RangeBound> {
  rangeBound(value, 'lt: value');
  return make('lt', value);
}

/**
 * Less than or equal to `value`: `f[lte]=value`.
 *
 * @example
 * client.query('/tasks').where('priority', lte(2)); // priority[lte]=2
 */
export function lte(value: number): FilterOperator<number>;
export function lte(value: Date): FilterOperator<Date>;
export function lte(value: RangeBound): FilterOperator<RangeBound> {
  rangeBound(value, 'lte: value');
  return make('lte', value);
}

/**
 * Matches a case-sensitive SQL-style pattern (`%` any run, `_` one character): `f[like]=a%25`.
 *
 * @example
 * client.query('/products').where('name', like('Desk%')); // name[like]=Desk%25
 */
export function like(pattern_: string): FilterOperator<string> {
  return make('like', pattern(pattern_, 'like: pattern'));
}

/**
 * Like `like`, ignoring case: `f[ilike]=pattern`.
 *
 * @example
 * client.query('/products').where('name', ilike('%desk%')); // name[ilike]=%25desk%25
 */
export function ilike(pattern_: string): FilterOperator<string> {
  return make('ilike', pattern(pattern_, 'ilike: pattern'));
}

/**
 * Starts with `prefix` (taken literally): `f[startsWith]=prefix`.
 *
 * @example
 * client.query('/users').where('email', startsWith('admin')); // email[startsWith]=admin
 */
export function startsWith(prefix: string): FilterOperator<string> {
  return make('startsWith', pattern(prefix, 'startsWith: prefix'));
}

/**
 * Ends with `suffix` (taken literally): `f[endsWith]=suffix`.
 *
 * @example
 * client.query('/users').where('email', endsWith('@example.com')); // email[endsWith]=%40example.com
 */
export function endsWith(suffix: string): FilterOperator<string> {
  return make('endsWith', pattern(suffix, 'endsWith: suffix'));
}

/**
 * One of `values` (a non-empty array): `f[in]=a,b`. Named `inOp` because `in` is reserved.
 *
 * @example
 * client.query('/tasks').where('status', inOp(['todo', 'doing'])); // status[in]=todo,doing
 */
export function inOp<V>(values: readonly V[]): FilterOperator<readonly V[]> {
  return make('in', list(values, 'inOp: values'));
}

/**
 * None of `values` (a non-empty array): `f[nin]=a,b`.
 *
 * @example
 * client.query('/tasks').where('status', notIn(['done'])); // status[nin]=done
 */
export function notIn<V>(values: readonly V[]): FilterOperator<readonly V[]> {
  return make('nin', list(values, 'notIn: values'));
}

/**
 * The field is null or missing: `f[null]=true`.
 *
 * @example
 * client.query('/tasks').where('assignee', isNull()); // assignee[null]=true
 */
export function isNull(): FilterOperator<true> {
  return make('null', true);
}

/**
 * The field is present and not null: `f[nnull]=true`.
 *
 * @example
 * client.query('/tasks').where('assignee', isNotNull()); // assignee[nnull]=true
 */
export function isNotNull(): FilterOperator<true> {
  return make('nnull', true);
}

/**
 * Between `min` and `max`, both inclusive (two numbers or two Dates, `min <= max`):
 * `f[between]=min,max`.
 *
 * @example
 * client.query('/products').where('price', between(10, 50)); // price[between]=10,50
 */
export function between(min: number, max: number): FilterOperator<readonly [number, number]>;
export function between(min: Date, max: Date): FilterOperator<readonly [Date, Date]>;
export function between(
  min: RangeBound,
  max: RangeBound,
): FilterOperator<readonly [RangeBound, RangeBound]> {
  return range('between', min, max);
}

/**
 * Outside the inclusive range `min`..`max`: `f[notBetween]=min,max`.
 *
 * @example
 * client.query('/tasks').where('priority', notBetween(2, 4)); // priority[notBetween]=2,4
 */
export function notBetween(min: number, max: number): FilterOperator<readonly [number, number]>;
export function notBetween(min: Date, max: Date): FilterOperator<readonly [Date, Date]>;
export function notBetween(
  min: RangeBound,
  max: RangeBound,
): FilterOperator<readonly [RangeBound, RangeBound]> {
  return range('notBetween', min, max);
}
