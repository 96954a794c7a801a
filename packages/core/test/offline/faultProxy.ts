/**
 * A loopback proxy in front of a backend (the reference server, json-server) that forwards,
 * refuses, delays or drops answers, per request: what a flaky network does to a write. It records
 * every request it receives and what it did with it.
 */
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  request as httpRequest,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with a request. */
export type ProxyMode =
  /** Forward and answer. */
  | 'pass'
  /** Close the connection at once: nothing reaches the server (a network error). */
  | 'cut'
  /** Hold the request `delayMs`, then close the connection: nothing reaches the server. */
  | 'late-cut'
  /** Hold the request `delayMs`, then forward it and answer. */
  | 'late-pass'
  /** Forward, let the server apply it, then close the connection without the answer. */
  | 'drop-answer'
  /** Forward, and hold the server's answer `delayMs` before passing it on. */
  | 'late-answer'
  /** Forward, and hold the server's answer until the test calls `release()`. */
  | 'held-answer'
  /** Answer `status` (503) without forwarding (with `Retry-After: retryAfter` when it is set). */
  | 'unavailable';

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the proxy did with it. */
  mode: ProxyMode;
}

export interface FaultProxy {
  /** The proxy's origin (`http://127.0.0.1:port`). */
  origin: string;
  /** What it does with requests no `rule` decides. */
  mode: ProxyMode;
  /** Decides per request (`undefined`: `mode`). */
  rule: ((request: Omit<ProxiedRequest, 'mode'>) => ProxyMode | undefined) | undefined;
  /** The hold of `late-cut`, `late-pass` and `late-answer`, in ms. */
  delayMs: number;
  /** The status `unavailable` answers. */
  status: number;
  /** The `Retry-After` value `unavailable` sends (seconds or an HTTP date); none when unset. */
  retryAfter: string | undefined;
  /** Every request the proxy received, in order. */
  readonly requests: ProxiedRequest[];
  /** Passes on every answer `held-answer` holds now. */
  release(): void;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (OS-chosen port) in front of the server at `target` (its origin). */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const { hostname, port } = new URL(target);
  const requests: ProxiedRequest[] = [];
  let held: Array<() => void> = [];
  const proxy = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const seen = {
        method: req.method ?? 'GET',
        path: req.url ?? '',
        headers: req.headers,
        body: body.toString('utf8'),
      };
      const mode = state.rule?.(seen) ?? state.mode;
      requests.push({ ...seen, mode });
      if (mode === 'cut') {
        req.socket.destroy();
        return;
      }
      if (mode === 'late-cut') {
        setTimeout(() => req.socket.destroy(), state.delayMs);
        return;
      }
      if (mode === 'unavailable') {
        const retryAfter =
          state.retryAfter === undefined ? {} : { 'Retry-After': state.retryAfter };
        res.writeHead(state.status, { 'Content-Type': 'application/json', ...retryAfter });
        res.end(
          JSON.stringify({ success: false, error: 'Down for a moment', code: 'UNAVAILABLE' }),
        );
        return;
      }
      const forward = () => {
        const upstream = httpRequest(
          { host: hostname, port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            const parts: Buffer[] = [];
            answer.on('data', (part: Buffer) => parts.push(part));
            answer.on('end', () => {
              // The server has applied the write and answered: the answer is lost on the way.
              if (mode === 'drop-answer') {
                req.socket.destroy();
                return;
              }
              const pass = () => {
                res.writeHead(answer.statusCode ?? 502, answer.headers);
                res.end(Buffer.concat(parts));
              };
              if (mode === 'late-answer') setTimeout(pass, state.delayMs);
              else if (mode === 'held-answer') held.push(pass);
              else pass();
            });
          },
        );
        upstream.on('error', () => req.socket.destroy());
        upstream.end(body);
      };
      if (mode === 'late-pass') setTimeout(forward, state.delayMs);
      else forward();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const state: FaultProxy = {
    origin: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    mode: 'pass',
    rule: undefined,
    delayMs: 50,
    status: 503,
    retryAfter: undefined,
    requests,
    release() {
      const answers = held;
      held = [];
      for (const pass of answers) pass();
    },
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
  return state;
}
