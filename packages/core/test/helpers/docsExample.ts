/**
 * The documentation site's examples, run by the tests as the page writes them: a page's `ts`
 * block is found by a line it holds and imported as a module of its own, so a test cannot pass
 * against a copy that drifted from the page.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The one `ts` block of `page` (a path from the repository's root) that holds `marker`.
 * Throws when no block, or more than one, holds it.
 *
 * @example
 * docsBlock('docs/guide/backends/custom.md', 'const acme: Dialect = {');
 */
export function docsBlock(page: string, marker: string): string {
  const markdown = readFileSync(join(ROOT, page), 'utf8');
  const blocks = [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
  const found = blocks.filter((code) => code?.includes(marker));
  if (found.length !== 1) {
    throw new Error(`${page}: ${found.length} ts blocks hold ${JSON.stringify(marker)}, not one`);
  }
  return found[0] as string;
}

/**
 * Runs a page's block as a module, with `names` exported from it (`export { acme };` appended)
 * and each `[from, to]` of `replace` applied first (an address pointed at a test server).
 * Resolves the module's exports.
 *
 * @example
 * const { acme } = await runDocsBlock<{ acme: Dialect }>(code, ['acme']);
 */
export async function runDocsBlock<T>(
  code: string,
  names: readonly string[],
  replace: ReadonlyArray<readonly [string, string]> = [],
): Promise<T> {
  let source = code;
  for (const [from, to] of replace) {
    if (!source.includes(from)) throw new Error(`the block does not hold ${JSON.stringify(from)}`);
    source = source.replaceAll(from, to);
  }
  const dir = mkdtempSync(join(tmpdir(), 'bk-docs-block-'));
  const file = join(dir, 'block.ts');
  writeFileSync(file, `${source}\nexport { ${names.join(', ')} };\n`);
  try {
    return (await import(/* @vite-ignore */ file)) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
