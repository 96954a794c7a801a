import { describe, expect, it } from 'vitest';
import { gte } from '../../src/query/operators';
import { QueryBuilder } from '../../src/query/QueryBuilder';
import { bracketSerializer } from '../../src/query/serializer';
import { fakeExecutor } from './fakeExecutor';

const qb = () => new QueryBuilder(fakeExecutor(), '/items');
// Lets a test call a method with arguments its types forbid, as plain JavaScript could.
const loose = (b: QueryBuilder) => b as any;

const cases: Array<[string, (b: QueryBuilder) => unknown, ErrorConstructor, RegExp]> = [
  // fields
  ['empty field', (b) => b.where('', 1), TypeError, /where: field must not be empty/],
  [
    'non-string field',
    (b) => loose(b).where(5, 1),
    TypeError,
    /where: field must be a string, got 5/,
  ],
  ['filter empty field', (b) => b.filter('', 'x'), TypeError, /filter: field must not be empty/],
  // operators
  [
    'operator with a space',
    (b) => b.where('f', 'g te', 1),
    RangeError,
    /where: operator "g te" is malformed/,
  ],
  ['operator with brackets', (b) => b.where('f', 'gte]', 1), RangeError, /malformed/],
  ['operator starting with a digit', (b) => b.where('f', '1gt', 1), RangeError, /malformed/],
  ['empty operator', (b) => b.where('f', '', 1), RangeError, /malformed/],
  [
    'non-string operator',
    (b) => loose(b).where('f', 5, 1),
    TypeError,
    /where: operator must be a string/,
  ],
  [
    'malformed operator object',
    (b) => b.where('f', { operator: 'a-b', value: 1 }),
    RangeError,
    /malformed/,
  ],
  // values
  [
    'undefined equality',
    (b) => b.where('f', undefined),
    TypeError,
    /where: value of "f" is undefined/,
  ],
  [
    'undefined operator value',
    (b) => b.where('f', 'gte', undefined),
    TypeError,
    /value of "f" is undefined/,
  ],
  [
    'NaN value',
    (b) => b.where('f', Number.NaN),
    RangeError,
    /where: value of "f" must be a finite number/,
  ],
  ['Infinity with operator', (b) => b.where('f', 'lt', -Infinity), RangeError, /finite number/],
  ['NaN in an array', (b) => b.where('f', 'in', [1, Number.NaN]), RangeError, /value of "f"\[1\]/],
  ['invalid Date', (b) => b.where('f', new Date('x')), RangeError, /invalid Date/],
  ['plain object value', (b) => b.where('f', { a: 1 }), TypeError, /plain object/],
  ['symbol value', (b) => b.where('f', Symbol('s')), TypeError, /value of "f" must be/],
  ["'between' with a scalar", (b) => b.where('f', 'between', 5), TypeError, /\[min, max\] array/],
  [
    "'between' with three items",
    (b) => b.where('f', 'between', [1, 2, 3]),
    TypeError,
    /\[min, max\]/,
  ],
  [
    "'between' min > max",
    (b) => b.where('f', 'notBetween', [9, 1]),
    RangeError,
    /min \(9\) is greater than max \(1\)/,
  ],
  ["'in' with an empty array", (b) => b.where('f', 'in', []), RangeError, /empty array/],
  [
    'hand-made between object min > max',
    (b) => b.where('f', { operator: 'between', value: [3, 1] }),
    RangeError,
    /greater/,
  ],
  // search
  ['search non-string', (b) => loose(b).search(5), TypeError, /search: query must be a string/],
  ['q undefined', (b) => loose(b).q(undefined), TypeError, /q: query must be a string/],
  // pagination
  ['page 0', (b) => b.page(0), RangeError, /page must be >= 1, got 0/],
  ['page negative', (b) => b.page(-1), RangeError, /page must be >= 1/],
  ['page fractional', (b) => b.page(1.5), RangeError, /page must be an integer, got 1.5/],
  ['page NaN', (b) => b.page(Number.NaN), RangeError, /page must be a finite number/],
  [
    'page Infinity',
    (b) => b.page(Number.POSITIVE_INFINITY),
    RangeError,
    /page must be a finite number/,
  ],
  ['page unsafe integer', (b) => b.page(2 ** 60), RangeError, /page must be an integer/],
  ['page string', (b) => loose(b).page('2'), TypeError, /page must be a number, got "2"/],
  ['limit 0', (b) => b.limit(0), RangeError, /limit must be >= 1/],
  ['limit fractional', (b) => b.limit(2.2), RangeError, /limit must be an integer/],
  ['perPage 0', (b) => b.perPage(0), RangeError, /perPage must be >= 1/],
  ['perPage NaN', (b) => b.perPage(Number.NaN), RangeError, /perPage must be a finite number/],
  ['offset negative', (b) => b.offset(-1), RangeError, /offset must be >= 0, got -1/],
  ['offset fractional', (b) => b.offset(0.5), RangeError, /offset must be an integer/],
  ['offset null', (b) => loose(b).offset(null), TypeError, /offset must be a number, got null/],
  // sort
  ['sort empty field', (b) => b.sort(''), TypeError, /sort: field must not be empty/],
  [
    'sort unknown direction',
    (b) => loose(b).sort('a', 'up'),
    RangeError,
    /sort: direction must be 'asc' or 'desc', got "up"/,
  ],
  ['sort upper-case direction', (b) => loose(b).sort('a', 'DESC'), RangeError, /direction/],
  [
    'orderBy unknown direction',
    (b) => loose(b).orderBy('a', 'down'),
    RangeError,
    /orderBy: direction/,
  ],
  [
    'orderBy non-string direction',
    (b) => loose(b).orderBy('a', 1),
    TypeError,
    /orderBy: direction/,
  ],
  // params
  ['param empty key', (b) => b.param('', 1), TypeError, /param: key must not be empty/],
  [
    'param NaN',
    (b) => b.param('a', Number.NaN),
    RangeError,
    /param: value of "a" must be a finite number/,
  ],
  ['param object', (b) => b.param('a', {}), TypeError, /param: value of "a"/],
  [
    'params not an object',
    (b) => loose(b).params('a=1'),
    TypeError,
    /params: params must be an object/,
  ],
  [
    'params null',
    (b) => loose(b).params(null),
    TypeError,
    /params: params must be an object, got null/,
  ],
  [
    'params array',
    (b) => loose(b).params([1]),
    TypeError,
    /params: params must be an object, got an array/,
  ],
  [
    'params bad value',
    (b) => b.params({ ok: 1, bad: Infinity }),
    RangeError,
    /params: value of "bad"/,
  ],
  ['params empty key', (b) => b.params({ '': 1 }), TypeError, /params: key must not be empty/],
  // headers
  ['header empty name', (b) => b.header('', 'x'), TypeError, /header: name must not be empty/],
  [
    'header name with a space',
    (b) => b.header('X A', 'x'),
    TypeError,
    /header: invalid header name "X A"/,
  ],
  [
    'header CR/LF value',
    (b) => b.header('X-A', 'a\r\nX-Evil: 1'),
    TypeError,
    /header: header "X-A" has a value with a control character \(CR, LF/,
  ],
  [
    'header non-string value',
    (b) => loose(b).header('X-A', 1),
    TypeError,
    /header: header "X-A" must have a string value/,
  ],
  [
    'headers not an object',
    (b) => loose(b).headers(null),
    TypeError,
    /headers: headers must be an object/,
  ],
  [
    'headers bad value',
    (b) => loose(b).headers({ 'X-A': 'ok', 'X-B': undefined }),
    TypeError,
    /headers: header "X-B" must have a string value/,
  ],
];

describe('QueryBuilder bad input', () => {
  it.each(cases)('%s', (_what, call, type, message) => {
    const builder = qb().where('kept', 1);
    expect(() => call(builder)).toThrow(type);
    expect(() => call(builder)).toThrow(message);
    // A rejected call leaves the query as it was.
    expect(builder.toQueryString()).toBe('kept=1');
  });

  it('rejects a bad value inside params() without applying the good ones', () => {
    const builder = qb();
    expect(() => builder.params({ a: 1, b: Number.NaN })).toThrow(RangeError);
    expect(builder.toQueryString()).toBe('');
  });

  it('rejects a bad header inside headers() without applying the good ones', async () => {
    const exec = fakeExecutor();
    const builder = new QueryBuilder(exec, '/x');
    expect(() => builder.headers({ 'X-A': 'ok', 'X-B': 'a\nb' })).toThrow(TypeError);
    await builder.get();
    expect(exec.calls[0]?.options?.headers).toEqual({});
  });

  it('accepts every operator function result and its hand-made twin', () => {
    expect(qb().where('p', gte(1)).toQueryString()).toBe(
      qb()
        .where('p', Object.freeze({ operator: 'gte', value: 1 }))
        .toQueryString(),
    );
  });
});

describe('QueryBuilder constructor', () => {
  it.each([
    ['no client', () => new QueryBuilder(undefined as never, '/x'), /client must be an object/],
    [
      'client without methods',
      () => new QueryBuilder({} as never, '/x'),
      /client must be an object/,
    ],
    [
      'non-string endpoint',
      () => new QueryBuilder(fakeExecutor(), 42 as never),
      /endpoint must be a string, got 42/,
    ],
    [
      'bad serializer',
      () => new QueryBuilder(fakeExecutor(), '/x', {} as never),
      /serializer must have key\(\) and serialize\(\)/,
    ],
  ])('%s', (_what, make, message) => {
    expect(make).toThrow(TypeError);
    expect(make).toThrow(message);
  });

  it('uses a replacement serializer for keys and text', () => {
    const colon = {
      key: bracketSerializer.key,
      serialize: (entries: Parameters<typeof bracketSerializer.serialize>[0]) =>
        entries
          .map((e) =>
            e.kind === 'filter'
              ? `${e.field}=${e.operator}:${String(e.value)}`
              : bracketSerializer.serialize([e]),
          )
          .join('&'),
    };
    const builder = new QueryBuilder(fakeExecutor(), '/x', colon);
    builder.where('price', 'gte', 1).where('price', 'lte', 5).page(2).where('price', 'gte', 3);
    expect(builder.toQueryString()).toBe('price=gte:3&price=lte:5&page=2');
  });
});
