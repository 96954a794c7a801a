import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** The repository root and the demo app's folder. */
export const root = fileURLToPath(new URL('../../..', import.meta.url));
export const webDir = join(root, 'examples/web');

/** One API request as `npm start -- --log-requests` printed it. */
export interface LoggedRequest {
  method: string;
  /** Path and query string, e.g. `/api/products/7`. */
  url: string;
  status: number;
  /** Answered again from its `Idempotency-Key`: nothing was applied. */
  replayed: boolean;
}

/** A running `npm start` (scripts/start.mjs), as the tests drive it. */
export interface RunningDemo {
  /** The app's origin, from the `App:` line it printed, e.g. `http://127.0.0.1:41234`. */
  appOrigin: string;
  /** The reference server's origin, from the `API:` line (the app proxies `/api` to it). */
  apiOrigin: string;
  /** Everything it printed so far. */
  output(): string;
  /** The API requests it printed, oldest first. */
  requests(): LoggedRequest[];
  /** The password-reset links it printed (where a user reads them), oldest first. */
  resetLinks(): { email: string; link: string }[];
  /** Ctrl-C: resolves once it stopped; a stop that is not clean (exit code ≠ 0) rejects. */
  stop(): Promise<void>;
}

const APP_LINE = /^\s*App:\s+(http:\/\/\S+?)\/?$/m;
const API_LINE = /^\s*API:\s+(http:\/\/\S+?)\/api\b/m;
const REQUEST_LINE = /^ {2}([A-Z]+) (\/\S*) → (\d{3})( \(replayed\))?$/gm;
const RESET_LINES =
  /Password reset requested for (\S+)\. The mail would hold this link:\n\s*(\S+)/g;

/**
 * Starts the demo exactly as a user does, `npm start -- --port 0 --web-port 0` (plus
 * `--log-requests`, so a test can count what the server received), from another working
 * directory: it builds what is stale, then prints the URLs this resolves with. Each call is a
 * fresh reference server with the demo data. A start that fails or stops rejects with its
 * output.
 *
 * @example
 * const demo = await startDemo();
 * await page.goto(`${demo.appOrigin}/`);
 * await demo.stop();
 */
export async function startDemo(): Promise<RunningDemo> {
  const child = spawn(
    process.execPath,
    [join(root, 'scripts/start.mjs'), '--port', '0', '--web-port', '0', '--log-requests'],
    { cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  // It builds first when something is stale: no clock, only its App line or its end.
  const started = await new Promise<boolean>((resolve) => {
    const check = () => {
      if (APP_LINE.test(output) && API_LINE.test(output)) resolve(true);
    };
    child.stdout.on('data', check);
    void exited.then(() => resolve(false));
    check();
  });
  if (!started) throw new Error(`npm start stopped before it printed the App URL:\n${output}`);

  return {
    appOrigin: APP_LINE.exec(output)![1]!,
    apiOrigin: API_LINE.exec(output)![1]!,
    output: () => output,
    requests: () =>
      [...output.matchAll(REQUEST_LINE)].map(([, method, url, status, replayed]) => ({
        method: method!,
        url: url!,
        status: Number(status),
        replayed: replayed !== undefined,
      })),
    resetLinks: () =>
      [...output.matchAll(RESET_LINES)].map(([, email, link]) => ({ email: email!, link: link! })),
    stop: () => stop(child, exited, () => output),
  };
}

async function stop(child: ChildProcess, exited: Promise<number | null>, output: () => string) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  const code = await exited;
  if (code !== 0) throw new Error(`npm start did not stop cleanly (exit ${code}):\n${output()}`);
}

/**
 * A reader of the reference server's data through its API (not through the app), signed in
 * as the admin: what the server holds, whatever the page shows.
 *
 * @example
 * const read = await apiReader(demo);
 * const lamp = await read<{ stock: number }>('/products/7');
 */
export async function apiReader(
  demo: Pick<RunningDemo, 'apiOrigin'>,
): Promise<<T>(path: string) => Promise<T>> {
  const login = await fetch(`${demo.apiOrigin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  const { data } = (await login.json()) as { data: { sessionId: string } };
  return async (path) => {
    const answer = await fetch(`${demo.apiOrigin}/api${path}`, {
      headers: { 'X-Session-ID': data.sessionId },
    });
    if (!answer.ok) throw new Error(`GET ${path}: ${answer.status} ${await answer.text()}`);
    return ((await answer.json()) as { data: never }).data;
  };
}

/**
 * Collects a page's console errors and uncaught exceptions into the returned array (a test
 * empties and checks it). Chromium logs every 4xx answer to `fetch` as a console error; an
 * API request whose status `expected()` lists is let through, for tests that provoke it.
 *
 * @example
 * const errors = watchConsole(page, demo.appOrigin, () => expectedStatuses);
 */
export function watchConsole(page: Page, appOrigin: string, expected: () => number[]): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    const status = Number(/status of (\d{3})/.exec(message.text())?.[1]);
    if (url.startsWith(`${appOrigin}/api/`) && expected().includes(status)) return;
    errors.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
