import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Lets `close()` answer the requests in flight and still end promptly: once it starts, every
 * answer carries `Connection: close`, so a keep-alive connection ends after the answer it owes
 * instead of holding the close open until it times out. (Idle connections are closed at once
 * and new ones refused: Fastify's `forceCloseConnections: 'idle'`.)
 *
 * @example
 * app.register(gracefulClosePlugin);
 */
export const gracefulClosePlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'bridgekit-graceful-close' },
);
