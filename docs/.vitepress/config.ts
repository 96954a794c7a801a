import { defineConfig } from 'vitepress';
import { ENTRY_POINTS } from './entryPoints.mjs';
import { slugify } from './slugify.mjs';

// The guides, in the order a reader meets them. Each entry is a page under docs/.
const guides = [
  {
    text: 'Start',
    items: [
      { text: 'Getting started', link: '/guide/getting-started' },
      { text: 'Requests and responses', link: '/guide/requests' },
    ],
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
  markdown: { anchor: { slugify } },
  // The reference pages are long: their chunks are large by nature.
  vite: { build: { chunkSizeWarningLimit: 4000 } },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'API reference', link: '/reference/' },
    ],
    sidebar: {
      '/guide/': guides,
      '/reference/': reference,
    },
    search: { provider: 'local' },
    outline: [2, 3],
  },
});
