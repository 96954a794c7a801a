/**
 * The chainable query builder (core README, "Query builder"; its wire format, "Wire format").
 */
import type { DialectQuery } from '../dialect';
import type { ApiResponse, RequestOptions } from '../types';
import { appendQuery } from '../url';
import { checkHeader, checkSort, integer, whereEntry } from './builderChecks';
import type { OperatorName } from './operators';
import { describe } from '../argumentError';
import { assertNonEmptyString, assertQueryValue } from './queryValue';
import {
  bracketSerializer,
  type QueryEntry,
  type QuerySerializer,
  type SortDirection,
} from './serializer';

/**
 * What the builder sends through: the five verbs of `Client`. Any object with these methods
 * works (a `Client`, a wrapper, a test double).
 */
export interface QueryExecutor {
  get<R = any>(endpoint: string, options?: RequestOptions): Promise<ApiResponse<R>>;
  delete<R = any>(endpoint: string, options?: RequestOptions): Promise<ApiResponse<R>>;
  post<R = any>(
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<R>>;
  put<R = any>(endpoint: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<R>>;
  patch<R = any>(
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<R>>;
}

/** An operator name for `where(field, operator, value)`: a known name or a custom one. */
export type WhereOperator =
  | OperatorName
  | 'inOp'
  | 'notIn'
  | 'isNull'
  | 'isNotNull'
  | (string & {});

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
  // Keyed by query name; a Map keeps first-insertion order when a value is replaced.
  readonly #entries = new Map<string, QueryEntry>();
  // Keyed by lower-cased name: header names are case-insensitive.
  readonly #headers = new Map<string, readonly [name: string, value: string]>();

  /**
   * @param client what sends the requests (usually the `Client` whose `query()` made this).
   * @param endpoint the path (or absolute URL) the query is sent to; may carry its own `?a=1`.
   * @param serializer the wire format: a `QuerySerializer`, or a dialect's query part whose
   *   `check` refuses what the backend cannot express (a `TypeError` at the call that adds it).
   *   @default bracketSerializer
   */
  constructor(
    client: QueryExecutor,
    endpoint: string,
    serializer: QuerySerializer | DialectQuery = bracketSerializer,
  ) {
    if (typeof client !== 'object' || client === null || typeof client.get !== 'function') {
      throw new TypeError(
        'QueryBuilder: client must be an object with get/post/put/patch/delete methods',
      );
    }
    if (typeof endpoint !== 'string') {
      throw new TypeError(`QueryBuilder: endpoint must be a string, got ${describe(endpoint)}`);
    }
    if (
      typeof serializer !== 'object' ||
      serializer === null ||
      typeof serializer.key !== 'function' ||
      typeof serializer.serialize !== 'function'
    ) {
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
    return this.#where('where', field, rest);
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
    return this.#where('filter', field, rest);
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
    this.#set({ kind: 'page', value: integer('page', page, 1) });
    return this;
  }

  /**
   * Items per page: an integer `>= 1`.
   *
   * @example
   * qb.limit(20); // limit=20
   */
  limit(limit: number): this {
    this.#set({ kind: 'limit', value: integer('limit', limit, 1) });
    return this;
  }

  /**
   * Alias of `limit`.
   *
   * @example
   * qb.perPage(50); // limit=50
   */
  perPage(limit: number): this {
    this.#set({ kind: 'limit', value: integer('perPage', limit, 1) });
    return this;
  }

  /**
   * Items to skip: an integer `>= 0`.
   *
   * @example
   * qb.offset(40); // offset=40
   */
  offset(offset: number): this {
    this.#set({ kind: 'offset', value: integer('offset', offset, 0) });
    return this;
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
    assertNonEmptyString(key, 'param: key');
    this.#param(key, value, `param: value of "${key}"`);
    return this;
  }

  /**
   * Several custom query parameters, in the object's key order (see `param`).
   *
   * @example
   * qb.params({ include: 'owner', fields: ['id', 'name'] }); // include=owner&fields=id,name
   */
  params(params: Record<string, unknown>): this {
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      throw new TypeError(`params: params must be an object, got ${describe(params)}`);
    }
    // Validate everything first so a bad value leaves the builder unchanged.
    const entries = Object.entries(params);
    for (const [key, value] of entries) {
      assertNonEmptyString(key, 'params: key');
      if (value !== null && value !== undefined) {
        assertQueryValue(value, `params: value of "${key}"`);
        this.#check({ kind: 'param', key, value });
      }
    }
    for (const [key, value] of entries) this.#param(key, value, `params: value of "${key}"`);
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
    this.#header('header', key, value);
    return this;
  }

  /**
   * Several request headers (see `header`).
   *
   * @example
   * qb.headers({ 'X-Tenant': 'acme', 'Accept-Language': 'fr' });
   */
  headers(headers: Record<string, string>): this {
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
      throw new TypeError(`headers: headers must be an object, got ${describe(headers)}`);
    }
    const entries = Object.entries(headers);
    for (const [key, value] of entries) checkHeader('headers', key, value);
    for (const [key, value] of entries) this.#header('headers', key, value);
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
   * Sends `GET toURL()` with the builder's headers.
   *
   * @example
   * const res = await client.query<User[]>('/users').page(1).get();
   */
  get<R = T>(): Promise<ApiResponse<R>> {
    return this.#client.get<R>(this.toURL(), this.#options());
  }

  /**
   * Sends `DELETE toURL()` with the builder's headers.
   *
   * @example
   * await client.query('/sessions').where('expired', true).delete();
   */
  delete<R = T>(): Promise<ApiResponse<R>> {
    return this.#client.delete<R>(this.toURL(), this.#options());
  }

  /**
   * Sends `POST toURL()` with `body` and the builder's headers.
   *
   * @example
   * await client.query('/reports').param('format', 'csv').post({ range: 'week' });
   */
  post<R = T>(body?: unknown): Promise<ApiResponse<R>> {
    return this.#client.post<R>(this.toURL(), body, this.#options());
  }

  /**
   * Sends `PUT toURL()` with `body` and the builder's headers.
   *
   * @example
   * await client.query('/settings').param('scope', 'user').put({ theme: 'dark' });
   */
  put<R = T>(body?: unknown): Promise<ApiResponse<R>> {
    return this.#client.put<R>(this.toURL(), body, this.#options());
  }

  /**
   * Sends `PATCH toURL()` with `body` and the builder's headers.
   *
   * @example
   * await client.query('/tasks').where('status', 'todo').patch({ assignee: 'me' });
   */
  patch<R = T>(body?: unknown): Promise<ApiResponse<R>> {
    return this.#client.patch<R>(this.toURL(), body, this.#options());
  }

  #options(): RequestOptions {
    const headers: Record<string, string> = {};
    for (const [name, value] of this.#headers.values()) headers[name] = value;
    return { headers };
  }

  // Called before anything changes: a refused entry leaves the builder as it was.
  #check(entry: QueryEntry): void {
    const problem = this.#serializer.check?.(entry);
    if (problem !== undefined) throw new TypeError(problem);
  }

  #set(entry: QueryEntry): void {
    this.#check(entry);
    this.#entries.set(this.#serializer.key(entry), entry);
  }

