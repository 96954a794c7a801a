import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Headers every response carries, errors, 404s and preflights included: browsers must not
 * sniff a JSON body (which may echo input) into HTML or script.
 *
 * @example
 * reply.headers(SECURITY_HEADERS);
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
};

/**
 * Sets `SECURITY_HEADERS` on every response, in `onSend` so that no path (error handler,
 * not-found handler, a plugin answering from a hook) goes without them.
 *
 * @example
 * app.register(securityHeadersPlugin);
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.headers(SECURITY_HEADERS);
      return payload;
    });
  },
  { name: 'bridgekit-security-headers' },
);
