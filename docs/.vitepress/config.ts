import { posix } from 'node:path';
import { defineConfig } from 'vitepress';
import { ENTRY_POINTS } from './entryPoints.mjs';
import { slugify } from './slugify.mjs';
import { referenceUrl } from './sourceLinks.mjs';

// The guides, in the order a reader meets them. Each entry is a page under docs/.
const guides = [
  {
    text: 'Start',
    items: [
      { text: 'Getting started', link: '/guide/getting-started' },
      { text: 'Requests and responses', link: '/guide/requests' },
    ],
  },
  {
    text: 'Your backend',
    items: [
      { text: 'Choosing a backend', link: '/guide/backends/' },
      { text: 'json-server', link: '/guide/backends/json-server' },
      { text: 'PostgREST and Supabase', link: '/guide/backends/postgrest' },
      { text: 'Strapi', link: '/guide/backends/strapi' },
      { text: 'Django REST Framework', link: '/guide/backends/django-rest' },
      { text: 'Laravel', link: '/guide/backends/laravel' },
      { text: 'Feathers', link: '/guide/backends/feathers' },
      { text: 'A dialect of your own', link: '/guide/backends/custom' },
      { text: 'The reference server', link: '/guide/server' },
    ],
  },
  {
    text: 'Data',
    items: [
      { text: 'Queries, filters and lists', link: '/guide/queries' },
      { text: 'Entity services (CRUD)', link: '/guide/services' },
      { text: 'Typed endpoints from OpenAPI', link: '/guide/typed' },
    ],
  },
  {
    text: 'Sessions, offline and live',
    items: [
      { text: 'Sessions and auth', link: '/guide/auth' },
      { text: 'Offline', link: '/guide/offline' },
      { text: 'Live updates', link: '/guide/live' },
    ],
  },
  {
    text: 'Frameworks',
    items: [
      { text: 'React', link: '/guide/react' },
      { text: 'React Native', link: '/guide/react-native' },
      { text: 'Next.js', link: '/guide/nextjs' },
      { text: 'Devtools', link: '/guide/devtools' },
    ],
  },
  {
    text: 'Recipes',
    items: [
      { text: 'An admin table with search and filters', link: '/recipes/admin-table' },
      { text: 'A sign-in page', link: '/recipes/sign-in-page' },
      { text: 'A typed CRUD page', link: '/recipes/typed-crud-page' },
    ],
  },
  {
    text: 'Migrating',
    items: [
      { text: 'From ky + SWR', link: '/migrating/from-ky-swr' },
      { text: "From Refine's data providers", link: '/migrating/from-refine' },
    ],
  },
  {
    text: 'Help',
    items: [{ text: 'Troubleshooting', link: '/guide/troubleshooting' }],
  },
];

/** The reference pages TypeDoc writes (docs/scripts/api-reference.mjs), one per entry point. */
const reference = [
  {
    text: 'API reference',
    items: ENTRY_POINTS.map((entry) => ({ text: entry.name, link: `/reference/${entry.name}` })),
  },
];

export default defineConfig({
  title: 'Bridgekit',
  description:
    'A typed client for JSON-over-HTTP APIs, with React, React Native and Next.js bindings and a reference server.',
  cleanUrls: true,
  lastUpdated: false,
  // A broken internal link fails the build (the Chromium walk checks anchors as well).
  ignoreDeadLinks: false,
  srcExclude: ['scripts/**', 'test/**', 'README.md'],
  markdown: {
    anchor: { slugify },
    // Inline code is shown as written: `config={{ baseUrl }}` is JSX, not a Vue interpolation.
    config(md) {
      const codeInline = md.renderer.rules.code_inline;
      md.renderer.rules.code_inline = (tokens, index, options, env, self) =>
        (codeInline?.(tokens, index, options, env, self) ?? '').replace(/^<code/, '<code v-pre');
      // The guides link the API reference through the source file of the TSDoc, which GitHub
      // opens; here such a link leads to the reference page made from it (sourceLinks.mjs).
      md.core.ruler.after('inline', 'bridgekit-source-links', (state) => {
        const page: string = state.env.relativePath ?? '';
        for (const token of state.tokens.flatMap((block) => block.children ?? [])) {
          const href = token.type === 'link_open' ? token.attrGet('href') : null;
          if (!href || /^([a-z]+:|[#/])/i.test(href)) continue;
          const [path = '', fragment = ''] = href.split('#', 2);
          const url = referenceUrl(posix.join('docs', posix.dirname(page), path), fragment);
          if (url) token.attrSet('href', url);
        }
      });
    },
  },
  // The reference pages are long: their chunks are large by nature.
  vite: { build: { chunkSizeWarningLimit: 4000 } },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'API reference', link: '/reference/' },
    ],
    sidebar: {
      '/guide/': guides,
      '/recipes/': guides,
      '/migrating/': guides,
      '/reference/': reference,
    },
    search: { provider: 'local' },
    outline: [2, 3],
  },
});
