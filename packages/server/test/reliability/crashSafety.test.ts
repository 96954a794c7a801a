/**
 * The data file survives SIGKILL during writes: the CLI is spawned with `--data`, hammered
 * with creates, killed at random moments, restarted on the same file, several times. After
 * every kill the file parses, and it holds at least every create the server acknowledged
 * (and no more than were attempted).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@bridgekit/core';
import { createServer } from '@bridgekit/server';
import { afterEach, describe, expect, it } from 'vitest';
import { startCli, stopGroup } from './cli';

const ROUNDS = 5;
const SEEDED_PRODUCTS = 300;

let child: ChildProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (child) await stopGroup(child, 'SIGKILL');
  child = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Starts the CLI on the data file, remembered for the clean-up. */
async function startOn(file: string): Promise<{ proc: ChildProcess; url: string }> {
  const started = await startCli(['--data', file]);
  child = started.proc;
  return started;
}

const killGroup = (proc: ChildProcess) => stopGroup(proc, 'SIGKILL');

describe('data file after SIGKILL during writes', () => {
  it(`stays valid JSON and keeps every acknowledged create across ${ROUNDS} kills`, async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridgekit-kill-'));
    const file = join(dir, 'data.json');
    let acknowledged = 0;
    let attempted = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const { proc, url } = await startOn(file);
      // The file parses after the previous kill, and the server could start from it.
      const onDisk = JSON.parse(await readFile(file, 'utf8'));
      const rows = onDisk.entities.products.rows.length;
      expect(rows).toBeGreaterThanOrEqual(SEEDED_PRODUCTS + acknowledged);
      expect(rows).toBeLessThanOrEqual(SEEDED_PRODUCTS + attempted);
      acknowledged = rows - SEEDED_PRODUCTS; // what survived is the new baseline
      attempted = acknowledged;

      const api = createClient(url, { timeout: 5000 });
      const login = await api.post('/auth/login', { userName: 'admin', password: 'admin123' });
      expect(login.success).toBe(true);
      api.setSessionId(login.data.sessionId);

      // Eight writers creating as fast as they can until the process dies.
      let dead = false;
      const writer = async () => {
        while (!dead) {
          attempted++;
          const res = await api.post('/products', { name: `p${attempted}`, price: 1 });
          if (res.success) acknowledged++;
          else if (res.status === 0) return;
        }
      };
      const writers = Array.from({ length: 8 }, writer);
      await new Promise((resolve) => setTimeout(resolve, 40 + Math.random() * 160));
      await killGroup(proc);
      dead = true;
      await Promise.all(writers);
      // The server is really gone: its port no longer answers.
      expect((await api.get('/health')).code).toBe('NETWORK_ERROR');
    }

    const final = JSON.parse(await readFile(file, 'utf8'));
    const rows = final.entities.products.rows.length;
    expect(rows).toBeGreaterThanOrEqual(SEEDED_PRODUCTS + acknowledged);
    expect(rows).toBeLessThanOrEqual(SEEDED_PRODUCTS + attempted);
    // Something was written in the rounds (the kills came mid-stream, not before any write).
    expect(rows).toBeGreaterThan(SEEDED_PRODUCTS);
    // Ids are unique after all the restarts.
    const ids = final.entities.products.rows.map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // A kill mid-write may leave a temporary file; the next start removes those of dead
    // processes, so after a clean stop only the data file is left.
    const { proc } = await startOn(file);
    await killGroup(proc);
    const leftovers = (await readdir(dir)).filter((name) => name !== 'data.json');
    expect(leftovers).toEqual([]);
  }, 60_000);

  it('a start removes temporary files of dead writers, and only those', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridgekit-kill-'));
    const file = join(dir, 'data.json');
    // A pid that surely ran and is gone: a process that has exited.
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.once('exit', resolve));
    const stale = `data.json.${gone.pid}.3.tmp`;
    const mine = `data.json.${process.pid}.999999.tmp`;
    for (const name of [stale, mine, 'data.json.notes.tmp', 'other.json.1.1.tmp']) {
      await writeFile(join(dir, name), '{"torn":');
    }
    const server = createServer({ dataFile: file });
    await server.listen(0, '127.0.0.1');
    await server.close();
    expect((await readdir(dir)).sort()).toEqual(
      ['data.json', 'data.json.notes.tmp', mine, 'other.json.1.1.tmp'].sort(),
    );
  });
});
