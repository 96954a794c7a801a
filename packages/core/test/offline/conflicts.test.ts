/**
 * Someone else's change is never overwritten in silence. The reference server versions every
 * record (`ETag`, `If-Match`, `412` with the current record); the client remembers the version
 * of each record it read and sends it with its writes. Two devices, A and B, edit one record:
 * A's write made on the old version is refused, and what A sees depends on the way it was sent.
 */
import { offlineQueue, type OfflineQueue, type OfflineQueueOptions } from '@bridgekit/core/offline';
import { describe, expect, it } from 'vitest';
import { type Device, device, until, offlineWorldPerTest } from './offlineFixture';

const world = offlineWorldPerTest();

type Product = {
  id: number | string;
  name: string;
  price: number;
  stock: number;
  category?: string;
};
const product = (id: number) =>
  world.api.rows('products').find((row) => Number(row.id) === id) as Product | undefined;

interface Editor {
  tab: Device;
  queue: OfflineQueue;
  applied: string[];
}

/** A device with its queue, signed in. */
async function editor(user: 'editor' | 'admin', options: OfflineQueueOptions = {}) {
  const tab = device(world.api.url);
  await tab.signIn(user);
  const applied: string[] = [];
  const queue = offlineQueue(options)({
    client: tab.client,
    auth: tab.auth,
    connectivity: world.net,
  });
  world.stops.push(queue.start((write) => applied.push(write.id)));
  return { tab, queue, applied } satisfies Editor;
}

/**
 * A reads record `id`, goes offline and makes `write`; B changes it meanwhile (`theirs`); A
 * comes back online. Resolves once A's replay was answered.
 */
