#!/usr/bin/env node
// Type-checks the README examples as a reader would paste them: every fenced `ts`/`tsx` block of
// every README becomes its own module, and one TypeScript program (the repo's strict options,
// `@bridgekit/*` resolved to the workspace sources) checks them all. A block that is not
// standalone code (a signature excerpt, say) opts out explicitly, with a reason that is printed:
//   ```ts nocheck: signature excerpt            or   <!-- not-checked: signature excerpt -->
// The modules and their tsconfig.json stay in node_modules/.cache/readme-examples, so a failure
// can be reproduced with `npx tsc -p node_modules/.cache/readme-examples`.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CHECKED_LANGS = new Map([
  ['ts', 'ts'],
  ['typescript', 'ts'],
  ['tsx', 'tsx'],
]);
const OPT_OUT_COMMENT = /^<!--\s*not-checked:(.*?)-->$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.next', '.git', 'coverage', 'test-results']);

/**
 * The fenced `ts`/`tsx` blocks of one Markdown text, with the 1-based line of each opening fence.
 * A first line `// path/name.tsx` names the block's file (`file`, else `null`).
 * A block opts out with `nocheck` in its info string or a `<!-- not-checked: reason -->` comment
 * on the last non-blank line before the fence; `optOut` is then its reason (`''` if none given).
 *
 * @example
 * extractBlocks('```ts\nconst a = 1;\n```\n');
 * // [{ line: 1, lang: 'ts', file: null, code: 'const a = 1;\n', optOut: null }]
 */
export function extractBlocks(markdown) {
  const lines = markdown.split(/\r?\n/);
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    // A backtick fence's info string cannot contain backticks (CommonMark): that is inline code.
    if (fence[0] === '`' && info.includes('`')) continue;
    const close = new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end])) end++;
    const words = info.trim().split(/\s+/);
    const lang = CHECKED_LANGS.get(words[0]?.toLowerCase() ?? '');
    if (lang) {
      // Content lines lose the fence's own indentation (fences inside list items).
      const body = lines
        .slice(i + 1, end)
        .map((l) => l.replace(new RegExp(`^ {0,${indent.length}}`), ''));
      blocks.push({
        line: i + 1,
        lang,
        file: namedFile(body),
        code: `${body.join('\n')}\n`,
        optOut: optOutReason(lines, i, words),
      });
    }
    i = end;
  }
  return blocks;
}

// `// app/providers.tsx` (or `// proxy.ts (Next 16)`) as the first line names the block's file.
function namedFile(body) {
  const first = /^\/\/\s*([\w@.-][\w@./[\]-]*\.(?:ts|tsx|mts|cts))(?:\s|$)/.exec(body[0] ?? '');
  const path = first?.[1];
  return path && !path.split('/').includes('..') ? path : null;
}

function optOutReason(lines, fenceIndex, words) {
  const flag = words.findIndex((w) => /^nocheck:?$/i.test(w));
  if (flag > 0)
    return words
      .slice(flag + 1)
      .join(' ')
      .trim();
  let prev = fenceIndex - 1;
  while (prev >= 0 && lines[prev].trim() === '') prev--;
  const comment = prev >= 0 ? OPT_OUT_COMMENT.exec(lines[prev].trim()) : null;
  return comment ? comment[1].trim() : null;
}

/**
 * Every page whose examples are checked, sorted: each README.md under `root` outside
 * dependencies and build output, and every Markdown page of the documentation site (`docs/`),
 * but for the API reference TypeDoc generates there (its code is the declarations themselves).
 */
export function findReadmes(root) {
  const found = [];
  const site = join(root, 'docs');
  const generated = new Set([join(site, 'reference'), join(site, '.vitepress')]);
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !generated.has(path)) walk(path);
      } else if (
        entry.name.toLowerCase() === 'readme.md' ||
        (entry.name.endsWith('.md') && path.startsWith(`${site}/`))
      ) {
        found.push(path);
      }
    }
  };
  walk(root);
  return found.sort();
}

