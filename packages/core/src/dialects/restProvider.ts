/**
 * `restProvider`: a dialect (the data provider of a REST backend) built from its parts, so a
 * dialect reads as what its backend says (pairs, list facts, paths) and not as plumbing.
 */
import type { Dialect, ListRequest } from '../contract/dialect';
import type { ApiResponse } from '../contract/http';
import { rejectUnknownKeys } from '../checks';
import { type DialectTransportParts, dialectTransport } from './dialectTransport';
import { type DialectQuerySpec, dialectQuery, type ListFacts, listPage } from './shared';

/**
 * The parts `restProvider` builds a dialect from; any other `Dialect` part passes as is. The
 * transport is built from `session` and `errors` (`dialectTransport`), envelopes off.
 */
export interface RestProviderParts
  extends Omit<Dialect, 'envelope' | 'id' | 'query' | 'list' | 'transport'>,
    Pick<DialectTransportParts, 'session' | 'errors'> {
  /** The query part as a `DialectQuerySpec` (`key`, `pairs`, `check`, `path`) for `dialectQuery`. */
  query?: DialectQuerySpec;
  /**
   * What a list response says about its page: the rows and only what the backend reported
   * (total, next page, size, position). `listPage` makes the meta, never inventing a total.
   */
  list?(response: ApiResponse, requested: ListRequest): ListFacts<unknown>;
  /**
   * The options the dialect was made with: its `id` is the name and these as JSON, so two
   * calls with equal options share the React hooks' services and caches.
   * @default none (the `id` is the name)
   */
  options?: object;
}

/**
 * A dialect from parts, with the defaults of a REST backend: no `{ success, data }`
 * envelope and `PATCH` updates (`records.updateMethod` wins); `session` and `errors` become
 * its transport part (`dialectTransport`). Every built-in is one.
 *
 * @throws TypeError naming a part that is not one of `RestProviderParts`, or a transport part
 *   (`session`, `errors`) that is not of its type
 *
 * @example
 * const acme = restProvider({
 *   name: 'acme',
 *   query: {
 *     key: (e) => (e.kind === 'filter' ? e.field : e.kind),
 *     pairs: (e) => (e.kind === 'filter' ? pair(`filter[${e.field}]`, e.value) : pair(e.kind, 'value' in e ? e.value : '')),
 *   },
 *   list: (res) => ({ data: (res.data as any).items, total: (res.data as any).total }),
 *   session: { header: 'Authorization', scheme: 'Bearer' },
 * });
 * const api = createClient('https://api.acme.test', { dialect: acme });
 */
export function restProvider(parts: RestProviderParts): Dialect & { envelope: false } {
  const {
    name,
    query,
    list,
    records,
    operations,
    auth,
    creates,
    live,
    session,
    errors,
    options,
    ...unknown
  } = parts;
  rejectUnknownKeys(unknown, [], { where: 'parts', factory: 'restProvider' });
  return {
    name,
    // Equal options make an equal id: the hooks then share services and caches across calls.
    id: options && name + JSON.stringify(options),
    // Declared for the types, done by the transport.
    envelope: false,
    transport: dialectTransport({ envelope: false, session, errors }),
    // A missing part stays `undefined`: the service falls back to the default protocol's.
    query: query && dialectQuery(query),
    list:
      list && ((response, requested) => listPage(list(response, requested), requested) as never),
    operations,
    auth,
    creates,
    records: { updateMethod: 'PATCH', ...records },
    live,
  };
}
