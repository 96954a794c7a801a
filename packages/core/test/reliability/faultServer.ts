/**
 * A misbehaving `node:http` server on 127.0.0.1 (OS-chosen port) for the reliability suite
 * and the soak script. One mode at a time; it records every request it sees.
 *
 * @example
 * const server = await startFaultServer();
 * server.setMode('burst-5xx'); // two 5xx answers, then success
 * const res = await createClient(server.url, { retryAttempts: 2, retryDelay: 1 }).get('/x');
 * expect(server.count()).toBe(3);
 * await server.close();
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Every way the server can misbehave (plus `ok`, a plain echo). */
export const FAULT_MODES = [
  'reset-before-headers',
  'reset-mid-body',
  'hang',
  'slow-body',
  'burst-5xx',
  '429-seconds',
  '429-date',
  '503-seconds',
  '503-date',
  'malformed-json',
  'huge-body',
  'redirect-cross-origin',
  'redirect-loop',
  'html-502',
  'html-404',
] as const;

/** `ok` echoes the request; `unauthorized` answers 401 with an error envelope. */
export type FaultMode = (typeof FAULT_MODES)[number] | 'ok' | 'unauthorized';

/** One request as it arrived. */
export interface SeenRequest {
  method: string;
  /** The raw request target, exactly as sent (`/api/x?a=1`). */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `performance.now()` when the request (and its body) had arrived. */
  at: number;
}

/** Tunables; the defaults keep the suite fast. */
export interface FaultOptions {
  /** How long `hang` keeps the socket open without headers before destroying it. @default 200 */
  hangMs?: number;
  /** `slow-body`: number of chunks and the pause between them. @default 4, 20 */
  slowChunks?: number;
  slowChunkMs?: number;
  /** `burst-5xx`: failures before success. @default 2 */
  burst?: number;
  /** `huge-body`: size of the response body in bytes. @default 20 MB */
  hugeBytes?: number;
  /** `redirect-cross-origin`: where to send the client, and with which status. @default 302 */
  redirectTo?: string;
  redirectStatus?: number;
  /** `429-*`/`503-*`: `Retry-After` in seconds (`*-seconds`) or from now (`*-date`). @default 1 */
  retryAfterSeconds?: number;
}

/** A running fault server. */
export interface FaultServer {
  /** `http://127.0.0.1:PORT/api`: use as the client's base URL. */
  readonly url: string;
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  readonly requests: SeenRequest[];
  /** Switches mode and restarts the per-mode attempt counter (requests are kept). */
  setMode(mode: FaultMode, options?: FaultOptions): FaultServer;
  /** Requests seen since start or the last `reset()`. */
  count(): number;
  /** Forgets recorded requests only (long runs call it so memory stays flat). */
  forget(): void;
  /** Forgets recorded requests and restarts the per-mode attempt counter. */
  reset(): void;
  /** Called synchronously when a request has arrived, before the server answers. */
  onRequest(listener: (req: SeenRequest) => void): () => void;
  close(): Promise<void>;
}

/** The body of a `huge-body` answer: a JSON envelope whose `data` is a long string. */
export function hugeBody(bytes: number): Buffer {
  const head = '{"success":true,"data":"';
  const tail = '"}';
  return Buffer.from(head + 'x'.repeat(Math.max(0, bytes - head.length - tail.length)) + tail);
}

