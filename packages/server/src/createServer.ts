import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import type { BridgeServer } from './BridgeServer';
import { createChallengeStore } from './challengeStore';
import { createDataStore } from './dataStore';
import { createChangeFeed } from './feed/changeFeed';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './errors';
import { createIdempotencyStore } from './idempotencyStore';
import { createLoginThrottle } from './loginThrottle';
import { openApiRoute } from './openapi/openApiDocument';
import { corsPlugin } from './plugins/cors';
import { gracefulClosePlugin } from './plugins/gracefulClose';
import { csrfPlugin } from './plugins/csrf';
import { jsonBodyPlugin } from './plugins/jsonBody';
import { latencyPlugin } from './plugins/latency';
import { type RequestRecord, requestLogPlugin } from './plugins/requestLog';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { createResetTokenStore } from './resetTokenStore';
import { resolveOptions } from './resolveOptions';
import { authRoutes } from './routes/authRoutes';
import { entityRoutes } from './routes/entityRoutes';
import { eventsRoute } from './routes/eventsRoute';
import { passwordResetRoutes } from './routes/passwordResetRoutes';
import { registerRoute } from './routes/registerRoute';
import { twoFactorRoutes } from './routes/twoFactorRoutes';
import type { ServerContext } from './ServerContext';
import type { ServerOptions } from './ServerOptions';
import { createSessionStore } from './sessionStore';

/** How long `close()` waits for the requests in flight before it closes their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Creates the Bridgekit reference server: auth with sessions, and a CRUD + filter + search +
 * pagination API for every entity of the data set, speaking the protocol of docs/guide/server.md
 * ("Sign-in and sessions", "Collections"), with its security defaults (same page, "Security
 * defaults": no CORS unless listed, CSRF check on cookie sessions, throttled sign-ins, `nosniff`).
 *
 * @example
 * const server = createServer({ seed: 'demo' });
 * const { url } = await server.listen(0);
 * const api = createClient(url);
 * await api.post('/auth/login', { email: 'admin@example.com', password: 'admin123' });
 * await server.close();
 */
export function createServer(options: ServerOptions = {}): BridgeServer {
  const settings = resolveOptions(options);
  const idempotency = createIdempotencyStore(settings.idempotency);
  const store = createDataStore(settings.data, settings.dataFile, {
    name: 'idempotencyKeys',
    load: idempotency.load,
    save: idempotency.save,
  });
  const sessions = createSessionStore(settings.sessionTtlMs, settings.refreshTtlMs);
  const feed = createChangeFeed(settings.changeFeed, store, sessions);
  store.onCommit((changes) => feed.publish(changes));
  const ctx: ServerContext = {
    store,
    sessions,
    idempotency,
    feed,
    sessionHeader: settings.sessionHeader,
    sessionCookie: settings.sessionCookie,
    refreshCookie: settings.refreshCookie,
    refreshCookiePath: `${settings.basePath}/auth`,
    registerUserType: settings.registerUserType,
    challenges: createChallengeStore(settings.twoFactorChallengeTtlMs),
    resetTokens: createResetTokenStore(settings.passwordResetTtlMs),
    onPasswordReset:
      settings.onPasswordReset ??
      ((email, token) =>
        // The dev server has no mail: the token goes to the log, for whoever runs it.
        app.log.info({ email, resetToken: token }, 'password reset requested')),
    ...(settings.loginThrottle ? { throttle: createLoginThrottle(settings.loginThrottle) } : {}),
  };
  const log: RequestRecord[] = [];
  const { sessionHeader, sessionCookie, corsOrigins: origins } = settings;

  const app = Fastify({
    logger: settings.logger,
    bodyLimit: 1_048_576,
    // close() ends idle keep-alive connections at once and lets every request in flight be
    // answered (gracefulClosePlugin); a client retrying a reset write would apply it twice.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 500 },
    frameworkErrors,
    clientErrorHandler,
  });

  // Order matters for the onRequest hooks: log, CORS (answers preflights), cookies, CSRF, delay.
  app.register(securityHeadersPlugin);
  app.register(errorsPlugin);
  app.register(gracefulClosePlugin);
  app.register(jsonBodyPlugin);
  app.register(requestLogPlugin, { log, sessionHeader, sessionCookie });
  app.register(corsPlugin, { origins });
  app.register(cookie);
  app.register(csrfPlugin, {
    origins,
    sessionHeader,
    sessionCookie,
    refreshCookie: settings.refreshCookie,
  });
  app.register(latencyPlugin, { ms: settings.latencyMs });
  // The feeds never end by themselves: close() ends them first, then waits for the rest.
  app.addHook('preClose', async () => feed.closeAll());
  app.register(
    async (scope) => {
      scope.get('/health', async () => ({ success: true, data: { status: 'ok' } }));
      await authRoutes(scope, ctx);
      await registerRoute(scope, ctx);
      await passwordResetRoutes(scope, ctx);
      await twoFactorRoutes(scope, ctx);
      await openApiRoute(scope, ctx, settings.basePath);
      await eventsRoute(scope, ctx);
      await entityRoutes(scope, ctx);
    },
    { prefix: settings.basePath },
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
      return { url: `${origin}${settings.basePath}`, port: actual, origin };
    },
    async close() {
      // A client that stalls in the middle of a request does not hold the stop open forever.
      const stalled = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(stalled);
      }
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
