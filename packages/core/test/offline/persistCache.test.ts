/**
 * The persisted cache without React: an SWR-shaped cache (a `Map` of `{ data, _k }` states, as
 * SWR keeps them) saved to storage and restored, signed in through the reference server.
 */
import { MemoryStorage, type StorageAdapter } from '@bridgekit/core';
import { type CacheLike, type PersistCacheOptions, persistCache } from '@bridgekit/core/offline';
import { describe, expect, it } from 'vitest';
import { type Device, device, offlineWorldPerTest, pause, until } from './offlineFixture';

const world = offlineWorldPerTest();

/** Storage that counts its writes. */
function countingStorage(): StorageAdapter & { writes: string[] } {
  const storage = new MemoryStorage();
  const writes: string[] = [];
  return Object.assign(storage, {
    writes,
    setItem: async (key: string, value: string) => {
      writes.push(key);
      await MemoryStorage.prototype.setItem.call(storage, key, value);
    },
  });
}

function persisted(
  instances: Record<string, Device>,
  options: PersistCacheOptions = {},
): { cache: CacheLike; restored: Promise<void> } {
  const persister = persistCache(options)({ instances });
  const cache = persister.provider();
  world.stops.push(persister.start());
  return { cache, restored: persister.restored };
}

const listKey = (instance: string, page: number) => [
  'bridgekit',
  instance,
  '/products',
  'list',
  { page },
];
const swrKey = (key: unknown[]) => JSON.stringify(key);

describe('persistCache', () => {
  it('saves the Bridgekit entries about once a second and restores them in a new cache', async () => {
    const storage = countingStorage();
    const tab = device(world.api.url, storage);
    await tab.signIn('editor');
    const first = persisted({ default: tab });
    await first.restored;
    for (let page = 1; page <= 5; page++) {
      const key = listKey('default', page);
      first.cache.set(swrKey(key), { data: { data: [{ id: page }] }, _k: key });
    }
    first.cache.set('not-ours', { data: 'x', _k: 'not-ours' });
    expect(storage.writes.filter((k) => k === 'bridgekit_cache')).toEqual([]);
    await until(() => storage.writes.includes('bridgekit_cache'), 3000);
    expect(storage.writes.filter((k) => k === 'bridgekit_cache')).toHaveLength(1);

    const reload = persisted({ default: device(world.api.url, storage) });
    await reload.restored;
    expect(reload.cache.get(swrKey(listKey('default', 3)))).toEqual({
      data: { data: [{ id: 3 }] },
      _k: listKey('default', 3),
    });
    expect(reload.cache.get('not-ours')).toBeUndefined();
  });

  it("removes an instance's saved entries when its user signs out", async () => {
    const storage = new MemoryStorage();
    const tab = device(world.api.url, storage);
    await tab.signIn('editor');
    const first = persisted({ default: tab });
    await first.restored;
    first.cache.set(swrKey(listKey('default', 1)), { data: ['secret'], _k: listKey('default', 1) });
    await until(async () => (await storage.getItem('bridgekit_cache')) !== null, 3000);
    await until(() => tab.auth.getState().isAuthenticated);
    expect(await storage.getItem('bridgekit_cache')).toContain('secret');
    await tab.auth.logout();
    await until(async () => (await storage.getItem('bridgekit_cache')) === null);
  });

  it('another user never gets the saved entries of the previous one', async () => {
    const storage = new MemoryStorage();
    const editor = device(world.api.url, storage);
    await editor.signIn('editor');
    const first = persisted({ default: editor });
    await first.restored;
    first.cache.set(swrKey(listKey('default', 1)), {
      data: ['editor data'],
      _k: listKey('default', 1),
    });
    for (const stop of world.stops.splice(0)) stop(); // saves at once
    await pause(50);
    expect(await storage.getItem('bridgekit_cache')).toContain('editor data');
    // The app starts again with another user signed in (another device state, same storage).
    const admin = device(world.api.url, storage);
    await admin.signIn('admin');
    const second = persisted({ default: admin });
    await second.restored;
    expect(second.cache.get(swrKey(listKey('default', 1)))).toBeUndefined();
    expect(await storage.getItem('bridgekit_cache')).toBeNull();
  });

  it('drops entries older than maxAge and a cache saved under another buster', async () => {
    const storage = new MemoryStorage();
    const tab = device(world.api.url, storage);
    await tab.signIn('editor');
    const first = persisted({ default: tab }, { buster: 'v1', maxAge: 200 });
    await first.restored;
    first.cache.set(swrKey(listKey('default', 1)), { data: ['old'], _k: listKey('default', 1) });
    for (const stop of world.stops.splice(0)) stop();
    await pause(50);
    const again = persisted({ default: device(world.api.url, storage) }, { buster: 'v2' });
    await again.restored;
    expect(again.cache.get(swrKey(listKey('default', 1)))).toBeUndefined();

    const writer = persisted({ default: tab }, { buster: 'v1', maxAge: 200 });
    await writer.restored;
    writer.cache.set(swrKey(listKey('default', 2)), { data: ['aging'], _k: listKey('default', 2) });
    for (const stop of world.stops.splice(0)) stop();
    await pause(300);
    const late = persisted(
      { default: device(world.api.url, storage) },
      { buster: 'v1', maxAge: 200 },
    );
    await late.restored;
    expect(late.cache.get(swrKey(listKey('default', 2)))).toBeUndefined();
  });

  it("keeps each instance's entries under its own storage key", async () => {
    const storage = new MemoryStorage();
    const primary = device(world.api.url, storage);
    await primary.signIn('editor');
    const billing = device(world.api.url, storage, 'billing:');
    const both = persisted({ default: primary, billing });
    await both.restored;
    both.cache.set(swrKey(listKey('default', 1)), { data: ['main'], _k: listKey('default', 1) });
    both.cache.set(swrKey(listKey('billing', 1)), { data: ['bills'], _k: listKey('billing', 1) });
    for (const stop of world.stops.splice(0)) stop();
    await pause(50);
    const main = await storage.getItem('bridgekit_cache');
    expect(main).toContain('"main"');
    expect(main).not.toContain('bills');
    expect(await storage.getItem('billing:bridgekit_cache')).toContain('bills');
  });

  it('refuses an unknown option and a bad value, naming them', () => {
    expect(() => persistCache({ maxage: 1 } as never)).toThrow(
      new TypeError(
        'options.maxage is not an option of persistCache (known: storage, maxAge, buster)',
      ),
    );
    expect(() => persistCache({ maxAge: -1 })).toThrow(RangeError);
    expect(() => persistCache({ buster: 2 as never })).toThrow(/buster must be a string/);
  });
});
