/**
 * The answer is lost after the server applied the write: a loopback proxy forwards the request
 * and cuts the client's connection as soon as the answer starts to come back. The client saw
 * a network error; it replays with the same `Idempotency-Key` and gets the first answer, and
 * the record exists once: against a running server, and across a `kill -9` and a restart of
 * the CLI on its data file.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer as createTcpServer, connect, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Running, start } from '../helpers';
import { type StartedCli, signInAsAdmin, startCli, stopGroup } from './cli';

let running: Running | undefined;
let cli: StartedCli | undefined;
let proxy: Server | undefined;
let dir: string | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  if (cli) await stopGroup(cli.proc, 'SIGKILL');
  cli = undefined;
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  proxy = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/**
 * A proxy to `target` that forwards each request and, when the first byte of the answer comes
 * back, destroys both connections instead of forwarding it. Resolves the proxy's API URL.
 */
async function answerDroppingProxy(target: string): Promise<string> {
  const { hostname, port, pathname } = new URL(target);
  proxy = createTcpServer((client) => {
    const upstream = connect(Number(port), hostname);
    client.pipe(upstream);
    upstream.once('data', () => {
      client.destroy();
      upstream.destroy();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${pathname}`;
}

function create(url: string, session: string, key: string, body: unknown) {
  return fetch(`${url}/products`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-session-id': session,
      'idempotency-key': key,
    },
    body: JSON.stringify(body),
  });
}

async function countNamed(url: string, session: string, name: string): Promise<number> {
  const res = await fetch(`${url}/products?name=${encodeURIComponent(name)}`, {
    headers: { 'x-session-id': session },
  });
  return (await res.json()).meta.total;
}

describe('a write whose answer was lost', () => {
  it('is applied once: the replay with its key answers what the lost answer said', async () => {
    running = await start();
    const via = await answerDroppingProxy(running.url);
    const session = await signInAsAdmin(running.url);
    const key = randomUUID();
    const body = { name: 'Lost answer', price: 4 };

    await expect(create(via, session, key, body)).rejects.toThrow(TypeError);
    // The server did apply it.
    expect(await countNamed(running.url, session, body.name)).toBe(1);

    const replayed = await create(running.url, session, key, body);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const [row] = running.server
      .snapshot()
      .entities.products!.rows.filter((r) => r.name === body.name);
    expect((await replayed.json()).data).toMatchObject({ id: row!.id, name: body.name });
    expect(await countNamed(running.url, session, body.name)).toBe(1);
  });

  it('is applied once across a kill -9 and a restart of the CLI on its data file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridgekit-lost-'));
    const file = join(dir, 'data.json');
    cli = await startCli(['--data', file]);
    const via = await answerDroppingProxy(cli.url);
    const key = randomUUID();
    const body = { name: 'Lost before the crash', price: 5 };
    await expect(create(via, await signInAsAdmin(cli.url), key, body)).rejects.toThrow(TypeError);

    await stopGroup(cli.proc, 'SIGKILL');
    cli = await startCli(['--data', file]);
    // Sessions do not survive a restart: the same user signs in again and replays.
    const session = await signInAsAdmin(cli.url);
    const replayed = await create(cli.url, session, key, body);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect((await replayed.json()).data.name).toBe(body.name);
    expect(await countNamed(cli.url, session, body.name)).toBe(1);
  }, 30_000);
});
