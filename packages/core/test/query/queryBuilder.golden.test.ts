import { describe, expect, it } from 'vitest';
import {
  between,
  endsWith,
  eq,
  gt,
  gte,
  ilike,
  inOp,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  notBetween,
  notIn,
  startsWith,
} from '../../src/query/operators';
import { QueryBuilder } from '../../src/query/QueryBuilder';
import { fakeExecutor } from './fakeExecutor';

const qb = (endpoint = '/items') => new QueryBuilder(fakeExecutor(), endpoint);
const epoch = new Date(0);
const ISO_EPOCH = '1970-01-01T00%3A00%3A00.000Z';

// [what, chain, exact query string]
const golden: Array<[string, (b: QueryBuilder) => QueryBuilder, string]> = [
  // equality, three forms and the alias
  ['where(field, value)', (b) => b.where('status', 'active'), 'status=active'],
  ['filter alias', (b) => b.filter('status', 'active'), 'status=active'],
  ['where(field, eq())', (b) => b.where('status', eq('active')), 'status=active'],
  ["where(field, 'eq', value)", (b) => b.where('status', 'eq', 'active'), 'status=active'],
  ['filter with operator', (b) => b.filter('price', 'gt', 3), 'price[gt]=3'],
  // every operator function
  ["where(field, 'gte', v)", (b) => b.where('price', 'gte', 10), 'price[gte]=10'],
  ['gte()', (b) => b.where('price', gte(10)), 'price[gte]=10'],
  ['ne()', (b) => b.where('status', ne('done')), 'status[ne]=done'],
  ['gt()', (b) => b.where('stock', gt(0)), 'stock[gt]=0'],
  ['lt()', (b) => b.where('stock', lt(5)), 'stock[lt]=5'],
  ['lte()', (b) => b.where('stock', lte(-2.5)), 'stock[lte]=-2.5'],
  ['like()', (b) => b.where('name', like('a%')), 'name[like]=a%25'],
  ['ilike()', (b) => b.where('name', ilike('%desk_')), 'name[ilike]=%25desk_'],
  ['startsWith()', (b) => b.where('name', startsWith('Ad')), 'name[startsWith]=Ad'],
  [
    'endsWith()',
    (b) => b.where('email', endsWith('@example.com')),
    'email[endsWith]=%40example.com',
  ],
  ['inOp()', (b) => b.where('f', inOp(['a', 'b'])), 'f[in]=a,b'],
  ['notIn()', (b) => b.where('f', notIn(['a', 'b'])), 'f[nin]=a,b'],
  ['isNull()', (b) => b.where('f', isNull()), 'f[null]=true'],
  ['isNotNull()', (b) => b.where('f', isNotNull()), 'f[nnull]=true'],
  ['between()', (b) => b.where('f', between(1, 5)), 'f[between]=1,5'],
  ['notBetween()', (b) => b.where('f', notBetween(1, 5)), 'f[notBetween]=1,5'],
  ['between equal bounds', (b) => b.where('f', between(3, 3)), 'f[between]=3,3'],
  [
    'between() with Dates',
    (b) => b.where('d', between(epoch, new Date(86_400_000))),
    `d[between]=${ISO_EPOCH},1970-01-02T00%3A00%3A00.000Z`,
  ],
  ['gte() with a Date', (b) => b.where('createdAt', gte(epoch)), `createdAt[gte]=${ISO_EPOCH}`],
  ['inOp() of numbers', (b) => b.where('id', inOp([1, 2, 3])), 'id[in]=1,2,3'],
  // operator strings: wire names, function names, custom names
  ["'in' string", (b) => b.where('f', 'in', ['a']), 'f[in]=a'],
  ["'inOp' function name", (b) => b.where('f', 'inOp', ['a', 'b']), 'f[in]=a,b'],
  ["'notIn' function name", (b) => b.where('f', 'notIn', ['a']), 'f[nin]=a'],
  ["'isNull' function name", (b) => b.where('f', 'isNull', true), 'f[null]=true'],
  ["'nnull' with no value", (b) => b.where('f', 'nnull', undefined), 'f[nnull]=true'],
  ["'between' string", (b) => b.where('f', 'between', [2, 4]), 'f[between]=2,4'],
  ['custom operator', (b) => b.where('geo', 'near', '1,2'), 'geo[near]=1%2C2'],
  [
    'custom operator object',
    (b) => b.where('f', { operator: 'regex_1', value: '^a' }),
    'f[regex_1]=%5Ea',
  ],
  ['hand-made operator object', (b) => b.where('f', { operator: 'gte', value: 3 }), 'f[gte]=3'],
  // value types
  ['Date value', (b) => b.where('d', epoch), `d=${ISO_EPOCH}`],
  ['boolean true', (b) => b.where('active', true), 'active=true'],
  ['boolean false', (b) => b.where('active', false), 'active=false'],
  ['null', (b) => b.where('f', null), 'f=null'],
  ["null with 'eq'", (b) => b.where('f', 'eq', null), 'f=null'],
  ['zero', (b) => b.where('n', 0), 'n=0'],
  ['negative decimal', (b) => b.where('n', -1.5), 'n=-1.5'],
  ['bigint', (b) => b.where('n', 10n), 'n=10'],
  ['empty string', (b) => b.where('a', ''), 'a='],
  ['unicode', (b) => b.where('name', 'héllo wörld'), 'name=h%C3%A9llo%20w%C3%B6rld'],
  ['emoji', (b) => b.where('e', '😀'), 'e=%F0%9F%98%80'],
  ['lone surrogate', (b) => b.where('s', '\uD800x'), 's=%EF%BF%BDx'],
  ['& and =', (b) => b.where('a', 'x&y=z'), 'a=x%26y%3Dz'],
  ['%', (b) => b.where('a', '100%'), 'a=100%25'],
  ['#', (b) => b.where('a', '#tag'), 'a=%23tag'],
  ['+', (b) => b.where('a', 'a+b'), 'a=a%2Bb'],
  ['spaces and newline', (b) => b.where('a', ' x \n'), 'a=%20x%20%0A'],
  ['comma in a scalar', (b) => b.where('a', 'x,y'), 'a=x%2Cy'],
  ['array value', (b) => b.where('tags', ['x', 'y']), 'tags=x,y'],
  ['array with commas inside items', (b) => b.where('f', inOp(['a,b', 'c'])), 'f[in]=a%2Cb,c'],
  [
    'array with reserved characters',
    (b) => b.where('f', inOp(['a b', 'c&d', '#'])),
    'f[in]=a%20b,c%26d,%23',
  ],
  ['array with null', (b) => b.where('f', [null, 'a']), 'f=null,a'],
  ['array with Dates', (b) => b.where('f', inOp([epoch])), `f[in]=${ISO_EPOCH}`],
  // field names: encoded, operator brackets literal
  ['field with a space', (b) => b.where('first name', 'Ann'), 'first%20name=Ann'],
  ['field with brackets', (b) => b.where('a[b]', 'gte', 1), 'a%5Bb%5D[gte]=1'],
  ['unicode field', (b) => b.where('prénom', 'x'), 'pr%C3%A9nom=x'],
  ['dotted field', (b) => b.where('owner.name', 'x'), 'owner.name=x'],
  // accumulation and replacement
  [
    'operators accumulate on a field',
    (b) => b.where('price', 'gte', 1).where('price', 'lte', 5),
    'price[gte]=1&price[lte]=5',
  ],
  [
    'same operator replaces',
    (b) => b.where('price', 'gte', 1).where('price', gte(2)),
    'price[gte]=2',
  ],
  ['equality replaces in place', (b) => b.where('a', 1).where('b', 2).where('a', 3), 'a=3&b=2'],
  ['equality and operators coexist', (b) => b.where('a', 1).where('a', ne(2)), 'a=1&a[ne]=2'],
  ['eq() replaces plain equality', (b) => b.where('a', 1).where('a', eq(9)), 'a=9'],
  // search
  ['search', (b) => b.search('x y'), 'q=x%20y'],
  ['q alias', (b) => b.q('chair'), 'q=chair'],
  ['q replaces search in place', (b) => b.search('a').page(1).q('b'), 'q=b&page=1'],
  ["search('') removes q", (b) => b.search('a').search(''), ''],
  ['search with reserved characters', (b) => b.search('a&b=c#d%'), 'q=a%26b%3Dc%23d%25'],
  // pagination
  ['page', (b) => b.page(2), 'page=2'],
  ['limit', (b) => b.limit(20), 'limit=20'],
  ['perPage alias', (b) => b.perPage(20), 'limit=20'],
  ['perPage replaces limit in place', (b) => b.limit(10).page(1).perPage(30), 'limit=30&page=1'],
  ['offset 0', (b) => b.offset(0), 'offset=0'],
  ['offset', (b) => b.offset(40), 'offset=40'],
  ['page replaced', (b) => b.page(1).page(7), 'page=7'],
  // sort
  ['sort default asc', (b) => b.sort('name'), 'sort=name:asc'],
  ['sort accumulates', (b) => b.sort('name').sort('age', 'desc'), 'sort=name:asc,age:desc'],
  ['orderBy alias', (b) => b.orderBy('name', 'desc'), 'sort=name:desc'],
  ['orderBy default asc', (b) => b.orderBy('name'), 'sort=name:asc'],
  [
    'sort and orderBy share the entry',
    (b) => b.sort('a').orderBy('b', 'desc'),
    'sort=a:asc,b:desc',
  ],
  [
    're-sorting a field replaces its direction in place',
    (b) => b.sort('name').sort('age', 'desc').sort('name', 'desc'),
    'sort=name:desc,age:desc',
  ],
  [
    'sort keeps its first position',
    (b) => b.page(1).sort('a').limit(5).sort('b'),
    'page=1&sort=a:asc,b:asc&limit=5',
  ],
  ['sort field is encoded', (b) => b.sort('a,b:c d'), 'sort=a%2Cb%3Ac%20d:asc'],
  // custom params
  ['param', (b) => b.param('include', 'owner'), 'include=owner'],
  ['param then page: one entry', (b) => b.param('page', 3).limit(1).page(4), 'page=4&limit=1'],
  ['page then param: one entry', (b) => b.page(2).param('page', 5), 'page=5'],
  ['param q is the search entry', (b) => b.search('a').param('q', 'b'), 'q=b'],
  ['param key is encoded', (b) => b.param('price[gte]', 1), 'price%5Bgte%5D=1'],
  [
    'param replaces a filter of that name',
    (b) => b.where('price', 'gte', 1).param('price[gte]', 2),
    'price%5Bgte%5D=2',
  ],
  ['params', (b) => b.params({ a: 1, b: [1, 2], c: true }), 'a=1&b=1,2&c=true'],
  ['params skip null/undefined', (b) => b.params({ a: null, b: undefined, c: 'x' }), 'c=x'],
  ['param null removes', (b) => b.param('a', 1).param('b', 2).param('a', null), 'b=2'],
  ['param Date', (b) => b.param('since', epoch), `since=${ISO_EPOCH}`],
  ['param sort then sort()', (b) => b.param('sort', 'custom').sort('x'), 'sort=x:asc'],
  ['sort() then param sort', (b) => b.sort('x').param('sort', '-x'), 'sort=-x'],
  ['param with reserved characters', (b) => b.param('a b&', 'c=d'), 'a%20b%26=c%3Dd'],
  // whole chains
  [
    'filters, sort, pagination in call order',
    (b) =>
      b.where('category', 'books').where('price', gte(10)).sort('price', 'desc').page(2).limit(20),
    'category=books&price[gte]=10&sort=price:desc&page=2&limit=20',
  ],
  ['empty builder', (b) => b, ''],
  [
    'headers never in the query',
    (b) => b.header('X-A', '1').headers({ 'X-B': '2' }).page(1),
    'page=1',
  ],
];

