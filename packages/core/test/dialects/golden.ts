/**
 * Golden-table helpers for the dialects whose backends cannot run here (PostgREST, Strapi,
 * Laravel): query rows compare a builder chain with the exact query string and, when the
 * backend's documentation prints the URL differently encoded, with the pairs that URL decodes
 * to; response rows replay a documented response from a real loopback HTTP server.
 */
import { expect, it } from 'vitest';
import { type Dialect, QueryBuilder } from '@bridgekit/core';
import { fakeExecutor } from '../query/fakeExecutor';

/** One query row: what the chain must serialize to, and the documented URL when it differs. */
export interface QueryRow {
  /** The chain as written, e.g. `where('age', lt(13))`: the row's name. */
  chain: string;
  build: (q: QueryBuilder) => QueryBuilder;
  /** The exact query string the dialect sends. */
  query: string;
  /** The query string as the documentation prints it, when its encoding differs. */
  doc?: string;
}

/** Decoded pairs, as a server's query parser sees them. */
export const pairsOf = (query: string): Array<[string, string]> => [...new URLSearchParams(query)];

/** One `it` per row. */
export function queryRows(dialect: Dialect, rows: readonly QueryRow[]): void {
  it.each(rows.map((row) => [row.chain, row] as const))('%s', (_chain, row) => {
    const q = row.build(new QueryBuilder(fakeExecutor(), '/t', dialect.query));
    expect(q.toQueryString()).toBe(row.query);
    if (row.doc !== undefined) expect(pairsOf(row.query)).toEqual(pairsOf(row.doc));
  });
}

/** A list body of `n` rows `{ id: from }`, `{ id: from + 1 }`... */
export const rowsFrom = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: from + i }));
