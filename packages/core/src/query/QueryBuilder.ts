/**
 * The chainable query builder (docs/guide/queries.md; its wire format, "Wire format").
 */
import type { Dialect, DialectQuery } from '../contract/dialect';
import type { ApiResponse } from '../contract/http';
import { headerMap, putHeader } from '../client/headers';
import { appendQuery } from '../client/url';
import { checkHeader, checkSort, integer, objectEntries, whereEntry } from './builderChecks';
import { mustBe } from '../checks';
import type { QueryExecutor } from './QueryExecutor';
import type { WhereOperator } from './WhereOperator';
import { assertNonEmptyString, assertQueryValue } from './queryValue';
import { readList } from './readList';
import {
  bracketSerializer,
  type QueryEntry,
  type QuerySerializer,
  type SortDirection,
} from './serializer';

export type { QueryExecutor } from './QueryExecutor';
export type { WhereOperator } from './WhereOperator';

/**
 * Builds a query against one endpoint and sends it. Every method except the executors and
 * `toQueryString`/`build`/`toURL` changes this builder and returns it.
 *
 * @example
 * const res = await client
 *   .query<Product[]>('/products')
 *   .where('category', 'books')
 *   .where('price', gte(10))
 *   .sort('price', 'desc')
 *   .page(2)
 *   .limit(20)
 *   .get();
 * // GET /products?category=books&price[gte]=10&sort=price:desc&page=2&limit=20
 */
export class QueryBuilder<T = any> {
  readonly #client: QueryExecutor;
  readonly #endpoint: string;
  readonly #serializer: DialectQuery;
  // The whole dialect when one was given: `get()` reads a list through it.
  readonly #dialect: Dialect | undefined;
  // Keyed by query name; a Map keeps first-insertion order when a value is replaced.
  readonly #entries = new Map<string, QueryEntry>();
  // Header names are case-insensitive: putHeader replaces any casing of a name.
  readonly #headers = headerMap();

  /**
   * @param client what sends the requests (usually the `Client` whose `query()` made this).
   * @param endpoint the path (or absolute URL) the query is sent to; may carry its own `?a=1`.
   * @param serializer the wire format: a `QuerySerializer`, or a dialect's query part whose
   *   `check` refuses what the backend cannot express (a `TypeError` at the call that adds it).
   *   @default bracketSerializer
   * @param dialect the dialect `get()` reads a list through (`client.query()` passes the
   *   client's). @default none: `get()` hands over the answer as it came
   */
  constructor(
    client: QueryExecutor,
    endpoint: string,
    serializer: QuerySerializer | DialectQuery = bracketSerializer,
    dialect?: Dialect,
  ) {
    if (typeof client?.get !== 'function') {
      throw new TypeError(
        'QueryBuilder: client must be an object with get/post/put/patch/delete methods',
      );
    }
    if (typeof endpoint !== 'string') {
      throw mustBe('QueryBuilder: endpoint', 'a string', endpoint);
    }
    if (typeof serializer?.key !== 'function' || typeof serializer.serialize !== 'function') {
      throw new TypeError('QueryBuilder: serializer must have key() and serialize() methods');
    }
    const { check } = serializer as DialectQuery;
    if (check !== undefined && typeof check !== 'function') {
      throw new TypeError('QueryBuilder: serializer.check must be a function');
    }
    this.#client = client;
    // The dialect's path (DRF's trailing slash), as its services write theirs.
    this.#endpoint = (serializer as DialectQuery).path?.(endpoint) ?? endpoint;
    this.#serializer = serializer;
    this.#dialect = dialect;
  }

  /**
   * Adds a filter. `where(field, value)` is equality (`field=value`; `null` is sent as
   * `null`); `where(field, operator, value)` and `where(field, gte(10))` are
   * `field[operator]=value`. Several operators on one field accumulate; the same operator
   * again replaces its value.
   *
   * @example
   * qb.where('status', 'active');          // status=active
   * qb.where('price', 'gte', 10);          // price[gte]=10
   * qb.where('price', lte(50));            // price[lte]=50
   * qb.where('tags', 'in', ['a', 'b']);    // tags[in]=a,b
   */
  where(field: string, value: unknown): this;
  where(field: string, operator: WhereOperator, value: unknown): this;
  where(field: string, ...rest: unknown[]): this {
    return this.#set(whereEntry('where', field, rest));
  }

  /**
   * Alias of `where`.
   *
   * @example
   * qb.filter('status', 'active'); // status=active
   */
  filter(field: string, value: unknown): this;
  filter(field: string, operator: WhereOperator, value: unknown): this;
  filter(field: string, ...rest: unknown[]): this {
    return this.#set(whereEntry('filter', field, rest));
  }

