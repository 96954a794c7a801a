/**
 * Redirects in browsers and React Native (the `browser`/`react-native` builds use this module
 * instead of `redirect.ts`): `fetch` there hides redirects from scripts, so the platform
 * follows them and applies its own CORS and credential rules. Same exports as `redirect.ts`.
 */
import type { RedirectState, SendInit, Sent } from './redirect';
import { RefusedRedirect } from './refusedRedirect';

export { RefusedRedirect };

export type { RedirectState, SendInit, Sent } from './redirect';

/** Redirects followed before the call fails (the platform applies the same limit). */
export const MAX_REDIRECTS = 20;

/**
 * The redirect state of a client: always `'follow'` here.
 *
 * @example
 * createRedirectState().mode // 'follow'
 */
export function createRedirectState(): RedirectState {
  return { mode: 'follow' };
}

/**
 * Sends a request and lets the platform follow redirects; a secret body follows none (the
 * platform would not say where it went): a redirect throws `RefusedRedirect`.
 *
 * @example
 * const { response } = await sendFollowingRedirects(state, fetch, url, init, [], true);
 */
export async function sendFollowingRedirects(
  _state: RedirectState,
  doFetch: typeof fetch,
  url: string,
  init: SendInit,
  _credentials?: readonly string[],
  _replayable?: boolean,
  secret = false,
): Promise<Sent> {
  init.redirect = secret ? 'manual' : 'follow';
  const response = await doFetch(url, init);
  if (secret && (response.type === 'opaqueredirect' || response.redirected)) {
    throw new RefusedRedirect('A request with a secret body was redirected');
  }
  return { response, credentialsDropped: false };
}
