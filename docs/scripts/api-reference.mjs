#!/usr/bin/env node
// Generates the API reference (docs/reference/) from the TSDoc of every public entry point, with
// TypeDoc and typedoc-plugin-markdown: one page per entry point. The pages are build output
// (git-ignored); `npm run docs` and `npm run docs:build` make them first.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application } from 'typedoc';
import { anchorsOf } from '../.vitepress/anchors.mjs';
import { ENTRY_POINTS } from '../.vitepress/entryPoints.mjs';
import { slugify } from '../.vitepress/slugify.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = fileURLToPath(new URL('../reference/', import.meta.url));

rmSync(out, { recursive: true, force: true });
const app = await Application.bootstrapWithPlugins({
  entryPoints: ENTRY_POINTS.map((entry) => `${root}${entry.source}`),
  tsconfig: `${root}docs/tsconfig.reference.json`,
  plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme'],
  out,
  readme: 'none',
  entryFileName: 'index',
  outputFileStrategy: 'modules',
  hidePageHeader: true,
  disableSources: true,
  hideBreadcrumbs: true,
  useCodeBlocks: true,
  excludePrivate: true,
  excludeInternal: true,
  excludeExternals: true,
  sort: ['kind', 'alphabetical'],
  // The sidebar is written by .vitepress/config.ts from ENTRY_POINTS, not by the theme.
  sidebar: { autoConfiguration: false },
  logLevel: 'Warn',
  // Names the page of each entry point after its import path (`core/dialects.md`).
  name: 'API reference',
});
const project = await app.convert();
if (project === undefined) {
  console.error('api-reference: TypeDoc could not read the entry points');
  process.exit(1);
}
// TypeDoc names each module after its folder below the common root (`core/src/dialects`); the
// reference names it as users import it (`@bridgekit/core/dialects`).
for (const module of project.children ?? []) {
  const entry = ENTRY_POINTS.find(
    (e) => e.source.replace(/^packages\//, '').replace(/(\/index)?\.ts$/, '') === module.name,
  );
  if (entry === undefined) {
    console.error(`api-reference: module ${module.name} matches no entry point`);
    process.exit(1);
  }
  module.name = entry.name;
}
await app.generateOutputs(project);
if (app.logger.hasErrors()) process.exit(1);
fixAnchors(out);
console.log(`api-reference: ${ENTRY_POINTS.length} entry points -> docs/reference/`);

/**
 * TypeDoc's markdown writes some anchors its own way (`filter_operators` for a heading the site
 * anchors as `filter-operators`; `-1` on a name it saw on another page). Each link into the
 * reference gets the anchor the site really gives its target heading; a link whose target
 * heading cannot be found fails the generation.
 */
function fixAnchors(dir) {
  const pages = [];
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(path);
    }
  };
  walk(dir);
  const anchors = new Map(pages.map((page) => [page, anchorsOf(readFileSync(page, 'utf8'))]));
  const unresolved = [];
  for (const page of pages) {
    const text = readFileSync(page, 'utf8');
    const fixed = text.replace(/\]\(([^)#\s]*\.md)#([^)\s]+)\)/g, (link, target, fragment) => {
      const known = anchors.get(resolve(dirname(page), target));
      if (known === undefined || known.has(fragment)) return link;
      const candidates = [slugify(fragment), slugify(fragment.replace(/-\d+$/, ''))];
      const found = candidates.find((anchor) => known.has(anchor));
      if (found === undefined) {
        unresolved.push(`${page}: ${target}#${fragment}`);
        return link;
      }
      return `](${target}#${found})`;
    });
    if (fixed !== text) writeFileSync(page, fixed);
  }
  if (unresolved.length > 0) {
    console.error(
      `api-reference: links to headings that do not exist:\n  ${unresolved.join('\n  ')}`,
    );
    process.exit(1);
  }
}
