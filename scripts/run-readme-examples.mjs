#!/usr/bin/env node
// Runs the README examples as a reader would: every fenced `ts` block of every README (root,
// packages/*, examples/*) is an ES module executed by Node against the real reference server,
// importing the packed packages (`npm pack`, installed in a scratch project outside the
// workspace), never the sources. `npm run check:readme` type-checks the same blocks.
//
// - Each block gets a fresh reference server (`createServer({ seed: 'demo' })` of the packed
//   `@bridgekit/server`, on 127.0.0.1 port 0, demo data and accounts) and the block's API
//   address (`http://127.0.0.1:4000`, `http://localhost:<port>`) is replaced by that server's.
// - A block fails when it throws or rejects, when a request it sends gets an HTTP error or no
//   answer, when it logs an `ApiResponse` with `success: false`, when it reaches
//   `console.error` (its failure branch), or when it runs longer than the time limit
//   (scripts/readme-examples/harness.mjs).
// - A block that cannot run here says so next to it, on the comment lines just above its fence:
//     <!-- not run: needs a browser (cookie sessions) -->
//   Every `tsx` block (React components) needs such a line; so does a block that needs a
//   browser, React Native, Next.js or a third-party backend, or that is a fragment.
//
// Needs `npm run build` first. Prints every block's outcome and one line
// `readme examples: N run (N passed, N failed), N not run`; `--json <file>` also writes
// `{ run, passed, failed, notRun }` there (scripts/test.mjs adds them to its counts).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { extractBlocks, findReadmes } from './check-readme-examples.mjs';

/** Time limit of one block, server start excluded. */
export const TIME_LIMIT_MS = 20_000;
const NOT_RUN = /^<!--\s*not run:(.*?)-->$/i;
const COMMENT = /^<!--.*-->$/;

/**
 * The reason a block is not run: a `<!-- not run: reason -->` line among the HTML comment
 * lines right above its fence (blank lines between them allowed); `null` when there is none.
 * `fenceLine` is the fence's 1-based line, as `extractBlocks` gives it.
 *
 * @example
 * notRunReason(['<!-- not run: needs a browser -->', '```ts', 'x', '```'], 1); // 'needs a browser'
 */
export function notRunReason(lines, fenceLine) {
  for (let i = fenceLine - 2; i >= 0; i--) {
    const text = lines[i].trim();
    if (text === '') continue;
    if (!COMMENT.test(text)) return null;
    const mark = NOT_RUN.exec(text);
    if (mark) return mark[1].trim();
  }
  return null;
}

/** Addresses of the reference server in the READMEs (`npx bridgekit-server`'s, a local one). */
export const API_ADDRESS = /\bhttps?:\/\/(?:127\.0\.0\.1|localhost):\d+/g;

/** `code` with every reference-server address pointing at `origin` instead. */
export function pointAt(code, origin) {
  return code.replace(API_ADDRESS, origin);
}

/** The npm package names a module imports (bare specifiers; `node:` built-ins left out). */
export function importedPackages(code) {
  const names = new Set();
  const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
  for (const [, spec] of code.matchAll(specifiers)) {
    if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) continue;
    const parts = spec.split('/');
    names.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
  return [...names];
}

/**
 * Every `ts`/`tsx` block of the READMEs under `root`, sorted into those to run and those
 * marked not run; `problems` lists blocks that break the convention (a `tsx` block without a
 * mark, a mark without a reason).
 */
export function planBlocks(root) {
  const run = [];
  const notRun = [];
  const problems = [];
  for (const readme of findReadmes(root)) {
    const rel = relative(root, readme).split('\\').join('/');
    const markdown = readFileSync(readme, 'utf8');
    const lines = markdown.split(/\r?\n/);
    for (const block of extractBlocks(markdown)) {
      const where = `${rel}:${block.line}`;
      let reason = notRunReason(lines, block.line);
      if (reason === null && block.optOut !== null) reason = `not type-checked: ${block.optOut}`;
      if (reason === '') problems.push(`${where}: "not run" needs a reason`);
      else if (reason !== null) notRun.push({ where, reason });
      else if (block.lang === 'tsx') {
        problems.push(`${where}: a tsx block is not run; say why above it: <!-- not run: … -->`);
      } else run.push({ where, code: block.code });
    }
  }
  return { run, notRun, problems };
}

