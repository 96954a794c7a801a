/**
 * postgrest() against PostgREST's own client as an oracle: @supabase/postgrest-js (Supabase's
 * client, installed in backends/) and Bridgekit send the same operation to one loopback
 * server, which records both requests. They must mean the same to PostgREST: same method and
 * path, the same query parameters as PostgREST reads them (plain `URLSearchParams`, every
 * filter ANDed, so order does not matter), and the same `Prefer`, single-object `Accept` and
 * JSON body. PostgREST itself cannot run here.
 */
import {
  between,
  createBridgeApiService,
  createClient,
  endsWith,
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
import { postgrest } from '@bridgekit/core/dialects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgrestJs } from '../../../../backends/oracles.mjs';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { recordOne } from './oracleCapture';

const OBJECT = 'application/vnd.pgrst.object+json';

let server: TestServer;

beforeAll(async () => {
  // Lists answer an array with a count; single-object requests an object.
  server = await startTestServer((req) =>
    req.headers.accept?.includes(OBJECT)
      ? { json: { id: 7, name: 'Oak Desk' } }
      : { json: [], headers: { 'Content-Range': '*/0' } },
  );
});

afterAll(() => server?.close());

/** What PostgREST reads from one request. */
interface Meaning {
  method: string;
  path: string;
  /** Query pairs, sorted; `select=*` is PostgREST's default, so it is dropped. */
  params: string[];
  /** `Prefer` items, sorted. */
  prefer: string[];
  /** Whether one object (not an array) was asked for. */
  single: boolean;
  body: unknown;
}

async function capture(send: () => PromiseLike<unknown>): Promise<Meaning> {
  const req = await recordOne(server, send);
  const params = [...req.query]
    .filter(([k, v]) => !(k === 'select' && v === '*'))
    // `*` is PostgREST's URL alias of `%` in like/ilike patterns.
    .map(([k, v]) => `${k}=${/^(not\.)?i?like\./.test(v) ? v.replace(/\*/g, '%') : v}`)
    .sort();
  const prefer = String(req.headers.prefer ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .sort();
  return {
    method: req.method,
    path: req.path,
    params,
    prefer,
    single: String(req.headers.accept ?? '').includes(OBJECT),
    body: req.body === '' ? undefined : JSON.parse(req.body),
  };
}

const api = () => createClient(server.url, { dialect: postgrest({ search: { column: 'fts' } }) });
const products = () => createBridgeApiService<{ id: number }>(api(), { endpoint: '/products' });
const pg = () => new (postgrestJs().PostgrestClient)(server.url).from('products');
type Builder = QueryBuilder<unknown>;

describe('postgrest() and postgrest-js send filters PostgREST reads the same', () => {
  const rows: Array<[string, (b: Builder) => Builder, (q: ReturnType<typeof select>) => unknown]> =
    [
      ['eq', (b) => b.where('category', 'office'), (q) => q.eq('category', 'office')],
      ['eq on a boolean (is.true)', (b) => b.where('active', true), (q) => q.is('active', true)],
      ['ne', (b) => b.where('category', ne('office')), (q) => q.neq('category', 'office')],
      ['gt', (b) => b.where('price', gt(10)), (q) => q.gt('price', 10)],
      ['gte', (b) => b.where('price', gte(10)), (q) => q.gte('price', 10)],
      ['lt', (b) => b.where('price', lt(10)), (q) => q.lt('price', 10)],
      ['lte', (b) => b.where('price', lte(10)), (q) => q.lte('price', 10)],
      ['like', (b) => b.where('name', like('%Desk%')), (q) => q.like('name', '%Desk%')],
      ['ilike', (b) => b.where('name', ilike('desk%')), (q) => q.ilike('name', 'desk%')],
      ['startsWith', (b) => b.where('name', startsWith('Desk')), (q) => q.like('name', 'Desk%')],
      ['endsWith', (b) => b.where('name', endsWith('Lamp')), (q) => q.like('name', '%Lamp')],
      ['in', (b) => b.where('id', inOp([1, 2, 3])), (q) => q.in('id', [1, 2, 3])],
      [
        'in with values PostgREST must quote',
        (b) => b.where('name', inOp(['a,b', 'c(d)', 'plain'])),
        (q) => q.in('name', ['a,b', 'c(d)', 'plain']),
      ],
      ['notIn', (b) => b.where('id', notIn([1, 2])), (q) => q.not('id', 'in', '(1,2)')],
      ['isNull', (b) => b.where('stock', isNull()), (q) => q.is('stock', null)],
      ['eq null', (b) => b.where('stock', null), (q) => q.is('stock', null)],
      ['isNotNull', (b) => b.where('stock', isNotNull()), (q) => q.not('stock', 'is', null)],
      [
        'between (gte and lte)',
        (b) => b.where('price', between(10, 20)),
        (q) => q.gte('price', 10).lte('price', 20),
      ],
      [
        'notBetween (an or of lt and gt)',
        (b) => b.where('price', notBetween(10, 20)),
        (q) => q.or('price.lt.10,price.gt.20'),
      ],
      [
        'several filters and a sort',
        (b) => b.where('category', 'office').where('price', lt(100)).sort('price', 'desc'),
        (q) => q.eq('category', 'office').lt('price', 100).order('price', { ascending: false }),
      ],
      [
        'a sort on two columns',
        (b) => b.sort('category').sort('price', 'desc'),
        (q) => q.order('category').order('price', { ascending: false }),
      ],
      ['limit and offset', (b) => b.limit(5).offset(10), (q) => q.range(10, 14)],
      ['page 3 of 5', (b) => b.page(3).limit(5), (q) => q.range(10, 14)],
      [
        'full-text search (websearch)',
        (b) => b.search('oak desk'),
        (q) => q.textSearch('fts', 'oak desk', { type: 'websearch' }),
      ],
    ];
  function select() {
    // The builder's get() reads a list as the services do: counted.
    return pg().select('*', { count: 'exact' });
  }

  it.each(rows)('%s', async (_what, ours, theirs) => {
    const mine = await capture(() => ours(api().query('/products')).get());
    const oracle = await capture(async () => theirs(select()));
    expect(mine).toEqual(oracle);
  });
});

describe('postgrest() and postgrest-js: lists and records', () => {
  it('a counted page (Prefer: count=exact, offset and limit)', async () => {
    const mine = await capture(() => products().getList({ page: 2, limit: 5 }));
    const oracle = await capture(async () => pg().select('*', { count: 'exact' }).range(5, 9));
    expect(mine).toEqual(oracle);
    expect(mine.prefer).toEqual(['count=exact']);
  });

  it('a counted, sorted list', async () => {
    const mine = await capture(() =>
      products().getList({ page: 1, limit: 10, orderBy: 'price', orderDir: 'desc' }),
    );
    const oracle = await capture(async () =>
      pg().select('*', { count: 'exact' }).order('price', { ascending: false }).range(0, 9),
    );
    expect(mine).toEqual(oracle);
  });

  it('search through the service', async () => {
    const mine = await capture(() => products().search({ q: 'oak', page: 1, limit: 10 }));
    const oracle = await capture(async () =>
      pg()
        .select('*', { count: 'exact' })
        .textSearch('fts', 'oak', { type: 'websearch' })
        .range(0, 9),
    );
    expect(mine).toEqual(oracle);
  });

  it('get one (eq on the key, single-object Accept)', async () => {
    const mine = await capture(() => products().getById('7'));
    const oracle = await capture(async () => pg().select('*').eq('id', 7).single());
    expect(mine).toEqual(oracle);
    expect(mine.single).toBe(true);
  });

  it('create (POST, return=representation, one object back)', async () => {
    const data = { name: 'Oak Desk', price: 250 };
    const mine = await capture(() => products().create(data as never));
    const oracle = await capture(async () => pg().insert(data).select().single());
    expect(mine).toEqual(oracle);
    expect(mine).toMatchObject({ method: 'POST', body: data });
  });

  it('update (PATCH on the key, only the given fields)', async () => {
    const mine = await capture(() => products().update('7', { price: 240 } as never));
    const oracle = await capture(async () =>
      pg().update({ price: 240 }).eq('id', 7).select().single(),
    );
    expect(mine).toEqual(oracle);
    expect(mine).toMatchObject({ method: 'PATCH', params: ['id=eq.7'], body: { price: 240 } });
  });

  it('delete (DELETE on the key; Bridgekit asks for the deleted row so zero rows is a 406)', async () => {
    const mine = await capture(() => products().delete('7'));
    const oracle = await capture(async () => pg().delete().eq('id', 7).select().single());
    expect(mine).toEqual(oracle);
  });
});

describe("postgrest(): the builder's get() reads a list as postgrest-js reads it", () => {
  const ROWS = [
    { id: 6, name: 'Rug' },
    { id: 7, name: 'Mirror' },
  ];
  let lists: TestServer;
  beforeAll(async () => {
    // A counted page as PostgREST answers one: the rows, and their range of the total.
    lists = await startTestServer((req) => ({
      json: ROWS,
      headers: {
        'Content-Range': String(req.headers.prefer).includes('count=exact') ? '5-6/12' : '5-6/*',
      },
    }));
  });
  afterAll(() => lists?.close());

  it('rows in data; page, limit, total and totalPages in meta (the count postgrest-js reads)', async () => {
    const mine = await createClient(lists.url, { dialect: postgrest() })
      .query('/products')
      .page(2)
      .limit(5)
      .get();
    const oracle = await new (postgrestJs().PostgrestClient)(lists.url)
      .from('products')
      .select('*', { count: 'exact' })
      .range(5, 9);
    // The same request (postgrest-js also names PostgREST's default `select=*`).
    const [ours, theirs] = lists.requests.map((r) => {
      const query = new URLSearchParams(r.query);
      query.delete('select');
      return `${query} ${r.headers.prefer}`;
    });
    expect(ours).toBe(theirs);
    if (!mine.success) expect.fail(mine.error);
    expect(mine.data).toEqual(oracle.data);
    expect(mine.meta).toEqual({ page: 2, limit: 5, total: oracle.count, totalPages: 3 });
  });

  it('uncounted (the plain verbs send no Prefer): the body as sent, no meta', async () => {
    const plain = await createClient(lists.url, { dialect: postgrest() }).get(
      '/products?offset=5&limit=5',
    );
    expect(plain.data).toEqual(ROWS);
    expect(plain.meta).toBeUndefined();
    expect(plain.headers?.get('content-range')).toBe('5-6/*');
  });
});