  /**
   * Full-text search, sent as `q`. An empty string removes it.
   *
   * @example
   * qb.search('red chair'); // q=red%20chair
   */
  search(query: string): this {
    return this.#search('search', query);
  }

  /**
   * Alias of `search`.
   *
   * @example
   * qb.q('chair'); // q=chair
   */
  q(query: string): this {
    return this.#search('q', query);
  }

  /**
   * The page number, 1-based: an integer `>= 1`.
   *
   * @example
   * qb.page(2); // page=2
   */
  page(page: number): this {
    return this.#set({ kind: 'page', value: integer('page', page, 1) });
  }

  /**
   * Items per page: an integer `>= 1`.
   *
   * @example
   * qb.limit(20); // limit=20
   */
  limit(limit: number): this {
    return this.#set({ kind: 'limit', value: integer('limit', limit, 1) });
  }

  /**
   * Alias of `limit`.
   *
   * @example
   * qb.perPage(50); // limit=50
   */
  perPage(limit: number): this {
    return this.#set({ kind: 'limit', value: integer('perPage', limit, 1) });
  }

  /**
   * Items to skip: an integer `>= 0`.
   *
   * @example
   * qb.offset(40); // offset=40
   */
  offset(offset: number): this {
    return this.#set({ kind: 'offset', value: integer('offset', offset, 0) });
  }

  /**
   * Sorts by `field`. Calls accumulate into one `sort` entry in call order; sorting a field
   * again replaces its direction in place.
   *
   * @param direction @default 'asc'
   * @example
   * qb.sort('name').sort('age', 'desc'); // sort=name:asc,age:desc
   */
  sort(field: string, direction: SortDirection = 'asc'): this {
    return this.#sort('sort', field, direction);
  }

  /**
   * Alias of `sort`.
   *
   * @param direction @default 'asc'
   * @example
   * qb.orderBy('createdAt', 'desc'); // sort=createdAt:desc
   */
  orderBy(field: string, direction: SortDirection = 'asc'): this {
    return this.#sort('orderBy', field, direction);
  }

  /**
   * One custom query parameter, serialized like `RequestOptions.params` (arrays
   * comma-joined, Dates as ISO text). `null`/`undefined` remove the parameter. A key that
   * another method also writes (`page`, `q`, `sort`, `price[gte]`) is the same entry.
   *
   * @example
   * qb.param('include', 'owner'); // include=owner
   */
  param(key: string, value: unknown): this {
    return this.#param('param', key, value, true);
  }

  /**
   * Several custom query parameters, in the object's key order (see `param`).
   *
   * @example
   * qb.params({ include: 'owner', fields: ['id', 'name'] }); // include=owner&fields=id,name
   */
  params(params: Record<string, unknown>): this {
    // Validate everything first so a bad value leaves the builder unchanged.
    const entries = objectEntries('params', params);
    for (const [key, value] of entries) this.#param('params', key, value, false);
    for (const [key, value] of entries) this.#param('params', key, value, true);
    return this;
  }

  /**
   * One request header, sent by the executors (never put in the query string). Names are
   * case-insensitive: setting one again replaces it.
   *
   * @example
   * qb.header('X-Tenant', 'acme');
   */
  header(key: string, value: string): this {
    return this.#header('header', key, value, true);
  }

  /**
   * Several request headers (see `header`).
   *
   * @example
   * qb.headers({ 'X-Tenant': 'acme', 'Accept-Language': 'fr' });
   */
  headers(headers: Record<string, string>): this {
    const entries = objectEntries('headers', headers);
    for (const [key, value] of entries) this.#header('headers', key, value as string, false);
    for (const [key, value] of entries) this.#header('headers', key, value as string, true);
    return this;
  }

  /**
   * The query string, without a leading `?` (`''` when empty), entries in call order.
   *
   * @example
   * client.query('/x').where('a', 1).page(2).toQueryString(); // 'a=1&page=2'
   */
  toQueryString(): string {
    return this.#serializer.serialize([...this.#entries.values()]);
  }

  /**
   * Alias of `toQueryString`.
   *
   * @example
   * client.query('/x').limit(5).build(); // 'limit=5'
   */
  build(): string {
    return this.toQueryString();
  }

