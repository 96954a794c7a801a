// A fresh Vite + React + TypeScript app outside the workspace, made as a user makes one:
// create-vite 9.3's react-ts template (vite-app/: its package.json, tsconfigs, index.html and
// main.tsx, without the styles, assets and linter no check needs; App.tsx renders
// BridgeProvider and a hook). It installs the tarballs of `npm run pack -- react` with the
// command of Getting started, then vite-plugin-pwa with the offline guide's, whose
// vite.config.ts it takes from the page.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guideSetup } from './appShell.mjs';
import { installFlags, sh, startServer } from './commands.mjs';
import { lockedVersion } from './pack.mjs';

const fixture = fileURLToPath(new URL('./vite-app/', import.meta.url));

/**
 * Makes the app and installs it. `tarballs` are those `npm run pack -- react` writes
 * (`@bridgekit/core` and `@bridgekit/react`); they are copied to a `packs/` folder beside the
 * app, as a clone's would be. `pinned` gives the version of each package the guide installs.
 * @returns {Promise<string>} the app's folder
 */
export async function installViteApp(tarballs, pinned) {
  const root = mkdtempSync(join(tmpdir(), 'bk-vite-app-'));
  const app = join(root, 'my-app');
  cpSync(fixture, app, { recursive: true });
  mkdirSync(join(root, 'packs'));
  for (const tarball of Object.values(tarballs)) {
    cpSync(tarball, join(root, 'packs', basename(tarball)));
  }
  const { dependencies } = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
  // Getting started's command, with the versions pinned (the template's React, the tested SWR).
  const peers = `react@${dependencies.react} react-dom@${dependencies['react-dom']} swr@${lockedVersion('swr')}`;
  await sh(`npm install ${installFlags} ../packs/*.tgz ${peers}`, app);
  // The offline guide's, and its vite.config.ts in place of the template's.
  const { packages, files } = guideSetup('Vite: vite-plugin-pwa');
  const versions = packages.map((name) => `${name}@${pinned(name)}`).join(' ');
  await sh(`npm install -D ${installFlags} ${versions}`, app);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(app, path)), { recursive: true });
    writeFileSync(join(app, path), content);
  }
  return app;
}

/** The template's `build`, step by step: `tsc -b`, then `vite build`. */
export const typeCheckViteApp = (app) => sh('npx --no-install tsc -b', app);
export const buildViteApp = (app) => sh('npx --no-install vite build', app);

/** `vite preview` of the build, on a free port of 127.0.0.1. */
export function previewViteApp(app) {
  const vite = join(app, 'node_modules/vite/bin/vite.js');
  return startServer(vite, ['preview', '--host', '127.0.0.1', '--port', '0'], app);
}
