// The React Native provider creates only what the app asked for: without modules and before
// any auth hook mounts, its client has no middleware or session listener and nothing is sent
// (not even the AsyncStorage-backed start-up of the auth service).
import { afterEach, expect, jest, test } from '@jest/globals';
import { Client } from '@bridgekit/core';
import { cookieSession } from '@bridgekit/core/auth';
import { render, waitFor } from '@testing-library/react-native';
import { Text } from 'react-native';
import { BridgeProvider, useAuth, useBridgeClient } from '../src/index';
import { countingFetch, serverUrl } from './helpers';

afterEach(() => {
  jest.restoreAllMocks();
});

function DataOnly() {
  return <Text>{useBridgeClient() instanceof Client ? 'client' : 'none'}</Text>;
}

function Account() {
  return <Text>{useAuth().isLoading ? 'loading' : 'ready'}</Text>;
}

test('a provider without modules adds nothing to its client and sends nothing until an auth hook mounts', async () => {
  const seams = (
    ['use', 'onSessionRejected', 'addRequestInterceptor', 'addResponseInterceptor'] as const
  ).map((name) => jest.spyOn(Client.prototype, name));
  const { fetch, requests } = countingFetch();
  // Cookie mode: an auth service asks the server (`GET /auth/me`) who is signed in at start.
  const config = { baseUrl: serverUrl(), session: cookieSession(), fetch };
  const screen = render(
    <BridgeProvider config={config}>
      <DataOnly />
    </BridgeProvider>,
  );
  expect(screen.getByText('client')).toBeTruthy();
  await new Promise((r) => setTimeout(r, 200));
  expect(requests).toEqual([]);
  for (const seam of seams) expect(seam).not.toHaveBeenCalled();

  screen.rerender(
    <BridgeProvider config={config}>
      <DataOnly />
      <Account />
    </BridgeProvider>,
  );
  await waitFor(() => expect(requests.some((r) => r.url.endsWith('/auth/me'))).toBe(true));
  expect(seams[1]).toHaveBeenCalledTimes(1);
  expect(seams[0]).not.toHaveBeenCalled();
});
