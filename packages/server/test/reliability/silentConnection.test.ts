/**
 * A connection that has sent nothing owes no answer, so it does not hold `close()` open: a
 * client that opens a connection for a request and gives up on it before writing (a page that
 * aborts a superseded list request does exactly this) left the stop waiting for its 10 s grace.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createServer } from '../../src/index';

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

function silentConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
    sockets.push(socket);
  });
}

it('close() ends a connection that has sent nothing instead of waiting for it', async () => {
  const server = createServer({ seed: 'none' });
  const { port } = await server.listen(0, '127.0.0.1');
  const socket = await silentConnection(port);
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let closed = false;
  const closing = server.close().then(() => {
    closed = true;
  });
  // Well inside the grace a stalled request gets: the silent connection is not waited for.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(closed).toBe(true);
  await ended;
  await closing;
});
