/**
 * A call: one request in flight, from `client.get()` to `fetch` and back. `prepareCall` creates
 * it; the middleware lists, the origin guard, the attempts and the redirects all read and update
 * this one object; `settleCall` writes what the network answered. A middleware sees it through
 * its read-only view, `MiddlewareCall`.
 */
import type { ApiResponse, BridgeRequest, MiddlewareCall } from '../contract/http';
import type { CallWatch } from './callEvents';

/** One request in flight. */
export interface Call extends MiddlewareCall {
  /**
   * The request as it will be sent: what preparation built, then what each step passed on
   * (`setRequest`). The origin guard and the attempts send this one.
   */
  request: BridgeRequest;
  /**
   * The URL and body as preparation built them, and that URL's origin: the origin guard parses
   * the URL again only when a step changed it, and the body's `Content-Type` follows a step
   * that replaced the body.
   */
  readonly built: { readonly url: string; readonly body: unknown; readonly origin: string };
  /** The session the client put in the request (`null`: none); a replay is re-signed with the current one. */
  signedWith: string | null;
  /** Whether a session module's credentials (`cookieSession`) go with the request. */
  readonly withCredentials: boolean;
  /** Sticky: once the options or any step marked the body secret, the call is. */
  secret: boolean;
  /** Whether a middleware or an interceptor saw the request: the guard checks its headers again. */
  passedMiddleware: boolean;
  /** How many times `send` ran for it: a replay (a middleware calling `next` again) is the second. */
  sends: number;
  /** How many times it was handed to `fetch`, retries included (redirect hops are not counted). */
  attempts: number;
  /** Set when someone listened to the client's events as the call started: it reports its life. */
  watch: CallWatch | undefined;
  // `MiddlewareCall`'s: where the session is (written by preparation), then what the last send
  // did (written as the request goes out and when the send settles).
  sessionHeader: string | undefined;
  ownHeaders: readonly string[] | undefined;
  sessionSent: boolean;
  session: string | null;
  replayable: boolean;
  rejected: boolean;
}

/** What a call starts from: the request as built, its origin, whether a session module's credentials go. */
export interface CallStart {
  request: BridgeRequest;
  origin: string;
  withCredentials?: boolean;
}

/**
 * A new call, without a session and nothing sent yet (`prepareCall` signs it).
 *
 * @example
 * const call = createCall({ request, origin: 'https://api.example.com' });
 */
export function createCall(start: CallStart): Call {
  const { request } = start;
  return {
    request,
    built: { url: request.url, body: request.body, origin: start.origin },
    signedWith: null,
    withCredentials: start.withCredentials ?? false,
    sessionHeader: undefined,
    ownHeaders: undefined,
    secret: request.secret === true,
    passedMiddleware: false,
    sends: 0,
    attempts: 0,
    watch: undefined,
    sessionSent: false,
    session: null,
    replayable: true,
    rejected: false,
  };
}

/**
 * Hands the call on with `request`, the one a step passed to `next` (or an interceptor
 * returned). A request marked secret makes the call secret for good.
 *
 * @example
 * setRequest(call, { ...call.request, url: other });
 */
export function setRequest(call: Call, request: BridgeRequest): void {
  call.request = request;
  if (request.secret === true) call.secret = true;
}

/**
 * Settles one send of the call with its answer: whether the session reached the server that
 * answered (`sessionSent`, set as the request went out) decides `session` and `rejected` (a 401
 * to a request that carried the session).
 *
 * @example
 * return settleCall(call, await readResponse(response));
 */
export function settleCall(call: Call, outcome: ApiResponse): ApiResponse {
  // Without an HTTP response, the session reached no server.
  if (outcome.status === 0) call.sessionSent = false;
  call.session = call.sessionSent && !call.withCredentials ? call.signedWith : null;
  call.rejected = call.sessionSent && outcome.status === 401;
  return outcome;
}
