import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One request the server received, as `requests()` lists it.
 *
 * @example
 * server.requests().filter((r) => r.method === 'GET' && r.path === '/api/products').length;
 */
export interface RequestRecord {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The raw query string without `?` ('' when none). */
  query: string;
  /** Whether the request carried a session (header or cookie). */
  withSession: boolean;
}

/** Options of `requestLogPlugin`. */
export interface RequestLogOptions {
  /** Where records go, oldest first; the plugin keeps the last `max`. */
  log: RequestRecord[];
  /** Lower-case session header name. */
  sessionHeader: string;
  sessionCookie: string;
  /** @default 1000 */
  max?: number;
}

// The log runs before the cookie plugin has parsed cookies, so it looks at the raw header.
function carriesSession(
  headers: Record<string, unknown>,
  header: string,
  cookieName: string,
): boolean {
  if (headers[header]) return true;
  return String(headers.cookie ?? '')
    .split(';')
    .some((part) => part.trim().startsWith(`${cookieName}=`));
}

/**
 * Records every request but CORS preflights, first thing on arrival, so tests can count what
 * a client really sent (deduplication, retries, revalidation).
 *
 * @example
 * const log: RequestRecord[] = [];
 * app.register(requestLogPlugin, { log, sessionHeader: 'x-session-id', sessionCookie: 'session_id' });
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance, options: RequestLogOptions) => {
    const { log, sessionHeader, sessionCookie, max = 1000 } = options;
    app.addHook('onRequest', async (request) => {
      if (request.method === 'OPTIONS') return;
      const [path = '', query = ''] = request.url.split(/\?(.*)/s);
      log.push({
        method: request.method,
        path,
        query,
        withSession: carriesSession(request.headers, sessionHeader, sessionCookie),
      });
      if (log.length > max) log.shift();
    });
  },
  { name: 'bridgekit-request-log' },
);
