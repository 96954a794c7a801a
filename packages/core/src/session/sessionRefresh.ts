/**
 * Refresh-and-replay as a middleware: when a 401 answers a request that carried the session,
 * ask the refresher once and, if it got a new session, send the request once more (the
 * transport signs a replay with the current session). A 401 to a session that was already
 * replaced meanwhile replays without asking. The auth lifecycle registers one with `use()`.
 */
import type { Middleware } from '../contract/http';

/**
 * @param refresher resolves `true` once it got a new session (a throw counts as `false` and
 *   reaches `onError`)
 * @param currentSession the client's session now (`client.getSessionId()`)
 * @example
 * client.use(sessionRefresh(() => lifecycle.refreshSession(), () => client.getSessionId()));
 */
export function sessionRefresh(
  refresher: () => Promise<boolean>,
  currentSession: () => Promise<string | null>,
): Middleware {
  // Cookie mode: bumped by each successful refresh, so a 401 to a request sent before it
  // replays without asking again (what comparing session ids does in token mode).
  let epoch = 0;
  return async (request, next, call) => {
    const started = epoch;
    const response = await next(request);
    if (!call.rejected || !call.replayable) return response;
    let replaced: boolean;
    if (call.session === null) {
      replaced = epoch !== started || (await refresher()) === true;
      if (replaced && epoch === started) epoch++;
    } else {
      const now = await currentSession();
      replaced = now !== call.session ? now !== null : (await refresher()) === true;
    }
    return replaced ? next(request) : response;
  };
}
