import { describe, expect, it } from 'vitest';
import {
  between,
  endsWith,
  eq,
  type FilterOperator,
  gt,
  gte,
  ilike,
  inOp,
  isFilterOperator,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  notBetween,
  notIn,
  OPERATOR_NAMES,
  startsWith,
} from '../../src/query/operators';

const day = new Date('2024-05-01T00:00:00.000Z');

const made: Array<[string, FilterOperator, string, unknown]> = [
  ['eq', eq('a'), 'eq', 'a'],
  ['ne', ne(null), 'ne', null],
  ['gt', gt(1), 'gt', 1],
  ['gte', gte(day), 'gte', day],
  ['lt', lt(-1), 'lt', -1],
  ['lte', lte(0), 'lte', 0],
  ['like', like('a%'), 'like', 'a%'],
  ['ilike', ilike('A_'), 'ilike', 'A_'],
  ['startsWith', startsWith('x'), 'startsWith', 'x'],
  ['endsWith', endsWith(''), 'endsWith', ''],
  ['inOp', inOp(['a', 1]), 'in', ['a', 1]],
  ['notIn', notIn([true]), 'nin', [true]],
  ['isNull', isNull(), 'null', true],
  ['isNotNull', isNotNull(), 'nnull', true],
  ['between', between(1, 5), 'between', [1, 5]],
  ['notBetween', notBetween(day, day), 'notBetween', [day, day]],
];

describe('operator functions', () => {
  it.each(made)('%s builds { operator, value }', (_name, op, operator, value) => {
    expect(op).toEqual({ operator, value });
    expect(isFilterOperator(op)).toBe(true);
  });

  it('covers all 16 wire names', () => {
    expect(new Set(made.map(([, op]) => op.operator))).toEqual(new Set(OPERATOR_NAMES));
    expect(OPERATOR_NAMES).toHaveLength(16);
  });

  it.each(made)('%s returns a frozen object', (_name, op) => {
    expect(Object.isFrozen(op)).toBe(true);
    expect(() => {
      (op as { operator: string }).operator = 'x';
    }).toThrow(TypeError);
    if (Array.isArray(op.value)) expect(Object.isFrozen(op.value)).toBe(true);
  });

  it('copies the caller array, so later changes do not leak in', () => {
    const values = ['a', 'b'];
    const op = inOp(values);
    values.push('c');
    expect(op.value).toEqual(['a', 'b']);
  });
});

describe('isFilterOperator', () => {
  it.each([
    [{ operator: 'gte', value: 1 }, true],
    [{ operator: 'null', value: undefined }, true],
    [
      Object.create(null, { operator: { value: 'x', enumerable: true }, value: { value: 1 } }),
      true,
    ],
    [{ operator: 1, value: 1 }, false],
    [{ operator: 'gte' }, false],
    [{ value: 1 }, false],
    [null, false],
    ['gte', false],
    [['gte', 1], false],
    [undefined, false],
  ])('%o -> %s', (x, expected) => {
    expect(isFilterOperator(x)).toBe(expected);
  });
});

describe('operator argument errors', () => {
  const cases: Array<[string, () => unknown, ErrorConstructor, RegExp]> = [
    ['gt string', () => gt('5' as never), TypeError, /gt: value must be a number or a Date/],
    ['gte NaN', () => gte(Number.NaN), RangeError, /gte: value must be a finite number/],
    ['lt Infinity', () => lt(Number.POSITIVE_INFINITY), RangeError, /lt: value/],
    ['lte invalid Date', () => lte(new Date('nope')), RangeError, /lte: value is an invalid Date/],
    ['gt undefined', () => gt(undefined as never), TypeError, /gt: value/],
    [
      'between min > max',
      () => between(5, 1),
      RangeError,
      /between: min \(5\) is greater than max \(1\)/,
    ],
    ['notBetween min > max', () => notBetween(2, 1), RangeError, /notBetween: min/],
    ['between Dates min > max', () => between(day, new Date(0)), RangeError, /between: min/],
    [
      'between NaN',
      () => between(Number.NaN, 1),
      RangeError,
      /between: min must be a finite number/,
    ],
    [
      'between Infinity max',
      () => between(1, Number.POSITIVE_INFINITY),
      RangeError,
      /between: max/,
    ],
    [
      'between mixed',
      () => between(1, day as never),
      TypeError,
      /both be numbers or both be Dates/,
    ],
    [
      'between string',
      () => between('1' as never, 2),
      TypeError,
      /between: min must be a number or a Date/,
    ],
    ['inOp non-array', () => inOp('a,b' as never), TypeError, /inOp: values must be an array/],
    [
      'notIn non-array',
      () => notIn(new Set([1]) as never),
      TypeError,
      /notIn: values must be an array/,
    ],
    ['inOp empty', () => inOp([]), RangeError, /inOp: values must not be empty/],
    [
      'inOp NaN item',
      () => inOp([1, Number.NaN]),
      RangeError,
      /inOp: values\[1\] must be a finite number/,
    ],
    [
      'notIn undefined item',
      () => notIn([undefined]),
      TypeError,
      /notIn: values\[0\] is undefined/,
    ],
    ['inOp object item', () => inOp([{}]), TypeError, /inOp: values\[0\] must be a string/],
    ['like non-string', () => like(5 as never), TypeError, /like: pattern must be a string, got 5/],
    [
      'ilike null',
      () => ilike(null as never),
      TypeError,
      /ilike: pattern must be a string, got null/,
    ],
    [
      'startsWith number',
      () => startsWith(1 as never),
      TypeError,
      /startsWith: prefix must be a string/,
    ],
    [
      'endsWith undefined',
      () => endsWith(undefined as never),
      TypeError,
      /endsWith: suffix must be a string/,
    ],
    ['eq undefined', () => eq(undefined), TypeError, /eq: value is undefined/],
    ['eq NaN', () => eq(Number.NaN), RangeError, /eq: value must be a finite number/],
    ['ne plain object', () => ne({ a: 1 }), TypeError, /ne: value must be a string/],
    ['eq function', () => eq(() => 1), TypeError, /eq: value must be a string/],
    ['eq invalid Date', () => eq(new Date(Number.NaN)), RangeError, /eq: value is an invalid Date/],
  ];

  it.each(cases)('%s', (_name, call, type, message) => {
    expect(call).toThrow(type);
    expect(call).toThrow(message);
  });
});
