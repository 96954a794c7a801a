import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Lets `close()` answer the requests in flight and still end promptly: once it starts, every
 * answer carries `Connection: close`, so a keep-alive connection ends after the answer it owes
 * instead of holding the close open until it times out; a connection that has not sent a byte
 * yet (a client opened it for a request it then gave up on) owes nothing and is closed at once.
 * (Idle connections are closed at once and new ones refused: Fastify's
 * `forceCloseConnections: 'idle'`.)
 *
 * @example
 * app.register(gracefulClosePlugin);
 */
export const gracefulClosePlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    const connections = new Set<Socket>();
    app.server.on('connection', (socket: Socket) => {
      connections.add(socket);
      socket.once('close', () => connections.delete(socket));
    });
    app.addHook('preClose', async () => {
      closing = true;
      for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'bridgekit-graceful-close' },
);
