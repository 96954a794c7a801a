import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Delays every request but CORS preflights by `ms`, to show loading states in an app.
 *
 * @example
 * app.register(latencyPlugin, { ms: 300 });
 */
export const latencyPlugin = fp(
  async (app: FastifyInstance, { ms }: { ms: number }) => {
    if (ms <= 0) return;
    app.addHook('onRequest', async (request) => {
      if (request.method === 'OPTIONS') return;
      await new Promise((resolve) => setTimeout(resolve, ms));
    });
  },
  { name: 'bridgekit-latency' },
);
