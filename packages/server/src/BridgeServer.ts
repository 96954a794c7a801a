import type { FastifyInstance } from 'fastify';
import type { RequestRecord } from './plugins/requestLog';
import type { BridgeData } from './types';

/**
 * A created server.
 *
 * @example
 * const server: BridgeServer = createServer();
 * const { url, port } = await server.listen(0);
 * server.expireSessions();
 * await server.close();
 */
export interface BridgeServer {
  /** The Fastify instance, for `inject()` or extra routes before `listen`. */
  readonly app: FastifyInstance;
  /**
   * Starts listening. `url` is the API base URL (origin + `basePath`), what you pass to
   * `createClient`.
   * @default port 0 (the OS picks one), host '127.0.0.1'
   */
  listen(port?: number, host?: string): Promise<{ url: string; port: number; origin: string }>;
  /**
   * Ends every change feed (`GET /events`), stops listening and closes idle connections,
   * answers every request in flight (a connection still busy after 10 s is closed), then
   * waits for pending writes.
   */
  close(): Promise<void>;
  /** Expires every session now, as if their lifetime had passed. */
  expireSessions(): void;
  /** Resolves when every pending write to `dataFile` is on disk. */
  flush(): Promise<void>;
  /** A copy of the current data set (what `dataFile` holds, without its `Idempotency-Key` answers). */
  snapshot(): BridgeData;
  /**
   * The last 1000 requests received (CORS preflights excluded), oldest first: lets tests count
   * what a client really sent (deduplication, retries, revalidation).
   */
  requests(): RequestRecord[];
  /** Forgets the recorded requests. */
  resetRequests(): void;
}
