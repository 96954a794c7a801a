/**
 * The innermost step of a call: sign a replay with the current session, run the origin guard,
 * then the attempt loop (`sendRequest`). Writes what happened into the call's state, so the
 * middlewares can tell whether the session went out and was rejected. Never throws.
 */
import { getHeader, putHeader } from './headers';
import { guardRequest } from './originGuard';
import { type CallState, clientError } from './pipeline';
import { type Prepared, type PrepareContext, sessionValue } from './prepareRequest';
import { isRetryableRequest } from './retry';
import { type SendContext, sendWithRetries } from './sendRequest';
import type { ApiResponse, BridgeRequest } from './types';

/** What the transport reads from the client (replaced when the defaults change). */
export interface TransportContext {
  readonly prepare: PrepareContext;
  readonly send: SendContext;
  readonly report: (error: unknown) => void;
  /** Whether middlewares ran: their headers are checked by the guard. */
  readonly hooked: boolean;
}

// A replay carries the session current now (a refresh replaced it), if it carried ours.
async function resign(ctx: PrepareContext, request: BridgeRequest, prepared: Prepared) {
  if (prepared.session === null) return;
  const sent = getHeader(request.headers, ctx.sessionHeader);
  if (sent !== sessionValue(ctx, prepared.session)) return;
  const now = await ctx.session.resolve();
  if (now === null) return;
  putHeader(request.headers, ctx.sessionHeader, sessionValue(ctx, now));
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
  const withSession = prepared.credentials
    ? sent.init.credentials !== undefined
    : prepared.session !== null && getHeader(headers, ctx.sessionHeader) !== undefined;
  const result = await sendWithRetries(env.send, request.url, sent.init, {
    timeout: request.timeout ?? ctx.timeout,
    signal: request.signal,
    replayable: !sent.stream && isRetryableRequest(request.method, headers),
    sessionSent: withSession,
    secret: call.secret,
  });
  if (result.error !== undefined) env.report(result.error);
  call.sessionSent = result.sessionSent;
  call.session = result.sessionSent && !prepared.credentials ? prepared.session : null;
  call.replayable = !sent.stream;
  call.rejected = result.sessionSent && result.response.status === 401;
  return result.response;
}
