#!/usr/bin/env node
// Runs the README examples as a reader would: every fenced `ts`/`tsx` block of every README
// (root, packages/*, examples/*) is executed against the real reference server, importing the
// packed packages (`npm pack`, installed in a scratch project outside the workspace), never the
// sources. `npm run check:readme` type-checks the same blocks.
//
// - Each block gets a fresh reference server (`createServer({ seed: 'demo' })` of the packed
//   `@bridgekit/server`, on 127.0.0.1 port 0, demo data and accounts) and the block's API
//   address (`http://127.0.0.1:4000`, `http://localhost:<port>`, `https://api.example.com`,
//   which stands for "your API") is replaced by that server's.
// - A `ts` block is an ES module run by Node. A `tsx` block (React) is rendered in a jsdom page
//   at the server's origin with react-dom (readme-examples/react-block.mjs says what is
//   rendered and which values its `declare`d names get; readme-examples/mount.mjs renders it
//   inside a `BridgeProvider` of the server unless it brings its own, with the demo admin
//   signed in, and waits until no request is in flight).
// - A block fails when it throws or rejects, when a request it sends gets an HTTP error, a
//   `success: false` body or no answer, when it logs an `ApiResponse` with `success: false`,
//   when it reaches `console.error` (its failure branch, React's warnings and render errors),
//   or when it runs longer than the time limit (scripts/readme-examples/harness.mjs).
// - A block that cannot run here says so next to it, on the comment lines just above its fence:
//     <!-- not run: needs a browser (cookie sessions) -->
//   as does a block that needs React Native, Next.js, a third-party backend or library, or
//   that is a fragment. A block that runs may say how, the same way (`runMark`):
//     <!-- run: given {"email": "reader@example.com"}; signed out; expects 401 -->
//
// Needs `npm run build` first. Prints every block's outcome and one line
// `readme examples: N run (N passed, N failed), N not run`; `--json <file>` also writes
// `{ run, passed, failed, notRun }` there (scripts/test.mjs adds them to its counts).
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { extractBlocks, findReadmes } from './check-readme-examples.mjs';

/** Time limit of one block, server start excluded. */
export const TIME_LIMIT_MS = 20_000;
/** Blocks run at the same time (each a Node child with its own server). */
const CONCURRENCY = 2;
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

const RUN = /^<!--\s*run:(.*?)-->$/i;

/**
 * How to run a block, from a `<!-- run: … -->` line among the HTML comment lines right above
 * its fence (`;` between directives): `given {"email": "…"}` (JSON values for its `declare`d
 * names), `signed out` (a React block starts without the demo admin signed in), `public reads`
 * (the server lets anyone read products and tasks, as "your API" may: the block sends no
 * session), `expects 401` (HTTP statuses the block provokes on purpose, comma-separated),
 * `against feathers` (a third-party backend of `BACKENDS` instead of the reference server;
 * `against json-server` is 1.x, `against json-server 0.17` the other),
 * `lifecycle` (the harness's provider plugs in `authLifecycle()`, for the account actions).
 * `{}` when there is none.
 *
 * @example
 * runMark(['<!-- run: signed out; expects 401 -->', '```tsx'], 2); // { signedOut: true, expects: [401] }
 */
export function runMark(lines, fenceLine) {
  for (let i = fenceLine - 2; i >= 0; i--) {
    const text = lines[i].trim();
    if (text === '') continue;
    if (!COMMENT.test(text)) return {};
    const mark = RUN.exec(text);
    if (!mark) continue;
    const options = {};
    for (const directive of mark[1].split(';').map((d) => d.trim())) {
      if (directive === 'signed out') options.signedOut = true;
      else if (directive === 'lifecycle') options.lifecycle = true;
      else if (directive === 'public reads') options.publicReads = true;
      else if (directive.startsWith('against ') && BACKENDS.includes(directive.slice(8))) {
        options.backend = directive.slice(8);
      } else if (directive.startsWith('given ')) options.given = JSON.parse(directive.slice(6));
      else if (directive.startsWith('expects ')) {
        options.expects = directive
          .slice(8)
          .split(',')
          .map((n) => Number(n.trim()));
      } else throw new Error(`unknown "run:" directive: ${directive}`);
    }
    return options;
  }
  return {};
}

