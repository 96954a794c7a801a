// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// The web panel, rendered against the reference server through a real client: opening and
// closing it with the keyboard, the instance switcher, the Cache tab over SWR's cache, the
// Queue tab over the offline queue.
import type { Client } from '@bridgekit/core';
import { offlineQueue } from '@bridgekit/core/offline';
import { BridgeDevtools } from '@bridgekit/devtools';
import {
  BridgeProvider,
  type BridgeProviderProps,
  useBridgeApi,
  useBridgeQuery,
} from '@bridgekit/react/hooks';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeClient, signIn, startServer, type TestServer } from './helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Product {
  id: string;
  name: string;
}

function Products() {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { data, error } = useBridgeQuery(products, 'list', { limit: 2 });
  if (error) return <p>{error.message}</p>;
  return (
    <ul aria-label="Products">
      {data.map((p) => (
        <li key={p.id}>{p.name}</li>
      ))}
    </ul>
  );
}

async function openPanel(props: Omit<BridgeProviderProps, 'children'>, children?: ReactNodeLike) {
  const user = userEvent.setup();
  render(
    <BridgeProvider {...props}>
      <BridgeDevtools />
      {children}
    </BridgeProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Open Bridgekit devtools' }));
  const panel = await screen.findByRole('dialog', { name: 'Bridgekit devtools' });
  return { user, panel };
}
type ReactNodeLike = Parameters<typeof render>[0];

describe('the panel', () => {
  it('opens on the Requests tab, moves between tabs with the arrow keys, and Escape closes it', async () => {
    server = await startServer();
    const { user, panel } = await openPanel({ client: makeClient(server.url) });
    const tabs = within(panel).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Requests', 'Cache', 'Queue', 'Session']);
    expect(document.activeElement).toBe(tabs[0]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(within(panel).getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[1]!.id);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tabs[3]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[0]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Open Bridgekit devtools' }),
    );
  });

  it('switches between the instances of the provider', async () => {
    server = await startServer();
    const { user, panel } = await openPanel({
      instances: {
        default: { client: makeClient(server.url) },
        billing: { client: makeClient(server.url) },
      },
    });
    const picker = within(panel).getByRole('combobox', { name: 'Instance' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['default', 'billing']);
    await user.click(within(panel).getByRole('tab', { name: 'Queue' }));
    expect(within(panel).getByText(/Instance "default" has no offline queue/)).toBeTruthy();
    await user.selectOptions(picker, 'billing');
    expect(within(panel).getByText(/Instance "billing" has no offline queue/)).toBeTruthy();
  });
});

describe('the Cache tab', () => {
  it("lists the instance's queries with their data; revalidate and invalidate fetch again, edit replaces the data", async () => {
    server = await startServer();
    const client = makeClient(server.url);
    await signIn(client);
    const { user, panel } = await openPanel({ client }, <Products />);
    await screen.findAllByRole('listitem');
    // Placed before the app, the devtools heard its first request.
    const requests = within(panel).getByRole('list', { name: 'Requests' });
    expect(
      within(requests).getByRole('button', { name: /^GET \/api\/products\?limit=2 200/ }),
    ).toBeTruthy();
    await user.click(within(panel).getByRole('tab', { name: 'Cache' }));

    const entries = await within(panel).findByRole('list', { name: 'Cached queries of default' });
    const entry = within(entries).getByRole('listitem', { name: /^list \/products/ });
    // Its age, from the binding's cache events.
    expect(entry.textContent).toMatch(/cached · [\d.]+ m?s old/);
    expect(server.count('GET', '/products')).toBe(1);

    await user.click(within(entry).getByRole('button', { name: 'Revalidate' }));
    await waitFor(() => expect(server!.count('GET', '/products')).toBe(2));
    await user.click(
      within(entry).getByRole('button', { name: 'Invalidate every query of /products' }),
    );
    await waitFor(() => expect(server!.count('GET', '/products')).toBe(3));

    await user.click(within(entry).getByRole('button', { name: 'Edit' }));
    const editor = within(entry).getByRole('textbox', { name: 'Data (JSON)' });
    await user.clear(editor);
    await user.click(editor);
    await user.paste(
      JSON.stringify({ data: [{ id: 'x', name: 'Edited in the panel' }], meta: {} }),
    );
    await user.click(within(entry).getByRole('button', { name: 'Save' }));
    const products = screen.getByRole('list', { name: 'Products' });
    await waitFor(() => expect(products.textContent).toBe('Edited in the panel'));
    // Edited, not fetched.
    expect(server.count('GET', '/products')).toBe(3);
  });

  it('says what is wrong with data that is not JSON, and keeps the entry', async () => {
    server = await startServer();
    const client = makeClient(server.url);
    await signIn(client);
    const { user, panel } = await openPanel({ client }, <Products />);
    await screen.findAllByRole('listitem');
    await user.click(within(panel).getByRole('tab', { name: 'Cache' }));
    const entry = await within(panel).findByRole('listitem', { name: /^list \/products/ });
    await user.click(within(entry).getByRole('button', { name: 'Edit' }));
    const editor = within(entry).getByRole('textbox', { name: 'Data (JSON)' });
    await user.clear(editor);
    await user.type(editor, 'not json');
    await user.click(within(entry).getByRole('button', { name: 'Save' }));
    expect(within(entry).getByRole('alert').textContent).toMatch(/^Not JSON/);
  });
});

describe('the Queue tab', () => {
  it('shows a write kept offline with its key, discards it, and replays the next one once back online', async () => {
    server = await startServer();
    const client: Client = makeClient(server.url);
    await signIn(client);
    const { user, panel } = await openPanel({ client, offline: offlineQueue() });
    await user.click(within(panel).getByRole('tab', { name: 'Queue' }));
    const offline = await within(panel).findByRole('switch', { name: /Offline/ });
    expect(offline.getAttribute('aria-checked')).toBe('false');
    await user.click(offline);
    await within(panel).findByText('The queue sees the network offline.');

    const kept = await client.post('/tasks', { title: 'Written offline' });
    expect(kept.code).toBe('QUEUED');
    const pending = within(panel).getByRole('region', { name: 'Pending' });
    const row = await within(pending).findByRole('row', { name: /POST \/tasks/ });
    const key = (kept as { data?: { id?: string } }).data?.id;
    expect(row.textContent).toContain('0');
    if (key) expect(row.textContent).toContain(key);
    expect(row.textContent).toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    await user.click(within(row).getByRole('button', { name: 'Discard POST /tasks' }));
    await waitFor(() => expect(within(pending).queryByRole('row', { name: /POST/ })).toBeNull());

    await client.post('/tasks', { title: 'Sent when back online', status: 'todo' });
    await within(pending).findByRole('row', { name: /POST \/tasks/ });
    await user.click(offline);
    await waitFor(() => expect(within(pending).queryByRole('row', { name: /POST/ })).toBeNull());
    expect(server.count('POST', '/tasks')).toBe(1);
  });

  it('a write the server refused waits in Failed with its reason, and Retry sends it again', async () => {
    server = await startServer();
    const client: Client = makeClient(server.url);
    await signIn(client);
    const { user, panel } = await openPanel({ client, offline: offlineQueue() });
    await user.click(within(panel).getByRole('tab', { name: 'Queue' }));
    const offline = await within(panel).findByRole('switch', { name: /Offline/ });
    await user.click(offline);
    // No status: the server refuses it (400) when it is replayed.
    await client.post('/tasks', { title: 'Refused' });
    await user.click(offline);
    const failed = within(panel).getByRole('region', { name: 'Failed' });
    const row = await within(failed).findByRole('row', { name: /POST \/tasks/ });
    expect(row.textContent).toMatch(/status/i);
    expect(server.count('POST', '/tasks')).toBe(1);
    await user.click(within(row).getByRole('button', { name: 'Retry POST /tasks' }));
    await waitFor(() => expect(server!.count('POST', '/tasks')).toBe(2));
  });

  it('a conflict shows both versions; Keep mine sends the change over the server version', async () => {
    server = await startServer();
    const client: Client = makeClient(server.url);
    await signIn(client);
    const { user, panel } = await openPanel({ client, offline: offlineQueue() });
    await user.click(within(panel).getByRole('tab', { name: 'Queue' }));
    // Read with its version, changed offline here and online elsewhere meanwhile.
    expect((await client.get('/products/2')).success).toBe(true);
    const offline = await within(panel).findByRole('switch', { name: /Offline/ });
    await user.click(offline);
    expect((await client.patch('/products/2', { stock: 7 })).code).toBe('QUEUED');
    const elsewhere = makeClient(server.url);
    await signIn(elsewhere);
    expect((await elsewhere.patch('/products/2', { stock: 8 })).success).toBe(true);
    await user.click(offline);

    const conflicts = within(panel).getByRole('region', { name: 'Conflicts' });
    const conflict = await within(conflicts).findByRole('listitem', { name: 'PATCH /products/2' });
    const mine = within(conflict).getByRole('region', { name: 'Mine (this change)' });
    const theirs = within(conflict).getByRole('region', {
      name: "Theirs (the server's record now)",
    });
    expect(mine.textContent).toContain('"stock": 7');
    expect(theirs.textContent).toContain('"stock": 8');
    expect(conflict.textContent).toMatch(/key [0-9a-f]{8}-/);
    // The queue's events say what happened, in the same tab.
    const events = within(panel).getByRole('region', { name: 'Queue events' });
    expect(events.textContent).toMatch(/conflict PATCH \/api\/products\/2 key .*status 412/);

    await user.click(within(conflict).getByRole('button', { name: 'Keep mine PATCH /products/2' }));
    await waitFor(() => expect(within(conflicts).queryByRole('listitem')).toBeNull());
    expect(await elsewhere.get('/products/2')).toMatchObject({ success: true, data: { stock: 7 } });
  });
});
