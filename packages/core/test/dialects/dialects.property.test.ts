/**
 * For every dialect: every builder chain it accepts serializes to a query string that parses
 * back (URLSearchParams) to exactly the pairs its wire table promises, and every call it
 * refuses throws a TypeError and leaves the builder unchanged. A new dialect is one row in
 * DIALECTS: its factory and its table, written in decoded form.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bracketSerializer, type Dialect, type QueryEntry, QueryBuilder } from '@bridgekit/core';
import {
  djangoRest,
  feathers,
  jsonServer,
  laravel,
  postgrest,
  strapi,
} from '@bridgekit/core/dialects';
import { fakeExecutor } from '../query/fakeExecutor';
import { LARAVEL_FILTERS, laravelTable, postgrestTable, strapiTable } from './goldenTables';

/** A promised value: the exact decoded text, or a test the decoded text must pass. */
type Promised = string | ((text: string) => boolean);
type Table = (entries: readonly QueryEntry[]) => Array<[string, Promised]>;

// What URLSearchParams decodes a string to: lone surrogates become U+FFFD.
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const text = (v: unknown): string =>
  v === null ? 'null' : v instanceof Date ? v.toISOString() : wellFormed(String(v));
const items = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
const joined = (v: unknown) => items(v).map(text).join(',');

/** `ilike` patterns are generated as `[%]literal[%]`: the tables read them back so. */
const affix = (pattern: string) => {
  const lead = pattern.startsWith('%');
  const trail = pattern.length > 1 && pattern.endsWith('%');
  return { lead, trail, literal: pattern.slice(lead ? 1 : 0, trail ? -1 : undefined) };
};

const bracketTable: Table = (entries) =>
  entries.map((e) => {
    switch (e.kind) {
      case 'filter':
        return [e.operator === 'eq' ? e.field : `${e.field}[${e.operator}]`, joined(e.value)];
      case 'sort':
        return ['sort', e.fields.map(([f, d]) => `${wellFormed(f)}:${d}`).join(',')];
      case 'search':
        return ['q', text(e.value)];
      case 'param':
        return [e.key, joined(e.value)];
      default:
        return [e.kind, String(e.value)];
    }
  });

/** between(a, b) where a dialect composes it: the gte and lte entries it is sent as. */
const composed = (entries: readonly QueryEntry[]): QueryEntry[] =>
  entries.flatMap((e): QueryEntry[] => {
    if (e.kind !== 'filter' || e.operator !== 'between') return [e];
    const [lo, hi] = e.value as unknown[];
    return [
      { ...e, operator: 'gte', value: lo },
      { ...e, operator: 'lte', value: hi },
    ];
  });

const jsonServer1Table: Table = (entries) => {
  const out = composed(entries).map((e): [string, Promised] => {
    switch (e.kind) {
      case 'filter': {
        if (e.operator === 'null') return [`${e.field}:eq`, 'null'];
        if (e.operator === 'nnull') return [`${e.field}:ne`, 'null'];
        if (e.operator === 'ilike') {
          const { lead, trail, literal } = affix(e.value as string);
          const op = lead && trail ? 'contains' : lead ? 'endsWith' : 'startsWith';
          return [`${e.field}:${op}`, text(literal)];
        }
        return [`${e.field}:${e.operator}`, joined(e.value)];
      }
      case 'sort':
        return ['_sort', e.fields.map(([f, d]) => (d === 'desc' ? `-${f}` : f)).join(',')];
      case 'page':
        return ['_page', String(e.value)];
      case 'limit':
        return ['_per_page', String(e.value)];
      case 'param':
        return [e.key, joined(e.value)];
      default:
        throw new Error(`json-server 1.x promised no ${e.kind}`);
    }
  });
  const has = (kind: string) => entries.some((e) => e.kind === kind);
  if (has('limit') && !has('page')) out.push(['_page', '1']);
  return out.map(([k, v]) => [wellFormed(k), v]);
};

const jsonServer0Table: Table = (entries) => {
  const out = composed(entries).flatMap((e): Array<[string, Promised]> => {
    switch (e.kind) {
      case 'filter': {
        if (e.operator === 'ilike') {
          const { lead, trail, literal } = affix(e.value as string);
          const sample = `${lead ? 'xX' : ''}${literal}${trail ? 'Yy' : ''}`;
          // A case-insensitive regex matching the pattern, and nothing longer where unbounded.
          return [
            [
              `${e.field}_like`,
              (v) =>
                new RegExp(v, 'i').test(sample.toUpperCase()) &&
                new RegExp(v, 'i').test(sample) &&
                // '#' is never in a generated literal: an anchored end refuses one more character.
                (trail || (lead && literal === '') || !new RegExp(v, 'i').test(`${sample}#`)) &&
                (lead || (trail && literal === '') || !new RegExp(v, 'i').test(`#${sample}`)),
            ],
          ];
        }
        const suffix = { eq: '', in: '', ne: '_ne', nin: '_ne', gte: '_gte', lte: '_lte' }[
          e.operator
        ];
        const many = e.operator === 'in' || e.operator === 'nin';
        return (many ? items(e.value) : [e.value]).map((v) => [
          `${e.field}${suffix}`,
          many ? text(v) : joined(v),
        ]);
      }
      case 'sort':
        return [
          ['_sort', e.fields.map(([f]) => f).join(',')],
          ['_order', e.fields.map(([, d]) => d).join(',')],
        ];
      case 'search':
        return [['q', text(e.value)]];
      case 'page':
        return [['_page', String(e.value)]];
      case 'limit':
        return [['_limit', String(e.value)]];
      case 'offset':
        return [['_start', String(e.value)]];
      case 'param':
        return [[e.key, joined(e.value)]];
      default:
        throw new Error('json-server 0.17 promised no such entry');
    }
  });
  const has = (kind: string) => entries.some((e) => e.kind === kind);
  if (has('offset') && !has('limit')) out.push(['_end', String(Number.MAX_SAFE_INTEGER)]);
  return out.map(([k, v]) => [wellFormed(k), v]);
};

