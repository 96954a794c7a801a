/**
 * The `bridgekit-server` CLI as a child process, for the tests that stop it with a signal: run
 * from source through tsx, in its own process group so a signal reaches the server itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

/** A started CLI: its process, API URL, output so far and exit code. */
export interface StartedCli {
  proc: ChildProcess;
  url: string;
  output(): string;
  exit: Promise<number | null>;
}

/** Starts the CLI with `args` and resolves once it prints where it listens. */
export function startCli(args: string[]): Promise<StartedCli> {
  const proc = spawn(process.execPath, [tsx, cli, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ proc, url: match[1]!, output: () => out, exit });
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.on('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`)),
    );
  });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to the CLI's process group and resolves once no process of it is left. */
export async function stopGroup(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const pid = proc.pid!;
  if (groupAlive(pid)) process.kill(-pid, signal);
  while (groupAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Signs in as the demo admin through fetch; resolves the session id. */
export async function signInAsAdmin(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: 'admin123' }),
  });
  return (await res.json()).data.sessionId;
}
