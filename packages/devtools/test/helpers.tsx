import { type Client, createClient, MemoryStorage } from '@bridgekit/core';
import { createServer } from '@bridgekit/server';

export interface TestServer {
  /** API base URL (`/api` included). */
  url: string;
  /** How many requests reached the server with this method and a path ending in `path`. */
  count(method: string, path: string): number;
  close(): Promise<void>;
}

/**
 * The reference server with demo data on 127.0.0.1:0. `failOnce` answers 503 (with
 * `Retry-After: 0`) to the first request whose path ends with it, as a busy server does.
 */
export async function startServer(options: { failOnce?: string } = {}): Promise<TestServer> {
  const server = createServer({ seed: 'demo', loginThrottle: false });
  const requests: string[] = [];
  let failed = false;
  server.app.addHook('onRequest', async (request, reply) => {
    requests.push(`${request.method} ${request.url}`);
    const path = request.url.replace(/\?.*$/, '');
    if (options.failOnce && !failed && path.endsWith(options.failOnce)) {
      failed = true;
      await reply
        .code(503)
        .header('retry-after', '0')
        .send({ success: false, error: 'Busy, try again' });
    }
  });
  const { url } = await server.listen(0, '127.0.0.1');
  return {
    url,
    count: (method, path) =>
      requests.filter((r) => {
        const [m, target = ''] = r.split(' ');
        return m === method && target.replace(/\?.*$/, '').endsWith(path);
      }).length,
    close: () => server.close(),
  };
}

/** A client with its own storage (tests never share a session), retrying once. */
export function makeClient(url: string): Client {
  return createClient(url, {
    storage: new MemoryStorage(),
    timeout: 5000,
    retryAttempts: 1,
    retryDelay: 1,
    fetch: globalThis.fetch,
  });
}

export const ADMIN = { email: 'admin@example.com', password: 'admin123' };

/** Signs the admin in through the API and gives the client the session; returns the session id. */
export async function signIn(client: Client): Promise<string> {
  const res = await client.post<{ sessionId: string }>('/auth/login', ADMIN);
  if (!res.success || !res.data.sessionId) throw new Error(`login failed: ${res.error}`);
  client.setSessionId(res.data.sessionId);
  return res.data.sessionId;
}
