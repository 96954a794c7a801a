import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QueryBuilder } from '../../src/query/QueryBuilder';
import { fakeExecutor } from './fakeExecutor';

// What URLSearchParams decodes a string to: lone surrogates become U+FFFD.
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

type Step =
  | { t: 'eq'; field: string; value: string | number | boolean | null }
  | { t: 'op'; field: string; op: string; value: number }
  | { t: 'in'; field: string; values: string[] }
  | { t: 'search'; value: string }
  | { t: 'page' | 'limit' | 'perPage' | 'offset'; value: number }
  | { t: 'sort'; field: string; dir: 'asc' | 'desc' }
  | { t: 'param'; key: string; value: string | null };

// Small alphabets make name collisions (and so replacements) frequent.
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('a', 'b', 'page', 'q', 'sort', 'limit', 'a[gte]', 'x,y', 'a b', '&=#%+', 'é😀'),
);
const name = text.filter((s) => s.length > 0);

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    t: fc.constant('eq' as const),
    field: name,
    value: fc.oneof(
      text,
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    ),
  }),
  fc.record({
    t: fc.constant('op' as const),
    field: name,
    op: fc.constantFrom('gte', 'lte', 'gt', 'lt', 'ne', 'custom_Op'),
    value: fc.integer(),
  }),
  fc.record({
    t: fc.constant('in' as const),
    field: name,
    values: fc.array(text, { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ t: fc.constant('search' as const), value: text }),
  fc.record({
    t: fc.constantFrom('page' as const, 'limit' as const, 'perPage' as const),
    value: fc.integer({ min: 1, max: 10_000 }),
  }),
  fc.record({ t: fc.constant('offset' as const), value: fc.integer({ min: 0, max: 10_000 }) }),
  fc.record({
    t: fc.constant('sort' as const),
    field: name,
    dir: fc.constantFrom('asc' as const, 'desc' as const),
  }),
  fc.record({
    t: fc.constant('param' as const),
    key: name,
    value: fc.oneof(text, fc.constant(null)),
  }),
);

function apply(builder: QueryBuilder, s: Step): void {
  switch (s.t) {
    case 'eq':
      builder.where(s.field, s.value);
      break;
    case 'op':
      builder.where(s.field, s.op, s.value);
      break;
    case 'in':
      builder.where(s.field, 'in', s.values);
      break;
    case 'search':
      builder.search(s.value);
      break;
    case 'sort':
      builder.sort(s.field, s.dir);
      break;
    case 'param':
      builder.param(s.key, s.value);
      break;
    default:
      builder[s.t](s.value);
  }
}

/**
 * The decoded entries the wire format (docs/guide/queries.md, "Wire format") says a chain produces,
 * computed independently of the builder.
 */
function expectedEntries(steps: Step[]): Array<[string, string]> {
  type Slot = { sort: Array<[string, string]> } | { text: string };
  const entries = new Map<string, Slot>();
  const put = (key: string, value: string) => entries.set(key, { text: value });
  for (const s of steps) {
    switch (s.t) {
      case 'eq':
        put(s.field, s.value === null ? 'null' : String(s.value));
        break;
      case 'op':
        put(`${s.field}[${s.op}]`, String(s.value));
        break;
      case 'in':
        put(`${s.field}[in]`, s.values.map(wellFormed).join(','));
        break;
      case 'search':
        if (s.value === '') entries.delete('q');
        else put('q', s.value);
        break;
      case 'perPage':
        put('limit', String(s.value));
        break;
      case 'sort': {
        const slot = entries.get('sort');
        const fields = slot && 'sort' in slot ? [...slot.sort] : [];
        const at = fields.findIndex(([f]) => f === s.field);
        if (at === -1) fields.push([s.field, s.dir]);
        else fields[at] = [s.field, s.dir];
        entries.set('sort', { sort: fields });
        break;
      }
      case 'param':
        if (s.value === null) entries.delete(s.key);
        else put(s.key, s.value);
        break;
      default:
        put(s.t, String(s.value));
    }
  }
  return [...entries].map(([key, slot]) => [
    wellFormed(key),
    'sort' in slot
      ? slot.sort.map(([f, d]) => `${wellFormed(f)}:${d}`).join(',')
      : wellFormed(slot.text),
  ]);
}

describe('QueryBuilder properties', () => {
  it('any chain parses back with URLSearchParams to exactly its entries, in call order', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const builder = new QueryBuilder(fakeExecutor(), '/x');
        for (const s of steps) apply(builder, s);
        const query = builder.toQueryString();
        expect([...new URLSearchParams(query)]).toEqual(expectedEntries(steps));
      }),
      { numRuns: 400 },
    );
  });

  it('the query string is plain ASCII with no space, #, + or ? and no empty pair', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const builder = new QueryBuilder(fakeExecutor(), '/x');
        for (const s of steps) apply(builder, s);
        const query = builder.toQueryString();
        expect(query).toMatch(/^[A-Za-z0-9\-_.!~*'()%&=[\],:]*$/);
        if (query !== '') expect(query.split('&').every((pair) => /^[^=]+=/.test(pair))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('sort entries split back into their fields even when names hold commas and colons', () => {
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 5 }), (fields) => {
        const builder = new QueryBuilder(fakeExecutor(), '/x');
        for (const f of fields) builder.sort(f, 'desc');
        const raw = builder.toQueryString().slice('sort='.length);
        const parsed = raw.split(',').map((part) => {
          const [field, dir] = part.split(':');
          return [decodeURIComponent(field!), dir];
        });
        expect(parsed).toEqual(fields.map((f) => [wellFormed(f), 'desc']));
      }),
      { numRuns: 200 },
    );
  });

  it('array items split back on raw commas before decoding', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (items) => {
        const builder = new QueryBuilder(fakeExecutor(), '/x').where('f', 'in', items);
        const raw = builder.toQueryString().slice('f[in]='.length);
        expect(raw.split(',').map(decodeURIComponent)).toEqual(items.map(wellFormed));
      }),
      { numRuns: 200 },
    );
  });

  it('toURL joins with ? or & and keeps the endpoint query first', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/x', '/x?a=1', 'https://h.example/api/x', 'https://h.example/x?z=%20'),
        fc.array(step, { maxLength: 10 }),
        (endpoint, steps) => {
          const builder = new QueryBuilder(fakeExecutor(), endpoint);
          for (const s of steps) apply(builder, s);
          const query = builder.toQueryString();
          const url = new URL(builder.toURL(), 'http://127.0.0.1');
          const before = [...new URL(endpoint, 'http://127.0.0.1').searchParams];
          expect([...url.searchParams]).toEqual([...before, ...new URLSearchParams(query)]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
