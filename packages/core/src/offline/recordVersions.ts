/**
 * `recordVersions()`: the client remembers the version (`ETag`) of each record it read and sends
 * it as `If-Match` with its writes to that record, so a server that versions its records (the
 * reference server does) refuses a write made on an old version (`412 PRECONDITION_FAILED`, with
 * the current record) instead of laying it over someone else's change. A middleware of one
 * client, opt-in: the offline queue turns it on for its own client.
 */
import type { Client } from '../client/client';
import { getHeader, headerMap, putHeader } from '../client/headers';
import type { ApiResponse, BridgeRequest, Middleware } from '../contract/http';
import type { AuthService } from '../services/authService';
import { checkOptions, integer } from './options';
import { signedInUser } from './queuedRequest';

/**
 * The version of a record as the client last read (or wrote) it.
 *
 * @example
 * const version: RecordVersion | undefined = versions.get('/products/7');
 * if (version) console.log(version.etag, version.record);
 */
export interface RecordVersion {
  /** Its strong `ETag`, sent back as `If-Match`. */
  readonly etag: string;
  /** The record that came with it (the answer's `data`). */
  readonly record: unknown;
}

/**
 * Options of `recordVersions`.
 *
 * @example
 * const options: RecordVersionsOptions = { max: 2000 };
 */
export interface RecordVersionsOptions {
  /**
   * How many records' versions are kept; past it the one used longest ago is forgotten (a
   * write to it then goes without `If-Match`: last write wins).
   * @default 1000
   */
  max?: number;
}

/**
 * The record versions of one client.
 *
 * @example
 * const versions = recordVersions()({ client, auth });
 * const stop = versions.start();
 * await client.get('/products/7'); // remembers its ETag
 * await client.patch('/products/7', { price: 12 }); // sent with If-Match
 */
export interface RecordVersions {
  /** The version last read of the record at `endpoint` (under the client's base URL, or absolute). */
  get(endpoint: string): RecordVersion | undefined;
  /** Forgets every version (done by itself when the signed-in user changes). */
  clear(): void;
  /** Adds the middleware to the client and starts watching the user; returns the stop. */
  start(): () => void;
}

/**
 * What `recordVersions` works for: a client, and its auth service to forget on a user change.
 *
 * @example
 * const host: RecordVersionsHost = { client, auth: createAuthService(client) };
 */
export interface RecordVersionsHost {
  client: Client;
  /** When given, every version is forgotten when the signed-in user changes. @default none */
  auth?: AuthService;
}

/**
 * The record versions module, as the offline queue takes it (`versions` option).
 *
 * @example
 * const module: RecordVersionsModule = recordVersions({ max: 500 });
 */
export type RecordVersionsModule = (host: RecordVersionsHost) => RecordVersions;

const OPTIONS = { max: integer(1, 1_000_000) };
const CHECKED_WRITES = new Set(['PUT', 'PATCH', 'DELETE']);

/** A URL as a record key: without fragment, the path without trailing slashes, query kept. */
function recordKey(url: string): string {
  const [path = '', query] = url.split('#')[0]!.split(/\?(.*)/s);
  const trimmed = path.replace(/\/+$/, '');
  return query === undefined ? trimmed : `${trimmed}?${query}`;
}

/**
 * The answer's `ETag` when it is a strong one (a weak `W/"…"` never matches `If-Match`).
 *
 * @example
 * strongEtag(response) // '"42-Qm9sZGx5IGdv"'
 */
export function strongEtag(response: ApiResponse): string | undefined {
  const etag = response.headers?.get('etag') ?? undefined;
  return etag?.startsWith('"') ? etag : undefined;
}

/**
 * Remembers the strong `ETag` of each record read with `GET` (a plain `client.get` included)
 * or answered to a write, at most `max` of them per client, and sends it as `If-Match` with the
 * client's `PUT`, `PATCH` and `DELETE` to that record (unless the request has its own
 * `If-Match`). A write refused with `412` leaves the version as it was: the user's view is old
 * until the record is read again. Records are told apart by URL (query included). Versions are
 * one user's: given the auth service, they are forgotten when the signed-in user changes.
 *
 * @throws TypeError / RangeError naming an unknown or invalid option
 * @example
 * import { recordVersions } from '@bridgekit/core/offline';
 * const versions = recordVersions()({ client, auth });
 * const stop = versions.start();
 * const res = await client.put('/products/7', product);
 * if (res.status === 412) showBoth(product, res.data); // someone else changed it
 */
export function recordVersions(options: RecordVersionsOptions = {}): RecordVersionsModule {
  checkOptions('recordVersions', options, OPTIONS);
  const max = options.max ?? 1000;
  return ({ client, auth }) => {
    // Insertion order is use order: the first entry is the one used longest ago.
    const known = new Map<string, RecordVersion>();
    const base = client.getBaseUrl();
    const keyOf = (endpoint: string) =>
      recordKey(
        /^https?:\/\//i.test(endpoint) ? endpoint : `${base}/${endpoint.replace(/^\/+/, '')}`,
      );

    const remember = (key: string, response: ApiResponse) => {
      known.delete(key);
      const etag = strongEtag(response);
      if (etag === undefined) return;
      known.set(key, { etag, record: response.data });
      if (known.size > max) known.delete(known.keys().next().value!);
    };

    const middleware: Middleware = async (request, next) => {
      const key = recordKey(request.url);
      if (request.method === 'GET') {
        const response = await next(request);
        if (response.success) remember(key, response);
        return response;
      }
      if (!CHECKED_WRITES.has(request.method)) return next(request);
      const version = known.get(key);
      let sent: BridgeRequest = request;
      if (version && getHeader(request.headers, 'if-match') === undefined) {
        const headers = headerMap(request.headers);
        putHeader(headers, 'If-Match', version.etag);
        sent = { ...request, headers };
      }
      const response = await next(sent);
      if (response.success) {
        if (request.method === 'DELETE') known.delete(key);
        else remember(key, response);
      }
      return response;
    };

    return {
      get: (endpoint) => known.get(keyOf(endpoint)),
      clear: () => known.clear(),
      start() {
        const removers = [client.use(middleware)];
        if (auth) {
          let user = signedInUser(auth);
          removers.push(
            auth.subscribe(() => {
              if (signedInUser(auth) === user) return;
              user = signedInUser(auth);
              known.clear();
            }),
          );
        }
        return () => {
          for (const remove of removers) remove();
          known.clear();
        };
      },
    };
  };
}
