#!/usr/bin/env node
// A committed launcher, so npm links the `bridgekit-server` command at install time even in a
// fresh clone where dist/ is not built yet; it runs the built CLI.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('bridgekit-server is not built yet: run `npm run build -w @bridgekit/server`.');
  process.exit(1);
}
await import(cli.href);
