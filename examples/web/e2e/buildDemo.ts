import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root and the demo app's folder. */
export const root = fileURLToPath(new URL('../../..', import.meta.url));
export const webDir = join(root, 'examples/web');

/**
 * Builds the packages the demo runs on when their `dist` is missing, and always the app (a few
 * seconds) so an e2e test never runs a stale bundle.
 *
 * @example
 * beforeAll(() => buildDemo());
 */
export function buildDemo(): void {
  const missing = ['core', 'server', 'react'].filter(
    (name) => !existsSync(join(root, 'packages', name, 'dist/index.js')),
  );
  if (missing.length > 0) {
    execFileSync(
      'npm',
      ['run', 'build', ...missing.flatMap((name) => ['-w', `@bridgekit/${name}`])],
      { cwd: root, stdio: 'inherit' },
    );
  }
  // A child process, because vitest sets NODE_ENV=test and the demo is a production build.
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: webDir, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
}
