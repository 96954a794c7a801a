/**
 * The queue's middleware on its client. Every write gets an `Idempotency-Key` (and, on a backend
 * that keeps client ids, a create gets an id); a write that starts while the platform is offline,
 * while the server asked to wait, or while older writes of its user wait, is kept and answered
 * `QUEUED` once stored; one that ends without an answer is kept then. Writes to one record take
 * turns (`exclusive` on the record): a write waits for the one before it to be answered or kept,
 * so it can never overtake it. A replay passes through, only while its own user is signed in.
 */
import { isRecord } from '../checks';
import { getHeader, headerMap, putHeader } from '../client/headers';
import { failure } from '../client/response';
import type { DialectCreates } from '../contract/dialect';
import type { ApiResponse, BridgeRequest, Middleware, Next } from '../contract/http';
import { exclusive } from './exclusive';
import type { QueueContext } from './queueContext';
import {
  endpointOf,
  isLostAnswer,
  isStorableBody,
  isWrite,
  KEY_HEADER,
  keptHeaders,
  queuedAnswer,
  recordOf,
  refusedAnswer,
} from './queuedRequest';
import { reportWrite } from './queueEvents';
import { publicWrite } from './queueState';
import { randomUuid } from './randomId';
import type { ReplayLoop } from './replayLoop';
import type { NewWrite } from './writeStore';

const MAY_HAVE_BEEN_APPLIED =
  'it may have been applied (this backend cannot tell a repeat): check, then resend or discard it';

/** `request` with its key, and a create with a client-made id where the backend keeps one. */
function prepared(request: BridgeRequest, id: string, creates: DialectCreates): BridgeRequest {
  let sent = request;
  if (getHeader(request.headers, KEY_HEADER) === undefined) {
    const headers = headerMap(request.headers);
    putHeader(headers, KEY_HEADER, id);
    sent = { ...sent, headers };
  }
  const { body } = sent;
  if (
    creates.repeat === 'client-id' &&
    sent.method === 'POST' &&
    isRecord(body) &&
    body[creates.field] === undefined
  ) {
    sent = { ...sent, body: { ...body, [creates.field]: randomUuid() } };
  }
  return sent;
}

/** The id a create gives its record (client-made ids), to order it with later writes to it. */
function createdId(request: BridgeRequest, creates: DialectCreates): string | undefined {
  if (creates.repeat !== 'client-id' || request.method !== 'POST') return undefined;
  const id = isRecord(request.body) ? request.body[creates.field] : undefined;
  return id === undefined || id === null ? undefined : String(id);
}

/**
 * The middleware of the queue over `context`; `loop` replays what it keeps.
 *
 * @example
 * const remove = client.use(queueMiddleware(context, loop));
 */
export function queueMiddleware(context: QueueContext, loop: ReplayLoop): Middleware {
  const { client, auth, connectivity, settings, state } = context;

  /** The write as the queue keeps it, with the version of its record the user saw. */
  const toWrite = (sent: BridgeRequest, id: string): NewWrite => {
    const ifMatch = getHeader(sent.headers, 'if-match');
    const known = ifMatch === undefined ? undefined : context.versions?.get(sent.url);
    return {
      id,
      key: getHeader(sent.headers, KEY_HEADER) ?? id,
      method: sent.method as NewWrite['method'],
      endpoint: endpointOf(sent.url, settings.base),
      body: sent.body,
      headers: keptHeaders(sent, client),
      queuedAt: Date.now(),
      attempts: 0,
      userId: context.userId(),
      status: 'pending',
      ...(ifMatch !== undefined && { ifMatch }),
      ...(known !== undefined && known.etag === ifMatch && { base: known.record }),
    };
  };

  const sendOrKeep = async (sent: BridgeRequest, id: string, next: Next) => {
    await auth.ready;
    const write = toWrite(sent, id);
    const online = connectivity.isOnline();
    const held = state.model.heldUntil > Date.now();
    if (!online || held || (await context.hasPending(write.userId))) {
      let reason = 'Earlier changes are still waiting';
      if (held) reason = 'The server asked to wait';
      if (!online) reason = 'Offline';
      let kept: Awaited<ReturnType<typeof context.keep>>;
      try {
        kept = await context.keep(write);
      } catch (error) {
        return refusedAnswer(undefined, error);
      }
      reportWrite(context, 'queued', kept, { reason });
      // During the server's wait nothing starts a replay: its timer does.
      if (!held) void loop.replay();
      return queuedAnswer(reason, publicWrite(kept));
    }
    const response = await next(sent);
    if (!isLostAnswer(response)) return response;
    // It may have been applied: a repeat is safe where the backend can tell one.
    const unsure = write.method === 'POST' && settings.creates.repeat === 'none';
    const reason = response.error ?? 'No answer';
    let kept: Awaited<ReturnType<typeof context.keep>>;
    try {
      kept = await context.keep({
        ...write,
        attempts: 1,
        error: reason,
        ...(unsure && { status: 'unknown' }),
      });
    } catch (error) {
      return refusedAnswer(response, error);
    }
    // Sent once, without an answer.
    const tried = { attempts: 1, status: 0 };
    if (unsure) {
      reportWrite(context, 'parked', kept, { ...tried, reason: `unknown: ${reason}` });
      return queuedAnswer(reason, publicWrite(kept), MAY_HAVE_BEEN_APPLIED);
    }
    reportWrite(context, 'queued', kept, { ...tried, reason });
    loop.retryLater(1);
    return queuedAnswer(reason, publicWrite(kept));
  };

  return async (request, next): Promise<ApiResponse> => {
    const given = getHeader(request.headers, KEY_HEADER);
    if (given !== undefined && context.replaying.has(given)) {
      // A replay goes out only under its own user's session: the one signed in now.
      if (context.replaying.get(given) === context.userId()) return next(request);
      return failure('ABORTED', 'Not sent: the user who made this write is no longer signed in');
    }
    if (!isWrite(request.method) || request.secret || settings.isAccount(request.url)) {
      return next(request);
    }
    const id = given ?? randomUuid();
    const sent = prepared(request, id, settings.creates);
    if (!context.store || !isStorableBody(sent.body)) return next(sent);
    const record = recordOf(sent.url, createdId(sent, settings.creates));
    return exclusive(`${settings.lock}:record:${record}`, () => sendOrKeep(sent, id, next));
  };
}
