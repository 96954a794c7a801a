/**
 * A real `node:http` server on 127.0.0.1 (OS-chosen port) for tests: it records every
 * request and answers with scripted replies that may misbehave on purpose.
 *
 * @example
 * const server = await startTestServer({ json: { success: true, data: [1] } });
 * afterEach(() => server.close());
 * await createClient(server.url).get('/x');
 * expect(server.requests[0]?.headers['x-session-id']).toBe('abc');
 *
 * // a sequence (the last reply repeats): two 503s, then a success
 * server.replies({ status: 503 }, { status: 503 }, { json: { ok: true } });
 *
 * // misbehaving: slow, connection reset, hang, redirect
 * server.reply({ delay: 200, json: {} });
 * server.reply({ reset: true });
 * server.reply({ hang: true });
 * server.reply({ status: 302, redirect: `${other.url}/target` });
 *
 * // full control: a function gets the recorded request and the raw response
 * server.reply((req, res) => { res.writeHead(200); res.end(req.body); });
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, as sent (`/api/users?page=2`). */
  url: string;
  /** Path without the query. */
  path: string;
  /** The parsed query. */
  query: URLSearchParams;
  /** Header names are lower-case (Node's convention). */
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text ('' when none). */
  body: string;
}

/** A scripted answer. Every field is optional; the default is `200` with an echo of the request. */
export interface Reply {
  /** @default 200 */
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON with `Content-Type: application/json` (any value, `null` included). */
  json?: unknown;
  /** Sent as is; `Content-Type: text/plain` unless `headers` say otherwise. */
  text?: string;
  /** Wait this many ms before answering. */
  delay?: number;
  /** Reset the connection (TCP RST) instead of answering. */
  reset?: boolean;
  /** Send the status line and headers, part of the body, then reset the connection. */
  resetAfterHeaders?: boolean;
  /** Never answer (the connection is closed by `close()`). */
  hang?: boolean;
  /** Shortcut for a `Location` header (use with a 3xx `status`, default 302). */
  redirect?: string;
}

/** A reply function: return a `Reply`, or write to `res` yourself and return nothing. */
export type Handler = (
  req: RecordedRequest,
  res: ServerResponse,
) => Reply | undefined | Promise<Reply | undefined>;

/** A running test server. */
export interface TestServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  readonly url: string;
  /** Same as `url`: a server's origin. */
  readonly origin: string;
  readonly port: number;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Answers every request with this reply from now on. */
  reply(reply: Reply | Handler): TestServer;
  /** Answers the next requests with these replies in order; the last one repeats. */
  replies(...replies: Array<Reply | Handler>): TestServer;
  /** Requests received, optionally only those whose path is `path`. */
  count(path?: string): number;
  /** Closes the server and every open connection. */
  close(): Promise<void>;
}

const echo: Handler = (req) => ({
  json: { method: req.method, url: req.url, headers: req.headers, body: req.body },
});

function toHandler(reply: Reply | Handler): Handler {
  return typeof reply === 'function' ? reply : () => reply;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a test server on 127.0.0.1 with an OS-chosen port.
 *
 * @param reply the initial reply; @default an echo of the request as JSON
 */
export async function startTestServer(reply?: Reply | Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let script: Handler[] = [reply === undefined ? echo : toHandler(reply)];

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = req.url ?? '/';
    const parsed = new URL(url, 'http://127.0.0.1');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(recorded);
    const handler = script.length > 1 ? script.shift()! : script[0]!;
    try {
      const answer = await handler(recorded, res);
      if (answer !== undefined) await send(res, answer);
    } catch (error) {
      if (!res.headersSent) res.writeHead(599, { 'Content-Type': 'text/plain' });
      res.end(`test handler threw: ${String(error)}`);
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const api: TestServer = {
    url,
    origin: url,
    port,
    requests,
    reply(next) {
      script = [toHandler(next)];
      return api;
    },
    replies(...next) {
      if (next.length === 0) throw new TypeError('replies() needs at least one reply');
      script = next.map(toHandler);
      return api;
    },
    count(path) {
      return path === undefined ? requests.length : requests.filter((r) => r.path === path).length;
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
  return api;
}

async function send(res: ServerResponse, reply: Reply): Promise<void> {
  if (reply.delay !== undefined) await sleep(reply.delay);
  if (res.destroyed) return;
  if (reply.hang) return;
  if (reply.reset) {
    res.socket?.resetAndDestroy();
    return;
  }
  const headers: Record<string, string> = {};
  let body = '';
  if (reply.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(reply.json);
  } else if (reply.text !== undefined) {
    headers['Content-Type'] = 'text/plain; charset=utf-8';
    body = reply.text;
  }
  if (reply.redirect !== undefined) headers.Location = reply.redirect;
  Object.assign(headers, reply.headers);
  const status = reply.status ?? (reply.redirect !== undefined ? 302 : 200);
  if (reply.resetAfterHeaders) {
    res.writeHead(status, { ...headers, 'Content-Length': String(body.length + 1000) });
    res.write(body.slice(0, Math.ceil(body.length / 2)));
    setTimeout(() => res.socket?.resetAndDestroy(), 20);
    return;
  }
  res.writeHead(status, headers);
  res.end(body);
}
