/**
 * The change feed over real HTTP: every committed write published exactly once, with its
 * version and record; narrowed by `resources=`; scoped to what the session may read.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Running, raw, start } from '../helpers';
import { type FeedClient, type FeedClientOptions, openFeed } from './feedClient';

let running: Running | undefined;
const feeds: FeedClient[] = [];
afterEach(async () => {
  for (const feed of feeds.splice(0)) feed.close();
  await running?.stop();
  running = undefined;
});

async function session(who: 'admin' | 'editor' | 'viewer'): Promise<string> {
  return (await (await running!.signIn(who)).getSessionId()) as string;
}

async function subscribe(sid: string | undefined, query = '', options: FeedClientOptions = {}) {
  const feed = await openFeed(running!.url, sid, { query, ...options });
  feeds.push(feed);
  if (feed.status === 200) await feed.waitFor((m) => m.event === 'ready', 'ready');
  return feed;
}

function send(sid: string, method: string, path: string, body?: unknown, headers = {}) {
  return raw(`${running!.url}${path}`, {
    method,
    headers: {
      'x-session-id': sid,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

// A last write every subscriber may read: once its event is in, every earlier one is too.
async function sentinel(admin: string, feed: FeedClient, ...others: FeedClient[]) {
  const made = await send(admin, 'POST', '/tasks', {
    title: `sentinel ${Math.random()}`,
    status: 'todo',
  });
  const id = made.body.data.id as string;
  for (const f of [feed, ...others]) {
    await f.waitFor(
      (m) =>
        m.event === undefined &&
        JSON.parse(m.data).id === id &&
        JSON.parse(m.data).resource === 'tasks',
      'the sentinel',
    );
  }
  return id;
}

describe('every committed write is published exactly once', () => {
  it('creates, replaces, merges and deletes, each with its version and record; refused and replayed writes publish nothing', async () => {
    running = await start();
    const admin = await session('admin');
    const feed = await subscribe(admin);
    expect(feed.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(feed.headers.get('cache-control')).toMatch(/no-cache/);

    const created = await send(admin, 'POST', '/products', { name: 'Fed', price: 5 });
    const id = created.body.data.id as string;
    const replaced = await send(admin, 'PUT', `/products/${id}`, { name: 'Fed', price: 6 });
    const merged = await send(admin, 'PATCH', `/products/${id}`, { stock: 3 });
    // Refused: a stale precondition, a validation error, a missing record, a viewer's write.
    expect(
      (
        await send(
          admin,
          'PATCH',
          `/products/${id}`,
          { stock: 4 },
          { 'if-match': created.headers.get('etag') },
        )
      ).status,
    ).toBe(412);
    expect((await send(admin, 'PATCH', `/products/${id}`, { price: -1 })).status).toBe(422);
    expect((await send(admin, 'DELETE', '/products/no-such')).status).toBe(404);
    expect((await send(await session('viewer'), 'DELETE', `/products/${id}`)).status).toBe(403);
    // A keyed write applied once and replayed: one event.
    const key = { 'idempotency-key': crypto.randomUUID() };
    const keyed = await send(admin, 'PATCH', `/products/${id}`, { stock: 8 }, key);
    expect(
      (await send(admin, 'PATCH', `/products/${id}`, { stock: 8 }, key)).headers.get(
        'idempotent-replayed',
      ),
    ).toBe('true');
    const removed = await send(admin, 'DELETE', `/products/${id}`);
    const last = await sentinel(admin, feed);

    const changes = feed.changes().filter((c) => c.id === id && c.resource === 'products');
    expect(changes).toEqual([
      {
        resource: 'products',
        id,
        type: 'created',
        version: created.headers.get('etag'),
        record: created.body.data,
      },
      {
        resource: 'products',
        id,
        type: 'updated',
        version: replaced.headers.get('etag'),
        record: replaced.body.data,
      },
      {
        resource: 'products',
        id,
        type: 'updated',
        version: merged.headers.get('etag'),
        record: merged.body.data,
      },
      {
        resource: 'products',
        id,
        type: 'updated',
        version: keyed.headers.get('etag'),
        record: keyed.body.data,
      },
      { resource: 'products', id, type: 'deleted', version: keyed.headers.get('etag') },
    ]);
    expect(removed.status).toBe(200);
    // Nothing else was published: these five, then the sentinel.
    expect(feed.changes().map((c) => c.id)).toEqual([id, id, id, id, id, last]);
    // Event ids grow by one per event.
    const ids = feed
      .events()
      .filter((m) => m.event === undefined)
      .map((m) => Number(m.id?.split('.')[1]));
    expect(ids).toEqual(ids.map((_, i) => ids[0]! + i));
  });

  it('writes of the account routes that change a user are published too (to who may read users)', async () => {
    running = await start();
    const admin = await session('admin');
    const feed = await subscribe(admin, '?resources=users');
    const registered = await raw(`${running.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'new@example.com', password: 'a-long-password-1' }),
    });
    expect(registered.status).toBe(201);
    const editor = await session('editor');
    const changed = await send(editor, 'POST', '/auth/password/change', {
      oldPassword: 'editor123',
      newPassword: 'a-new-long-password-2',
    });
    expect(changed.status).toBe(200);
    await feed.waitFor(
      (m) => m.event === undefined && JSON.parse(m.data).id === '2',
      'the editor update',
    );
    const changes = feed.changes();
    expect(changes.map((c) => [c.type, c.id])).toEqual([
      ['created', registered.body.data.user.id],
      ['updated', '2'],
    ]);
    // The record is what clients may see: no password hash.
    expect(JSON.stringify(changes)).not.toMatch(/passwordHash|scrypt/);
    expect(changes[1]!.version).toBe((await send(admin, 'GET', '/users/2')).headers.get('etag'));
  });

  it('many concurrent writes with a data file: one event each, each once on disk when it arrives', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bridgekit-feed-'));
    const file = join(dir, 'data.json');
    try {
      running = await start({ dataFile: file });
      const admin = await session('admin');
      // Each event, as it is parsed, is already in the data file: its record at its version.
      const onDisk: boolean[] = [];
      const feed = await subscribe(admin, '?resources=tasks', {
        onEvent(message) {
          if (message.event !== undefined) return;
          const change = JSON.parse(message.data);
          const saved = JSON.parse(readFileSync(file, 'utf8'));
          onDisk.push(saved.entities.tasks.versions[change.id] === change.version);
        },
      });
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          send(admin, 'PATCH', `/tasks/${n + 1}`, { priority: 1 + (n % 5) }),
        ),
      );
      await feed.waitFor(() => feed.changes().length === 40, '40 events');
      const changes = feed.changes();
      expect(changes).toHaveLength(40);
      expect(new Set(changes.map((c) => c.id)).size).toBe(40);
      expect(changes.map((c) => c.version).sort()).toEqual(
        answers.map((a) => a.headers.get('etag')).sort(),
      );
      expect(onDisk).toHaveLength(40);
      expect(onDisk.every(Boolean)).toBe(true);
    } finally {
      await running?.stop();
      running = undefined;
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('resources= narrows the feed', () => {
  it('carries only the resources asked for', async () => {
    running = await start();
    const admin = await session('admin');
    const products = await subscribe(admin, '?resources=products');
    const both = await subscribe(admin, '?resources=products,tasks');
    const repeated = await subscribe(admin, '?resources=tasks&resources=users');
    expect(JSON.parse((await products.waitFor((m) => m.event === 'ready')).data)).toEqual({
      resources: ['products'],
    });
    await send(admin, 'PATCH', '/products/1', { stock: 1 });
    await send(admin, 'PATCH', '/users/3', { name: 'Vera V.' });
    await send(admin, 'PATCH', '/products/2', { stock: 2 });
    await sentinel(admin, both, repeated);
    await products.waitFor((m) => m.event === undefined && JSON.parse(m.data).id === '2');
    expect(products.changes().map((c) => `${c.resource}/${c.id}`)).toEqual([
      'products/1',
      'products/2',
    ]);
    expect(both.changes().map((c) => c.resource)).toEqual(['products', 'products', 'tasks']);
    expect(repeated.changes().map((c) => c.resource)).toEqual(['users', 'tasks']);
  });

  it('refuses what it cannot serve: no session 401, unknown resource or parameter 400, an unreadable resource 403', async () => {
    running = await start();
    const viewer = await session('viewer');
    const cases: Array<[string | undefined, string, number, string]> = [
      [undefined, '', 401, 'UNAUTHORIZED'],
      ['bogus', '', 401, 'UNAUTHORIZED'],
      [viewer, '?resources=nothing', 400, 'BAD_REQUEST'],
      [viewer, '?resources=', 400, 'BAD_REQUEST'],
      [viewer, '?resource=products', 400, 'BAD_REQUEST'],
      [viewer, '?resources=products,users', 403, 'FORBIDDEN'],
    ];
    for (const [sid, query, status, code] of cases) {
      const feed = await subscribe(sid, query);
      expect(feed.status, `${sid} ${query}`).toBe(status);
      expect(feed.refusal).toMatchObject({ success: false, code });
    }
  });
});

describe('scoped to the session', () => {
  it('a viewer never receives an event about a resource it may not read', async () => {
    running = await start();
    const admin = await session('admin');
    const viewer = await subscribe(await session('viewer'));
    const everything = await subscribe(admin);
    expect(JSON.parse((await viewer.waitFor((m) => m.event === 'ready')).data)).toEqual({
      resources: ['products', 'tasks'],
    });
    await send(admin, 'PATCH', '/users/1', { name: 'Ada A.' });
    await send(admin, 'POST', '/users', {
      email: 'x@example.com',
      userType: 'viewer',
      password: 'long-enough-9',
    });
    await send(admin, 'PATCH', '/products/3', { stock: 9 });
    await send(admin, 'DELETE', '/users/4');
    await sentinel(admin, viewer, everything);
    expect(viewer.changes().map((c) => c.resource)).toEqual(['products', 'tasks']);
    expect(everything.changes().map((c) => c.resource)).toEqual([
      'users',
      'users',
      'products',
      'users',
      'tasks',
    ]);
    // Not even in the raw stream: nothing about users was written to the viewer's connection.
    expect(JSON.stringify(viewer.received)).not.toMatch(/users|x@example\.com/);
  });
});
