import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@bridgekit/core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ORIGINS, parseCliArgs } from '../src/parseCliArgs';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

function run(args: string[]): {
  proc: ChildProcess;
  output: () => string;
  url: Promise<string>;
  exit: Promise<number | null>;
} {
  const proc = spawn(process.execPath, [tsx, cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  let out = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)[\s\S]*Press Ctrl-C/.exec(out);
      if (match) resolve(match[1] as string);
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.on('exit', () => reject(new Error(`exited before listening:\n${out}`)));
  });
  // Only the first test waits for the URL; the others must not report its rejection.
  url.catch(() => {});
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => out, url, exit };
}

describe('bridgekit-server CLI', () => {
  it('starts on port 0, prints the URL and demo credentials, stops on SIGTERM after flushing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bridgekit-cli-'));
    try {
      const file = join(dir, 'data.json');
      const { proc, output, url, exit } = run(['--port', '0', '--data', file, '--latency', '1']);
      const base = await url;
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      expect(output()).toContain('admin@example.com / admin123');
      expect(output()).toContain('viewer@example.com / viewer123');

      const api = createClient(base, { timeout: 5000 });
      const login = await api.post('/auth/login', {
        email: 'editor@example.com',
        password: 'editor123',
      });
      api.setSessionId(login.data.sessionId);
      expect(
        (await api.post('/tasks', { title: 'From the CLI test', status: 'todo' })).status,
      ).toBe(201);

      proc.kill('SIGTERM');
      expect(await exit).toBe(0);
      const saved = JSON.parse(await readFile(file, 'utf8'));
      expect(saved.entities.tasks.rows.at(-1).title).toBe('From the CLI test');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects a bad flag with usage and exit code 2', async () => {
    const { output, exit } = run(['--seed', 'lots']);
    expect(await exit).toBe(2);
    expect(output()).toMatch(/--seed must be demo or none/);
    expect(output()).toContain('Usage: bridgekit-server');
  });
});

describe('parseCliArgs security flags', () => {
  it('allows the demo origins by default, listed origins, or none', () => {
    expect(parseCliArgs([]).corsOrigins).toEqual([...DEMO_ORIGINS]);
    expect(DEMO_ORIGINS).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
    expect(
      parseCliArgs(['--cors-origin', 'http://a.test:3000', '--cors-origin', 'https://b.test'])
        .corsOrigins,
    ).toEqual(['http://a.test:3000', 'https://b.test']);
    expect(parseCliArgs(['--cors-origin', 'none']).corsOrigins).toEqual([]);
    expect(() => parseCliArgs(['--cors-origin', 'http://a.test/app'])).toThrow(/--cors-origin/);
    expect(() => parseCliArgs(['--cors-origin', '*'])).toThrow(TypeError);
  });

  it('throttles sign-ins by default; 0 turns it off', () => {
    expect(parseCliArgs([]).loginThrottle).toBe(10);
    expect(parseCliArgs(['--login-throttle', '0']).loginThrottle).toBe(0);
    expect(() => parseCliArgs(['--login-throttle', 'many'])).toThrow(/--login-throttle/);
  });
});
