/**
 * Redirect handling that keeps credentials on their origin (core README, "The session and the
 * default headers never leave the origin of `baseUrl`": the session is only
 * ever sent to the origin of `baseUrl`).
 *
 * Where `fetch` exposes redirects (`redirect: 'manual'` in Node, Bun, Deno) the client
 * follows them itself, with the fetch standard's method rules, and drops the session header
 * and other credentials when the origin changes. Browsers hide redirects from scripts
 * (`opaqueredirect`), so there the browser follows them.
 */
import { deleteHeader } from './headers';
import { RefusedRedirect } from './refusedRedirect';

export { RefusedRedirect };

/** Redirects followed before the call fails with a network error (the fetch standard's limit). */
export const MAX_REDIRECTS = 20;

const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
// Headers that describe a body; dropped with it when a redirect turns the request into GET.
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];

/** The init the client hands to `fetch` (headers as a plain object so hops can edit them). */
export interface SendInit extends RequestInit {
  method: string;
  headers: Record<string, string>;
  duplex?: 'half';
}

/** What `sendFollowingRedirects` resolved. */
export interface Sent {
  response: Response;
  /** Credentials were removed because a redirect left the original origin. */
  credentialsDropped: boolean;
}

function detectMode(): RequestRedirect {
  const g = globalThis as {
    process?: { versions?: { node?: unknown } };
    Deno?: unknown;
    Bun?: unknown;
  };
  const serverRuntime =
    typeof g.process?.versions?.node === 'string' || g.Deno !== undefined || g.Bun !== undefined;
  return serverRuntime ? 'manual' : 'follow';
}

/** Per-client redirect mode; switches to `'follow'` for good once an opaque redirect shows up. */
export interface RedirectState {
  mode: RequestRedirect;
}

/**
 * The redirect state a client starts with: `'manual'` where redirects are visible (Node,
 * Bun, Deno), `'follow'` in browsers.
 *
 * @example
 * createRedirectState().mode // 'manual' in Node
 */
export function createRedirectState(): RedirectState {
  return { mode: detectMode() };
}

function networkError(message: string): Error {
  return Object.assign(new TypeError(message), { name: 'NetworkError' });
}

/**
 * Sends a request and follows redirects itself where the runtime allows: 301/302 turn POST
 * into GET, 303 turns anything but GET/HEAD into GET (body dropped), 307/308 keep method and
 * body; at most 20 hops; on an origin change the headers named in `credentials`
 * (any case) are removed for this and every later hop.
 *
 * @param replayable whether the request may be sent again if the runtime turns out to hide
 *   redirects (an opaque redirect was answered)
 * @param secret the body is a secret: any redirect to another origin throws `RefusedRedirect`
 *   (where the runtime hides redirects, any redirect does)
 * @example
 * const state = createRedirectState();
 * const { response } = await sendFollowingRedirects(state, fetch, url, init, ['x-session-id'], true);
 */
export async function sendFollowingRedirects(
  state: RedirectState,
  doFetch: typeof fetch,
  url: string,
  init: SendInit,
  credentials: readonly string[],
  replayable: boolean,
  secret = false,
): Promise<Sent> {
  // A secret body never follows a redirect the client cannot see.
  init.redirect = secret ? 'manual' : state.mode;
  let response = await doFetch(url, init);
  if (response.type === 'opaqueredirect') {
    if (secret) throw new RefusedRedirect('A request with a secret body was redirected');
    state.mode = 'follow';
    if (!replayable) {
      throw networkError('The server redirected and this runtime hides redirects from scripts');
    }
    init.redirect = 'follow';
    return { response: await doFetch(url, init), credentialsDropped: false };
  }
  if (!REDIRECT_STATUS.has(response.status) || init.redirect !== 'manual') {
    return { response, credentialsDropped: false };
  }
  let current = new URL(url);
  let hopInit: SendInit = init;
  let credentialsDropped = false;
  for (let hops = 1; REDIRECT_STATUS.has(response.status); hops++) {
    const location = response.headers.get('location');
    if (location === null) break;
    await response.body?.cancel().catch(() => {});
    if (hops > MAX_REDIRECTS) throw networkError(`More than ${MAX_REDIRECTS} redirects`);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw networkError(`Redirect to an invalid URL: ${location}`);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw networkError(`Redirect to a non-http(s) URL: ${next.protocol}`);
    }
    const status = response.status;
    hopInit = { ...hopInit, headers: { ...hopInit.headers } };
    if (status !== 303 && hopInit.body != null && hopInit.duplex === 'half') {
      throw networkError('Cannot follow a redirect with a streamed body');
    }
    if (
      ((status === 301 || status === 302) && hopInit.method === 'POST') ||
      (status === 303 && hopInit.method !== 'GET' && hopInit.method !== 'HEAD')
    ) {
      hopInit.method = 'GET';
      hopInit.body = undefined;
      delete hopInit.duplex;
      for (const name of BODY_HEADERS) deleteHeader(hopInit.headers, name);
    }
    if (secret && next.origin !== new URL(url).origin) {
      throw new RefusedRedirect(
        `A request with a secret body is not sent to another origin (redirect to ${next.origin})`,
      );
    }
    if (next.origin !== current.origin) {
      for (const name of credentials) deleteHeader(hopInit.headers, name);
      // A session module's `credentials` (the cookies) belong to the base origin too.
      delete hopInit.credentials;
      credentialsDropped = true;
    }
    current = next;
    response = await doFetch(current.href, hopInit);
  }
  return { response, credentialsDropped };
}
