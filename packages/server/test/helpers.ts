import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { type Client, createClient } from '@bridgekit/core';
import { type BridgeServer, type ServerOptions, createServer } from '@bridgekit/server';

/** A started server with its API base URL, stopped by `stop()`. */
export interface Running {
  server: BridgeServer;
  url: string;
  client(config?: Parameters<typeof createClient>[1]): Client;
  /** A client signed in as one of the demo users. */
  signIn(who: 'admin' | 'editor' | 'viewer'): Promise<Client>;
  stop(): Promise<void>;
}

export async function start(options: ServerOptions = {}): Promise<Running> {
  const server = createServer(options);
  const { url } = await server.listen(0, '127.0.0.1');
  const client = (config?: Parameters<typeof createClient>[1]) =>
    createClient(url, { timeout: 5000, ...config });
  return {
    server,
    url,
    client,
    async signIn(who) {
      const c = client();
      const res = await c.post('/auth/login', { userName: who, password: `${who}123` });
      if (!res.success) throw new Error(`sign-in as ${who} failed: ${res.status} ${res.error}`);
      c.setSessionId(res.data.sessionId);
      return c;
    },
    stop: () => server.close(),
  };
}

/** Raw fetch for what the client cannot send (malformed JSON, odd content types, huge bodies). */
export async function raw(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body, headers: res.headers };
}

/**
 * One request through `node:http`, for what `fetch` normalizes or cannot do: a raw path
 * (`/api/products/..` is sent as written) and a chosen source address on loopback
 * (`localAddress: '127.0.0.2'` is another client address to the server).
 */
export function rawHttp(
  origin: string,
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
  } = {},
): Promise<{ status: number; body: any; headers: IncomingHttpHeaders }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        path,
        method: init.method ?? 'GET',
        headers: init.headers,
        localAddress: init.localAddress,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