async function editedMeanwhile(
  a: Editor,
  id: number,
  write: (a: Editor) => Promise<unknown>,
  theirs: (b: Device) => Promise<unknown>,
): Promise<Product> {
  const read = await a.tab.client.get<Product>(`/products/${id}`);
  expect(read.headers?.get('etag')).toMatch(/^"/);
  world.net.set(false);
  expect(((await write(a)) as { code?: string }).code).toBe('QUEUED');
  // B is on another network: its change goes straight out.
  const b = device(world.api.url);
  await b.signIn('admin');
  const theirAnswer = (await theirs(b)) as { success: boolean };
  expect(theirAnswer.success).toBe(true);
  const before = product(id)!;
  world.net.set(true);
  await until(() => a.queue.getState().pending.length === 0);
  return before;
}

describe('a replay made on an old version is refused and shown in conflicts', () => {
  it("PATCH: the server keeps B's change; the conflict holds A's change, what A saw and the server's record", async () => {
    const a = await editor('editor');
    const before = await editedMeanwhile(
      a,
      5,
      ({ tab }) => tab.client.patch('/products/5', { price: 1.5 }),
      (b) => b.client.patch('/products/5', { price: 99 }),
    );
    expect(product(5)).toEqual(before);
    const [conflict] = a.queue.getState().conflicts;
    expect(conflict).toMatchObject({
      method: 'PATCH',
      endpoint: '/products/5',
      body: { price: 1.5 },
    });
    expect((conflict!.base as Product).price).not.toBe(99);
    expect((conflict!.theirs as Product).price).toBe(99);
    expect(a.queue.getState().failed).toEqual([]);

    await expect(a.queue.resolve(conflict!.id, 'neither' as never)).rejects.toThrow(
      "choice must be 'mine', 'theirs' or a merged body",
    );
    // 'mine': sent again over the server's version.
    await a.queue.resolve(conflict!.id, 'mine');
    expect(a.queue.getState().conflicts).toEqual([]);
    expect(product(5)?.price).toBe(1.5);
    expect(a.applied).toEqual([conflict!.id]);
  });

  it("PUT: 'theirs' drops A's change and reads the record again; nothing of A's reaches the record", async () => {
    const a = await editor('editor');
    const read = (await a.tab.client.get<Product>('/products/6')).data as Product;
    const before = await editedMeanwhile(
      a,
      6,
      ({ tab }) => tab.client.put('/products/6', { ...read, name: 'Renamed by A' }),
      (b) => b.client.patch('/products/6', { stock: 1234, category: 'garden' }),
    );
    const [conflict] = a.queue.getState().conflicts;
    expect(conflict).toMatchObject({ method: 'PUT', body: { name: 'Renamed by A' } });
    await a.queue.resolve(conflict!.id, 'theirs');
    expect(a.queue.getState().conflicts).toEqual([]);
    expect(product(6)).toEqual(before);
    expect(product(6)).toMatchObject({ stock: 1234, category: 'garden' });
    // Its queries are read again: the providers revalidate on this.
    expect(a.applied).toEqual([conflict!.id]);
  });

  it("PUT: a merged body is sent over the server's version", async () => {
    const a = await editor('editor');
    const read = (await a.tab.client.get<Product>('/products/7')).data as Product;
    await editedMeanwhile(
      a,
      7,
      ({ tab }) => tab.client.put('/products/7', { ...read, name: 'A name' }),
      (b) => b.client.patch('/products/7', { stock: 4321 }),
    );
    const [conflict] = a.queue.getState().conflicts;
    const merged = { ...(conflict!.theirs as Product), name: 'A name' };
    await a.queue.resolve(conflict!.id, merged);
    expect(product(7)).toMatchObject({ name: 'A name', stock: 4321 });
  });

  it("DELETE: a delete of a record B changed waits in conflicts; 'mine' deletes it after all", async () => {
    const a = await editor('editor');
    await editedMeanwhile(
      a,
      8,
      ({ tab }) => tab.client.delete('/products/8'),
      (b) => b.client.patch('/products/8', { price: 42 }),
    );
    expect(product(8)?.price).toBe(42);
    const [conflict] = a.queue.getState().conflicts;
    expect(conflict).toMatchObject({ method: 'DELETE', theirs: { price: 42 } });
    await expect(a.queue.resolve(conflict!.id, { price: 1 })).rejects.toThrow(TypeError);
    await a.queue.resolve(conflict!.id, 'mine');
    expect(product(8)).toBeUndefined();
  });

  it('a change to a record B deleted is a conflict whose server record is null', async () => {
    const a = await editor('editor');
    await editedMeanwhile(
      a,
      9,
      ({ tab }) => tab.client.patch('/products/9', { stock: 3 }),
      (b) => b.client.delete('/products/9'),
    );
    const [conflict] = a.queue.getState().conflicts;
    expect(conflict).toMatchObject({ method: 'PATCH', theirs: null });
    await a.queue.discard(conflict!.id);
    expect(a.queue.getState().conflicts).toEqual([]);
    expect(product(9)).toBeUndefined();
  });
});

describe("the user's own writes", () => {
  it('several writes to one record, queued on the version read, apply one after the other', async () => {
    const a = await editor('editor');
    await a.tab.client.get('/products/17');
    world.net.set(false);
    for (const stock of [1, 2, 3]) await a.tab.client.patch('/products/17', { stock });
    await a.tab.client.delete('/products/17');
    world.net.set(true);
    await until(() => a.queue.getState().pending.length === 0);
    expect(a.queue.getState()).toMatchObject({ conflicts: [], failed: [] });
    const sent = world.api.requests.filter(
      (r) => r.path === '/api/products/17' && r.method !== 'GET',
    );
    expect(sent.map((r) => r.headers['if-match'])).toEqual([
      expect.stringMatching(/^"/),
      expect.stringMatching(/^"/),
      expect.stringMatching(/^"/),
      expect.stringMatching(/^"/),
    ]);
    expect(new Set(sent.map((r) => r.headers['if-match'])).size).toBe(4);
    expect(product(17)).toBeUndefined();
  });
});

describe("onConflict: 'merge'", () => {
  it('a PATCH whose fields B left alone is sent again on the new version: both changes hold', async () => {
    const a = await editor('editor', { onConflict: 'merge' });
    await editedMeanwhile(
      a,
      10,
      ({ tab }) => tab.client.patch('/products/10', { price: 7.25 }),
      (b) => b.client.patch('/products/10', { stock: 555 }),
    );
    await until(() => product(10)?.price === 7.25);
    expect(product(10)).toMatchObject({ price: 7.25, stock: 555 });
    expect(a.queue.getState()).toMatchObject({ pending: [], conflicts: [] });
  });

  it('a PUT gets the server record with the fields A changed', async () => {
    const a = await editor('editor', { onConflict: 'merge' });
    const read = (await a.tab.client.get<Product>('/products/11')).data as Product;
    await editedMeanwhile(
      a,
      11,
      ({ tab }) => tab.client.put('/products/11', { ...read, name: 'Merged name' }),
      (b) => b.client.patch('/products/11', { stock: 66 }),
    );
    await until(() => product(11)?.name === 'Merged name');
    expect(product(11)).toMatchObject({ name: 'Merged name', stock: 66 });
  });

  it("a PUT from a form that leaves out a field B changed keeps B's value: the field left out is not A's change", async () => {
    const a = await editor('editor', { onConflict: 'merge' });
    const read = (await a.tab.client.get<Product>('/products/14')).data as Product;
    // A's form shows the name and the price only, as a backend's own `updated_at` is never in
    // a form: the fields a PUT leaves out are not A's change.
    await editedMeanwhile(
      a,
      14,
      ({ tab }) => tab.client.put('/products/14', { name: 'Form name', price: read.price }),
      (b) => b.client.patch('/products/14', { stock: 77 }),
    );
    await until(() => product(14)?.name === 'Form name');
    expect(product(14)).toMatchObject({ name: 'Form name', price: read.price, stock: 77 });
    expect(product(14)?.category).toBe(read.category);
    expect(a.queue.getState()).toMatchObject({ pending: [], conflicts: [] });
  });

  it('two changes to the same field stay for the user', async () => {
    const a = await editor('editor', { onConflict: 'merge' });
    await editedMeanwhile(
      a,
      12,
      ({ tab }) => tab.client.patch('/products/12', { price: 1 }),
      (b) => b.client.patch('/products/12', { price: 2 }),
    );
    expect(a.queue.getState().conflicts).toHaveLength(1);
    expect(product(12)?.price).toBe(2);
  });
});

describe('online, without the queue involved', () => {
  it('a 412 is a failure that carries the current record, never an overwrite', async () => {
    const a = await editor('editor');
    const b = device(world.api.url);
    await b.signIn('admin');
    await a.tab.client.get('/products/13');
    expect((await b.client.patch('/products/13', { price: 31 })).success).toBe(true);
    const res = await a.tab.client.patch<Product>('/products/13', { price: 13 });
    expect(res).toMatchObject({ success: false, status: 412, code: 'PRECONDITION_FAILED' });
    if (!res.success) expect(res.data).toMatchObject({ price: 31 });
    expect(product(13)?.price).toBe(31);
    expect(a.queue.getState().pending).toEqual([]);
    // Read again, the write goes on the new version.
    await a.tab.client.get('/products/13');
    expect((await a.tab.client.patch('/products/13', { price: 13 })).success).toBe(true);
  });

  it('If-Match goes with writes to a record read with a plain get, and only there', async () => {
    const a = await editor('editor');
    await a.tab.client.get('/products/14');
    await a.tab.client.patch('/products/14', { stock: 1 });
    await a.tab.client.patch('/products/15', { stock: 1 });
    const [known, unknown] = world.api.requests.filter((r) => r.method === 'PATCH');
    expect(known?.headers['if-match']).toMatch(/^"/);
    expect(unknown?.headers['if-match']).toBeUndefined();
  });

  it('versions are forgotten when the user changes', async () => {
    const a = await editor('editor');
    await a.tab.client.get('/products/16');
    await a.tab.auth.logout();
    await a.tab.signIn('admin');
    await a.tab.client.patch('/products/16', { stock: 2 });
    expect(
      world.api.requests.filter((r) => r.method === 'PATCH')[0]?.headers['if-match'],
    ).toBeUndefined();
  });
});
