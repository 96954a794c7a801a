/**
 * Keeps the Bridgekit queries of one SWR cache up to date with the changes that come
 * (docs/guide/live.md, "What the hooks do with a change"). An update that carries the record is
 * patched in place, in the record's own query and in every list that shows it; a list is asked
 * again only when the change may move the record in or out of it, or along it (a field it
 * filters, sorts or searches on). A creation asks again the lists of its resource (a held list
 * counts it instead), a deletion or a change without its record asks again every query of the
 * record (unless this client deleted it itself: `ownDeletes`) and the lists of its resource,
 * and a reset asks again everything. Only the queries that follow (`FollowedQueries`) are
 * touched; SWR fetches only those a hook shows.
 */
import type { LiveChange, LiveEvent } from '../contract/live';
import type { FollowedQueries } from './followedQueries';
import type { LiveCacheHost } from './liveTypes';

/** The cache side of the live module for one cache. */
export interface CacheFollower {
  /**
   * Patches or revalidates what `event` touches. `ownDeletion`: the event tells of a deletion
   * this client made itself (`ownDeletes`): the record's own queries are not asked again.
   */
  apply(event: LiveEvent, ownDeletion?: boolean): void;
  /**
   * Asks again every followed query of the instance (a reset); `busy: 'skip'` leaves out those
   * being fetched already (a poll: polls never pile up on a backend slower than their interval).
   */
  refresh(busy?: 'skip'): void;
}

type Key = readonly unknown[];
type Row = Record<string, unknown>;
interface Page {
  data: Row[];
  [meta: string]: unknown;
}

/** The list params that say nothing about which records a list holds or in which order. */
const PAGING = new Set(['page', 'limit', 'orderDir', 'entity']);

/** The path of an endpoint without query, leading or trailing slashes: `'/products/'` → `'products'`. */
const pathOf = (endpoint: string) => endpoint.split(/[?#]/)[0]!.replace(/^\/+|\/+$/g, '');

/**
 * Whether `endpoint` is the collection of `resource`: its path is the resource's, or ends with
 * it (`/api/products` on a client whose base URL is the host).
 *
 * @example
 * isResourceEndpoint('/products/', 'products') // true
 */
export function isResourceEndpoint(endpoint: unknown, resource: string): boolean {
  if (typeof endpoint !== 'string') return false;
  const path = pathOf(endpoint);
  return path === resource || path.endsWith(`/${resource}`);
}

const idOf = (value: unknown) => {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return id === undefined || id === null ? undefined : String(id);
};

const same = (a: unknown, b: unknown) =>
  Object.is(a, b) || (typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));

const isPage = (data: unknown): data is Page => Array.isArray((data as Page | undefined)?.data);

/** The row of the record `id` in a list's page, if it shows it. */
const shows = (page: unknown, id: string): Row | undefined =>
  isPage(page) ? page.data.find((row) => idOf(row) === id) : undefined;

/** The fields a list's params read (`orderBy`, its filters, any other param); all of them with `q`. */
function fieldsRead(params: unknown): { all: boolean; fields: Set<string> } {
  const fields = new Set<string>();
  let all = false;
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || PAGING.has(name)) continue;
    if (name === 'q') all ||= value !== '';
    else if (name === 'orderBy') fields.add(String(value));
    else if (name === 'filters') {
      for (const field of Object.keys(value as object)) fields.add(field);
    } else fields.add(name);
  }
  return { all, fields };
}

/** The rows of `page` with the record's row replaced by `record` laid over it. */
function withRecord(page: unknown, change: LiveChange): unknown {
  if (!isPage(page)) return page;
  const data = page.data.map((row) =>
    idOf(row) === change.id ? { ...row, ...change.record } : row,
  );
  return { ...page, data };
}

/**
 * The follower of `host`'s cache.
 *
 * @example
 * const follower = followCache({ instanceId: 'default', cache, mutate, revalidate }, queries);
 * follower.apply({ type: 'updated', resource: 'products', id: '42', record });
 */
export function followCache(host: LiveCacheHost, queries: FollowedQueries): CacheFollower {
  const { instanceId, cache } = host;

  /** The followed Bridgekit queries of the instance in the cache (of `resource`, when given). */
  function followed(resource?: string) {
    const found: Array<{ swrKey: string; key: Key; data: unknown; busy: boolean }> = [];
    for (const swrKey of [...cache.keys()]) {
      const entry = cache.get(swrKey);
      const key = entry?._k as Key | undefined;
      if (!Array.isArray(key) || key[0] !== 'bridgekit' || key[1] !== instanceId) continue;
      if (resource !== undefined && !isResourceEndpoint(key[2], resource)) continue;
      if (queries.follows(swrKey)) {
        found.push({ swrKey, key, data: entry.data, busy: entry.isValidating === true });
      }
    }
    return found;
  }

  // Asks again the keys in `again` and the infinite lists of the endpoints `endpoint` accepts.
  const revalidate = (again: Set<Key>, endpoint: (endpoint: string) => boolean) =>
    host.revalidate(endpoint, (key) => !again.has(key));

  const patch = (swrKey: string, update: (current: unknown) => unknown) =>
    host.mutate(swrKey, update, { revalidate: false });

  function applyChange(change: LiveChange, ownDeletion: boolean): void {
    const { record } = change;
    const again = new Set<Key>();
    for (const { swrKey, key, data } of followed(change.resource)) {
      const [, , , type, params] = key;
      if (type === 'get') {
        // This client's own deletion: its record is not asked again (a 404), as the hooks' own
        // deletions never ask.
        if (idOf(params) !== change.id || ownDeletion) continue;
        // A record read with params of its own (fields, relations) may not be this one.
        const plain = (params as { params?: unknown }).params === undefined;
        if (change.type === 'updated' && record && plain && data !== undefined) {
          patch(swrKey, (current) => (current === undefined ? current : { ...current, ...record }));
        } else again.add(key);
      } else if (type !== 'list' && type !== 'search') again.add(key);
      else if (change.type === 'created') {
        if (queries.holds(swrKey)) queries.countNew(swrKey);
        else again.add(key);
      } else if (change.type === 'deleted' || !record) again.add(key);
      else {
        const shown = shows(data, change.id);
        if (shown) patch(swrKey, (current) => withRecord(current, change));
        if (mayMove(shown, params, change)) again.add(key);
      }
    }
    revalidate(again, (endpoint) => isResourceEndpoint(endpoint, change.resource));
  }

  // Whether an update may make a list gain, lose or move the record (`shown`: its row there,
  // if the list shows it): then the list is asked again.
  function mayMove(shown: Row | undefined, params: unknown, change: LiveChange): boolean {
    const reads = fieldsRead(params);
    if (shown === undefined) return reads.all || reads.fields.size > 0;
    const record = change.record!;
    const changed = Object.keys(record).filter((field) => !same(shown[field], record[field]));
    return changed.length > 0 && (reads.all || changed.some((field) => reads.fields.has(field)));
  }

  function refresh(busy?: 'skip'): void {
    queries.clearCounts();
    const again = new Set<Key>();
    for (const query of followed()) if (!(busy === 'skip' && query.busy)) again.add(query.key);
    revalidate(again, () => true);
  }

  return {
    apply(event, ownDeletion = false) {
      if (event.type === 'reset') refresh();
      else applyChange(event, ownDeletion);
    },
    refresh,
  };
}
