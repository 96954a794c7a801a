/**
 * Redirects, and what may follow them (docs/guide/requests.md, "Redirects and the
 * origin guard").
 *
 * Where `fetch` shows redirects to scripts (Node, Bun, Deno: `redirect: 'manual'` answers the
 * 3xx itself), the client follows them itself, one hop at a time, with the fetch standard's
 * method rules, and drops the session and the other credentials when a hop leaves the origin.
 * Browsers and React Native hide redirects from scripts, so there the platform follows them,
 * under its own CORS and credential rules. A secret body follows no redirect to another origin,
 * nor one the client cannot see. The attempts (`send.ts`) call `fetch`; this module decides
 * where each hop goes.
 */
import { deleteHeader } from './headers';

// Defined (as `true`) only when building for browsers and React Native (`dist/browser`, which
// their bundlers pick through the `browser` and `react-native` export conditions): `fetch` there
// never shows a redirect, so the code that follows them by hand is left out of that build. See
// browserBuild.ts.
declare const __BRIDGEKIT_BROWSER_BUILD__: true | undefined;

/** Redirects followed before the call fails with a network error (the fetch standard's limit). */
export const MAX_REDIRECTS = 20;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Headers that describe a body; dropped with it when a redirect turns the request into GET.
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];

/**
 * A redirect the client will not follow: it would carry a secret body (a refresh token) to
 * another origin, or to a place the runtime hides from scripts. The call resolves `CLIENT_ERROR`.
 */
export class RefusedRedirect extends TypeError {
  override name = 'RefusedRedirect';
}

/** The init the client hands to `fetch` (headers as a plain object, so a hop can edit them). */
export interface FetchInit extends RequestInit {
  method: string;
  headers: Record<string, string>;
  duplex?: 'half';
}

/** One request of a redirect chain: where it goes, with what. */
export interface Hop {
  readonly url: string;
  readonly init: FetchInit;
  /** Redirects followed to get here (0: the request as the call sends it). */
  readonly redirects: number;
  /**
   * Whether the session goes with this hop: it went with the first if the call carried it, and
   * a redirect to another origin removed it with the other origin-bound headers.
   */
  readonly carriesSession: boolean;
}

/**
 * Who follows a client's redirects: `'manual'`, the client itself, hop by hop; `'follow'`, the
 * platform. A client starts with `'manual'` where `fetch` shows redirects and switches to
 * `'follow'` for good when an opaque redirect shows that it does not.
 */
export interface RedirectState {
  mode: 'manual' | 'follow';
}

/** What the redirect rules read of a call. */
export interface RedirectRules {
  /** Names of the headers that never follow a redirect to another origin (any case). */
  readonly originBound: readonly string[];
  /** A secret body: sent to its origin only, or not at all. */
  readonly secret: boolean;
  /** Whether the request may be sent again (when the runtime turns out to hide redirects). */
  readonly repeatable: boolean;
  readonly state: RedirectState;
}

/**
 * Whether this runtime's `fetch` lets a script see a redirect: true in Node, Bun and Deno;
 * false in browsers (`redirect: 'manual'` gives an `opaqueredirect`, without status or
 * `Location`) and in React Native (its `fetch`, over `XMLHttpRequest`, always follows). A
 * runtime judged wrongly shows it with its first opaque redirect (see `nextHop`).
 *
 * @example
 * fetchShowsRedirects() // true in Node
 */
export function fetchShowsRedirects(): boolean {
  const runtime = globalThis as {
    navigator?: { product?: unknown };
    process?: { versions?: { node?: unknown } };
    Deno?: unknown;
    Bun?: unknown;
  };
  if (runtime.navigator?.product === 'ReactNative') return false;
  return (
    typeof runtime.process?.versions?.node === 'string' ||
    runtime.Deno !== undefined ||
    runtime.Bun !== undefined
  );
}

/**
 * The redirect state a client starts with: the client follows them itself where `fetch` shows
 * them, the platform does elsewhere (and always in the build for browsers and React Native).
 *
 * @example
 * createRedirectState().mode // 'manual' in Node, 'follow' in a browser
 */
export function createRedirectState(): RedirectState {
  if (typeof __BRIDGEKIT_BROWSER_BUILD__ === 'undefined' && fetchShowsRedirects()) {
    return { mode: 'manual' };
  }
  return { mode: 'follow' };
}

/**
 * The first hop of an attempt: the request as the call sends it. A secret body is sent with
 * `redirect: 'manual'` everywhere, so that no redirect is followed where the client cannot see it.
 *
 * @example
 * const hop = firstHop(url, init, rules, true);
 */
