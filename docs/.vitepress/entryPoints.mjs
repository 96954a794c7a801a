/**
 * Every public entry point of the Bridgekit packages, as users import it, with the source file
 * TypeDoc reads. One reference page each (docs/scripts/api-reference.mjs) and one sidebar link.
 */
export const ENTRY_POINTS = [
  { name: '@bridgekit/core', source: 'packages/core/src/index.ts' },
  { name: '@bridgekit/core/dialects', source: 'packages/core/src/dialects/index.ts' },
  { name: '@bridgekit/core/auth', source: 'packages/core/src/auth/index.ts' },
  { name: '@bridgekit/core/offline', source: 'packages/core/src/offline/index.ts' },
  { name: '@bridgekit/core/live', source: 'packages/core/src/live/index.ts' },
  { name: '@bridgekit/react', source: 'packages/react/src/index.ts' },
  { name: '@bridgekit/react/hooks', source: 'packages/react/src/hooks/index.ts' },
  { name: '@bridgekit/react-native', source: 'packages/react-native/src/index.ts' },
  { name: '@bridgekit/nextjs', source: 'packages/nextjs/src/index.ts' },
  { name: '@bridgekit/nextjs/server', source: 'packages/nextjs/src/server/index.ts' },
  { name: '@bridgekit/server', source: 'packages/server/src/index.ts' },
  { name: '@bridgekit/devtools', source: 'packages/devtools/src/index.ts' },
  { name: '@bridgekit/devtools/production', source: 'packages/devtools/src/production.ts' },
  { name: '@bridgekit/devtools/native', source: 'packages/devtools/src/native.ts' },
];
