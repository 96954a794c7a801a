/**
 * feathersLive({ socket }) against a real Feathers 5 app with socket.io (started in-process on
 * 127.0.0.1): a change made through Feathers' REST reaches the live module's `onEvent` through
 * the app's own socket, which the source signs in with the client's session while it follows.
 */
import { type AuthService, type Client, createAuthService, createClient } from '@bridgekit/core';
import { feathers, feathersLive } from '@bridgekit/core/dialects';
import { type LiveChange, live } from '@bridgekit/core/live';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningBackend, startFeathers } from '../../../../backends/servers.mjs';
import { PRODUCTS } from './seed';

const SEED = PRODUCTS.map(({ id: _id, ...rest }) => rest);
const USER = { email: 'admin@example.com', password: 'admin123', role: 'admin', name: 'Ada' };

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startFeathers({ users: [USER], products: SEED });
});
afterAll(() => backend.close());

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A client of the Feathers app signed in through REST, and the app's socket to it. */
async function signedIn(socketUrl = backend.url): Promise<{
  client: Client;
  auth: AuthService;
  socket: Socket;
}> {
  const socket = io(socketUrl, { transports: ['websocket'] });
  cleanup.push(() => socket.close());
  const client = createClient(backend.url, {
    dialect: { ...feathers(), live: feathersLive({ socket }) },
  });
  const auth = createAuthService(client);
  await auth.login({ email: USER.email, password: USER.password });
  return { client, auth, socket };
}

/** A change through Feathers' REST, as another client would make it. */
async function patchOverRest(id: number, data: object) {
  const writer = createClient(backend.url, { dialect: feathers() });
  await createAuthService(writer).login({ email: USER.email, password: USER.password });
  const res = await writer.patch(`/products/${id}`, data);
  expect(res.success).toBe(true);
}

describe('feathersLive: Feathers real-time events through the live module', () => {
  it('a change through REST reaches onEvent, with the record', async () => {
    const { client, auth } = await signedIn();
    const feed = live()({ client, auth });
    const changes: LiveChange[] = [];
    feed.onEvent((event) => {
      if (event.type !== 'reset') changes.push(event);
    });
    cleanup.push(feed.start(), () => feed.dispose());
    await vi.waitFor(() => expect(feed.getState().connected).toBe(true), { timeout: 10_000 });

    await patchOverRest(2, { price: 99 });
    await vi.waitFor(() => expect(changes).toHaveLength(1), { timeout: 10_000 });
    expect(changes[0]).toMatchObject({
      type: 'updated',
      resource: 'products',
      id: '2',
      record: { id: 2, price: 99 },
    });
    expect(feed.getState().mode).toBe('feed');
  });

  it('signing out signs the socket out: no more events reach it', async () => {
    const { client, auth, socket } = await signedIn();
    const feed = live()({ client, auth });
    cleanup.push(feed.start(), () => feed.dispose());
    await vi.waitFor(() => expect(feed.getState().connected).toBe(true), { timeout: 10_000 });

    await auth.logout();
    expect(feed.getState().connected).toBe(false);
    // What still reaches the socket, whoever listens.
    const heard: string[] = [];
    socket.onAny((name) => heard.push(name));
    // A second socket, signed in, proves the event was sent.
    const other = await signedIn();
    const otherFeed = live()({ client: other.client, auth: other.auth });
    const otherChanges: unknown[] = [];
    otherFeed.onEvent((event) => otherChanges.push(event));
    cleanup.push(otherFeed.start(), () => otherFeed.dispose());
    await vi.waitFor(() => expect(otherFeed.getState().connected).toBe(true), { timeout: 10_000 });
    await patchOverRest(3, { stock: 1 });
    await vi.waitFor(() => expect(otherChanges).toHaveLength(1), { timeout: 10_000 });
    expect(heard).toEqual([]);
  });

  it('a socket to another origin is never signed in with the session', async () => {
    const elsewhere = backend.url.replace('127.0.0.1', 'localhost');
    const { client, auth } = await signedIn(elsewhere);
    const feed = live()({ client, auth });
    cleanup.push(feed.start(), () => feed.dispose());
    await vi.waitFor(() =>
      expect(feed.getState().error?.message).toMatch(/only sent to the API's origin/),
    );
    expect(feed.getState().connected).toBe(false);
  });

  it('a socket that is none is a TypeError naming it', () => {
    expect(() => feathersLive({ socket: {} as never })).toThrow(
      /feathersLive\(\): socket must be a socket.io client socket/,
    );
    expect(() => feathersLive({ socket: io({ autoConnect: false }), room: 'x' } as never)).toThrow(
      /room/,
    );
  });
});
