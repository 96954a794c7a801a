// Helpers of the public-surface tests of @bridgekit/core, @bridgekit/react, @bridgekit/react-native and
// @bridgekit/nextjs: what an entry exports, as its `.d.ts` would, and whether the package's
// README or a hand-written page of the documentation site documents each name.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/**
 * Every name `entryFile` exports, values and types, sorted: read with the TypeScript checker
 * under the package's `tsconfig.json`, so it is exactly what the built `.d.ts` declares.
 */
export function exportedNames(entryFile: string, tsconfigFile: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfigFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${tsconfigFile}`);
  const program = ts.createProgram([entryFile], { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entryFile);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${entryFile} is not a module`);
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((symbol) => symbol.getName())
    .sort();
}

/** The surface of an entry: its runtime values and its type-only names, each sorted. */
export function surface(
  names: readonly string[],
  runtime: Record<string, unknown>,
): { values: string[]; types: string[] } {
  const values = Object.keys(runtime)
    .filter((name) => name !== 'default' && name !== '__esModule')
    .sort();
  return { values, types: names.filter((name) => !values.includes(name)) };
}

/** The site's folder: `docs/` of the repository the tests run in (found from the working folder up). */
function siteFolder(): string {
  let folder = process.cwd();
  while (!existsSync(join(folder, 'docs', '.vitepress'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`no docs/.vitepress above ${process.cwd()}`);
    folder = parent;
  }
  return join(folder, 'docs');
}

/**
 * The hand-written pages of the documentation site: every Markdown file under `docs/` but the generated API
 * reference (which lists every name by construction) and VitePress's own folder.
 */
export function sitePages(): string[] {
  const site = siteFolder();
  return readdirSync(site, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .filter((path) => !/^(reference|\.vitepress|node_modules)[\\/]/.test(path))
    .map((path) => join(site, path))
    .sort();
}

/**
 * The names that no inline code span or fenced code block of `files` mentions (the package's
 * README and the site's hand-written pages).
 */
export function undocumented(names: readonly string[], files: readonly string[]): string[] {
  const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');
  const code = [...text.matchAll(/```[\s\S]*?```|`[^`]+`/g)].map((match) => match[0]).join('\n');
  return names.filter((name) => !new RegExp(`(^|[^\\w$])${name}($|[^\\w$])`).test(code));
}
