// The docs and comments are self-contained: nothing cites a design document the repository
// does not have, or an issue tracker's numbers (a reader of the repo cannot follow either).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const self = 'scripts/test/docsReferences.test.mjs';
const LEFT_AS_IS = new Set([self]);
const TEXT = /\.(md|ts|tsx|mts|cts|js|mjs|cjs)$/;
const OUTSIDE = [
  ['a design document the repo lacks', /\bDESIGN(?:\.md)?\b/],
  ['a section of an outside spec', /\bspec §|\(§\d/],
  ['an issue number', /\b[Ii]ssues? #?\d+/],
];
const MARKDOWN_ISSUE = /(?:^|[\s(])#\d{1,5}\b(?![\w-])/;

it('no tracked doc, source or test cites DESIGN.md, an outside spec section or an issue number', () => {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => TEXT.test(f) && !LEFT_AS_IS.has(f));
  expect(files.length).toBeGreaterThan(100);
  const found = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const [what, pattern] of OUTSIDE) {
        if (pattern.test(line)) found.push(`${file}:${i + 1} cites ${what}: ${line.trim()}`);
      }
      if (file.endsWith('.md') && MARKDOWN_ISSUE.test(line)) {
        found.push(`${file}:${i + 1} cites an issue number: ${line.trim()}`);
      }
    });
  }
  expect(found).toEqual([]);
});
