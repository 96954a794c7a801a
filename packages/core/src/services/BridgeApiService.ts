import type { Client } from '../client/client';
import { mustBe, rejectUnknownKeys } from '../checks';
import type { DocumentTyped, EndpointFor, ListItemAt, UntypedClient } from '../typed/TypedClient';
import type { Dialect, DialectQuery } from '../contract/dialect';
import { whereEntry } from '../query/builderChecks';
import { bracketSerializer, type QueryEntry } from '../query/serializer';
import type { ApiResponse, RequestOptions } from '../contract/http';
import { appendQuery } from '../client/url';
import { BridgeApiError } from './BridgeApiError';
import { type PaginatedResponse, parseListResponse } from './parseListResponse';

export type { EntityOperation, PaginatedResponse, PaginationMeta } from '../contract/entity';
import type { EntityOperation } from '../contract/entity';
export { parseListResponse } from './parseListResponse';

/**
 * Where an entity lives on the API.
 *
 * @example
 * const config: EntityConfig = {
 *   endpoint: '/products',
 *   customEndpoints: { search: '/search/products', get: '/products/by-id/:id' },
 *   updateMethod: 'PUT', // update replaces the record instead of merging into it
 * };
 */
export interface EntityConfig {
  /** Path of the collection under the client's base URL, e.g. `'/products'`. */
  endpoint: string;
  /**
   * Path templates that replace the default path of an operation; `:id` is replaced by the
   * URI-encoded id. They win over the dialect's paths.
   * @default {} (the dialect's paths; by default list/create `endpoint`, search `endpoint/search` (with a dialect's query part: `endpoint`), get/update/delete `endpoint/:id`)
   */
  customEndpoints?: Partial<Record<EntityOperation, string>>;
  /**
   * HTTP method of `update`. `update(id, data)` takes a `Partial<T>`, so the default is the
   * backend's merging verb; `'PUT'` asks for a replace (the server then wants every required
   * field).
   * @default the dialect's merging verb, else 'PATCH' (the Bridgekit protocol's merge)
   */
  updateMethod?: 'PUT' | 'PATCH';
  /**
   * The dialect of this entity's backend, when it differs from the client's: its query,
   * lists and records parts apply to this entity.
   * @default the client's `dialect`
   */
  dialect?: Dialect;
}

/**
 * An `EntityConfig` whose endpoint is a GET path of a typed client's document (the
 * collection), so that the service's item type is that list's item.
 */
export type TypedEntityConfig<E extends string> = EntityConfig & { endpoint: E };

/** Pagination and sorting of a list request. */
export interface QueryParams {
  /** 1-based page number. */
  page?: number;
  /** Items per page. */
  limit?: number;
  /** Field to sort by, sent as `sort=orderBy:orderDir`. */
  orderBy?: string;
  /** Sort direction. @default 'asc' */
  orderDir?: 'asc' | 'desc';
}

/** A filter value for `search`: `{ operator: 'gte', value: 10 }` is sent as `field[gte]=10`. */
export interface SearchFilter {
  operator: string;
  value: unknown;
}

/** Parameters of `search`. */
export interface SearchParams extends QueryParams {
  /** Full-text query, sent as `q`. */
  q: string;
  /** Entity name, sent as `entity` when given. */
  entity?: string;
  /**
   * Filters by field, written like the query builder's:
   * `{ price: { operator: 'gte', value: 10 } }` -> `price[gte]=10`; `eq` -> `field=value`.
   */
  filters?: Record<string, SearchFilter>;
}

/**
 * Options of a service's reads (`getList`, `getById`, `search`): the caller's `signal`, passed
 * to the request.
 *
 * @example
 * const controller = new AbortController();
 * const options: ReadOptions = { signal: controller.signal };
 */
export type ReadOptions = Pick<RequestOptions, 'signal'>;

/**
 * CRUD and search over one entity. Every method rejects with a `BridgeApiError` when the
 * server answers with a failure (or does not answer).
 */
export interface BridgeApiService<T> {
  /** The collection path this service was created for. */
  readonly endpoint: string;
  /** The client the service sends through. */
  readonly client: Client;
  /**
   * `EntityConfig.dialect`: this entity's own dialect, or `undefined` when it speaks the
   * client's. The React hooks key their services and caches by it.
   */
  readonly dialect?: Dialect;
  /**
   * GET `endpoint?page&limit&sort`. `options.signal` aborts the request (it rejects with code
   * `'ABORTED'`), as for every read.
   */
  getList(params?: QueryParams, options?: ReadOptions): Promise<PaginatedResponse<T>>;
  /** GET `endpoint/:id`. */
  getById(id: string, params?: QueryParams, options?: ReadOptions): Promise<T>;
  /** GET `endpoint/search?q&entity&page&limit&sort&field[op]=value...` (a dialect's query: `endpoint?…`). */
  search(params: SearchParams, options?: ReadOptions): Promise<PaginatedResponse<T>>;
  /** POST `endpoint`. */
  create(data: Partial<T>): Promise<T>;
  /** PATCH `endpoint/:id` (a merge; PUT with `updateMethod: 'PUT'`). */
  update(id: string, data: Partial<T>): Promise<T>;
  /** DELETE `endpoint/:id`. */
  delete(id: string): Promise<void>;
}

