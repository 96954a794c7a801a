#!/usr/bin/env node
// Every link of the documentation works in both places it is read: on the site and on GitHub
// (the repository's README sends readers to the Markdown there). Run by `npm run docs:build`
// after the API reference is generated, before VitePress builds; a dead link fails it.
//
// - A link that starts with `/` is dead on GitHub (it opens the repository's root there): pages
//   link each other by relative path, `./queries.md#wire-format`.
// - A relative link must reach a file of the repository that git keeps (the reference pages are
//   generated and git-ignored, so no link may point into docs/reference/). On the site it must
//   be a page or an asset of the site, or a link into the API reference written as a link to
//   the source file of the TSDoc (../.vitepress/sourceLinks.mjs).
// - A `#fragment` must name a heading of its page (one slug rule for both, ../.vitepress/slugify.mjs);
//   on a source file, a symbol the file declares that has an anchor in a reference page.
// The READMEs (root, packages, examples) are read on GitHub only: their links are checked there.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { anchorsOf } from '../.vitepress/anchors.mjs';
import { referenceUrl } from '../.vitepress/sourceLinks.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The links of a Markdown text with their 1-based lines: `[text](href)` and `![alt](src)`
 * outside fenced code, inline code and the front matter (which only the site reads).
 *
 * @example
 * linksOf('See [x](./a.md#b) and `[y](z)`.\n'); // [{ href: './a.md#b', line: 1 }]
 */
export function linksOf(markdown) {
  const lines = markdown.split(/\r?\n/);
  const links = [];
  let fence = null;
  let frontMatter = lines[0] === '---';
  lines.forEach((line, index) => {
    if (frontMatter) {
      if (index > 0 && line === '---') frontMatter = false;
      return;
    }
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker?.[0] === fence[0] && /^\s*[`~]+\s*$/.test(line)) fence = null;
    else if (fence === null) {
      const text = line.replace(/(`+)[^`]*?\1/g, '');
      for (const [, href] of text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
        links.push({ href, line: index + 1 });
      }
    }
  });
  return links;
}

/**
 * The names a TypeScript source declares (interfaces, types, functions, classes, enums,
 * constants), lower-cased: the names that start a declaration, not those an export list repeats.
 */
function declaredNames(source) {
  const declaration =
    /^\s*(?:export\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:interface|type|function\*?|class|enum|const|let)\s+([A-Za-z_$][\w$]*)\s*(?:[=<{(:]|extends\b|implements\b)/gm;
  return new Set([...source.matchAll(declaration)].map(([, name]) => name.toLowerCase()));
}

/**
 * The problems of one link of `page` (a path relative to the repository's root, with `/`):
 * `[]` when it works where the page is read. `files` is the set of files git keeps.
 */
export function linkProblems(page, href, files, read) {
  if (/^[a-z][a-z\d+.-]*:/i.test(href)) return []; // https:, mailto:…
  const onSite = page.startsWith('docs/');
  if (href.startsWith('/')) {
    return [
      'dead on GitHub, where a link starting with / opens the repository root: link the page by its relative path',
    ];
  }
  const [path = '', fragment = ''] = href.split('#', 2);
  const target = path === '' ? page : posix.join(posix.dirname(page), path);
  const isFolder = [...files].some((file) => file.startsWith(`${target}/`));
  if (!files.has(target) && !isFolder) {
    return [
      `dead on GitHub: ${target} is not a file of the repository (generated or ignored files are not)`,
    ];
  }
  if (/\.tsx?$/.test(target)) {
    if (!onSite) return [];
    const problems = [];
    if (fragment && !declaredNames(read(target)).has(fragment)) {
      problems.push(`${target} declares nothing named "${fragment}" (GitHub opens that file)`);
    }
    if (!referenceUrl(target, fragment)) {
      problems.push(
        fragment
          ? `no API reference page of ${target}'s package has the anchor #${fragment} (the site's target)`
          : `${target} is no entry point: the site has no reference page for it`,
      );
    }
    return problems;
  }
  if (onSite && (!target.startsWith('docs/') || target.startsWith('docs/reference/'))) {
    return [`dead on the site: ${target} is not a page or asset of the documentation site`];
  }
  if (fragment && target.endsWith('.md') && !anchorsOf(read(target)).has(fragment)) {
    return [`${target} has no heading with the anchor #${fragment}`];
  }
  return [];
}

function main() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = new Set(listed.split('\n').filter(Boolean));
  const read = (file) => readFileSync(join(root, file), 'utf8');
  const pages = [...files].filter(
    (file) =>
      (file.startsWith('docs/') && file.endsWith('.md') && !/^docs\/(scripts|test)\//.test(file)) ||
      /(^|\/)README\.md$/.test(file),
  );
  const dead = [];
  let count = 0;
  for (const page of pages.sort()) {
    for (const { href, line } of linksOf(read(page))) {
      count++;
      for (const problem of linkProblems(page, href, files, read)) {
        dead.push(`${page}:${line}: (${href}) ${problem}`);
      }
    }
  }
  if (dead.length > 0) {
    console.error(`docs links: ${dead.length} dead\n  ${dead.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`docs links: ${count} links of ${pages.length} pages work on the site and on GitHub`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
