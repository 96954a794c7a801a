/**
 * The builder's `get()` (docs/guide/queries.md, "Lists"): one list shape on every backend.
 * `data` is the rows and `meta` is `{ page, limit, total?, totalPages? }`, read by the
 * dialect's lists part from the backend's own facts, as the services read them, or, without
 * one (the default protocol), taken from the answer as its transport gave it: its `data` and
 * the envelope's meta. A total the backend did not give stays absent, and so does the page
 * count; an answer that holds no list is a `CLIENT_ERROR`, never rows it does not have.
 */
import type { Dialect, ListRequest, OperationClient } from '../contract/dialect';
import type { PaginatedResponse, PaginationMeta } from '../contract/entity';
import type { ApiResponse, ResponseMeta } from '../contract/http';
import type { QueryEntry } from '../contract/query';
import { headerMap, mergeHeaders } from '../client/headers';
import { pageCount } from '../client/meta';
import { failure } from '../client/response';
import { listPage } from '../dialects/shared';
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
 * The list of an answer read without a lists part: its `data` when that is an array, paged by
 * the envelope's meta (else the page asked for); `undefined` when `data` is no array.
 */
function handedOver(
  response: ApiResponse,
  requested: ListRequest,
): PaginatedResponse<unknown> | undefined {
  const { data, meta } = response;
  if (!Array.isArray(data)) return undefined;
  return listPage({ data, page: meta?.page, limit: meta?.limit, total: meta?.total }, requested);
}

/**
 * Sends a list query as the services would (the dialect's `operations.list` when it has one,
 * else `GET url` with the records part's list headers under the builder's own) and reads the
 * answer with the dialect's lists part, or, without one, as the transport handed it over
 * (`handedOver`): a success gets the rows as `data` and the list meta as `meta`; a failure
 * stays as it is; a success that holds no list (one record, a search result object) resolves
 * `CLIENT_ERROR` naming the endpoint. Never rejects: a dialect that throws resolves
 * `CLIENT_ERROR`.
 *
 * @example
 * const res = await readList(jsonServer({ version: 1 }), api, query);
 * // { success: true, data: [...5 rows], meta: { page: 2, limit: 5, total: 12, totalPages: 3 }, ... }
 */
export async function readList(
  dialect: Dialect | undefined,
  client: QueryExecutor,
  query: ListQuery,
): Promise<ApiResponse> {
  const { endpoint, entries } = query;
  const headers = mergeHeaders(headerMap(dialect?.records?.headers?.('list')), query.headers);
  const own = dialect?.operations?.list;
  try {
    const response = await (own
      ? // The client that made the builder: it has the verbs an operation sends with.
        own({ client: client as OperationClient, endpoint, entries, headers })
      : sendList(client, query.url(), headers));
    if (!response.success) return response;
    const requested = listRequest(entries);
    const list = dialect?.list
      ? dialect.list(response, requested)
      : handedOver(response, requested);
    if (list === undefined || !Array.isArray(list.data)) {
      return failure(
        'CLIENT_ERROR',
        `GET ${endpoint} answered no list, and query().get() reads lists: read this answer with get()`,
      );
    }
    const meta = listMeta(list.meta);
    // Without a lists part the meta is the envelope's own: its other keys (an `offset`, the
    // search's `q`) stay beside the page, size and total, as on every other call.
    return {
      ...response,
      data: list.data,
      meta: dialect?.list ? meta : { ...response.meta, ...meta },
    };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return failure('CLIENT_ERROR', `${dialect?.name} could not read the list: ${why}`);
  }
}
