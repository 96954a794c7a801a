// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// The Requests and Session tabs over a real client's event stream, against the reference
// server: each call with its attempts, a 503 retried as two attempts, the query as written beside
// the URL that went out, copy as cURL, export as HAR; the auth events; and no session id, token
// or password anywhere in the panel or its exports.
import { type Client, gte } from '@bridgekit/core';
import { BridgeDevtools, type Har } from '@bridgekit/devtools';
import { BridgeProvider, type UseAuthResult, useAuth } from '@bridgekit/react/hooks';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, makeClient, startServer, type TestServer } from './helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// jsdom has no object URLs: these keep the files the panel hands the browser to download.
const files: Blob[] = [];
beforeAll(() => {
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      files.push(blob);
      return 'blob:download';
    },
    revokeObjectURL: () => {},
  });
});

let auth: UseAuthResult | undefined;
function Account() {
  auth = useAuth();
  return null;
}

async function openPanel(options: { failOnce?: string } = {}) {
  server = await startServer(options);
  const client = makeClient(server.url);
  const user = userEvent.setup();
  render(
    <BridgeProvider client={client}>
      <Account />
      <BridgeDevtools />
    </BridgeProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Open Bridgekit devtools' }));
  const panel = await screen.findByRole('dialog', { name: 'Bridgekit devtools' });
  await waitFor(() => expect(auth?.isLoading).toBe(false));
  return { client, user, panel };
}

/** The panel's entry of a call, by the start of its summary. */
const callButton = (panel: HTMLElement, summary: RegExp) =>
  within(within(panel).getByRole('list', { name: 'Requests' })).findByRole('button', {
    name: summary,
  });

/** The rows of a table in a section of the call's detail, as text. */
function rowsOf(panel: HTMLElement, section: string): string[] {
  const region = within(panel).getByRole('region', { name: section });
  return within(region)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}

/** A file's text (jsdom's Blob has no `text()`). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function signIn(client: Client): Promise<string> {
  await act(async () => {
    await auth!.login(ADMIN);
  });
  const id = await client.getSessionId();
  if (!id) throw new Error('signed in without a session');
  return id;
}

describe('the Requests tab', () => {
  it('lists each call with its attempts, and a 503 retried as two attempts with the wait', async () => {
    const { client, user, panel } = await openPanel({ failOnce: '/tasks' });
    await signIn(client);
    await act(() => client.get('/products', { params: { limit: 2 } }));
    await user.click(await callButton(panel, /^GET \/api\/products\?limit=2 200/));
    expect(rowsOf(panel, 'Attempts')).toHaveLength(1);
    expect(rowsOf(panel, 'Attempts')[0]).toMatch(/^1200/);

    await act(() => client.get('/tasks'));
    await user.click(await callButton(panel, /^GET \/api\/tasks 200 · .* · 2 attempts$/));
    const attempts = rowsOf(panel, 'Attempts');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatch(/^1503\d+ ms/);
    expect(attempts[1]).toMatch(/^2200\d+ ms/);
    expect(rowsOf(panel, 'Retries')).toEqual([expect.stringMatching(/^503\d+ ms$/)]);
    expect(server!.count('GET', '/tasks')).toBe(2);
  });

  it('shows the query as written beside the URL that went out', async () => {
    const { client, user, panel } = await openPanel();
    await signIn(client);
    const query = client.query('/products').where('price', gte(100)).limit(5);
    await act(() => query.get());
    await user.click(await callButton(panel, /^GET \/api\/products\?/));
    const request = within(panel).getByRole('region', { name: 'Request' });
    expect(request.textContent).toContain(`Query as written: ${query.toURL()}`);
  });

  it('copies a call as cURL, credentials redacted', async () => {
    const { client, user, panel } = await openPanel();
    const session = await signIn(client);
    await act(() => client.get('/products', { params: { limit: 1 } }));
    await user.click(await callButton(panel, /^GET \/api\/products\?limit=1 200/));
    await user.click(within(panel).getByRole('button', { name: 'Copy as cURL' }));
    expect(within(panel).getByRole('status').textContent).toBe('Copied as cURL');
    const command = await navigator.clipboard.readText();
    expect(command.startsWith(`curl '${server!.url}/products?limit=1'`)).toBe(true);
    expect(command).toMatch(/-H 'X-Session-ID: \[redacted\]'/i);
    expect(command).not.toContain(session);
  });

  it('no session id or password in the panel or in its HAR export, sign-in included', async () => {
    const { client, user, panel } = await openPanel();
    const session = await signIn(client);
    await act(() => client.get('/products', { params: { limit: 1 } }));
    await user.click(await callButton(panel, /^POST \/api\/auth\/login 200/));
    expect(within(panel).getByRole('region', { name: 'Request body' }).textContent).toContain(
      '"password": "[redacted]"',
    );
    expect(within(panel).getByRole('region', { name: 'Response' }).textContent).toContain(
      '"sessionId": "[redacted]"',
    );
    for (const name of [/^POST \/api\/auth\/login/, /^GET \/api\/products/]) {
      await user.click(await callButton(panel, name));
      expect(document.body.innerHTML).not.toContain(session);
      expect(document.body.innerHTML).not.toContain(ADMIN.password);
    }

    files.length = 0;
    await user.click(within(panel).getByRole('button', { name: 'Export HAR' }));
    expect(files).toHaveLength(1);
    const text = await textOf(files[0]!);
    const har = JSON.parse(text) as Har;
    expect(har.log.version).toBe('1.2');
    expect(
      har.log.entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`),
    ).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/products']));
    expect(text).not.toContain(session);
    expect(text).not.toContain(ADMIN.password);
  });
});

describe('the Session tab', () => {
  it('lists the sign-in and sign-out, with the time the session has left', async () => {
    const { client, user, panel } = await openPanel();
    await signIn(client);
    await user.click(within(panel).getByRole('tab', { name: 'Session' }));
    const events = await within(panel).findByRole('list', { name: 'Auth events' });
    expect(events.textContent).toContain('signedIn');
    expect(within(panel).getByText(/The session ends at/).textContent).toMatch(/, in \d/);
    await act(() => auth!.logout());
    await waitFor(() => expect(events.textContent).toContain('signedOut'));
    expect(within(panel).getByText('Signed out.')).toBeTruthy();
  });
});