/** A 502 page longer than 200 characters, so the client reports the status line. */
export const HTML_502 = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center>${'<!-- padding -->'.repeat(12)}</body></html>`;
/** A short 404 page (at most 200 characters), so the client reports its text. */
export const HTML_404 = '<html><body><h1>Not Found</h1></body></html>';
/** A body with a JSON content type that does not parse. */
export const MALFORMED_JSON = '{"success": true, "data": [1, 2,';

const hugeCache = new Map<number, Buffer>();

/**
 * Starts a fault server on 127.0.0.1 with an OS-chosen port, in mode `ok` (echo).
 *
 * @example
 * const server = await startFaultServer('hang', { hangMs: 300 });
 */
export async function startFaultServer(
  initial: FaultMode = 'ok',
  initialOptions: FaultOptions = {},
): Promise<FaultServer> {
  let mode: FaultMode = initial;
  let options: FaultOptions = initialOptions;
  let attempt = 0;
  const requests: SeenRequest[] = [];
  const perUrl = new Map<string, number>();
  const listeners = new Set<(req: SeenRequest) => void>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const server = createServer((req, res) => {
    res.on('error', () => {});
    req.on('error', () => {});
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      requests.push(seen);
      let n = attempt++;
      if (/[?&]fault=/.test(seen.url)) {
        // Overridden requests count attempts per URL, so retries of one call see "then success".
        n = perUrl.get(seen.url) ?? 0;
        if (perUrl.size > 1000) perUrl.clear();
        perUrl.set(seen.url, n + 1);
      }
      for (const listener of listeners) listener(seen);
      if (res.destroyed || res.socket === null || res.socket.destroyed) return;
      answer(res, seen, n);
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  const json = (res: ServerResponse, status: number, value: unknown, extra = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...extra });
    res.end(JSON.stringify(value));
  };
  const retryAfter = (current: FaultMode): string => {
    const seconds = options.retryAfterSeconds ?? 1;
    return current.endsWith('-date')
      ? new Date(Date.now() + seconds * 1000 + 500).toUTCString()
      : String(seconds);
  };

  function answer(res: ServerResponse, seen: SeenRequest, n: number): void {
    const echo = { method: seen.method, url: seen.url, body: seen.body };
    // `?fault=<mode>` overrides the server's mode for one request (the soak mixes faults).
    const override = /[?&]fault=([\w-]+)/.exec(seen.url)?.[1] as FaultMode | undefined;
    switch (override ?? mode) {
      case 'ok':
        json(res, 200, { success: true, data: echo });
        return;
      case 'unauthorized':
        json(res, 401, { success: false, error: 'Session expired', code: 'UNAUTHORIZED' });
        return;
      case 'reset-before-headers':
        res.socket?.resetAndDestroy();
        return;
      case 'reset-mid-body':
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
        res.write('{"success":true,"data":"');
        later(5, () => res.socket?.resetAndDestroy());
        return;
      case 'hang':
        later(options.hangMs ?? 200, () => res.socket?.destroy());
        return;
      case 'slow-body': {
        const total = options.slowChunks ?? 4;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"success":true,"data":{"chunks":[');
        let sent = 0;
        const next = () => {
          if (res.destroyed) return;
          res.write(sent === 0 ? '0' : `,${sent}`);
          sent++;
          if (sent < total) later(options.slowChunkMs ?? 20, next);
          else res.end(']}}');
        };
        later(options.slowChunkMs ?? 20, next);
        return;
      }
      case 'burst-5xx':
        if (n < (options.burst ?? 2)) {
          json(res, n % 2 === 0 ? 500 : 502, {
            success: false,
            error: 'Internal failure',
            code: 'INTERNAL',
          });
          return;
        }
        json(res, 200, { success: true, data: echo });
        return;
      case '429-seconds':
      case '429-date':
      case '503-seconds':
      case '503-date':
        if (n === 0) {
          const status = (override ?? mode).startsWith('429') ? 429 : 503;
          json(
            res,
            status,
            { success: false, error: 'Try again later', code: 'RATE_LIMITED' },
            { 'Retry-After': retryAfter(override ?? mode) },
          );
          return;
        }
        json(res, 200, { success: true, data: echo });
        return;
      case 'malformed-json':
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(MALFORMED_JSON);
        return;
      case 'huge-body': {
        const bytes = options.hugeBytes ?? 20 * 1024 * 1024;
        let body = hugeCache.get(bytes);
        if (body === undefined) {
          body = hugeBody(bytes);
          hugeCache.set(bytes, body);
        }
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
        res.end(body);
        return;
      }
      case 'redirect-cross-origin':
        if (options.redirectTo === undefined) throw new TypeError('redirectTo is required');
        res.writeHead(options.redirectStatus ?? 302, { Location: options.redirectTo });
        res.end();
        return;
      case 'redirect-loop':
        res.writeHead(302, { Location: seen.url });
        res.end();
        return;
      case 'html-502':
        res.writeHead(502, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(HTML_502);
        return;
      case 'html-404':
        res.writeHead(404, { 'Content-Type': 'text/html' });
        res.end(HTML_404);
        return;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const api: FaultServer = {
    url: `${origin}/api`,
    origin,
    requests,
    setMode(next, nextOptions = {}) {
      mode = next;
      options = nextOptions;
      attempt = 0;
      return api;
    },
    count: () => requests.length,
    forget() {
      requests.length = 0;
    },
    reset() {
      requests.length = 0;
      attempt = 0;
    },
    onRequest(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
  return api;
}