// Optional peers the repo does not install, reduced to the part of their real API the READMEs
// use; declared only while the package is absent, so an installed copy always wins.
const OPTIONAL_MODULES = {
  'expo-secure-store': `declare module 'expo-secure-store' {
  export interface SecureStoreOptions { keychainService?: string; requireAuthentication?: boolean }
  export function getItemAsync(key: string, options?: SecureStoreOptions): Promise<string | null>;
  export function setItemAsync(key: string, value: string, options?: SecureStoreOptions): Promise<void>;
  export function deleteItemAsync(key: string, options?: SecureStoreOptions): Promise<void>;
}
`,
};

const slash = (path) => path.split('\\').join('/');

async function main() {
  const ts = (await import('typescript')).default;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const outDir = join(root, 'node_modules', '.cache', 'readme-examples');
  rmSync(outDir, { recursive: true, force: true });

  // Each README gets a directory; a block that names its file (`// app/layout.tsx`) is written
  // there under that name, so blocks of one app can import each other as the reader's would.
  const files = new Map(); // absolute module path -> { readme, block }
  const optedOut = [];
  for (const readme of findReadmes(root)) {
    const rel = slash(relative(root, readme));
    const dir = join(outDir, slash(relative(root, dirname(readme))).replace(/\//g, '__') || 'root');
    for (const block of extractBlocks(readFileSync(readme, 'utf8'))) {
      if (block.optOut !== null) {
        optedOut.push({ where: `${rel}:${block.line}`, reason: block.optOut });
        continue;
      }
      let file = join(dir, block.file ?? `readme-L${block.line}.${block.lang}`);
      if (files.has(file)) file = join(dir, `readme-L${block.line}.${block.lang}`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, block.code);
      files.set(file, { readme: rel, block });
    }
  }
  if (files.size === 0) {
    console.error('readme examples: no ts/tsx block found; is the extractor broken?');
    process.exit(1);
  }
  const require = createRequire(join(root, 'package.json'));
  const stubs = Object.entries(OPTIONAL_MODULES).filter(([name]) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
  const fileNames = [...files.keys()].map((f) => slash(relative(outDir, f)));
  if (stubs.length) {
    writeFileSync(join(outDir, 'optional-modules.d.ts'), stubs.map(([, d]) => d).join('\n'));
    fileNames.push('optional-modules.d.ts');
  }

  // The repo's own options (tsconfig.base.json) plus what a strict app sets; every block is a
  // module of its own (moduleDetection: force), so names never clash between blocks.
  const configPath = join(outDir, 'tsconfig.json');
  const tsconfig = {
    extends: slash(relative(outDir, join(root, 'tsconfig.base.json'))),
    compilerOptions: {
      baseUrl: slash(relative(outDir, root)),
      strict: true,
      noEmit: true,
      jsx: 'react-jsx',
      module: 'ESNext',
      moduleResolution: 'bundler',
      moduleDetection: 'force',
      types: ['node'],
      skipLibCheck: true,
      declaration: false,
    },
    files: fileNames,
  };
  writeFileSync(configPath, `${JSON.stringify(tsconfig, null, 2)}\n`);

  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  const other = [
    ...parsed.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
  ];
  let failed = 0;
  for (const [file, { readme, block }] of files) {
    const sourceFile = program.getSourceFile(file);
    const diagnostics = [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ];
    if (!diagnostics.length) continue;
    failed++;
    console.error(`✗ ${readme}:${block.line} (\`\`\`${block.lang} block)`);
    for (const d of diagnostics) {
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n    ');
      const at = d.start !== undefined ? sourceFile.getLineAndCharacterOfPosition(d.start) : null;
      // Line 1 of the module is the line after the fence.
      const where = at ? `${readme}:${block.line + at.line + 1}:${at.character + 1}` : readme;
      console.error(`  ${where} TS${d.code}: ${text}`);
    }
  }
  for (const d of other) {
    console.error(`✗ TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n    ')}`);
  }
  if (optedOut.length) {
    console.log(`opted out (${optedOut.length}):`);
    for (const { where, reason } of optedOut) {
      console.log(`  ${where}: ${reason || '(no reason given)'}`);
    }
  }
  const unexplained = optedOut.filter((o) => !o.reason).length;
  if (unexplained) console.error(`✗ ${unexplained} opt-out(s) without a reason`);
  console.log(
    `readme examples: ${files.size} checked, ${failed} failed, ${optedOut.length} opted out`,
  );
  if (failed || other.length || unexplained) {
    console.error(`reproduce: npx tsc -p ${slash(relative(root, configPath))}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
