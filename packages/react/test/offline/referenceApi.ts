/**
 * What the offline tests of the React binding share: the reference server behind a loopback
 * proxy (`startApi`), started before each test and closed after it, and the browser's online
 * state, the one thing set by hand (jsdom has no network to lose).
 */
import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { type Api, startApi } from '../../../core/test/offline/offlineFixture';

/** The reference server's products, as the tests read them. */
export interface Product {
  id: string;
  name: string;
  price: number;
  stock: number;
  category?: string;
}

/** The current test's server and the browser's connectivity. */
export interface OfflineWorld {
  /** The reference server behind the proxy (throws outside a test). */
  readonly api: Api;
  /** The browser going offline or online, as it tells the page. */
  setOnline(next: boolean): void;
}

/**
 * Starts the reference server before each test of the file and closes it after; the browser is
 * online when each test starts.
 *
 * @example
 * const world = offlineWorldPerTest();
 * it('…', async () => {
 *   world.setOnline(false);
 *   expect(world.api.rows('products')).toHaveLength(40);
 * });
 */
export function offlineWorldPerTest(): OfflineWorld {
  let api: Api | undefined;
  let online = true;
  beforeEach(async () => {
    api = await startApi();
    online = true;
    vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await api?.close();
    api = undefined;
  });
  return {
    get api() {
      if (!api) throw new Error('the reference server runs only inside a test');
      return api;
    },
    setOnline(next) {
      online = next;
      act(() => {
        window.dispatchEvent(new Event(next ? 'online' : 'offline'));
      });
    },
  };
}
