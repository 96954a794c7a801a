/**
 * Redirects in browsers and React Native (the `browser`/`react-native` builds use this module
 * instead of `redirect.ts`): `fetch` there hides redirects from scripts, so the platform
 * follows them and applies its own CORS and credential rules. Same exports as `redirect.ts`.
 */
import type { RedirectState, SendInit, Sent } from './redirect';

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
 * Sends a request and lets the platform follow redirects.
 *
 * @example
 * const { response } = await sendFollowingRedirects(state, fetch, url, init, [], true);
 */
export async function sendFollowingRedirects(
  _state: RedirectState,
  doFetch: typeof fetch,
  url: string,
  init: SendInit,
): Promise<Sent> {
  init.redirect = 'follow';
  return { response: await doFetch(url, init), credentialsDropped: false };
}
