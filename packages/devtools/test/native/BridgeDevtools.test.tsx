// The native devtools under React Native's jest preset, against the reference server: the panel
// opens from its button and lists the requests the app made, each with its attempts, and shows
// no credential.
import { describe, expect, test } from '@jest/globals';
import { createClient } from '@bridgekit/core';
import { BridgeDevtools } from '@bridgekit/devtools/native';
import { act, fireEvent, render, screen } from '@testing-library/react-native';
import { serverUrl, sessionFor, TestProvider } from '../../../react-native/test/helpers';

describe('the native devtools', () => {
  test('the panel renders and lists requests', async () => {
    const session = await sessionFor('admin@example.com', 'admin123');
    const client = createClient(serverUrl(), { sessionId: session, timeout: 5_000 });
    render(
      <TestProvider client={client} config={undefined}>
        <BridgeDevtools />
      </TestProvider>,
    );
    fireEvent.press(screen.getByRole('button', { name: 'Open Bridgekit devtools' }));
    expect(screen.getByRole('tab', { name: 'Requests' })).toBeTruthy();
    expect(screen.getByText(/No request yet/)).toBeTruthy();

    await act(async () => {
      await client.get('/products', { params: { limit: 1 } });
    });
    const call = await screen.findByRole('button', { name: /^GET \/api\/products\?limit=1 200/ });
    fireEvent.press(call);
    expect(screen.getByText('#1 · 200', { exact: false })).toBeTruthy();
    expect(screen.getByText(/X-Session-ID: \[redacted\]/i)).toBeTruthy();
    expect(JSON.stringify(screen.toJSON())).not.toContain(session);

    fireEvent.press(screen.getByRole('button', { name: 'Back to the requests' }));
    fireEvent.press(screen.getByRole('tab', { name: 'Session' }));
    expect(screen.getByText(/No auth event yet/)).toBeTruthy();
  });
});
