import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`./packages/${path}`, import.meta.url));

// Tests import the public package names; they resolve to source so no build is needed.
export const alias = [
  { find: /^@bridgekit\/core\/dialects$/, replacement: src('core/src/dialects/index.ts') },
  { find: /^@bridgekit\/core\/auth$/, replacement: src('core/src/auth/index.ts') },
  { find: /^@bridgekit\/core\/offline$/, replacement: src('core/src/offline/index.ts') },
  { find: /^@bridgekit\/core\/live$/, replacement: src('core/src/live/index.ts') },
  { find: /^@bridgekit\/core$/, replacement: src('core/src/index.ts') },
  { find: /^@bridgekit\/server$/, replacement: src('server/src/index.ts') },
  { find: /^@bridgekit\/react\/hooks$/, replacement: src('react/src/hooks/index.ts') },
  { find: /^@bridgekit\/react$/, replacement: src('react/src/index.ts') },
  { find: /^@bridgekit\/nextjs\/server$/, replacement: src('nextjs/src/server/index.ts') },
  { find: /^@bridgekit\/nextjs$/, replacement: src('nextjs/src/index.ts') },
  { find: /^@bridgekit\/devtools\/production$/, replacement: src('devtools/src/production.ts') },
  { find: /^@bridgekit\/devtools$/, replacement: src('devtools/src/index.ts') },
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          root: './packages/core',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          // The type tests read real OpenAPI documents, generated before they run.
          globalSetup: ['../../test-utils/openapiDocumentsSetup.ts'],
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: './packages/server',
          environment: 'node',
          include: ['test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          root: './packages/react',
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // typedMessages.test.ts reads GitHub's document, generated before the tests run.
          globalSetup: ['../../test-utils/openapiDocumentsSetup.ts'],
          include: ['test/**/*.test.{ts,tsx}'],
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.{ts,tsx}'],
            // Their own program (below): a registered document applies to the whole program.
            exclude: ['test/registered/**'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      {
        extends: true,
        test: {
          // The hooks typed by a registered OpenAPI document (`Register`), type tests only.
          name: 'react-registered',
          root: './packages/react',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['test/registered/**/*.test-d.{ts,tsx}'],
            tsconfig: './test/registered/tsconfig.json',
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'nextjs',
          root: './packages/nextjs',
          environment: 'node',
          include: ['test/**/*.test.{ts,tsx}'],
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      {
        extends: true,
        test: {
          // The web panel, rendered in jsdom against the reference server (the native one runs
          // under Jest with React Native's preset: packages/react-native/jest.config.cjs).
          name: 'devtools',
          root: './packages/devtools',
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/native/**'],
        },
      },
      {
        extends: true,
        test: {
          // The repo's own scripts (README examples stage, npm test prerequisites).
          name: 'scripts',
          root: './scripts',
          environment: 'node',
          include: ['test/**/*.test.mjs'],
        },
      },
      {
        extends: true,
        test: {
          // The built documentation site, walked in Chromium (npm test builds it first).
          name: 'docs',
          root: './docs',
          environment: 'node',
          include: ['test/**/*.e2e.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Real Chromium against built apps; expects `npm run build` and the examples' builds.
          name: 'e2e',
          root: './examples',
          environment: 'node',
          include: ['*/e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
