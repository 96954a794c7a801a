/**
 * A write the server acknowledged survives a power cut: before the answer leaves, the new data
 * file is synced, renamed over the old one, and its folder is synced too (the rename lives in
 * the folder: without that sync a power cut may bring the old file back). Observed on the real
 * file system calls of the server, by path (Linux: /proc/self/fd).
 */
import { readlinkSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Running, raw, start } from '../helpers';

let running: Running | undefined;
let dir: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await running?.stop();
  running = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('an acknowledged write is durable', () => {
  it('syncs the new file and then its folder before it answers', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridgekit-sync-'));
    const file = join(dir, 'data.json');
    running = await start({ dataFile: file });
    const session = (await (await running.signIn('admin')).getSessionId()) as string;
    await running.server.flush();

    // Every fsync of the process, by the path of what was synced, in order.
    const events: string[] = [];
    const probe = await open(file, 'r');
    const FileHandle = Object.getPrototypeOf(probe) as { sync(): Promise<void> };
    await probe.close();
    const sync = FileHandle.sync;
    vi.spyOn(FileHandle, 'sync').mockImplementation(function (this: { fd: number }) {
      events.push(`sync ${readlinkSync(`/proc/self/fd/${this.fd}`)}`);
      return sync.call(this);
    });

    const res = await raw(`${running.url}/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': session },
      body: JSON.stringify({ name: 'Durable', price: 1 }),
    });
    events.push('answer');
    expect(res.status).toBe(201);

    const tempSync = events.findIndex((event) => /^sync .*data\.json\.\d+\.\d+\.tmp$/.test(event));
    const folderSync = events.indexOf(`sync ${dir}`);
    const answer = events.indexOf('answer');
    expect(tempSync, events.join('\n')).toBeGreaterThanOrEqual(0);
    expect(folderSync, events.join('\n')).toBeGreaterThan(tempSync);
    expect(answer).toBeGreaterThan(folderSync);
  });
});
