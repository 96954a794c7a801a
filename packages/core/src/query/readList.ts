/**
 * The builder's `get()` through a dialect (docs/guide/queries.md, "Lists"): one list shape on
 * every backend. `data` is the rows and `meta` is `{ page, limit, total?, totalPages? }`, read
 * by the dialect's lists part from the backend's own facts, as the services read them; a total the
 * backend did not give stays absent, and so does the page count. A dialect without a lists
 * part keeps the default protocol's: the answer as its transport gave it.
 */
import type { Dialect, ListRequest, OperationClient } from '../contract/dialect';
import type { PaginationMeta } from '../contract/entity';
import type { ApiResponse, ResponseMeta } from '../contract/http';
import type { QueryEntry } from '../contract/query';
import { headerMap, mergeHeaders } from '../client/headers';
import { pageCount } from '../client/meta';
import { failure } from '../client/response';
import type { QueryExecutor } from './QueryExecutor';

/** One list query of the builder. */
export interface ListQuery {
  /** The path, as the dialect's query part wrote it (DRF's trailing slash). */
  endpoint: string;
  /** The builder's entries, in order. */
  entries: QueryEntry[];
  /** The builder's own headers. */
  headers: Record<string, string>;
  /** The endpoint with the query string (the builder's `toURL()`). */
  url(): string;
}

/** The page, size and position a query asked for, for the lists part. */
function listRequest(entries: readonly QueryEntry[]): ListRequest {
  const requested: ListRequest = {};
  for (const entry of entries) {
    if (entry.kind === 'page' || entry.kind === 'limit' || entry.kind === 'offset') {
      requested[entry.kind] = entry.value;
    }
  }
  return requested;
}

/**
 * The list meta of the builder: `hasMore` belongs to the hooks' `PaginationMeta`; the page
 * count follows from the backend's total and page size (`pageCount`).
 */
function listMeta({ page, limit, total }: PaginationMeta): ResponseMeta {
  const meta: ResponseMeta = { page, limit };
  if (total === undefined) return meta;
  meta.total = total;
  const pages = pageCount(total, limit);
  if (pages !== undefined) meta.totalPages = pages;
  return meta;
}

// The list's GET, with the query as written for the client's events.
function sendList(client: QueryExecutor, url: string, headers: Record<string, string>) {
  return client.get(url, { headers, query: url });
}

/**
 * Sends a list query through `dialect` as its services would (its `operations.list` when it
 * has one, else `GET url` with the records part's list headers under the builder's own) and
 * reads the answer with its lists part: a success gets the rows as `data` and the list meta
 * as `meta`; a failure, or any answer of a dialect without a lists part, stays as it is. Never
 * rejects: a dialect that throws resolves `CLIENT_ERROR`.
 *
 * @example
 * const res = await readList(jsonServer({ version: 1 }), api, query);
 * // { success: true, data: [...5 rows], meta: { page: 2, limit: 5, total: 12, totalPages: 3 }, ... }
 */
export async function readList(
  dialect: Dialect,
  client: QueryExecutor,
  query: ListQuery,
): Promise<ApiResponse> {
  const { endpoint, entries } = query;
  const headers = mergeHeaders(headerMap(dialect.records?.headers?.('list')), query.headers);
  const own = dialect.operations?.list;
  try {
    const response = await (own
      ? // The client that made the builder: it has the verbs an operation sends with.
        own({ client: client as OperationClient, endpoint, entries, headers })
      : sendList(client, query.url(), headers));
    if (!response.success || dialect.list === undefined) return response;
    const { data, meta } = dialect.list(response, listRequest(entries));
    return { ...response, data, meta: listMeta(meta) };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return failure('CLIENT_ERROR', `${dialect.name} could not read the list: ${why}`);
  }
}
