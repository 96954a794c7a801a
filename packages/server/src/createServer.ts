import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { createDataStore } from './dataStore';
import { createDemoData } from './demoData';
import { HttpError, errorBody } from './HttpError';
import { authRoutes } from './routes/authRoutes';
import { entityRoutes } from './routes/entityRoutes';
import type { ServerContext } from './ServerContext';
import { createSessionStore } from './sessionStore';
import type { BridgeData } from './types';

/**
 * Options of `createServer`. Every field is optional.
 *
 * @example
 * createServer({ seed: 'none', dataFile: './data.json', sessionTtlMs: 60_000, latencyMs: 200 });
 */
export interface ServerOptions {
  /**
   * The data to start with: the demo data set, nothing, or your own entities. Ignored when
   * `dataFile` already exists.
   * @default 'demo'
   */
  seed?: 'demo' | 'none' | BridgeData;
  /**
   * Persist to this JSON file: loaded at start when it exists, rewritten atomically (temp file
   * + rename) after every change; writes are serialized so concurrent changes lose nothing.
   * @default undefined (in memory only)
   */
  dataFile?: string;
  /**
   * Path prefix of every route.
   * @default '/api'
   */
  basePath?: string;
  /**
   * Lifetime of a session from sign-in, in ms.
   * @default 86_400_000 (24 h)
   */
  sessionTtlMs?: number;
  /**
   * Delay added to every response, in ms, to show loading states.
   * @default 0
   */
  latencyMs?: number;
  /**
   * Fastify logger option (`true` logs requests as JSON).
   * @default false
   */
  logger?: FastifyServerOptions['logger'];
  /**
   * CORS: `true` reflects the request's origin and allows credentials and any requested
   * header (X-Session-ID included); a list admits only those origins; `false` sends none.
   * @default true
   */
  cors?: boolean | string[];
  /**
   * Header carrying the session.
   * @default 'X-Session-ID'
   */
  sessionHeader?: string;
  /**
   * Cookie carrying the session, read when the header is absent.
   * @default 'session_id'
   */
  sessionCookie?: string;
}

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
  /** Stops listening, closes open connections and waits for pending writes. */
  close(): Promise<void>;
  /** Expires every session now, as if their lifetime had passed. */
  expireSessions(): void;
  /** Resolves when every pending write to `dataFile` is on disk. */
  flush(): Promise<void>;
  /** A copy of the current data set (what `dataFile` holds). */
  snapshot(): BridgeData;
  /**
   * The last 1000 requests received (CORS preflights excluded), oldest first: lets tests count
   * what a client really sent (deduplication, retries, revalidation).
   */
  requests(): RequestRecord[];
  /** Forgets the recorded requests. */
  resetRequests(): void;
}

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

function normalizeBasePath(path: string): string {
  if (typeof path !== 'string') throw new TypeError('basePath must be a string');
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a finite number >= 0, got ${String(value)}`);
  }
  return value;
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

function fastifyError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown })?.statusCode;
  if ((error as { code?: unknown })?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new HttpError(415, `${(error as Error).message}: send application/json`);
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, (error as Error).message || 'Bad request');
  }
  return new HttpError(500, 'Internal server error');
}

/**
 * Creates the Bridgekit reference server: auth with sessions, and a CRUD + filter + search +
 * pagination API for every entity of the data set, speaking the protocol of DESIGN.md §5.
 *
 * @example
 * const server = createServer({ seed: 'demo' });
 * const { url } = await server.listen(0);
 * const api = createClient(url);
 * await api.post('/auth/login', { email: 'admin@example.com', password: 'admin123' });
 * await server.close();
 */
export function createServer(options: ServerOptions = {}): BridgeServer {
  const basePath = normalizeBasePath(options.basePath ?? '/api');
  const sessionTtlMs = nonNegative('sessionTtlMs', options.sessionTtlMs, 86_400_000);
  const latencyMs = nonNegative('latencyMs', options.latencyMs, 0);
  const seed = options.seed ?? 'demo';
  if (seed !== 'demo' && seed !== 'none' && (typeof seed !== 'object' || seed === null)) {
    throw new TypeError(`seed must be 'demo', 'none' or a data object, got ${String(seed)}`);
  }
  const data: BridgeData =
    seed === 'demo' ? createDemoData() : seed === 'none' ? { entities: {} } : seed;
  const store = createDataStore(data, options.dataFile);
  const sessions = createSessionStore(sessionTtlMs);
  const ctx: ServerContext = {
    store,
    sessions,
    sessionHeader: (options.sessionHeader ?? 'X-Session-ID').toLowerCase(),
    sessionCookie: options.sessionCookie ?? 'session_id',
  };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1_048_576,
    // Keep-alive connections of test clients must not hold close() open.
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 500 },
    // A malformed percent-encoding in the path is the client's mistake: the usual envelope.
    frameworkErrors: (error, _request, reply) => {
      (reply as unknown as FastifyReply)
        .code(400)
        .send(errorBody(new HttpError(400, error.message || 'Bad request')));
    },
  });

  // An empty JSON body is "no body" (like a DELETE sent with a JSON content type), and
  // malformed JSON is the client's mistake: 400 with the envelope, never a 500.
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    request: unknown,
    body: string,
    done: (err: Error | null, value?: unknown) => void,
  ) => void;
  const jsonParser = (
    request: unknown,
    body: string | Buffer,
    done: (err: Error | null, value?: unknown) => void,
  ) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (err, value) => {
      if (err) done(new HttpError(400, 'Malformed JSON body'), undefined);
      else done(null, value);
    });
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonParser);
  app.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: 'string' }, jsonParser);

  app.setErrorHandler((error, request, reply) => {
    const err = fastifyError(error);
    if (err.status >= 500) request.log.error(error);
    reply.code(err.status).send(errorBody(err));
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(
        errorBody(
          new HttpError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`),
        ),
      );
  });

  const log: RequestRecord[] = [];
  const cors = options.cors ?? true;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS') {
      const [path = '', query = ''] = request.url.split(/\?(.*)/s);
      log.push({
        method: request.method,
        path,
        query,
        withSession: carriesSession(request.headers, ctx.sessionHeader, ctx.sessionCookie),
      });
      if (log.length > 1000) log.shift();
    }
    const origin = request.headers.origin;
    const allowed =
      cors === true || (Array.isArray(cors) && origin !== undefined && cors.includes(origin));
    if (origin && allowed) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
    }
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      if (allowed) {
        reply.header('access-control-allow-methods', METHODS);
        reply.header(
          'access-control-allow-headers',
          request.headers['access-control-request-headers'] ?? 'Content-Type, X-Session-ID',
        );
        reply.header('access-control-max-age', '600');
      }
      return reply.code(204).send();
    }
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
  });

  app.register(cookie);
  app.register(
    async (scope) => {
      scope.get('/health', async () => ({ success: true, data: { status: 'ok' } }));
      await authRoutes(scope, ctx);
      await entityRoutes(scope, ctx);
    },
    { prefix: basePath },
  );

  return {
    app,
    async listen(port = 0, host = '127.0.0.1') {
      await store.save();
      await app.listen({ port, host });
      const address = app.server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      const shown =
        host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
      const origin = `http://${shown}:${actual}`;
      return { url: `${origin}${basePath}`, port: actual, origin };
    },
    async close() {
      await app.close();
      await store.flush();
    },
    expireSessions: () => sessions.expireAll(),
    flush: () => store.flush(),
    snapshot: () => structuredClone(store.snapshot()),
    requests: () => log.map((r) => ({ ...r })),
    resetRequests: () => {
      log.length = 0;
    },
  };
}
