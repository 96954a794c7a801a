/**
 * Starts the fixture Laravel 8 app (this folder) with Debian's PHP and php-laravel-framework on
 * 127.0.0.1: `php setup.php` creates and seeds a SQLite file in a fresh temp directory, then
 * `php -S` serves public/index.php on a free port. Missing PHP or packages fail loudly: these
 * tests are part of CI, never skipped.
 *
 * @example
 * const app = await startLaravel();
 * afterAll(() => app.stop());
 * createClient(`${app.url}/api`, { dialect: laravel({ search: 'search' }) });
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's PHP, the one php-laravel-framework installs for. */
export const PHP = '/usr/bin/php';
/** Debian's autoloader of the framework and its dependencies (no Composer). */
export const LARAVEL_AUTOLOAD = '/usr/share/php/Illuminate/autoload.php';
const HERE = fileURLToPath(new URL('.', import.meta.url));
const INSTALL = 'apt-get install -y php-laravel-framework php-cli php-sqlite3 (Debian packages)';

/** A product of the fixture, as its API resource returns it. */
export interface Product {
  id: number;
  name: string;
  category: string;
  price: number;
  stock: number | null;
  active: boolean;
}

/** What setup.php loads at every start: one user (token login) and the products. */
export const seed: {
  user: { name: string; email: string; password: string };
  products: Product[];
} = JSON.parse(readFileSync(`${HERE}seed.json`, 'utf8'));

/** A running fixture app. */
export interface LaravelServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash; the API is under `/api`. */
  url: string;
  /** Milliseconds from the call to the first request it can answer. */
  startedIn: number;
  stop(): Promise<void>;
}

// php -S needs a concrete port: the OS picks a free one, which is released for PHP to bind.
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function serve(php: string, storage: string, port: number): Promise<ChildProcess> {
  const child = spawn(php, ['-S', `127.0.0.1:${port}`, 'public/index.php'], {
    cwd: HERE,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LARAVEL_STORAGE: storage },
  });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
      if (/Development Server \(http:\/\/127\.0\.0\.1:\d+\) started/.test(stderr)) resolve(child);
    });
    child.once('error', (error) => reject(new Error(`Could not start ${php}: ${error.message}`)));
    child.once('exit', (code) =>
      reject(new Error(`php -S exited with code ${code}:\n${stderr.slice(-2000)}`)),
    );
  });
}

/** Where PHP is: Debian's by default (a test points it elsewhere to see the failure). */
export interface StartLaravelOptions {
  /** @default PHP */
  php?: string;
}

export async function startLaravel({
  php = PHP,
}: StartLaravelOptions = {}): Promise<LaravelServer> {
  const begun = performance.now();
  if (!existsSync(php) || !existsSync(LARAVEL_AUTOLOAD)) {
    throw new Error(`The Laravel tests need ${php} and ${LARAVEL_AUTOLOAD}: ${INSTALL}`);
  }
  const storage = mkdtempSync(join(tmpdir(), 'bridgekit-laravel-'));
  const setup = spawnSync(php, ['setup.php'], {
    cwd: HERE,
    encoding: 'utf8',
    env: { ...process.env, LARAVEL_STORAGE: storage },
  });
  if (setup.status !== 0 || !setup.stdout.includes('READY')) {
    rmSync(storage, { recursive: true, force: true });
    const why = /could not find driver|sqlite/i.test(setup.stderr + setup.stdout)
      ? ` (${INSTALL})`
      : '';
    throw new Error(
      `The Laravel fixture's setup.php failed${why}:\n${(setup.stderr + setup.stdout).slice(-2000)}`,
    );
  }
  // Another process may take the port between its release and PHP's bind: try a few.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    let child: ChildProcess;
    try {
      child = await serve(php, storage, port);
    } catch (error) {
      if (attempt < 3 && /Address already in use/.test(String(error))) continue;
      rmSync(storage, { recursive: true, force: true });
      throw error;
    }
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return {
      url: `http://127.0.0.1:${port}`,
      startedIn: Math.round(performance.now() - begun),
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
        rmSync(storage, { recursive: true, force: true });
      },
    };
  }
}
