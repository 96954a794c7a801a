/**
 * The wire tables of postgrest(), strapi() and laravel() for the dialects property test: the
 * decoded pairs (as URLSearchParams reads them) each dialect promises for a list of accepted
 * entries, written from the wire tables of docs/guide/backends/*.md.
 */
import type { QueryEntry } from '@bridgekit/core';

type Pair = [string, string];

// What URLSearchParams decodes a string to: lone surrogates become U+FFFD.
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const text = (v: unknown): string =>
  v === null ? 'null' : v instanceof Date ? v.toISOString() : wellFormed(String(v));
const items = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
const joined = (v: unknown) => items(v).map(text).join(',');
const PATTERN = /^(%?)(.*?)(%?)$/s;

const quoted = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
const IDENT = /^[\p{L}\d_$]+(?: +[\p{L}\d_$]+)*(?:->?>?[\p{L}\d_$]+(?: +[\p{L}\d_$]+)*)*$/u;
const RESERVED = /^(select|columns|on_conflict|order|limit|offset|and|or)$/;
/** A PostgREST column: identifiers and JSON paths as they are, anything else double-quoted. */
const column = (f: string) => {
  const s = wellFormed(f);
  return IDENT.test(s) && !RESERVED.test(s) ? s : quoted(s);
};
const pgItem = (v: unknown) => {
  const s = text(v);
  return /^[^,()"\\\s]+$/.test(s) ? s : quoted(s);
};
const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&');

export const postgrestTable = (entries: readonly QueryEntry[]): Pair[] => {
  const limit = entries.find((e) => e.kind === 'limit') as { value: number } | undefined;
  return entries.flatMap((e): Pair[] => {
    switch (e.kind) {
      case 'filter': {
        const name = column(e.field);
        const v = e.value;
        switch (e.operator) {
          case 'eq':
            return [
              [name, v === null ? 'is.null' : typeof v === 'boolean' ? `is.${v}` : `eq.${text(v)}`],
            ];
          case 'ne':
            return [[name, v === null ? 'not.is.null' : `neq.${text(v)}`]];
          case 'in':
          case 'nin':
            return [
              [name, `${e.operator === 'in' ? '' : 'not.'}in.(${items(v).map(pgItem).join(',')})`],
            ];
          case 'null':
            return [[name, 'is.null']];
          case 'nnull':
            return [[name, 'not.is.null']];
          case 'like':
          case 'ilike':
            return [[name, `${e.operator}.${wellFormed(String(v)).replace(/%/g, '*')}`]];
          case 'startsWith':
            return [[name, `like.${likeEscape(wellFormed(String(v)))}*`]];
          case 'endsWith':
            return [[name, `like.*${likeEscape(wellFormed(String(v)))}`]];
          case 'between': {
            const [lo, hi] = v as unknown[];
            return [
              [name, `gte.${text(lo)}`],
              [name, `lte.${text(hi)}`],
            ];
          }
          case 'notBetween': {
            const [lo, hi] = v as unknown[];
            return [['or', `(${name}.lt.${pgItem(lo)},${name}.gt.${pgItem(hi)})`]];
          }
          default:
            return [[name, `${e.operator}.${text(v)}`]];
        }
      }
      case 'search':
        return [['tsv', `wfts.${text(e.value)}`]];
      case 'sort':
        return [['order', e.fields.map(([f, d]) => `${column(f)}.${d}`).join(',')]];
      case 'page':
        return limit
          ? [['offset', String((e.value - 1) * limit.value)]]
          : [
              ['limit', '10'],
              ['offset', String((e.value - 1) * 10)],
            ];
      case 'param':
        return [[wellFormed(e.key), joined(e.value)]];
      default:
        return [[e.kind, String(e.value)]];
    }
  });
};

const STRAPI_OPS: Record<string, string> = {
  eq: '$eq',
  ne: '$ne',
  gt: '$gt',
  gte: '$gte',
  lt: '$lt',
  lte: '$lte',
  null: '$null',
  nnull: '$notNull',
  startsWith: '$startsWith',
  endsWith: '$endsWith',
};

export const strapiTable = (entries: readonly QueryEntry[]): Pair[] => {
  const offset = entries.some((e) => e.kind === 'offset');
  const path = (f: string) => `filters[${wellFormed(f).split('.').join('][')}]`;
  return entries.flatMap((e): Pair[] => {
    switch (e.kind) {
      case 'filter': {
        const at = path(e.field);
        const v = e.value;
        const list = (op: string) => items(v).map((x, i): Pair => [`${at}[${op}][${i}]`, text(x)]);
        switch (e.operator) {
          case 'in':
            return list('$in');
          case 'nin':
            return list('$notIn');
          case 'between':
            return list('$between');
          case 'notBetween':
            return list('$not][$between');
          case 'like':
          case 'ilike': {
            const [, lead, middle, trail] = PATTERN.exec(String(v)) as unknown as string[];
            const op = lead ? (trail ? 'contains' : 'endsWith') : trail ? 'startsWith' : 'eq';
            return [[`${at}[$${op}${e.operator === 'ilike' ? 'i' : ''}]`, wellFormed(middle!)]];
          }
          default:
            if (v === null)
              return [[`${at}[${e.operator === 'eq' ? '$null' : '$notNull'}]`, 'true']];
            return [[`${at}[${STRAPI_OPS[e.operator]}]`, text(v)]];
        }
      }
      case 'search':
        return ['name', 'body'].map(
          (f, i): Pair => [`filters[$or][${i}][${f}][$containsi]`, text(e.value)],
        );
      case 'sort':
        return e.fields.map(([f, d], i): Pair => [`sort[${i}]`, `${wellFormed(f)}:${d}`]);
      case 'param':
        return [[wellFormed(e.key), joined(e.value)]];
      case 'page':
        return [['pagination[page]', String(e.value)]];
      case 'offset':
        return [['pagination[start]', String(e.value)]];
      default:
        return [[`pagination[${offset ? 'limit' : 'pageSize'}]`, String(e.value)]];
    }
  });
};

/** laravel({ filters: LARAVEL_FILTERS, search: 'search' }) */
export const LARAVEL_FILTERS = {
  a: 'operator',
  b: 'partial',
  q: 'beginsWith',
  'a b': 'endsWith',
} as const;
const PREFIX: Record<string, string> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

export const laravelTable = (entries: readonly QueryEntry[]): Pair[] => {
  const out: Pair[] = [];
  for (const e of entries) {
    let pair: Pair;
    if (e.kind === 'filter') {
      const mode = (LARAVEL_FILTERS as Record<string, string>)[e.field] ?? 'exact';
      const value =
        e.operator === 'between'
          ? `>=${text((e.value as unknown[])[0])},<=${text((e.value as unknown[])[1])}`
          : mode === 'operator'
            ? `${PREFIX[e.operator]}${text(e.value)}`
            : mode === 'partial'
              ? text(e.value).slice(1, -1)
              : joined(e.value);
      pair = [`filter[${wellFormed(e.field)}]`, value];
      const same = out.find(([n]) => n === pair[0]);
      if (same) {
        same[1] += `,${value}`;
        continue;
      }
    } else if (e.kind === 'search') pair = ['filter[search]', text(e.value)];
    else if (e.kind === 'sort') {
      pair = [
        'sort',
        e.fields.map(([f, d]) => (d === 'desc' ? '-' : '') + wellFormed(f)).join(','),
      ];
    } else if (e.kind === 'param') pair = [wellFormed(e.key), joined(e.value)];
    else pair = [e.kind === 'limit' ? 'per_page' : e.kind, String(e.value)];
    out.push(pair);
  }
  return out;
};
