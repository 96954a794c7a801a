/**
 * Record versions over real HTTP: an `ETag` on reads and writes, `If-None-Match` answered 304,
 * `If-Match` honoured on PUT, PATCH and DELETE (a stale one is a 412 with the current record),
 * and how that meets `Idempotency-Key`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, raw, start } from './helpers';

let running: Running;
let session: string;
beforeAll(async () => {
  running = await start();
  session = (await (await running.signIn('editor')).getSessionId()) as string;
});
afterAll(() => running.stop());

type Answer = Awaited<ReturnType<typeof raw>>;

function call(
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return raw(`${running.url}${path}`, {
    method,
    headers: {
      'x-session-id': session,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const etagOf = (answer: Answer) => answer.headers.get('etag');
const STRONG_TAG = /^"[\x21\x23-\x7e]+"$/;

async function newProduct(name: string): Promise<{ id: string; etag: string }> {
  const made = await call('POST', '/products', { body: { name, price: 10, stock: 1 } });
  expect(made.status).toBe(201);
  return { id: made.body.data.id, etag: etagOf(made) as string };
}

describe('ETag on reads and writes', () => {
  it('GET of one record carries a strong, quoted ETag, the same until the record changes', async () => {
    const first = await call('GET', '/products/3');
    const again = await call('GET', '/products/3');
    expect(first.status).toBe(200);
    expect(etagOf(first)).toMatch(STRONG_TAG);
    expect(etagOf(again)).toBe(etagOf(first));
    expect(etagOf(await call('GET', '/products/4'))).not.toBe(etagOf(first));
  });

  it('each write answers the new ETag, the one a GET then gives; DELETE answers none', async () => {
    const { id, etag: created } = await newProduct('Tagged lamp');
    expect(created).toMatch(STRONG_TAG);
    expect(etagOf(await call('GET', `/products/${id}`))).toBe(created);

    const patched = await call('PATCH', `/products/${id}`, { body: { price: 11 } });
    expect(patched.status).toBe(200);
    expect(etagOf(patched)).toMatch(STRONG_TAG);
    expect(etagOf(patched)).not.toBe(created);
    expect(etagOf(await call('GET', `/products/${id}`))).toBe(etagOf(patched));

    const replaced = await call('PUT', `/products/${id}`, { body: { name: 'Tagged', price: 12 } });
    expect(replaced.status).toBe(200);
    expect(etagOf(replaced)).not.toBe(etagOf(patched));
    expect(etagOf(await call('GET', `/products/${id}`))).toBe(etagOf(replaced));

    const removed = await call('DELETE', `/products/${id}`);
    expect(removed.status).toBe(200);
    expect(etagOf(removed)).toBeNull();
  });

  it('never hands out a tag twice for one record, even when its content comes back', async () => {
    const { id, etag: first } = await newProduct('Round trip');
    const second = etagOf(await call('PATCH', `/products/${id}`, { body: { price: 99 } }));
    const third = etagOf(await call('PATCH', `/products/${id}`, { body: { price: 10 } }));
    expect(new Set([first, second, third]).size).toBe(3);
    // Same content as at first, but a newer state: the first tag does not match it.
    const stale = await call('PATCH', `/products/${id}`, {
      body: { stock: 5 },
      headers: { 'if-match': first },
    });
    expect(stale.status).toBe(412);

    // Deleted and created again under the same id: the old tag is not the new record's.
    await call('DELETE', `/products/${id}`);
    const again = await call('POST', '/products', { body: { id, name: 'Round trip', price: 10 } });
    expect(again.status).toBe(201);
    expect([first, second, third]).not.toContain(etagOf(again));
  });
});

describe('If-None-Match on reads', () => {
  it('answers 304 without a body, with the ETag, while the tag matches', async () => {
    const etag = etagOf(await call('GET', '/products/5')) as string;
    for (const condition of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await call('GET', '/products/5', { headers: { 'if-none-match': condition } });
      expect(res.status, condition).toBe(304);
      expect(res.body, condition).toBe('');
      expect(etagOf(res), condition).toBe(etag);
    }
    const other = await call('GET', '/products/5', { headers: { 'if-none-match': '"other"' } });
    expect(other.status).toBe(200);
    expect(other.body.data.id).toBe('5');
  });

  it('answers 200 with the new record once it changed', async () => {
    const etag = etagOf(await call('GET', '/products/6')) as string;
    await call('PATCH', '/products/6', { body: { stock: 7 } });
    const res = await call('GET', '/products/6', { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(200);
    expect(res.body.data.stock).toBe(7);
    expect(etagOf(res)).not.toBe(etag);
  });

  it('checks the session and the record before the tag: 401, 404 stay what they are', async () => {
    const etag = etagOf(await call('GET', '/products/7')) as string;
    const anonymous = await raw(`${running.url}/products/7`, {
      headers: { 'if-none-match': etag },
    });
    expect(anonymous.status).toBe(401);
    const missing = await call('GET', '/products/no-such', { headers: { 'if-none-match': '*' } });
    expect(missing.status).toBe(404);
  });

  it('gives lists a weak ETag of the page, 304 while the page reads the same', async () => {
    const path = '/products?sort=id:asc&limit=5&category=Tools';
    const page = await call('GET', path);
    const tag = etagOf(page) as string;
    expect(tag).toMatch(/^W\/"[\x21\x23-\x7e]+"$/);
    const same = await call('GET', path, { headers: { 'if-none-match': tag } });
    expect(same.status).toBe(304);
    expect(same.body).toBe('');
    // Another query is another page, with another tag.
    expect(etagOf(await call('GET', '/products?limit=5'))).not.toBe(tag);
    // A change to a row of the page changes the tag.
    const first = page.body.data[0].id as string;
    await call('PATCH', `/products/${first}`, { body: { stock: 123 } });
    const changed = await call('GET', path, { headers: { 'if-none-match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.body.data[0].stock).toBe(123);
    const search = await call('GET', '/tasks/search?q=review');
    expect(etagOf(search)).toMatch(/^W\//);
  });
});

describe('If-Match on PUT, PATCH and DELETE', () => {
  it('applies a write whose If-Match is current (or *), and answers the new tag', async () => {
    const { id, etag } = await newProduct('Current');
    const patched = await call('PATCH', `/products/${id}`, {
      body: { price: 20 },
      headers: { 'if-match': etag },
    });
    expect(patched.status).toBe(200);
    const listed = await call('PUT', `/products/${id}`, {
      body: { name: 'Current', price: 21 },
      headers: { 'if-match': `"other", ${etagOf(patched)}` },
    });
    expect(listed.status).toBe(200);
    const any = await call('PATCH', `/products/${id}`, {
      body: { price: 22 },
      headers: { 'if-match': '*' },
    });
    expect(any.status).toBe(200);
    const removed = await call('DELETE', `/products/${id}`, {
      headers: { 'if-match': etagOf(any) as string },
    });
    expect(removed.status).toBe(200);
  });

  it.each([
    ['PATCH', { price: 30 }],
    ['PUT', { name: 'Mine', price: 30 }],
    ['DELETE', undefined],
  ])(
    '%s with a stale If-Match is a 412 with the current record and its ETag, nothing applied',
    async (method, body) => {
      const { id, etag } = await newProduct('Contested');
      const theirs = await call('PATCH', `/products/${id}`, { body: { price: 15, stock: 9 } });
      const current = etagOf(theirs);
      const mine = await call(method, `/products/${id}`, { body, headers: { 'if-match': etag } });
      expect(mine.status).toBe(412);
      expect(mine.body).toEqual({
        success: false,
        error: expect.any(String),
        code: 'PRECONDITION_FAILED',
        data: theirs.body.data,
      });
      expect(etagOf(mine)).toBe(current);
      const after = await call('GET', `/products/${id}`);
      expect(after.body.data).toEqual(theirs.body.data);
      expect(etagOf(after)).toBe(current);
    },
  );

  it('a weak tag never matches If-Match (strong comparison)', async () => {
    const { id, etag } = await newProduct('Weak');
    const res = await call('PATCH', `/products/${id}`, {
      body: { price: 1 },
      headers: { 'if-match': `W/${etag}` },
    });
    expect(res.status).toBe(412);
    expect(res.body.data.price).toBe(10);
  });

  it.each([
    ['PATCH', { price: 30 }],
    ['PUT', { name: 'Mine', price: 30 }],
    ['DELETE', undefined],
  ])(
    '%s with If-Match on a record deleted since is a 412 with data null and no ETag',
    async (method, body) => {
      const { id, etag } = await newProduct('Gone');
      await call('DELETE', `/products/${id}`);
      for (const condition of [etag, '*']) {
        const res = await call(method, `/products/${id}`, {
          body,
          headers: { 'if-match': condition },
        });
        expect(res.status).toBe(412);
        expect(res.body).toEqual({
          success: false,
          error: expect.stringMatching(/deleted/),
          code: 'PRECONDITION_FAILED',
          data: null,
        });
        expect(etagOf(res)).toBeNull();
      }
      // Without a precondition, a missing record is a plain 404.
      expect((await call(method, `/products/${id}`, { body })).status).toBe(404);
      expect((await call('GET', `/products/${id}`)).status).toBe(404);
    },
  );

  it('If-None-Match on a write refuses it while the record is at that tag', async () => {
    const { id, etag } = await newProduct('Not this one');
    const refused = await call('PATCH', `/products/${id}`, {
      body: { price: 3 },
      headers: { 'if-none-match': etag },
    });
    expect(refused.status).toBe(412);
    expect(refused.body.data.price).toBe(10);
    const applied = await call('PATCH', `/products/${id}`, {
      body: { price: 3 },
      headers: { 'if-none-match': '"some-other"' },
    });
    expect(applied.status).toBe(200);
  });

  it('a malformed If-Match or If-None-Match is a 400, never applied unconditionally', async () => {
    const { id } = await newProduct('Malformed');
    for (const condition of ['unquoted', '"a" "b"', '', 'W/', '"a",,x']) {
      const res = await call('PATCH', `/products/${id}`, {
        body: { price: 50 },
        headers: { 'if-match': condition },
      });
      expect(res.status, condition).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
    }
    const read = await call('GET', `/products/${id}`, { headers: { 'if-none-match': 'bare' } });
    expect(read.status).toBe(400);
    expect((await call('GET', `/products/${id}`)).body.data.price).toBe(10);
  });

  it('checks access before the precondition: a viewer gets 403, not 412', async () => {
    const { id, etag } = await newProduct('Guarded');
    const viewer = (await (await running.signIn('viewer')).getSessionId()) as string;
    const res = await call('PATCH', `/products/${id}`, {
      body: { price: 1 },
      headers: { 'if-match': `"stale"`, 'x-session-id': viewer },
    });
    expect(res.status).toBe(403);
    expect(etag).toMatch(STRONG_TAG);
  });
});

describe('If-Match with Idempotency-Key', () => {
  it('a replay of an applied write answers it again, as applied, even though the record moved on', async () => {
    const { id, etag } = await newProduct('Replayed');
    const key = crypto.randomUUID();
    const send = () =>
      call('PATCH', `/products/${id}`, {
        body: { price: 40 },
        headers: { 'if-match': etag, 'idempotency-key': key },
      });
    const first = await send();
    expect(first.status).toBe(200);
    // Someone else changes the record after the first answer was lost.
    await call('PATCH', `/products/${id}`, { body: { price: 41 } });
    const replay = await send();
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(etagOf(replay)).toBe(etagOf(first));
    expect((await call('GET', `/products/${id}`)).body.data.price).toBe(41);
  });

  it('a keyed write refused with 412 keeps its key free: sent again with a current If-Match, it applies', async () => {
    const { id, etag } = await newProduct('Retried');
    const moved = etagOf(await call('PATCH', `/products/${id}`, { body: { stock: 2 } }));
    const key = crypto.randomUUID();
    const refused = await call('PATCH', `/products/${id}`, {
      body: { price: 60 },
      headers: { 'if-match': etag, 'idempotency-key': key },
    });
    expect(refused.status).toBe(412);
    const resolved = await call('PATCH', `/products/${id}`, {
      body: { price: 60 },
      headers: { 'if-match': moved as string, 'idempotency-key': key },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.headers.get('idempotent-replayed')).toBeNull();
    expect(resolved.body.data).toMatchObject({ price: 60, stock: 2 });
  });

  it('a replayed create answers the ETag of the first answer', async () => {
    const key = crypto.randomUUID();
    const send = () =>
      call('POST', '/products', {
        body: { name: 'Keyed create', price: 5 },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(etagOf(replay)).toBe(etagOf(first));
    expect(etagOf(first)).toMatch(STRONG_TAG);
  });
});
