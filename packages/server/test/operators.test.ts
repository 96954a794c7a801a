import {
  between,
  type Client,
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
  type QueryBuilder,
  startsWith,
} from '@bridgekit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, start } from './helpers';

type Row = Record<string, any>;
let running: Running;
let api: Client;
let products: Row[];
let tasks: Row[];

beforeAll(async () => {
  running = await start();
  api = await running.signIn('viewer');
  const data = running.server.snapshot().entities;
  products = data.products!.rows;
  tasks = data.tasks!.rows;
});
afterAll(() => running.stop());

/** Asks the server and compares with the same filter computed here over the seed. */
async function expectRows(
  endpoint: '/products' | '/tasks',
  build: (q: QueryBuilder<Row[]>) => QueryBuilder<Row[]>,
  oracle: (row: Row) => boolean,
): Promise<number> {
  const res = await build(api.query<Row[]>(endpoint).limit(100)).get();
  expect(res.status, res.error).toBe(200);
  const rows = endpoint === '/products' ? products : tasks;
  const expected = rows.filter(oracle);
  expect(res.meta?.total).toBe(expected.length);
  expect((res.success ? res.data : []).map((r) => r.id)).toEqual(
    expected.slice(0, 100).map((r) => r.id),
  );
  return expected.length;
}

const day = (s: string) => Date.parse(s);

