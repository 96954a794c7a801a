/**
 * The innermost step of a call: sign a replay with the current session, run the origin guard,
 * then the attempt loop (`sendRequest`). Writes what happened into the call's state, so the
 * middlewares can tell whether the session went out and was rejected. Never throws.
 */
import { guardRequest } from './originGuard';
import { type CallState, clientError } from './pipeline';
import type { Prepared, PrepareContext } from './prepareRequest';
import { isRetryableRequest } from './retry';
import { type SendContext, sendWithRetries } from './sendRequest';
import { sessionCarriers } from '../session/sessionCarriers';
import type { ApiResponse, BridgeRequest } from '../contract/http';

/** What the transport reads from the client (replaced when the defaults change). */
export interface TransportContext {
  readonly prepare: PrepareContext;
  readonly send: SendContext;
  readonly report: (error: unknown) => void;
  /** Whether middlewares ran: their headers are checked by the guard. */
  readonly hooked: boolean;
}

// A replay carries the session current now (a refresh replaced it), if it carried ours: in
// every header carrying it, whatever its name and scheme (`Bearer <old>` -> `Bearer <new>`).
async function resign(ctx: PrepareContext, request: BridgeRequest, prepared: Prepared) {
  const old = prepared.session;
  const names = sessionCarriers(request.headers, old);
  if (names.length === 0) return;
  const now = await ctx.session.resolve();
  if (now === null) return;
  for (const name of names) {
    request.headers[name] = request.headers[name]!.slice(0, -old!.length) + now;
  }
  prepared.session = now;
}

/**
 * Sends one request of a call (the first send, or a replay).
 *
 * @example
 * const response = await transport(env, request, call, prepared);
 */
export async function transport(
  env: TransportContext,
  request: BridgeRequest,
  call: CallState,
  prepared: Prepared,
): Promise<ApiResponse> {
  const ctx = env.prepare;
  let sent: ReturnType<typeof guardRequest>;
  try {
    if (call.sends++ > 0) await resign(ctx, request, prepared);
    sent = guardRequest(ctx, request, prepared, env.hooked, call.secret);
  } catch (error) {
    env.report(error);
    return clientError(error);
  }
  const headers = request.headers;
  // The session went out when some header carries it now, under whatever name.
  const carriers = sessionCarriers(headers, prepared.session);
  const withSession = prepared.credentials
    ? sent.init.credentials !== undefined
    : carriers.length > 0;
  const result = await sendWithRetries(env.send, request.url, sent.init, {
    // A redirect to another origin drops them too, whatever they are named (no new list per
    // call when the request carries no session).
    originBound: carriers.length > 0 ? env.send.originBound.concat(carriers) : env.send.originBound,
    timeout: request.timeout ?? ctx.timeout,
    signal: request.signal,
    replayable: !sent.stream && isRetryableRequest(request.method, headers),
    sessionSent: withSession,
    envelope: request.envelope !== false,
    secret: call.secret,
  });
  if (result.error !== undefined) env.report(result.error);
  call.sessionSent = result.sessionSent;
  call.session = result.sessionSent && !prepared.credentials ? prepared.session : null;
  call.replayable = !sent.stream;
  call.rejected = result.sessionSent && result.response.status === 401;
  return result.response;
}
