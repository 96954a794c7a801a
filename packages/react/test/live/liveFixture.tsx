/**
 * What the React live tests share: a device's storage with a demo user signed in (the provider
 * restores the session and the user from it), and the real `fetch` with its event streams
 * counted, to prove that everything the live module opened was closed.
 */
import {
  createAuthService,
  createClient,
  MemoryStorage,
  type StorageAdapter,
} from '@bridgekit/core';

/** A storage in which `user` is signed in on `url`, as a device that signed in before. */
export async function signedInStorage(
  url: string,
  user: 'admin' | 'editor' | 'viewer',
): Promise<StorageAdapter> {
  const storage = new MemoryStorage();
  const client = createClient(url, { storage, fetch: globalThis.fetch });
  await createAuthService(client).login({ email: `${user}@example.com`, password: `${user}123` });
  return storage;
}

/** Node's `fetch`, counting the event streams it answered that are still open. */
export function countingStreams(): { fetch: typeof fetch; open(): number; opened(): number } {
  let open = 0;
  let opened = 0;
  const counted: typeof fetch = async (input, init) => {
    const res = await globalThis.fetch(input, init);
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith('text/event-stream') || !res.body) return res;
    open++;
    opened++;
    let closed = false;
    const close = () => {
      if (!closed) open--;
      closed = true;
    };
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            close();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          close();
          controller.error(error);
        }
      },
      cancel(reason) {
        close();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  };
  return { fetch: counted, open: () => open, opened: () => opened };
}

/** Shows or hides the page, as a browser tab switch does (SWR's focus revalidation aside). */
export function setPageVisible(visible: boolean): void {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (visible ? 'visible' : 'hidden'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}
