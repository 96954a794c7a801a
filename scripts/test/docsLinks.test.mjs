// The documentation's link check (docs/scripts/check-links.mjs, run by `npm run docs:build`):
// a link that is dead on the site or on GitHub is reported, one that works in both is not.
import { describe, expect, it } from 'vitest';
import { linkProblems, linksOf } from '../../docs/scripts/check-links.mjs';

const pages = {
  'docs/guide/react.md': '# React\n\n## In React, React Native and Next.js\n\n## Errors\n',
  'docs/guide/queries.md': '# Queries\n\n```sh\n# not a heading\n```\n\n## Operators\n',
  'packages/react/src/components/BridgeTable.tsx':
    'export { type ColumnDef } from "./ColumnDef";\nexport interface BridgeTableProps<T> {\n  rows: T[];\n}\n',
  'README.md': '# Bridgekit\n',
  'docs/demo.png': '',
};
const files = new Set(Object.keys(pages));
const read = (file) => pages[file];
const problems = (href, page = 'docs/guide/react.md') => linkProblems(page, href, files, read);

describe('the documentation link check', () => {
  it('passes links that work on the site and on GitHub', () => {
    expect(problems('./queries.md#operators')).toEqual([]);
    expect(problems('#in-react-react-native-and-nextjs')).toEqual([]);
    expect(problems('../demo.png')).toEqual([]);
    expect(problems('https://github.com/typicode/json-server')).toEqual([]);
  });

  it('reports a link starting with / as dead on GitHub', () => {
    expect(problems('/reference/@bridgekit/react#bridgetableprops')).toEqual([
      expect.stringContaining('dead on GitHub'),
    ]);
  });

  it('reports a link to a file git does not keep (the generated reference)', () => {
    expect(problems('../reference/@bridgekit/react.md')).toEqual([
      expect.stringContaining('dead on GitHub: docs/reference/@bridgekit/react.md'),
    ]);
  });

  it('reports a link from a page to a file the site does not have', () => {
    expect(problems('../../README.md')).toEqual([expect.stringContaining('dead on the site')]);
    // A README is read on GitHub only: the same file is fine there.
    expect(problems('./README.md', 'packages/react/README.md')).toEqual([
      expect.stringContaining('dead on GitHub'),
    ]);
    expect(problems('docs/guide/react.md#errors', 'README.md')).toEqual([]);
  });

  it('reports an anchor no heading of the page has, by the one slug rule of both', () => {
    expect(problems('./queries.md#not-a-heading')).toEqual([
      expect.stringContaining('no heading with the anchor #not-a-heading'),
    ]);
    expect(problems('#in-react-react-native-and-next-js')).toEqual([
      expect.stringContaining('#in-react-react-native-and-next-js'),
    ]);
  });

  it('reports a source link whose file does not declare the symbol', () => {
    expect(
      problems('../../packages/react/src/components/BridgeTable.tsx#columndef'),
    ).toContainEqual(expect.stringContaining('declares nothing named "columndef"'));
    expect(
      problems('../../packages/react/src/components/BridgeTable.tsx#bridgetableprops'),
    ).not.toContainEqual(expect.stringContaining('declares nothing'));
  });

  it('reads links outside code and front matter only', () => {
    const markdown = [
      '---',
      'hero: { link: /reference/ }',
      '---',
      'See [the queries](./queries.md#operators) and `[not](a-link.md)`.',
      '```ts',
      "const md = '[not](a-link.md)';",
      '```',
      '![The demo](../demo.png)',
    ].join('\n');
    expect(linksOf(markdown)).toEqual([
      { href: './queries.md#operators', line: 4 },
      { href: '../demo.png', line: 8 },
    ]);
  });
});