describe('filter operators (values coerced to the field type)', () => {
  it('eq: plain equality and the eq() object, for strings, numbers, booleans', async () => {
    expect(
      await expectRows(
        '/products',
        (q) => q.where('category', 'Books'),
        (r) => r.category === 'Books',
      ),
    ).toBeGreaterThan(0);
    await expectRows(
      '/products',
      (q) => q.where('category', eq('books')),
      (r) => r.category === 'books',
    );
    await expectRows(
      '/products',
      (q) => q.where('active', false),
      (r) => r.active === false,
    );
    await expectRows(
      '/products',
      (q) => q.where('active', '1'),
      (r) => r.active === true,
    );
    await expectRows(
      '/tasks',
      (q) => q.where('priority', 3),
      (r) => r.priority === 3,
    );
    await expectRows(
      '/tasks',
      (q) => q.where('priority', 'eq', '3.0'),
      (r) => r.priority === 3,
    );
    await expectRows(
      '/tasks',
      (q) => q.where('assignee', null),
      (r) => r.assignee === null,
    );
    await expectRows(
      '/products',
      (q) => q.where('id', '42'),
      (r) => r.id === '42',
    );
  });

  it('ne', async () => {
    await expectRows(
      '/tasks',
      (q) => q.where('status', ne('done')),
      (r) => r.status !== 'done',
    );
    await expectRows(
      '/tasks',
      (q) => q.where('priority', 'ne', 1),
      (r) => r.priority !== 1,
    );
  });

  it('gt gte lt lte on numbers and dates', async () => {
    expect(
      await expectRows(
        '/products',
        (q) => q.where('price', gte(100)),
        (r) => r.price >= 100,
      ),
    ).toBeGreaterThan(100);
    await expectRows(
      '/products',
      (q) => q.where('price', gt(250.5)),
      (r) => r.price > 250.5,
    );
    await expectRows(
      '/products',
      (q) => q.where('stock', lt(10)),
      (r) => r.stock < 10,
    );
    await expectRows(
      '/products',
      (q) => q.where('stock', lte(10)),
      (r) => r.stock <= 10,
    );
    const june = new Date('2024-06-01T00:00:00.000Z');
    await expectRows(
      '/products',
      (q) => q.where('createdAt', gte(june)),
      (r) => day(r.createdAt) >= june.getTime(),
    );
    await expectRows(
      '/tasks',
      (q) => q.where('dueDate', lt(new Date('2024-03-01'))),
      (r) => r.dueDate !== null && day(r.dueDate) < day('2024-03-01'),
    );
    await expectRows(
      '/tasks',
      (q) => q.where('dueDate', 'gte', '2024-12-01'),
      (r) => r.dueDate !== null && r.dueDate >= '2024-12-01',
    );
  });

  it('like (case-sensitive, % and _) and ilike (case-insensitive)', async () => {
    expect(
      await expectRows(
        '/products',
        (q) => q.where('name', like('Eco %')),
        (r) => r.name.startsWith('Eco '),
      ),
    ).toBeGreaterThan(0);
    await expectRows(
      '/products',
      (q) => q.where('name', like('eco %')),
      () => false,
    );
    await expectRows(
      '/products',
      (q) => q.where('name', ilike('eco %')),
      (r) => r.name.startsWith('Eco '),
    );
    await expectRows(
      '/products',
      (q) => q.where('name', like('%Lamp 1_')),
      (r) => /Lamp 1.$/.test(r.name),
    );
    await expectRows(
      '/products',
      (q) => q.where('name', ilike('%LAMP%')),
      (r) => /lamp/i.test(r.name),
    );
    // Regex characters in a pattern are literal.
    await expectRows(
      '/products',
      (q) => q.where('name', like('.*')),
      () => false,
    );
  });

  it('startsWith and endsWith', async () => {
    await expectRows(
      '/products',
      (q) => q.where('name', startsWith('Smart')),
      (r) => r.name.startsWith('Smart'),
    );
    await expectRows(
      '/products',
      (q) => q.where('name', endsWith(' 7')),
      (r) => r.name.endsWith(' 7'),
    );
    await expectRows(
      '/tasks',
      (q) => q.where('title', 'startsWith', 'Fix'),
      (r) => r.title.startsWith('Fix'),
    );
  });

  it('in and nin', async () => {
    await expectRows(
      '/tasks',
      (q) => q.where('status', inOp(['todo', 'doing'])),
      (r) => ['todo', 'doing'].includes(r.status),
    );
    await expectRows(
      '/tasks',
      (q) => q.where('priority', inOp([1, 5])),
      (r) => [1, 5].includes(r.priority),
    );
    await expectRows(
      '/tasks',
      (q) => q.where('priority', notIn([1, 2, 3])),
      (r) => ![1, 2, 3].includes(r.priority),
    );
    await expectRows(
      '/products',
      (q) => q.where('id', inOp(['3', '1', '2'])),
      (r) => ['1', '2', '3'].includes(r.id),
    );
  });

  it('null and nnull', async () => {
    expect(
      await expectRows(
        '/tasks',
        (q) => q.where('assignee', isNull()),
        (r) => r.assignee === null,
      ),
    ).toBeGreaterThan(0);
    await expectRows(
      '/tasks',
      (q) => q.where('assignee', isNotNull()),
      (r) => r.assignee !== null,
    );
    await expectRows(
      '/tasks',
      (q) => q.where('dueDate', 'null', false),
      (r) => r.dueDate !== null,
    );
    await expectRows(
      '/tasks',
      (q) => q.where('dueDate', 'nnull', false),
      (r) => r.dueDate === null,
    );
  });

  it('between and notBetween, inclusive', async () => {
    const [a, b] = [products[0]!.price, products[1]!.price].sort((x, y) => x - y) as [
      number,
      number,
    ];
    const n = await expectRows(
      '/products',
      (q) => q.where('price', between(a, b)),
      (r) => r.price >= a && r.price <= b,
    );
    expect(n).toBeGreaterThanOrEqual(2); // both bounds are rows themselves
    await expectRows(
      '/products',
      (q) => q.where('price', notBetween(a, b)),
      (r) => r.price < a || r.price > b,
    );
    await expectRows(
      '/tasks',
      (q) => q.where('priority', between(2, 4)),
      (r) => r.priority >= 2 && r.priority <= 4,
    );
    await expectRows(
      '/products',
      (q) => q.where('createdAt', between(new Date('2024-03-01'), new Date('2024-04-01'))),
      (r) => day(r.createdAt) >= day('2024-03-01') && day(r.createdAt) <= day('2024-04-01'),
    );
  });

  it('combines several operators with AND, also on one field', async () => {
    await expectRows(
      '/products',
      (q) =>
        q
          .where('price', gte(50))
          .where('price', lt(150))
          .where('active', true)
          .where('category', inOp(['Books', 'Toys'])),
      (r) => r.price >= 50 && r.price < 150 && r.active && ['Books', 'Toys'].includes(r.category),
    );
  });

  it('answers 400 for an uncoercible value, an unknown operator or field, and bad ranges', async () => {
    const cases: [string, RegExp][] = [
      ['/products?price[gte]=cheap', /not a number/],
      ['/products?price=', /not a number/],
      ['/products?active=maybe', /not a boolean/],
      ['/products?createdAt[lt]=yesterday', /not a date/],
      ['/tasks?priority[in]=1,x', /not a number/],
      ['/tasks?assignee[null]=perhaps', /not a boolean/],
      ['/products?price[between]=1', /two comma-separated values/],
      ['/products?price[between]=5,1', /min is greater than max/],
      ['/products?price[regex]=1', /Unknown operator "regex"/],
      ['/products?price[constructor]=1', /Unknown operator/],
      ['/products?colour=red', /Unknown field "colour"/],
      ['/users?passwordHash[like]=%25', /Unknown field/],
      ['/products?price[gte][x]=1', /Malformed filter/],
    ];
    const admin = await running.signIn('admin');
    for (const [path, message] of cases) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(400);
      expect(res.code, path).toBe('BAD_REQUEST');
      expect(res.error, path).toMatch(message);
    }
  });
});