describe('QueryBuilder golden wire format', () => {
  it('has a large table', () => {
    expect(golden.length).toBeGreaterThanOrEqual(60);
  });

  it.each(golden)('%s', (_what, chain, expected) => {
    const builder = qb();
    const returned = chain(builder);
    expect(returned).toBe(builder);
    expect(builder.toQueryString()).toBe(expected);
    expect(builder.build()).toBe(expected);
  });
});

describe('toURL', () => {
  it.each([
    ['/users', (b: QueryBuilder) => b.page(2), '/users?page=2'],
    ['/users', (b: QueryBuilder) => b, '/users'],
    ['/users?active=1', (b: QueryBuilder) => b.page(2), '/users?active=1&page=2'],
    ['/users?active=1', (b: QueryBuilder) => b, '/users?active=1'],
    ['/users?', (b: QueryBuilder) => b.page(2), '/users?page=2'],
    ['/users?a=1&', (b: QueryBuilder) => b.page(2), '/users?a=1&page=2'],
    [
      'https://h.example/x',
      (b: QueryBuilder) => b.where('a', 'b c'),
      'https://h.example/x?a=b%20c',
    ],
    ['/x#frag', (b: QueryBuilder) => b.page(2), '/x?page=2#frag'],
    ['/x?a=1#frag', (b: QueryBuilder) => b.page(2), '/x?a=1&page=2#frag'],
    ['', (b: QueryBuilder) => b.page(2), '?page=2'],
  ] as const)('%s', (endpoint, chain, expected) => {
    expect(chain(qb(endpoint)).toURL()).toBe(expected);
  });
});