const feathersTable: Table = (entries) => {
  let limit: number | undefined;
  for (const e of entries) if (e.kind === 'limit') limit = e.value;
  return composed(entries)
    .flatMap((e): Array<[string, Promised]> => {
      switch (e.kind) {
        case 'filter':
          if (e.operator === 'eq') return [[e.field, joined(e.value)]];
          if (e.operator === 'null') return [[e.field, 'null']];
          if (e.operator === 'nnull') return [[`${e.field}[$ne]`, 'null']];
          if (e.operator === 'in' || e.operator === 'nin') {
            return items(e.value).map((v) => [`${e.field}[$${e.operator}][]`, text(v)]);
          }
          return [[`${e.field}[$${e.operator}]`, joined(e.value)]];
        case 'sort':
          return e.fields.map(([f, d]) => [`$sort[${f}]`, d === 'desc' ? '-1' : '1']);
        case 'page':
          return [
            ['$skip', String((e.value - 1) * (limit ?? 10))],
            ...(limit === undefined ? [['$limit', '10'] as [string, string]] : []),
          ];
        case 'limit':
          return [['$limit', String(e.value)]];
        case 'offset':
          return [['$skip', String(e.value)]];
        case 'param':
          return [[e.key, joined(e.value)]];
        default:
          throw new Error(`feathers promised no ${e.kind}`);
      }
    })
    .map(([k, v]) => [wellFormed(k), v]);
};

const djangoRestTable: Table = (entries) =>
  entries.map((e): [string, Promised] => {
    switch (e.kind) {
      case 'filter': {
        const field = wellFormed(e.field);
        if (e.value === null || e.operator === 'null' || e.operator === 'nnull') {
          return [`${field}__isnull`, String(e.operator !== 'nnull')];
        }
        if (e.operator === 'like' || e.operator === 'ilike') {
          const { lead, trail, literal } = affix(e.value as string);
          const lookup = lead && trail ? 'contains' : lead ? 'endswith' : trail ? 'startswith' : '';
          const i = e.operator === 'ilike' ? 'i' : '';
          const suffix = lookup ? `__${i}${lookup}` : i && '__iexact';
          return [`${field}${suffix}`, text(literal)];
        }
        const lookup = { between: 'range', eq: '' }[e.operator] ?? e.operator.toLowerCase();
        return [`${field}${lookup && `__${lookup}`}`, joined(e.value)];
      }
      case 'sort':
        return [
          'ordering',
          e.fields.map(([f, d]) => (d === 'desc' ? '-' : '') + wellFormed(f)).join(','),
        ];
      case 'search':
        return ['search', text(e.value)];
      case 'limit':
        return ['page_size', String(e.value)];
      case 'param':
        return [wellFormed(e.key), joined(e.value)];
      default:
        return [e.kind, String(e.value)];
    }
  });

const DIALECTS: Array<[string, Dialect, Table]> = [
  ['default', { name: 'bridgekit', query: bracketSerializer }, bracketTable],
  ['json-server 1.x', jsonServer({ version: 1 }), jsonServer1Table],
  ['json-server 0.17', jsonServer({ version: 0 }), jsonServer0Table],
  ['feathers', feathers(), feathersTable],
  ['feathers (like)', feathers({ like: true }), feathersTable],
  ['postgrest', postgrest({ search: { column: 'tsv' } }), postgrestTable],
  ['strapi', strapi({ search: ['name', 'body'] }), strapiTable],
  ['laravel', laravel({ filters: LARAVEL_FILTERS, search: 'search' }), laravelTable],
  ['django-rest', djangoRest(), djangoRestTable],
];

type Step =
  | { t: 'where'; field: string; op: string; value?: unknown }
  | { t: 'search'; value: string }
  | { t: 'page' | 'limit' | 'offset'; value: number }
  | { t: 'sort'; field: string; dir: 'asc' | 'desc' }
  | { t: 'param'; key: string; value: string | number | boolean };