/** Runs `file` under the harness; resolves `{ ok, output, ms }`. */
function runBlock(file, cwd, harness) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [harness, file], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `  ✗ still running after ${TIME_LIMIT_MS / 1000} s: stopped\n`;
      child.kill('SIGKILL');
    }, TIME_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, output, ms: Date.now() - started });
    });
  });
}

const indent = (text) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

async function main() {
  const { values: args } = parseArgs({
    options: { json: { type: 'string' }, keep: { type: 'boolean', default: false } },
  });
  const started = Date.now();
  const root = fileURLToPath(new URL('..', import.meta.url));
  const harness = fileURLToPath(new URL('./readme-examples/harness.mjs', import.meta.url));
  const { run, notRun, problems } = planBlocks(root);
  const report = (passed, failed) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `readme examples: ${passed + failed} run (${passed} passed, ${failed} failed), ${notRun.length} not run, in ${seconds} s`,
    );
    if (args.json) {
      writeFileSync(
        args.json,
        JSON.stringify({ run: passed + failed, passed, failed, notRun: notRun.length }),
      );
    }
  };

  for (const { where, reason } of notRun) console.log(`- ${where} not run: ${reason}`);
  if (problems.length) {
    for (const problem of problems) console.error(`✗ ${problem}`);
    report(0, problems.length);
    process.exit(1);
  }
  if (!existsSync(join(root, 'packages/server/dist/index.js'))) {
    console.error('readme examples: the packages are not built; run `npm run build` first');
    process.exit(1);
  }

  // The packed packages, installed where nothing resolves through the workspace.
  const { lockedVersion, packAll, scratchProject } = await import('./ship/pack.mjs');
  const packDir = mkdtempSync(join(tmpdir(), 'bk-readme-pack-'));
  const tarballs = packAll(packDir);
  const dependencies = { '@bridgekit/server': tarballs['@bridgekit/server'] };
  for (const { code } of run) {
    for (const name of importedPackages(code)) {
      dependencies[name] ??= tarballs[name] ?? lockedVersion(name);
    }
  }
  const scratch = scratchProject('readme', dependencies, { type: 'module' });
  const { transform } = await import('esbuild');
  let passed = 0;
  let failed = 0;
  try {
    writeFileSync(
      join(scratch, 'server.mjs'),
      "export { createServer } from '@bridgekit/server';\n",
    );
    const { createServer } = await import(pathToFileURL(join(scratch, 'server.mjs')).href);
    mkdirSync(join(scratch, 'examples'));
    for (const { where, code } of run) {
      const server = createServer({ seed: 'demo' });
      const { origin } = await server.listen(0, '127.0.0.1');
      let result;
      try {
        const { code: js } = await transform(pointAt(code, origin), {
          loader: 'ts',
          format: 'esm',
          target: 'node20',
          sourcefile: where,
        });
        const file = join(scratch, 'examples', `${where.replace(/[^\w.-]+/g, '_')}.mjs`);
        writeFileSync(file, js);
        result = await runBlock(file, dirname(file), harness);
      } catch (error) {
        result = { ok: false, output: String(error?.message ?? error), ms: 0 };
      } finally {
        await server.close();
      }
      if (result.ok) {
        passed++;
        console.log(`✓ ${where} (${(result.ms / 1000).toFixed(1)} s)`);
      } else {
        failed++;
        console.error(`✗ ${where}\n${indent(result.output)}`);
      }
    }
  } finally {
    if (args.keep) console.log(`scratch project kept: ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true });
    rmSync(packDir, { recursive: true, force: true });
  }
  report(passed, failed);
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
