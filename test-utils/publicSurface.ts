// Helpers of the public-surface tests of @bridgekit/core, @bridgekit/react, @bridgekit/react-native and
// @bridgekit/nextjs: what an entry exports, as its `.d.ts` would, and whether the README
// documents each name.
import { readFileSync } from 'node:fs';
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

/** The names that no inline code span or fenced code block of the README mentions. */
export function undocumented(names: readonly string[], readmeFile: string): string[] {
  const text = readFileSync(readmeFile, 'utf8');
  const code = [...text.matchAll(/```[\s\S]*?```|`[^`]+`/g)].map((match) => match[0]).join('\n');
  return names.filter((name) => !new RegExp(`(^|[^\\w$])${name}($|[^\\w$])`).test(code));
}