  /**
   * The endpoint followed by the query string: `?` before it, or `&` when the endpoint
   * already has a query; the endpoint alone when the query is empty. A `#fragment` stays last.
   *
   * @example
   * client.query('/users').page(2).toURL();        // '/users?page=2'
   * client.query('/users?active=1').page(2).toURL(); // '/users?active=1&page=2'
   */
  toURL(): string {
    return appendQuery(this.#endpoint, this.toQueryString());
  }

  /**
   * Sends `GET toURL()` with the builder's headers. With a dialect it reads a list as the
   * services do (`readList`): `data` is the rows, `meta` `{ page, limit, total?, totalPages? }`
   * from what the backend said. Without one, the reference server's envelope gives the same.
   *
   * @example
   * const res = await client.query<User[]>('/users').page(1).get();
   * if (res.success) console.log(res.data.length, res.meta?.total);
   */
  get<R = T>(): Promise<ApiResponse<R>> {
    if (this.#dialect === undefined) return this.#send('get');
    const query = { endpoint: this.#endpoint, entries: [...this.#entries.values()] };
    const url = () => this.toURL();
    return readList(this.#dialect, this.#client, { ...query, headers: this.#headers, url });
  }

  /**
   * Sends `DELETE toURL()` with the builder's headers.
   *
   * @example
   * await client.query('/sessions').where('expired', true).delete();
   */
  delete<R = T>(): Promise<ApiResponse<R>> {
    return this.#send('delete');
  }

  /**
   * Sends `POST toURL()` with `body` and the builder's headers.
   *
   * @example
   * await client.query('/reports').param('format', 'csv').post({ range: 'week' });
   */
  post<R = T>(body?: unknown): Promise<ApiResponse<R>> {
    return this.#send('post', body);
  }

  /**
   * Sends `PUT toURL()` with `body` and the builder's headers.
   *
   * @example
   * await client.query('/settings').param('scope', 'user').put({ theme: 'dark' });
   */
  put<R = T>(body?: unknown): Promise<ApiResponse<R>> {
    return this.#send('put', body);
  }

  /**
   * Sends `PATCH toURL()` with `body` and the builder's headers.
   *
   * @example
   * await client.query('/tasks').where('status', 'todo').patch({ assignee: 'me' });
   */
  patch<R = T>(body?: unknown): Promise<ApiResponse<R>> {
    return this.#send('patch', body);
  }

  // `body` is absent for get/delete, so the options land where each verb expects them.
  #send<R>(verb: keyof QueryExecutor, ...body: unknown[]): Promise<ApiResponse<R>> {
    const url = this.toURL();
    return (this.#client[verb] as (...args: unknown[]) => Promise<ApiResponse<R>>)(
      url,
      ...body,
      // A copy per request: what the executor does with it never reaches the builder. The
      // query as written goes with it for the client's events.
      { headers: { ...this.#headers }, query: url },
    );
  }

  // Checks before anything changes, so a refused entry leaves the builder as it was.
  #check(entry: QueryEntry): QueryEntry {
    const problem = this.#serializer.check?.(entry);
    if (problem !== undefined) throw new TypeError(problem);
    return entry;
  }

  #set(entry: QueryEntry): this {
    this.#entries.set(this.#serializer.key(this.#check(entry)), entry);
    return this;
  }

  #search(method: string, query: string): this {
    if (typeof query !== 'string') {
      throw mustBe(`${method}: query`, 'a string', query);
    }
    const entry: QueryEntry = { kind: 'search', value: query };
    if (query !== '') return this.#set(entry);
    this.#entries.delete(this.#serializer.key(entry));
    return this;
  }

  #sort(method: string, field: string, direction: SortDirection): this {
    checkSort(method, field, direction);
    const current = this.#entries.get(this.#serializer.key({ kind: 'sort', fields: [] }));
    // A Map keeps each field where it was first sorted and replaces its direction there.
    const fields = new Map(current?.kind === 'sort' ? current.fields : []).set(field, direction);
    return this.#set({ kind: 'sort', fields: [...fields] });
  }

  // `apply` false only checks: params() checks every pair before it changes anything.
  #param(method: string, key: string, value: unknown, apply: boolean): this {
    assertNonEmptyString(key, `${method}: key`);
    const entry: QueryEntry = { kind: 'param', key, value };
    if (value === null || value === undefined) {
      if (apply) this.#entries.delete(this.#serializer.key(entry));
      return this;
    }
    assertQueryValue(value, `${method}: value of "${key}"`);
    if (apply) return this.#set(entry);
    this.#check(entry);
    return this;
  }

  #header(method: string, key: string, value: string, apply: boolean): this {
    checkHeader(method, key, value);
    if (apply) putHeader(this.#headers, key, value);
    return this;
  }
}
