// The compiler's own messages for type-test fixtures: `// @ts-expect-error` says that a line
// fails, not what it says; these helpers read what TypeScript reports, as a person sees it.
//
// A fixture marks each mistake with a comment line `// error: <text>` (in JSX children,
// `{/* error: <text> */}`). The marker covers the
// code after it up to the next blank line or marker: that block must give exactly one
// diagnostic, whose message contains <text>. Code outside every block must give none.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** One diagnostic: where, and the whole message as the compiler prints it. */
export interface Reported {
  line: number;
  code: number;
  text: string;
}

/** A marked block: its lines (1-based, inclusive) and the text its one error must contain. */
export interface Expected {
  from: number;
  to: number;
  text: string;
}

/**
 * A program of `files` with the compiler options of `tsconfigFile` (its `files`/`include`
 * ignored): create it once, then read each file's diagnostics.
 *
 * @example
 * const program = fixtureProgram(['test/typed-messages/github.ts'], 'tsconfig.json');
 */
export function fixtureProgram(files: string[], tsconfigFile: string): ts.Program {
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
  return ts.createProgram(files, { ...parsed.options, noEmit: true });
}

/**
 * The syntactic and semantic diagnostics of one file of `program`, messages flattened.
 *
 * @example
 * reported(program, 'test/typed-messages/github.ts') // [{ line: 12, code: 2345, text: '…' }]
 */
export function reported(program: ts.Program, file: string): Reported[] {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not in the program`);
  const diagnostics = [
    ...program.getSyntacticDiagnostics(source),
    ...program.getSemanticDiagnostics(source),
  ];
  return diagnostics.map((d) => ({
    line: source.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
    code: d.code,
    text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
}

/**
 * The blocks a fixture marks with `// error: <text>`.
 *
 * @example
 * expected('test/typed-messages/github.ts') // [{ from: 11, to: 12, text: 'is not a path' }]
 */
export function expected(file: string): Expected[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: Expected[] = [];
  let open: Expected | undefined;
  lines.forEach((line, index) => {
    const marker = /^\s*(?:\/\/ error: (.+)|\{\/\* error: (.+) \*\/\})$/.exec(line);
    if (marker) {
      open = { from: index + 1, to: index + 1, text: (marker[1] ?? marker[2])!.trim() };
      blocks.push(open);
    } else if (line.trim() === '') {
      open = undefined;
    } else if (open) {
      open.to = index + 1;
    }
  });
  return blocks;
}

/**
 * What differs between a fixture's marks and the compiler's diagnostics, one sentence each:
 * `[]` when every block has exactly its one error and nothing else is reported.
 *
 * @example
 * expect(mismatches(program, file)).toEqual([]);
 */
export function mismatches(program: ts.Program, file: string): string[] {
  const found = reported(program, file);
  const problems: string[] = [];
  const inBlock = (d: Reported, b: Expected) => d.line >= b.from && d.line <= b.to;
  const blocks = expected(file);
  for (const block of blocks) {
    const own = found.filter((d) => inBlock(d, block));
    if (own.length !== 1) {
      const texts = own.map((d) => `  TS${d.code}: ${d.text}`).join('\n');
      problems.push(
        `line ${block.from}: ${own.length} errors, expected one with "${block.text}"${texts ? `\n${texts}` : ''}`,
      );
    } else if (!own[0]!.text.includes(block.text)) {
      problems.push(
        `line ${own[0]!.line}: expected "${block.text}", got TS${own[0]!.code}: ${own[0]!.text}`,
      );
    }
  }
  for (const d of found) {
    if (!blocks.some((b) => inBlock(d, b)))
      problems.push(`line ${d.line}: unexpected TS${d.code}: ${d.text}`);
  }
  return problems;
}