// The operations that address one record by its id.
const ONE_RECORD: readonly EntityOperation[] = ['get', 'update', 'delete'];

function checkId(id: unknown): string {
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  if (typeof id !== 'string' || id === '') {
    throw mustBe('id', 'a non-empty string', id);
  }
  // URL parsing resolves these even percent-encoded: the call would reach another resource.
  if (id === '.' || id === '..') throw new RangeError(`id must not be "${id}"`);
  return id;
}

/** `page`, `limit` and `sort` entries, validated. */
function paginationEntries(params: QueryParams | undefined): QueryEntry[] {
  if (params === undefined || params === null) return [];
  if (typeof params !== 'object') throw mustBe('params', 'an object', params);
  const entries: QueryEntry[] = [];
  for (const kind of ['page', 'limit'] as const) {
    const value = params[kind];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw mustBe(`params.${kind}`, 'an integer >= 1', value, RangeError);
    }
    entries.push({ kind, value });
  }
  const dir = params.orderDir ?? 'asc';
  if (dir !== 'asc' && dir !== 'desc') {
    throw mustBe('params.orderDir', "'asc' or 'desc'", dir);
  }
  if (params.orderBy !== undefined && (typeof params.orderBy !== 'string' || !params.orderBy)) {
    throw mustBe('params.orderBy', 'a non-empty string', params.orderBy);
  }
  if (params.orderBy) entries.push({ kind: 'sort', fields: [[params.orderBy, dir]] });
  return entries;
}

/**
 * One entry per filter, made and checked by the builder's `where` (same operator names,
 * `inOp` -> `in`, same value checks), so a filter is sent as the builder would send it.
 */
function filterEntries(filters: SearchParams['filters']): QueryEntry[] {
  if (filters === undefined || filters === null) return [];
  if (typeof filters !== 'object') throw mustBe('params.filters', 'an object', filters);
  return Object.entries(filters).map(([field, filter]) => {
    if (typeof filter?.operator !== 'string') {
      throw mustBe(`params.filters.${field}.operator`, 'a string', filter?.operator);
    }
    return whereEntry('params.filters', field, [filter.operator, filter.value]);
  });
}

/**
 * Refuses what `query` cannot express. An entry the dialect cannot express is never dropped
 * (the backend would answer for a wider query): the call rejects instead.
 */
function checkEntries(query: DialectQuery, entries: QueryEntry[]): void {
  for (const entry of entries) {
    const problem = query.check?.(entry);
    if (problem !== undefined) {
      throw new BridgeApiError(problem, { status: 0, code: 'CLIENT_ERROR' });
    }
  }
}

function succeeded<R>(response: ApiResponse<R>): ApiResponse<R> {
  if (!response.success) throw BridgeApiError.fromResponse(response);
  return response;
}

/**
 * Creates the CRUD + search service of one entity over a client. Paths of the Bridgekit
 * protocol (the reference server's routes, packages/server/README.md): list and create
 * `endpoint`, search `endpoint/search` (`endpoint` with a dialect's query part: the
 * collection filters), get/update/delete `endpoint/:id`; update is a PATCH,
 * which merges. The dialect (`config.dialect`, else the client's) decides query syntax, list
 * shape, paths, verbs and bodies (`Dialect` in ../dialect.ts); `customEndpoints` and
 * `updateMethod` win over it.
 *
 * @example
 * const products = createBridgeApiService<Product>(client, { endpoint: '/products' });
 * const { data, meta } = await products.getList({ page: 2, limit: 20, orderBy: 'price', orderDir: 'desc' });
 * const created = await products.create({ name: 'Lamp', price: 25 });
 *
 * @example
 * // A client typed by an OpenAPI document: the item type is the list's (`GET endpoint`).
 * const typed = createClient<paths>('https://api.example.com/api');
 * const pets = createBridgeApiService(typed, { endpoint: '/pets' }); // BridgeApiService<Pet>
 */