  #where(method: string, field: string, rest: unknown[]): this {
    this.#set(whereEntry(method, field, rest));
    return this;
  }

  #search(method: string, query: string): this {
    if (typeof query !== 'string') {
      throw new TypeError(`${method}: query must be a string, got ${describe(query)}`);
    }
    const entry: QueryEntry = { kind: 'search', value: query };
    if (query === '') this.#entries.delete(this.#serializer.key(entry));
    else this.#set(entry);
    return this;
  }

  #sort(method: string, field: string, direction: SortDirection): this {
    checkSort(method, field, direction);
    const key = this.#serializer.key({ kind: 'sort', fields: [] });
    const current = this.#entries.get(key);
    const fields = current?.kind === 'sort' ? [...current.fields] : [];
    const at = fields.findIndex(([name]) => name === field);
    if (at === -1) fields.push([field, direction]);
    else fields[at] = [field, direction];
    this.#set({ kind: 'sort', fields });
    return this;
  }

  #param(key: string, value: unknown, label: string): void {
    const entry: QueryEntry = { kind: 'param', key, value };
    if (value === null || value === undefined) {
      this.#entries.delete(this.#serializer.key(entry));
      return;
    }
    assertQueryValue(value, label);
    this.#set(entry);
  }

  #header(method: string, key: string, value: string): void {
    checkHeader(method, key, value);
    this.#headers.set(key.toLowerCase(), [key, value]);
  }
}
