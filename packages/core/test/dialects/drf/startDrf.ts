/**
 * Starts the fixture Django REST Framework project (this folder) with Debian's Python on
 * 127.0.0.1, port chosen by the OS. Missing Python or packages fail loudly: these tests are
 * part of CI, never skipped.
 *
 * @example
 * const drf = await startDrf();
 * afterAll(() => drf.stop());
 * createClient(`${drf.url}/api`, { dialect: djangoRest() });
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Debian's interpreter: the one the python3-djangorestframework package installs into. */
export const PYTHON = '/usr/bin/python3';
const HERE = fileURLToPath(new URL('.', import.meta.url));
const INSTALL =
  'apt-get install -y python3-djangorestframework python3-django-filters (Debian packages)';

/** A product of the fixture, as the API returns it. */
export interface Product {
  id: number;
  name: string;
  category: string;
  price: number;
  stock: number | null;
  active: boolean;
  released: string | null;
}

/** What serve.py loads at start: the user and the products. */
export const seed: {
  user: { username: string; password: string; email: string };
  products: Product[];
} = JSON.parse(readFileSync(`${HERE}seed.json`, 'utf8'));

/** A running fixture server. */
export interface DrfServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  stop(): Promise<void>;
}

export async function startDrf(): Promise<DrfServer> {
  if (!existsSync(PYTHON)) {
    throw new Error(`The Django REST Framework tests need ${PYTHON}: ${INSTALL}`);
  }
  const child: ChildProcess = spawn(PYTHON, ['serve.py'], {
    cwd: HERE,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const match = /^PORT (\d+)$/m.exec(stdout);
      if (match) resolve(Number(match[1]));
    });
    child.once('error', (error) =>
      reject(new Error(`Could not start ${PYTHON}: ${error.message}`)),
    );
    child.once('exit', (code) => {
      const missing = /^MISSING /m.test(stderr) ? ` (${INSTALL})` : '';
      reject(
        new Error(`The DRF fixture exited with code ${code}${missing}:\n${stderr.slice(-2000)}`),
      );
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