export function createBridgeApiService<Paths, const E extends string>(
  client: Client & DocumentTyped<Paths>,
  config: TypedEntityConfig<EndpointFor<Paths, 'get', E>>,
): BridgeApiService<ListItemAt<Paths, E>>;
export function createBridgeApiService<T>(
  // Without a type argument (T unknown), a typed client must take the first signature.
  client: unknown extends T ? UntypedClient : Client,
  config: EntityConfig,
): BridgeApiService<T>;
export function createBridgeApiService<T>(
  client: Client,
  config: EntityConfig,
): BridgeApiService<T> {
  if (!client || typeof client.get !== 'function') {
    throw new TypeError('client must be a Bridgekit Client');
  }
  if (!config || typeof config.endpoint !== 'string' || config.endpoint.trim() === '') {
    throw mustBe('config.endpoint', 'a non-empty string', config?.endpoint);
  }
  const {
    endpoint: collection,
    customEndpoints,
    updateMethod: askedMethod,
    dialect: entityDialect,
    ...unknown
  } = config;
  rejectUnknownKeys(unknown, [], { where: 'config', factory: 'createBridgeApiService' });
  const dialect: Dialect | undefined = entityDialect ?? client.getConfig?.().dialect;
  const records = dialect?.records ?? {};
  const query = dialect?.query ?? bracketSerializer;
  const list = dialect?.list ?? parseListResponse;
  const updateMethod = askedMethod ?? records.updateMethod ?? 'PATCH';
  if (updateMethod !== 'PUT' && updateMethod !== 'PATCH') {
    throw mustBe('config.updateMethod', "'PUT' or 'PATCH'", updateMethod);
  }
  const endpoint = collection.length > 1 ? collection.replace(/\/+$/, '') : '/';
  const custom = customEndpoints ?? {};
  const base = endpoint === '/' ? '' : endpoint;
  /**
   * The path of an operation: its `customEndpoints` template, else the dialect's, else the
   * default protocol's. Only get, update and delete carry an id (`send` checks one for them).
   */
  const path = (operation: EntityOperation, id?: string): string => {
    const encoded = id === undefined ? undefined : encodeURIComponent(id);
    const template = custom[operation];
    if (template !== undefined) {
      return encoded === undefined ? template : template.replace(/:id\b/g, encoded);
    }
    if (records.path) return records.path(operation, base, encoded);
    if (encoded !== undefined) return `${base}/${encoded}`;
    // `/search` is the reference server's route; with a dialect's query part the collection filters.
    if (operation === 'search' && !dialect?.query) return `${base}/search`;
    return endpoint;
  };
  const operations = dialect?.operations ?? {};
  /** The REST request of an operation: its verb, with the records part's headers and body. */
  const request = (
    operation: EntityOperation,
    url: string,
    data: unknown,
    signal: AbortSignal | undefined,
  ) => {
    const headers = records.headers?.(operation);
    const options: RequestOptions | undefined =
      headers || signal ? { ...(headers && { headers }), ...(signal && { signal }) } : undefined;
    const body = records.wrap && data !== undefined ? records.wrap(operation, data) : data;
    switch (operation) {
      case 'create':
        return client.post(url, body, options);
      case 'update':
        if (updateMethod === 'PUT') return client.put(url, body, options);
        return client.patch(url, body, options);
      case 'delete':
        return client.delete(url, options);
      default:
        // list, search and get
        return client.get(url, options);
    }
  };
  /**
   * One operation: its query checked and written (a refusal rejects as `CLIENT_ERROR`), then
   * the dialect's own call when it has one (an RPC backend), else the REST request. Resolves
   * the answer; a failure rejects.
   */
  const send = async (
    operation: EntityOperation,
    entries: QueryEntry[],
    { id, data, signal }: { id?: unknown; data?: unknown; signal?: AbortSignal | undefined } = {},
  ): Promise<ApiResponse> => {
    // get, update and delete address one record: their id is checked even when missing.
    const key = ONE_RECORD.includes(operation) ? checkId(id) : undefined;
    checkEntries(query, entries);
    const own = operations[operation];
    // An operation of the dialect's own writes its query itself (json-server's, once it knows
    // which version answers).
    if (own) {
      return succeeded(
        await own({ client, endpoint, entries, id: key, body: data, ...(signal && { signal }) }),
      );
    }
    const url = appendQuery(path(operation, key), query.serialize(entries));
    return succeeded(await request(operation, url, data, signal));
  };
  const record = (operation: EntityOperation, response: ApiResponse): T =>
    (records.unwrap ? records.unwrap(operation, response.data) : response.data) as T;

  return {
    endpoint,
    client,
    ...(entityDialect && { dialect: entityDialect }),
    // The list mappings read `page` and `limit` of the params (the requested page).
    async getList(params, options) {
      const signal = options?.signal;
      return list<T>(await send('list', paginationEntries(params), { signal }), params ?? {});
    },
    async getById(id, params, options) {
      const signal = options?.signal;
      return record('get', await send('get', paginationEntries(params), { id, signal }));
    },
    async search(params, options) {
      if (!params || typeof params !== 'object') throw mustBe('params', 'an object', params);
      if (typeof params.q !== 'string') throw mustBe('params.q', 'a string', params.q);
      if (params.entity !== undefined && typeof params.entity !== 'string') {
        throw mustBe('params.entity', 'a string', params.entity);
      }
      // Another dialect's empty text means "no text filter"; the default protocol sends `q=`.
      const text = params.q !== '' || !dialect?.query;
      const entries: QueryEntry[] = [
        ...(text ? [{ kind: 'search' as const, value: params.q }] : []),
        ...(params.entity ? [{ kind: 'param' as const, key: 'entity', value: params.entity }] : []),
        ...paginationEntries(params),
        ...filterEntries(params.filters),
      ];
      return list<T>(await send('search', entries, { signal: options?.signal }), params);
    },
    async create(data) {
      return record('create', await send('create', [], { data }));
    },
    async update(id, data) {
      return record('update', await send('update', [], { id, data }));
    },
    async delete(id) {
      await send('delete', [], { id });
    },
  };
}
