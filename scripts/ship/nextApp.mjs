// A Next.js app outside the workspace, made as a user makes one: create-next-app 16's empty
// App Router template (next-app/: its package.json with the versions this repository tests,
// its tsconfig.json, a page), with Serwist set up as the offline guide writes it: the packages
// of its install line and its files (next.config.ts, the route, the worker, the layout), taken
// from the page.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guideSetup } from './appShell.mjs';
import { installFlags, sh, startServer } from './commands.mjs';

const fixture = fileURLToPath(new URL('./next-app/', import.meta.url));
const env = { NEXT_TELEMETRY_DISABLED: '1' };

/**
 * Makes the app and installs it: the template's packages and the guide's, in one install.
 * `pinned` gives the version of each package the guide installs.
 * @returns {Promise<string>} the app's folder
 */
export async function installNextApp(pinned) {
  const app = join(mkdtempSync(join(tmpdir(), 'bk-next-app-')), 'my-app');
  cpSync(fixture, app, { recursive: true });
  const { packages, files } = guideSetup('Next.js: Serwist');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(app, path)), { recursive: true });
    writeFileSync(join(app, path), content);
  }
  const versions = packages.map((name) => `${name}@${pinned(name)}`).join(' ');
  await sh(`npm install -D ${installFlags} ${versions}`, app);
  return app;
}

/** `next build` (Turbopack; it type-checks the app, the guide's files included). */
export const buildNextApp = (app) => sh('npx --no-install next build', app, env);

/** `next start` of the build, on a free port of 127.0.0.1. */
export function startNextApp(app) {
  const next = join(app, 'node_modules/next/dist/bin/next');
  return startServer(next, ['start', '--hostname', '127.0.0.1', '--port', '0'], app, env);
}
