/**
 * json-server without a named version (`jsonServer()`). 0.17, what `npm i json-server`
 * installs, and 1.x read different queries, and each ignores a parameter it does not read, so
 * a guess lists the wrong rows (every row, a page of the wrong size) without an error. Before a
 * client's first list this dialect asks the server which version it is, once, and then speaks
 * that version to that client.
 */
import { isRecord } from '../checks';
import type { Dialect, DialectQuery, OperationRequest } from '../contract/dialect';
import type { ApiFailure, ApiResponse, ApiSuccess } from '../contract/http';
import type { QueryEntry } from '../contract/query';
import { failure } from '../client/response';
import { appendQuery } from '../client/url';

const NAME = 'json-server';

// 0.17 reads `_limit` and ignores `_per_page`; 1.x reads `_per_page` (and `_limit` as a field).
const QUESTION = '_page=1&_per_page=1&_limit=1';

/** The dialects of 0.17 (index 0) and 1.x (index 1). */
type Versions = readonly [Dialect, Dialect];

/**
 * The version an answer to the question comes from: 1.x answers a page object
 * (`{ first, prev, next, last, pages, items, data }`), 0.17 an array with `X-Total-Count`.
 */
function versionOf(response: ApiSuccess): 0 | 1 | undefined {
  const body: unknown = response.data;
  if (Array.isArray(body) && response.headers?.has('x-total-count')) return 0;
  const paged =
    isRecord(body) &&
    Array.isArray(body.data) &&
    typeof body.items === 'number' &&
    typeof body.pages === 'number';
  return paged ? 1 : undefined;
}

/** Asks the server of one list which version it is: a version, or the failure to list. */
async function ask({ client, endpoint, headers }: OperationRequest): Promise<0 | 1 | ApiFailure> {
  const url = appendQuery(endpoint, QUESTION);
  const response = await client.get(url, headers && { headers });
  if (!response.success) return response;
  return (
    versionOf(response) ??
    (failure(
      'CLIENT_ERROR',
      `${NAME}: GET ${url} answered neither as 1.x (a page object) nor as 0.17 (an array with X-Total-Count); for a json-server, name its version: jsonServer({ version: 1 }) or jsonServer({ version: 0 })`,
    ) as ApiFailure)
  );
}

/**
 * The entries as `query` keys them, as the builder would have kept them with that version
 * named: of the entries one key holds, the one added last (`order`, else the later in the
 * list) stays, in the place of the first.
 */
function keyedBy(
  query: DialectQuery,
  entries: readonly QueryEntry[],
  order: (entry: QueryEntry) => number,
): QueryEntry[] {
  const byKey = new Map<string, QueryEntry>();
  for (const entry of entries) {
    const key = query.key(entry);
    const held = byKey.get(key);
    if (held === undefined || order(entry) >= order(held)) byKey.set(key, entry);
  }
  return [...byKey.values()];
}

/** The first thing `query` cannot express among `entries`, or `undefined`. */
function refusal(query: DialectQuery, entries: readonly QueryEntry[]): string | undefined {
  for (const entry of entries) {
    const problem = query.check?.(entry);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * The dialect of a json-server whose version nobody named: `versions` holds the dialects of
 * 0.17 and 1.x. Its lists (the services' `list` and `search`, the builder's `get()`) ask the
 * server once per client, then key, check and write their entries as that version does; what
 * that version cannot express resolves `CLIENT_ERROR` naming it. At the builder call it refuses
 * what neither version can express; `toQueryString()` writes only a query both versions write
 * alike. A server that answers as neither is a `CLIENT_ERROR` naming the `version` option.
 *
 * @example
 * // What jsonServer() without a version returns:
 * const api = createClient('http://localhost:3000', { dialect: jsonServer() });
 * await api.query('/books').where('year', gte(2000)).page(2).limit(5).get();
 * // GET /books?_page=1&_per_page=1&_limit=1 (the question, once per client), then
 * // GET /books?year_gte=2000&_page=2&_limit=5 (0.17) or /books?year:gte=2000&_page=2&_per_page=5 (1.x)
 */
export function jsonServerOfAnyVersion(versions: Versions): Dialect & { envelope: false } {
  const queries = versions.map((v) => v.query as DialectQuery);
  // Per client: the version its server answered, or the question still in flight.
  const asked = new WeakMap<object, Promise<0 | 1 | ApiFailure>>();
  // When the builder stored each entry (it asks for the key of each entry it stores): entries
  // that this dialect keeps apart and a version keys alike replace each other by this order.
  const added = new WeakMap<QueryEntry, number>();
  let stored = 0;
  const order = (entry: QueryEntry) => added.get(entry) ?? -1;

  function versionFor(request: OperationRequest): Promise<0 | 1 | ApiFailure> {
    const known = asked.get(request.client);
    if (known !== undefined) return known;
    const answer = ask(request);
    asked.set(request.client, answer);
    // A question that got no version is asked again by the next list.
    answer.then((v) => {
      if (typeof v !== 'number' && asked.get(request.client) === answer) {
        asked.delete(request.client);
      }
    });
    return answer;
  }

  async function list(request: OperationRequest): Promise<ApiResponse> {
    const version = await versionFor(request);
    if (typeof version !== 'number') return version;
    const query = queries[version]!;
    const entries = keyedBy(query, request.entries, order);
    const problem = refusal(query, entries);
    if (problem !== undefined) return failure('CLIENT_ERROR', problem);
    const { client, endpoint, headers } = request;
    return client.get(appendQuery(endpoint, query.serialize(entries)), headers && { headers });
  }

  const query: DialectQuery = {
    // Until a version answers, each entry keeps a key of its own; the version's keys apply
    // when the list is sent, so entries replace each other as with that version named.
    key(entry) {
      if (!added.has(entry)) added.set(entry, stored++);
      switch (entry.kind) {
        case 'param':
          return entry.key;
        case 'filter':
          return `\0${entry.field}\0${entry.operator}`;
        default:
          return `\0${entry.kind}`;
      }
    },
    // Only what neither version can express is refused at the call. Each message starts with
    // its dialect's name (`json-server 0.17 cannot express …`).
    check(entry) {
      const [old, current] = queries.map((q) => q.check?.(entry));
      if (old === undefined || current === undefined) return undefined;
      const why = old.slice(versions[0].name.length);
      return why === current.slice(versions[1].name.length)
        ? `${NAME} 0.17 and 1.x${why}`
        : `${old}, and ${current}`;
    },
    serialize(entries) {
      if (entries.length === 0) return '';
      const [old, current] = queries.map((q) => {
        const mine = keyedBy(q, entries, order);
        return refusal(q, mine) === undefined ? q.serialize(mine) : undefined;
      });
      if (old !== undefined && old === current) return old;
      throw new TypeError(
        `${NAME} 0.17 and 1.x write this query differently: name the version, jsonServer({ version: 0 }) or jsonServer({ version: 1 }), to write it (get() and the services ask the server)`,
      );
    },
  };

  return {
    ...(versions[1] as Dialect & { envelope: false }),
    name: NAME,
    id: NAME,
    query,
    operations: { list, search: list },
  };
}
