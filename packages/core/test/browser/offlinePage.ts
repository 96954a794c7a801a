/**
 * The world of the offline queue's Chromium tests: the reference server (demo seed), a page
 * server on another loopback port that serves a test page and passes `/api/*` on to it (one
 * origin, as an app and its API behind one host), and the page's script: the offline entry of
 * @bridgekit/core bundled from source with esbuild (its browser build), which exposes a client,
 * its auth service and its write queue to the test as `window.bk`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer as createHttpServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer } from '@bridgekit/server';
import { build } from 'esbuild';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { chromiumPath } from '../../../../test-utils/chromium';
import { BROWSER_BUILD_DEFINE } from '../../browserBuild';

const coreDir = fileURLToPath(new URL('../..', import.meta.url));

// The page's script: one client at the page's origin, its auth service, its queue.
const PAGE_SCRIPT = `
  import { createAuthService, createClient } from './src/index.ts';
  import { isQueuedAnswer, offlineQueue } from './src/offline/index.ts';
  const client = createClient('/api', { timeout: 5000 });
  const auth = createAuthService(client);
  const queue = offlineQueue({ retryDelay: 100 })({ client, auth });
  queue.start();
  const counts = () => {
    const s = queue.getState();
    return {
      pending: s.pending.length, failed: s.failed.length, conflicts: s.conflicts.length,
      unknown: s.unknown.length, expired: s.expired.length, waitingForOthers: s.waitingForOthers,
    };
  };
  window.bk = {
    ready: auth.ready.then(() => true),
    signIn: (email, password) => auth.login({ email, password }).then(() => auth.getState().user.email),
    user: () => auth.getState().user?.email ?? null,
    async write(title, extra) {
      const res = await client.post('/tasks', { title, status: 'todo', ...extra });
      return { success: res.success, code: res.code ?? null, error: res.error ?? null, id: isQueuedAnswer(res) ? res.data.id : null };
    },
    counts,
    replay: () => queue.replay().then(counts),
  };
`;

/** What a test page's `window.bk` answers. */
export interface WriteAnswer {
  success: boolean;
  code: string | null;
  error: string | null;
  /** The kept write's id, when the answer is `QUEUED`. */
  id: string | null;
}

export interface OfflineWorld {
  /** The page's origin; `/api` on it is the reference server. */
  origin: string;
  /** The titles of the server's tasks now (read from its data set, not through the page). */
  taskTitles(): string[];
  close(): Promise<void>;
}

async function bundle(): Promise<string> {
  const result = await build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: coreDir, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    define: BROWSER_BUILD_DEFINE,
  });
  return result.outputFiles[0]!.text;
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** Starts the reference server and the page server in front of it. */
export async function startOfflineWorld(): Promise<OfflineWorld> {
  const script = await bundle();
  const api = createServer({ seed: 'demo', loginThrottle: false });
  const apiUrl = new URL((await api.listen(0, '127.0.0.1')).url);
  const pages = createHttpServer((req, res) => {
    if (req.url?.startsWith('/api/')) {
      const upstream = forward(
        {
          host: apiUrl.hostname,
          port: apiUrl.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
    if (req.url === '/bk.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><title>offline queue</title><script type="module" src="/bk.js"></script>',
    );
  });
  const origin = await listen(pages);
  return {
    origin,
    taskTitles: () => (api.snapshot().entities.tasks?.rows ?? []).map((t) => String(t.title)),
    async close() {
      pages.closeAllConnections();
      await new Promise((resolve) => pages.close(resolve));
      await api.close();
    },
  };
}

/** Opens the test page in `page` and waits until its auth service has read what it kept. */
export async function openTestPage(page: Page, world: OfflineWorld): Promise<Page> {
  page.setDefaultTimeout(20_000);
  await page.goto(`${world.origin}/`);
  await page.waitForFunction(() => 'bk' in window);
  await page.evaluate(() => (window as any).bk.ready);
  return page;
}

// One DevTools session per page: the emulation belongs to the session that set it.
const sessions = new WeakMap<Page, Promise<CDPSession>>();
/** The page's DevTools session (made once). */
export function devTools(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

/** Cuts or restores one page's network (DevTools' emulation: `navigator.onLine` follows). */
export async function setOnline(page: Page, online: boolean): Promise<void> {
  const cdp = await devTools(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: !online,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/** A Chromium of our own, on a profile directory that outlives it: killable with SIGKILL. */
export interface KillableChromium {
  browser: Browser;
  /** Kills the browser and all its processes at once (SIGKILL), as a crash or power cut would. */
  kill(): Promise<void>;
}

/**
 * Launches Chromium on the profile `userDataDir` (kept between launches) and connects to it
 * over the DevTools protocol. Playwright's own launchers hide the process; this one is ours.
 */
export async function launchKillable(userDataDir: string): Promise<KillableChromium> {
  const child: ChildProcess = spawn(
    chromiumPath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (found) resolve(found[1]!);
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${text}`)));
    child.on('error', reject);
  });
  const browser = await chromium.connectOverCDP(endpoint);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    browser,
    async kill() {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
  };
}