export function firstHop(
  url: string,
  init: FetchInit,
  rules: RedirectRules,
  carriesSession: boolean,
): Hop {
  init.redirect = rules.secret ? 'manual' : rules.state.mode;
  return { url, init, redirects: 0, carriesSession };
}

function networkError(message: string): Error {
  return Object.assign(new TypeError(message), { name: 'NetworkError' });
}

/**
 * The hop to send after `response`, or `undefined` when `response` is the answer: the redirect
 * the client follows by hand (`followRedirect`), or the same request once more for the platform
 * to follow when the runtime turned out to hide redirects.
 *
 * @throws RefusedRedirect when a secret body would follow a redirect to another origin, or one
 *   the runtime hides; a `NetworkError` for a redirect the client cannot follow
 * @example
 * let next = await nextHop(response, hop, rules);
 * while (next !== undefined) {
 *   hop = next;
 *   response = await fetch(hop.url, hop.init);
 *   next = await nextHop(response, hop, rules);
 * }
 */
export async function nextHop(
  response: Response,
  hop: Hop,
  rules: RedirectRules,
): Promise<Hop | undefined> {
  if (response.type === 'opaqueredirect') return sendAgainForThePlatform(hop, rules);
  if (rules.secret && response.redirected) {
    throw new RefusedRedirect('A request with a secret body was redirected');
  }
  if (
    typeof __BRIDGEKIT_BROWSER_BUILD__ === 'undefined' &&
    hop.init.redirect === 'manual' &&
    REDIRECT_STATUSES.has(response.status) &&
    response.headers.has('location')
  ) {
    return followRedirect(response, hop, rules);
  }
  return undefined;
}

/**
 * The hop a redirect leads to, by the fetch standard's rules: 301/302 turn POST into GET, 303
 * turns anything but GET/HEAD into GET (the body dropped), 307/308 keep method and body. On an
 * origin change the origin-bound headers (any case) and the credentials are removed for this
 * and every later hop. The redirect's own body is discarded.
 *
 * @throws RefusedRedirect when a secret body would go to another origin; a `NetworkError` for
 *   more than 20 redirects, a bad `Location`, or a streamed body that cannot be sent again
 */
async function followRedirect(response: Response, hop: Hop, rules: RedirectRules): Promise<Hop> {
  const location = response.headers.get('location')!;
  await response.body?.cancel().catch(() => {});
  if (hop.redirects >= MAX_REDIRECTS) throw networkError(`More than ${MAX_REDIRECTS} redirects`);
  const current = new URL(hop.url);
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    throw networkError(`Redirect to an invalid URL: ${location}`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw networkError(`Redirect to a non-http(s) URL: ${next.protocol}`);
  }
  const init: FetchInit = { ...hop.init, headers: { ...hop.init.headers } };
  const status = response.status;
  if (status !== 303 && init.body != null && init.duplex === 'half') {
    throw networkError('Cannot follow a redirect with a streamed body');
  }
  if (becomesGet(status, init.method)) {
    init.method = 'GET';
    init.body = undefined;
    delete init.duplex;
    for (const name of BODY_HEADERS) deleteHeader(init.headers, name);
  }
  const leavesOrigin = next.origin !== current.origin;
  if (leavesOrigin) {
    if (rules.secret) {
      throw new RefusedRedirect(
        `A request with a secret body is not sent to another origin (redirect to ${next.origin})`,
      );
    }
    for (const name of rules.originBound) deleteHeader(init.headers, name);
    // A session module's `credentials` (the cookies) belong to the base origin too.
    delete init.credentials;
  }
  return {
    url: next.href,
    init,
    redirects: hop.redirects + 1,
    carriesSession: hop.carriesSession && !leavesOrigin,
  };
}

// The fetch standard's method rules: which redirects turn the request into a GET without body.
function becomesGet(status: number, method: string): boolean {
  if (status === 301 || status === 302) return method === 'POST';
  if (status === 303) return method !== 'GET' && method !== 'HEAD';
  return false;
}

// The runtime hid a redirect (`opaqueredirect`): it does not show redirects after all, so the
// platform follows them from now on, and this request is sent again for it to follow.
function sendAgainForThePlatform(hop: Hop, rules: RedirectRules): Hop {
  if (rules.secret) throw new RefusedRedirect('A request with a secret body was redirected');
  rules.state.mode = 'follow';
  if (!rules.repeatable) {
    throw networkError('The server redirected and this runtime hides redirects from scripts');
  }
  return { ...hop, init: { ...hop.init, redirect: 'follow' } };
}
