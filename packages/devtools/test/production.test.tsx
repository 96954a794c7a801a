// A production build (`process.env.NODE_ENV === 'production'`) gets nothing of the devtools from
// the default entry: the component renders nothing and the panel is never loaded. The
// production entry gives the real thing, on purpose.
import { createClient, MemoryStorage } from '@bridgekit/core';
import { render, screen } from '@testing-library/react';
import { resolve } from 'node:path';
import type { ComponentType } from 'react';
import { afterEach, expect, it, vi } from 'vitest';

const PANEL = resolve(import.meta.dirname, '../src/web/panel/Panel.tsx');
const client = () =>
  createClient('http://127.0.0.1:9/api', { storage: new MemoryStorage(), fetch: globalThis.fetch });

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.doUnmock(PANEL);
});

/** Loads `entry` afresh under NODE_ENV=production, noting whether the panel module is loaded. */
async function loadInProduction(entry: string) {
  vi.stubEnv('NODE_ENV', 'production');
  vi.resetModules();
  const loaded = { panel: false };
  vi.doMock(PANEL, () => {
    loaded.panel = true;
    return { default: () => <div>panel</div> };
  });
  const module = (await import(entry)) as {
    BridgeDevtools: ComponentType<{ initialIsOpen?: boolean }>;
  };
  // The provider of the same module graph as the entry (its context is the one it reads).
  const { BridgeProvider } = await import('@bridgekit/react/hooks');
  return { BridgeDevtools: module.BridgeDevtools, BridgeProvider, loaded };
}

it('the default entry renders nothing in production and never loads the panel', async () => {
  const { BridgeDevtools, BridgeProvider, loaded } = await loadInProduction('@bridgekit/devtools');
  const { container } = render(
    <BridgeProvider client={client()}>
      <BridgeDevtools initialIsOpen />
    </BridgeProvider>,
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(container.innerHTML).toBe('');
  expect(loaded.panel).toBe(false);
});

it('the production entry renders the button in production, and loads the panel when opened', async () => {
  const { BridgeDevtools, BridgeProvider, loaded } = await loadInProduction(
    '@bridgekit/devtools/production',
  );
  render(
    <BridgeProvider client={client()}>
      <BridgeDevtools initialIsOpen />
    </BridgeProvider>,
  );
  expect(screen.getByRole('button', { name: 'Close Bridgekit devtools' })).toBeTruthy();
  expect(await screen.findByText('panel')).toBeTruthy();
  expect(loaded.panel).toBe(true);
});
