/**
 * `Idempotency-Key` on the entity writes (POST, PUT, PATCH, DELETE): a repeat of a key by the
 * same user answers the first answer again without applying anything; another body, method or
 * path under the same key is a 422 of its own; a repeat that arrives while the first is still
 * running waits for it; keys are bounded in size and number; the answers survive a restart
 * with a data file.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '@bridgekit/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeData } from '../src/types';
import { type Running, raw, rawHttp, start } from './helpers';

let running: Running | undefined;
let dir: string | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function session(who: 'admin' | 'editor'): Promise<string> {
  return (await (await running!.signIn(who)).getSessionId()) as string;
}

/** One write through fetch, with the headers given (a session, a key). */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): ReturnType<typeof raw> {
  return raw(`${running!.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A create of a product by the session, with the key. */
function create(sessionId: string, key: string, body: unknown): ReturnType<typeof raw> {
  return send('POST', '/products', { 'x-session-id': sessionId, 'idempotency-key': key }, body);
}

const rowsOf = (entity: string) => running!.server.snapshot().entities[entity]?.rows ?? [];

describe('Idempotency-Key on entity writes', () => {
  it('a repeated POST answers the first answer and creates the row once', async () => {
    running = await start();
    const sid = await session('admin');
    const headers = { 'x-session-id': sid, 'idempotency-key': 'create-lamp-1' };
    const first = await send('POST', '/products', headers, { name: 'Lamp', price: 10 });
    const again = await send('POST', '/products', headers, { name: 'Lamp', price: 10 });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(rowsOf('products').filter((row) => row.name === 'Lamp')).toHaveLength(1);
    // Without a key, the same body is a new create, as before.
    const unkeyed = await send(
      'POST',
      '/products',
      { 'x-session-id': sid },
      { name: 'Lamp', price: 10 },
    );
    expect(unkeyed.body.data.id).not.toBe(first.body.data.id);
  });

  it('PUT, PATCH and DELETE repeated with their key apply nothing the second time', async () => {
    running = await start();
    const sid = await session('admin');
    const keyed = (key: string) => ({ 'x-session-id': sid, 'idempotency-key': key });
    const put = await send('PUT', '/products/5', keyed('put-5'), { name: 'Five', price: 5 });
    const patch = await send('PATCH', '/products/6', keyed('patch-6'), { price: 6 });
    // Someone changes both rows after that.
    await send('PATCH', '/products/5', { 'x-session-id': sid }, { price: 50 });
    await send('PATCH', '/products/6', { 'x-session-id': sid }, { price: 60 });
    expect(
      await send('PUT', '/products/5', keyed('put-5'), { name: 'Five', price: 5 }),
    ).toMatchObject({ status: 200, body: put.body });
    expect(await send('PATCH', '/products/6', keyed('patch-6'), { price: 6 })).toMatchObject({
      status: 200,
      body: patch.body,
    });
    const products = new Map(rowsOf('products').map((row) => [row.id, row]));
    expect(products.get('5')?.price).toBe(50);
    expect(products.get('6')?.price).toBe(60);

    const removed = await send('DELETE', '/products/7', keyed('delete-7'));
    expect(removed.status).toBe(200);
    // The row is gone: a repeat answers the first 200, not a 404.
    expect(await send('DELETE', '/products/7', keyed('delete-7'))).toMatchObject({
      status: 200,
      body: removed.body,
    });
  });

  it('the same key with another body, method or path is a 422 IDEMPOTENCY_KEY_REUSED', async () => {
    running = await start();
    const sid = await session('admin');
    const headers = { 'x-session-id': sid, 'idempotency-key': 'k-reused' };
    expect((await send('POST', '/products', headers, { name: 'A', price: 1 })).status).toBe(201);
    const count = rowsOf('products').length;
    for (const [method, path, body] of [
      ['POST', '/products', { name: 'B', price: 1 }],
      ['POST', '/tasks', { name: 'A', price: 1 }],
      ['PUT', '/products/1', { name: 'A', price: 1 }],
      ['DELETE', '/products/1', undefined],
    ] as const) {
      const res = await send(method, path, headers, body);
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(res.body.error).toMatch(/Idempotency-Key/);
    }
    expect(rowsOf('products')).toHaveLength(count);
    expect(rowsOf('products').find((row) => row.id === '1')).toBeDefined();
    // The same members in another order are the same body.
    const reordered = await send('POST', '/products', headers, { price: 1, name: 'A' });
    expect(reordered.status).toBe(201);
  });

  it('keys belong to a user: any of their sessions replays, another user has their own', async () => {
    running = await start();
    const body = { name: 'Shared key', price: 3 };
    const first = await create(await session('admin'), 'k1', body);
    // The same user after a new sign-in (the offline queue replays after a reload).
    const again = await create(await session('admin'), 'k1', body);
    expect(again.body).toEqual(first.body);
    const editor = await create(await session('editor'), 'k1', body);
    expect(editor.status).toBe(201);
    expect(editor.body.data.id).not.toBe(first.body.data.id);
    expect(rowsOf('products').filter((row) => row.name === 'Shared key')).toHaveLength(2);
  });

  it('a refused write is not remembered: its key stays free for the corrected write', async () => {
    running = await start();
    const sid = await session('admin');
    const headers = { 'x-session-id': sid, 'idempotency-key': 'k-fix' };
    const invalid = await send('POST', '/products', headers, { name: 'No price' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe('VALIDATION_ERROR');
    // An expired session (401), then the same key after signing in again.
    const stale = await send(
      'POST',
      '/products',
      { ...headers, 'x-session-id': 'expired' },
      { name: 'Fixed', price: 1 },
    );
    expect(stale.status).toBe(401);
    const fixed = await send('POST', '/products', headers, { name: 'Fixed', price: 1 });
    expect(fixed.status).toBe(201);
    expect(rowsOf('products').filter((row) => row.name === 'Fixed')).toHaveLength(1);
  });

  it('a repeat that arrives while the first runs waits for it and answers the same', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridgekit-idem-'));
    // A data file makes every write wait for the disk: the first is still running when the
    // others arrive.
    running = await start({ dataFile: join(dir, 'data.json') });
    const sid = await session('admin');
    const headers = { 'x-session-id': sid, 'idempotency-key': 'k-race' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        send('POST', '/products', headers, { name: 'Race', price: 1 }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(8).fill(201));
    for (const res of answers) expect(res.body).toEqual(answers[0]!.body);
    expect(answers.filter((res) => res.headers.get('idempotent-replayed') === null)).toHaveLength(
      1,
    );
    expect(rowsOf('products').filter((row) => row.name === 'Race')).toHaveLength(1);
  });

  it('anonymous writes (an entity anyone may write) are keyed by the key alone', async () => {
    const seed: BridgeData = {
      entities: {
        guestbook: {
          schema: { text: { type: 'string', required: true } },
          access: { read: ['public'], write: ['public'] },
          rows: [],
        },
      },
    };
    running = await start({ seed });
    const headers = { 'idempotency-key': 'guest-1' };
    const first = await send('POST', '/guestbook', headers, { text: 'hello' });
    const again = await send('POST', '/guestbook', headers, { text: 'hello' });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(rowsOf('guestbook')).toHaveLength(1);
    expect((await send('POST', '/guestbook', headers, { text: 'other' })).status).toBe(422);
  });

  it('keys over 255 characters, empty or with other than visible ASCII are a 400', async () => {
    running = await start();
    const sid = await session('admin');
    const origin = new URL(running.url).origin;
    const count = rowsOf('products').length;
    for (const key of ['k'.repeat(256), '', '   ', 'with space', 'caf\u00e9']) {
      const res = await rawHttp(origin, '/api/products', {
        method: 'POST',
        headers: {
          'x-session-id': sid,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ name: 'Bad key', price: 1 }),
      });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(res.body.error).toMatch(/Idempotency-Key/);
    }
    expect(rowsOf('products')).toHaveLength(count);
    // 255 visible characters, and a key sent as a structured-field string, are fine.
    const longest = await create(sid, '~'.repeat(255), { name: 'Long key', price: 1 });
    expect(longest.status).toBe(201);
    const quoted = await create(sid, '"q-1"', { name: 'Quoted', price: 1 });
    const bare = await create(sid, 'q-1', { name: 'Quoted', price: 1 });
    expect(bare.body).toEqual(quoted.body);
  });

  it('a user holds a bounded number of keys: past it a 429 with Retry-After, nothing applied', async () => {
    running = await start({ idempotency: { maxKeysPerUser: 3 } });
    const sid = await session('admin');
    const post = (key: string) => create(sid, key, { name: key, price: 1 });
    for (const key of ['a', 'b', 'c']) expect((await post(key)).status).toBe(201);
    const refused = await post('d');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(rowsOf('products').some((row) => row.name === 'd')).toBe(false);
    // What is held still answers, and another user is not affected; a write without a key is.
    expect((await post('a')).headers.get('idempotent-replayed')).toBe('true');
    const editor = await session('editor');
    expect((await create(editor, 'd', { name: 'e', price: 1 })).status).toBe(201);
    expect(
      (await send('POST', '/products', { 'x-session-id': sid }, { name: 'f', price: 1 })).status,
    ).toBe(201);
  });

  it('answers are held in a bounded number of bytes: past it a 429', async () => {
    running = await start({ idempotency: { maxBytes: 4096 } });
    const sid = await session('admin');
    const post = (key: string) => create(sid, key, { name: key.repeat(2500), price: 1 });
    expect((await post('a')).status).toBe(201);
    expect((await post('b')).status).toBe(201);
    const refused = await post('c');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
  });

  it('a key is forgotten after ttlMs: the same key then makes a new write', async () => {
    running = await start({ idempotency: { ttlMs: 150 } });
    const sid = await session('admin');
    const headers = { 'x-session-id': sid, 'idempotency-key': 'short-lived' };
    const first = await send('POST', '/products', headers, { name: 'Short', price: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const later = await send('POST', '/products', headers, { name: 'Short', price: 1 });
    expect(later.status).toBe(201);
    expect(later.body.data.id).not.toBe(first.body.data.id);
  });

  it('with a data file, the answers survive a restart: a replay after it applies nothing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridgekit-idem-'));
    const file = join(dir, 'data.json');
    running = await start({ dataFile: file });
    let sid = await session('admin');
    const body = { name: 'Across restarts', price: 2 };
    const first = await create(sid, 'restart-1', body);
    expect(first.status).toBe(201);
    await running.stop();

    running = await start({ dataFile: file });
    sid = await session('admin');
    const again = await create(sid, 'restart-1', body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(rowsOf('products').filter((row) => row.name === body.name)).toHaveLength(1);
    const reused = await create(sid, 'restart-1', { ...body, price: 3 });
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a data file whose remembered answers are malformed is refused at start', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridgekit-idem-'));
    const file = join(dir, 'data.json');
    running = await start({ dataFile: file });
    await running.stop();
    running = undefined;
    const data = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...data, idempotencyKeys: [{ scope: 'user:1' }] }));
    expect(() => createServer({ dataFile: file })).toThrow(
      new TypeError(
        `Invalid dataFile ${file}: idempotencyKeys[0] needs scope, key, fingerprint, at, status and body`,
      ),
    );
  });

  it('rejects bad idempotency options with a RangeError naming them', async () => {
    await expect(start({ idempotency: { ttlMs: -1 } })).rejects.toThrow(/idempotency\.ttlMs/);
    await expect(start({ idempotency: { maxKeysPerUser: 0 } })).rejects.toThrow(RangeError);
    await expect(start({ idempotency: { maxBytes: 1, unknown: true } as never })).rejects.toThrow(
      /idempotency\.unknown/,
    );
  });
});
