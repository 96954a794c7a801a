import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * CORS through `@fastify/cors` for an explicit allow-list: a listed origin gets its own origin
 * back with credentials, every method, the headers it asks for (X-Session-ID and `Prefer`
 * included) and `Retry-After`, `Preference-Applied`, `Idempotent-Replayed` and `ETag` exposed; any other
 * origin gets no CORS header at all, and its preflight a 404.
 * Nothing is registered for an empty list.
 *
 * @example
 * app.register(corsPlugin, { origins: ['http://localhost:5173'] });
 */
export const corsPlugin = fp(
  async (app: FastifyInstance, { origins }: { origins: readonly string[] }) => {
    if (origins.length === 0) return;
    const allowed = new Set(origins);
    await app.register(fastifyCors, {
      origin: (origin, callback) => {
        callback(null, origin !== undefined && allowed.has(origin) ? origin : false);
      },
      credentials: true,
      methods: METHODS,
      // Preference-Applied tells a cookie-session client that the server set the cookies;
      // Idempotent-Replayed that a keyed write was answered from memory; ETag is the version
      // a client sends back in If-Match (request headers, If-Match and If-None-Match
      // included, are allowed as the preflight asks for them).
      exposedHeaders: ['Retry-After', 'Preference-Applied', 'Idempotent-Replayed', 'ETag'],
      maxAge: 600,
      // A listed origin's OPTIONS without Access-Control-Request-Method would get a text/plain
      // 400 from strict mode; every answer of this server is JSON.
      strictPreflight: false,
    });
  },
  { name: 'bridgekit-cors' },
);
