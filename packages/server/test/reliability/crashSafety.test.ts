/**
 * The data file survives SIGKILL during writes: the CLI is spawned with `--data`, hammered
 * with creates, killed at random moments, restarted on the same file, several times. After
 * every kill the file parses, and it holds at least every create the server acknowledged
 * (and no more than were attempted).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@bridgekit/core';
import { afterEach, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

const ROUNDS = 5;
const SEEDED_PRODUCTS = 300;

let child: ChildProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Starts the CLI on the data file and resolves its API URL once it listens. */
function startCli(file: string): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, [tsx, cli, '--port', '0', '--data', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let out = '';
  return new Promise((resolve, reject) => {
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ proc, url: match[1]! });
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.on('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`)),
    );
  });
}

const exited = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve();
    else proc.once('exit', () => resolve());
  });

describe('data file after SIGKILL during writes', () => {
  it(`stays valid JSON and keeps every acknowledged create across ${ROUNDS} kills`, async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridgekit-kill-'));
    const file = join(dir, 'data.json');
    let acknowledged = 0;
    let attempted = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const { proc, url } = await startCli(file);
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
      proc.kill('SIGKILL');
      await exited(proc);
      dead = true;
      await Promise.all(writers);
      expect(proc.signalCode).toBe('SIGKILL');
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
    // Killed writes may leave temporary files beside the data file, never a torn data file.
    const leftovers = (await readdir(dir)).filter((name) => name !== 'data.json');
    expect(leftovers.every((name) => name.endsWith('.tmp'))).toBe(true);
  }, 60_000);
});
