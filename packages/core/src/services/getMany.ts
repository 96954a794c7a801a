/**
 * `getMany`: several records by id, as a data provider's `getMany` (a table's related rows, a
 * multi-select's chosen options). A standalone function, so the services (and the React hooks'
 * bundle) carry no code for it.
 */
import type { BridgeApiService } from './BridgeApiService';
import { BridgeApiError } from './BridgeApiError';
import { parseListResponse } from './parseListResponse';

/** Options of `getMany`. */
export interface GetManyOptions {
  /**
   * The key field to send one `in` filter on (`documentId` for Strapi, the column of
   * `postgrest({ id })`). Without a dialect's query part (the Bridgekit protocol) it is `id`;
   * with one, each record is one `get` unless this is given, since only the app knows which
   * field its backend's `get` addresses.
   * @default 'id' with the Bridgekit protocol, else none (one `get` per id)
   */
  field?: string;
}

// The smallest `in` list the built-ins' backends accept (Feathers' `qs` arrayLimit): longer
// lists go in several requests.
const CHUNK = 20;

/**
 * The records of `ids`, in the order of `ids`. The dialect's `operations.getMany` when it has
 * one (an RPC backend: its answer as its list part reads it). Else, with a key field, one `search` per 20 ids with
 * an `in` filter: an id the backend does not have is left out. Without one, one `getById`
 * per id: a missing id rejects as its `get` does (`BridgeApiError`, 404).
 *
 * @param options @default {}
 * @example
 * const products = createBridgeApiService<Product>(api, { endpoint: '/products' });
 * const chosen = await getMany(products, ['3', '1']); // GET /products/search?q=&id[in]=3,1&limit=2
 */
export async function getMany<T>(
  service: BridgeApiService<T>,
  ids: readonly (string | number)[],
  options: GetManyOptions = {},
): Promise<T[]> {
  if (!service || typeof service.getById !== 'function') {
    throw new TypeError('service must be a BridgeApiService');
  }
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string' && typeof id !== 'number')) {
    throw new TypeError('ids must be an array of strings or numbers');
  }
  const keys = [...new Set(ids.map(String))];
  const dialect = service.dialect ?? service.client.getConfig?.().dialect;
  const own = dialect?.operations?.getMany;
  if (own) {
    // An RPC backend's own call: its answer is a list, read by the dialect's list part.
    const { client, endpoint } = service;
    const response = await own({ client, endpoint, entries: [], ids: keys });
    if (!response.success) throw BridgeApiError.fromResponse(response);
    return (dialect.list ?? parseListResponse)<T>(response, {}).data;
  }
  const field = options.field ?? (dialect?.query ? undefined : 'id');
  if (field === undefined) return Promise.all(keys.map((id) => service.getById(id)));
  const found = new Map<string, T>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const { data } = await service.search({
      q: '',
      filters: { [field]: { operator: 'in', value: chunk } },
      limit: chunk.length,
    });
    for (const row of data) found.set(String((row as Record<string, unknown>)[field]), row);
  }
  return keys.flatMap((id) => (found.has(id) ? [found.get(id) as T] : []));
}
