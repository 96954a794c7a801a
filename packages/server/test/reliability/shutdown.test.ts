/**
 * SIGTERM and SIGINT stop the CLI without losing a request: it stops accepting connections,
 * answers every request it already has (with the write applied and on disk), then exits 0.
 * Before, the requests in flight were reset although their writes were committed, so a client
 * retrying without a key doubled them.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type StartedCli, signInAsAdmin, startCli, stopGroup } from './cli';

const WRITES = 24;

let cli: StartedCli | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (cli) await stopGroup(cli.proc, 'SIGKILL');
  cli = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

type Outcome = { status: number; body: any } | { error: string };

/**
 * A POST on a connection of its own, sent with `Expect: 100-continue`: `received` resolves when
 * the server process has read the request head (its `100 Continue`), so the test knows the
 * request is in the server's hands before it sends the signal.
 */
function post(url: string, path: string, session: string, body: unknown) {
  const { hostname, port, pathname } = new URL(url);
  let markReceived: () => void = () => {};
  const received = new Promise<void>((resolve) => {
    markReceived = resolve;
  });
  const outcome = new Promise<Outcome>((resolve) => {
    const text = JSON.stringify(body);
    const req = httpRequest({
      host: hostname,
      port,
      path: `${pathname}${path}`,
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        'x-session-id': session,
        expect: '100-continue',
      },
    });
    req.on('continue', () => {
      markReceived();
      req.end(text);
    });
    req.on('response', (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        data += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) }));
      res.on('error', (err) => resolve({ error: err.message }));
    });
    req.on('error', (err) => resolve({ error: err.message }));
  });
  return { received, outcome };
}

function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

describe.each(['SIGTERM', 'SIGINT'] as const)('%s with writes in flight', (signal) => {
  it('answers every request it has, keeps every acknowledged write, then exits 0', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridgekit-stop-'));
    const file = join(dir, 'data.json');
    // The delay keeps every write in flight when the signal comes.
    cli = await startCli(['--data', file, '--latency', '600']);
    const session = await signInAsAdmin(cli.url);
    const writes = Array.from({ length: WRITES }, (_, n) =>
      post(cli!.url, '/products', session, { name: `in flight ${n}`, price: 1 }),
    );
    await Promise.all(writes.map((write) => write.received));

    cli.proc.kill(signal);
    // It stops accepting at once, while the writes it has are still running.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await refused(cli.url)).toBe(true);

    const outcomes = await Promise.all(writes.map((write) => write.outcome));
    expect(outcomes.filter((outcome) => 'error' in outcome)).toEqual([]);
    const answered = outcomes as { status: number; body: any }[];
    expect(answered.map((outcome) => outcome.status)).toEqual(Array(WRITES).fill(201));
    expect(await cli.exit).toBe(0);
    expect(cli.output()).toContain(`Stopped (${signal})`);

    const rows = JSON.parse(await readFile(file, 'utf8')).entities.products.rows;
    const ids = new Set(rows.map((row: { id: string }) => row.id));
    for (const { body } of answered) expect(ids.has(body.data.id)).toBe(true);
    expect(rows.filter((row: { name: string }) => row.name.startsWith('in flight'))).toHaveLength(
      WRITES,
    );
  }, 30_000);
});