// Small alphabets make collisions (and so replacements and refusals) frequent.
const str = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom(
    'a',
    'b',
    'a b',
    'x,y',
    ' y',
    '&=#+',
    'é😀',
    'a:b',
    'n_gte',
    '[x]',
    '$x',
    '-f',
    'q',
  ),
);
const name = str.filter((s) => s.length > 0);
const scalar = fc.oneof(str, fc.integer({ min: -50, max: 50 }), fc.boolean());
const literal = fc.stringMatching(/^[a-z .*()+?[\]{}|^$-]{0,5}$/);

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    t: fc.constant('where' as const),
    field: name,
    op: fc.constant('eq'),
    value: fc.oneof(scalar, fc.constant(null)),
  }),
  fc.record({
    t: fc.constant('where' as const),
    field: name,
    op: fc.constantFrom('ne', 'gt', 'gte', 'lt', 'lte'),
    value: fc.integer({ min: -50, max: 50 }),
  }),
  fc.record({
    t: fc.constant('where' as const),
    field: name,
    op: fc.constantFrom('in', 'nin'),
    value: fc.array(scalar, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    t: fc.constant('where' as const),
    field: name,
    op: fc.constantFrom('null', 'nnull'),
  }),
  fc.record({
    t: fc.constant('where' as const),
    field: name,
    op: fc.constantFrom('ilike', 'like', 'startsWith', 'endsWith'),
    value: fc
      .tuple(fc.boolean(), literal, fc.boolean())
      .map(([lead, lit, trail]) => `${lead ? '%' : ''}${lit}${trail ? '%' : ''}`),
  }),
  fc.record({
    t: fc.constant('where' as const),
    field: name,
    op: fc.constantFrom('between', 'notBetween'),
    value: fc.constant([1, 2]),
  }),
  fc.record({ t: fc.constant('search' as const), value: name }),
  fc.record({
    t: fc.constantFrom('page' as const, 'limit' as const),
    value: fc.integer({ min: 1, max: 99 }),
  }),
  fc.record({ t: fc.constant('offset' as const), value: fc.integer({ min: 0, max: 99 }) }),
  fc.record({
    t: fc.constant('sort' as const),
    field: name,
    dir: fc.constantFrom('asc' as const, 'desc' as const),
  }),
  fc.record({
    t: fc.constant('param' as const),
    key: name.map((k) => `p_${k}`),
    value: scalar.filter((v) => v !== ''),
  }),
);

function apply(q: QueryBuilder, s: Step): void {
  if (s.t === 'where') {
    if (s.value === undefined) q.where(s.field, s.op, undefined);
    else q.where(s.field, s.op, s.value);
  } else if (s.t === 'sort') q.sort(s.field, s.dir);
  else if (s.t === 'param') q.param(s.key, s.value);
  else if (s.t === 'search') q.search(s.value);
  else q[s.t](s.value);
}

function entryOf(
  s: Step,
  current: Map<string, QueryEntry>,
  key: (e: QueryEntry) => string,
): QueryEntry {
  switch (s.t) {
    case 'where': {
      const value = s.op === 'null' || s.op === 'nnull' ? true : s.value;
      return { kind: 'filter', field: s.field, operator: s.op, value };
    }
    case 'sort': {
      const prev = current.get(key({ kind: 'sort', fields: [] }));
      const fields = prev?.kind === 'sort' ? [...prev.fields] : [];
      const at = fields.findIndex(([f]) => f === s.field);
      if (at === -1) fields.push([s.field, s.dir]);
      else fields[at] = [s.field, s.dir];
      return { kind: 'sort', fields };
    }
    case 'param':
      return { kind: 'param', key: s.key, value: s.value };
    case 'search':
      return { kind: 'search', value: s.value };
    default:
      return { kind: s.t, value: s.value };
  }
}

describe.each(DIALECTS)('%s', (_name, dialect, table) => {
  const query = dialect.query!;
  it('accepted chains parse back to the promised pairs; refused calls change nothing', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 8 }), (steps) => {
        const q = new QueryBuilder(fakeExecutor(), '/x', query);
        const model = new Map<string, QueryEntry>();
        for (const s of steps) {
          const entry = entryOf(s, model, query.key);
          const problem = query.check?.(entry);
          const before = q.toQueryString();
          if (problem !== undefined) {
            expect(() => apply(q, s)).toThrow(new TypeError(problem));
            expect(problem).toContain(
              dialect.name === 'bridgekit' ? '' : `${dialect.name} cannot express`,
            );
            expect(q.toQueryString()).toBe(before);
            continue;
          }
          apply(q, s);
          model.set(query.key(entry), entry);
        }
        const got = [...new URLSearchParams(q.toQueryString())];
        const want = table([...model.values()]);
        expect(got.map(([k]) => k)).toEqual(want.map(([k]) => k));
        got.forEach(([, value], i) => {
          const promised = want[i]![1];
          if (typeof promised === 'string') expect(value).toBe(promised);
          else expect(promised(value), `${want[i]![0]}=${value}`).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});