/** Third-party backends a `ts` block can run against, started as the dialect tests start them. */
export const BACKENDS = ['json-server', 'json-server 0.17', 'feathers', 'django-rest-framework'];

// What the json-server (1.x and 0.17) and Feathers blocks find there (the DRF fixture brings its
// own seed).
const SEED_PRODUCTS = [
  { id: '1', name: 'Desk', price: 150, category: 'office' },
  { id: '2', name: 'Chair', price: 80, category: 'home' },
  { id: '3', name: 'Lamp', price: 25, category: 'garden' },
];
// The account the Feathers block signs in with.
const FEATHERS_USER = { email: 'a@example.com', password: 'secret123' };

/** Starts backend `name` (of `BACKENDS`) on 127.0.0.1; resolves `{ origin, close }`. */
async function startBackend(name, root) {
  const servers = await import(pathToFileURL(join(root, 'backends/servers.mjs')).href);
  if (name === 'json-server' || name === 'json-server 0.17') {
    const start = name === 'json-server' ? servers.startJsonServer1 : servers.startJsonServer0;
    const { url, close } = await start({ products: SEED_PRODUCTS });
    return { origin: url, close };
  }
  if (name === 'feathers') {
    const products = SEED_PRODUCTS.map(({ id, ...product }) => product);
    const { url, close } = await servers.startFeathers({ users: [FEATHERS_USER], products });
    return { origin: url, close };
  }
  // The DRF fixture project of the dialect tests, with Debian's Python (drf/startDrf.ts).
  const child = spawn('/usr/bin/python3', ['serve.py'], {
    cwd: join(root, 'packages/core/test/dialects/drf'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const port = await new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /^PORT (\d+)$/m.exec(stdout);
      if (match) resolve(match[1]);
    });
    child.once('error', reject);
    exited.then((code) => reject(new Error(`the DRF fixture exited (${code}): ${stderr}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Addresses of the reference server in the READMEs (`npx bridgekit-server`'s, a local one) and
 * `https://api.example.com`, which stands for "your API": the reference server speaks its protocol.
 */
export const API_ADDRESS = /\bhttps?:\/\/(?:(?:127\.0\.0\.1|localhost):\d+|api\.example\.com)\b/g;

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
 * Every `ts`/`tsx` block of the READMEs under `root`, sorted into those to run (with their
 * `runMark` options) and those marked not run; `problems` lists blocks that break the
 * convention (a mark without a reason, a `run:` mark that does not parse).
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
      else {
        try {
          run.push({ where, lang: block.lang, code: block.code, ...runMark(lines, block.line) });
        } catch (error) {
          problems.push(`${where}: ${error.message}`);
        }
      }
    }
  }
  return { run, notRun, problems };
}

/** Runs `file` under the harness; resolves `{ ok, output, ms }`. */
function runBlock(file, cwd, harness, env) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [harness, file], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
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

/** The module the harness runs for a React block: a page, maybe a signed-in admin, the render. */
function pageEntry(blockModule, { signedOut, lifecycle }) {
  return [
    "import '../dom.mjs';",
    "import { mount, signIn } from '../mount.mjs';",
    signedOut ? '' : 'await signIn();',
    `const block = await import(${JSON.stringify(blockModule)});`,
    `await mount(block.__elements, { ownProvider: block.__ownProvider, lifecycle: ${Boolean(lifecycle)} });`,
    '',
  ].join('\n');
}

const indent = (text) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

async function main() {
  const { values: args } = parseArgs({
    options: {
      json: { type: 'string' },
      keep: { type: 'boolean', default: false },
      // Runs only the blocks whose `file:line` contains this text (while fixing one).
      only: { type: 'string' },
    },
  });
  const started = Date.now();
  const root = fileURLToPath(new URL('..', import.meta.url));
  const harness = fileURLToPath(new URL('./readme-examples/harness.mjs', import.meta.url));
  const plan = planBlocks(root);
  const { notRun, problems } = plan;
  const run = plan.run.filter(({ where }) => !args.only || where.includes(args.only));
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
  // React blocks render in a jsdom page with react-dom (the root lock's versions).
  const pageDeps = ['@bridgekit/core', '@bridgekit/react', 'react', 'react-dom', 'swr', 'jsdom'];
  for (const { code, lang } of run) {
    for (const name of [...importedPackages(code), ...(lang === 'tsx' ? pageDeps : [])]) {
      dependencies[name] ??= tarballs[name] ?? lockedVersion(name);
    }
  }
  // Peers are the ones listed above: the blocks never load `next` (its client entry does not
  // import it), and installing that peer would double the install time.
  process.env.npm_config_legacy_peer_deps = 'true';
  const scratch = scratchProject('readme', dependencies, { type: 'module' });
  delete process.env.npm_config_legacy_peer_deps;
  const { transform } = await import('esbuild');
  let passed = 0;
  let failed = 0;
  try {
    writeFileSync(
      join(scratch, 'server.mjs'),
      "export { createDemoData, createServer } from '@bridgekit/server';\n",
    );
    const { createDemoData, createServer } = await import(
      pathToFileURL(join(scratch, 'server.mjs')).href
    );
    // The demo data with products and tasks readable by anyone (`public reads`).
    const publicReads = () => {
      const data = createDemoData();
      for (const name of ['products', 'tasks']) data.entities[name].access.read = ['public'];
      return data;
    };
    mkdirSync(join(scratch, 'examples'));
    for (const page of ['dom.mjs', 'mount.mjs']) {
      copyFileSync(
        fileURLToPath(new URL(`./readme-examples/${page}`, import.meta.url)),
        join(scratch, page),
      );
    }
    const { reactModule } = await import('./readme-examples/react-block.mjs');
    const runOne = async (block) => {
      const { where, code, lang } = block;
      let result;
      let server;
      try {
        server = block.backend
          ? await startBackend(block.backend, root)
          : createServer({ seed: block.publicReads ? publicReads() : 'demo' });
        const origin = block.backend ? server.origin : (await server.listen(0, '127.0.0.1')).origin;
        const name = where.replace(/[^\w.-]+/g, '_');
        const file = join(scratch, 'examples', `${name}.mjs`);
        const source = pointAt(code, origin);
        const options = { format: 'esm', target: 'node20', sourcefile: where };
        if (lang === 'tsx') {
          const { code: js } = await transform(reactModule(source, block.given), {
            ...options,
            loader: 'tsx',
            jsx: 'automatic',
          });
          writeFileSync(join(scratch, 'examples', `${name}.block.mjs`), js);
          writeFileSync(file, pageEntry(`./${name}.block.mjs`, block));
        } else {
          const { code: js } = await transform(source, { ...options, loader: 'ts' });
          writeFileSync(file, js);
        }
        result = await runBlock(file, dirname(file), harness, {
          BK_README_ORIGIN: origin,
          BK_README_EXPECTS: (block.expects ?? []).join(','),
        });
      } catch (error) {
        result = { ok: false, output: String(error?.message ?? error), ms: 0 };
      } finally {
        await server?.close();
      }
      return result;
    };
    // Blocks run CONCURRENCY at a time (each with its own server); outcomes print in order.
    let active = 0;
    const waiting = [];
    const limited = (task) =>
      new Promise((resolve) => {
        const start = () => {
          active++;
          task()
            .then(resolve)
            .finally(() => {
              active--;
              waiting.shift()?.();
            });
        };
        if (active < CONCURRENCY) start();
        else waiting.push(start);
      });
    const results = run.map((block) => limited(() => runOne(block)));
    for (let i = 0; i < run.length; i++) {
      const result = await results[i];
      const { where } = run[i];
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
