/**
 * Preparing a call (docs/guide/requests.md, "URLs and params", "Headers", "Bodies";
 * docs/guide/auth.md, "Where the session comes from"): from the arguments of `client.get()` (or any
 * verb) to the `Call` the middleware lists see. Throws on bad input; the client turns a throw into
 * `CLIENT_ERROR`.
 */
import { mustBe } from '../checks';
import type { BridgeRequest, HttpMethod, ParamsSerializer, RequestOptions } from '../contract/http';
import { toSearchParams } from '../query/params';
import { isRawBody } from './body';
import { type Call, createCall } from './call';
import { watchCall } from './callEvents';
import { checkOptions } from './configCheck';
import { getHeader, headerMap, headerProblem, mergeHeaders, putHeader } from './headers';
import type { ClientSettings } from './settings';
import { isAbsoluteUrl, joinUrl, originOf } from './url';

/** The arguments of `client.request(method, endpoint, body?, options?)`. */
export interface CallArguments {
  method: HttpMethod;
  endpoint: string;
  body: unknown;
  options: RequestOptions | undefined;
}

/**
 * The call for a request: its URL with the params, its headers in layers (Accept, a JSON body's
 * Content-Type, the defaults, the session, the request's own), its time-out and signal. The
 * defaults and the session are only added for the base URL's origin. Synchronous unless the
 * session has to be read from the app's callback or from storage: the common call pays no
 * `await` here.
 *
 * @example
 * const call = await prepareCall(settings, { method: 'GET', endpoint: '/users', body: undefined, options });
 */
export function prepareCall(settings: ClientSettings, args: CallArguments): Call | Promise<Call> {
  const { method, endpoint, body, options } = args;
  if (typeof endpoint !== 'string') throw mustBe('endpoint', 'a string', endpoint);
  if (options !== undefined) checkOptions(options);
  const url = joinUrl(
    settings.base.href,
    endpoint,
    writeParams(options, settings.paramsSerializer),
  );
  const origin = isAbsoluteUrl(endpoint) ? originOf(url) : settings.base.origin;
  if (origin === undefined) throw new TypeError(`endpoint is not a valid URL: ${endpoint}`);
  const home = origin === settings.base.origin;
  const layers = home ? settings.firstHeaders.home : settings.firstHeaders.elsewhere;
  const jsonBody = body !== undefined && !isRawBody(body);
  const request: BridgeRequest = {
    method,
    url,
    headers: headerMap(jsonBody ? layers.json : layers.plain),
    body,
    timeout: options?.timeout ?? settings.timeout,
    signal: options?.signal,
  };
  if (options?.secret === true) request.secret = true;
  if (options?.responseType !== undefined) request.responseType = options.responseType;
  const includeSession = home && (options?.includeSession ?? settings.includeSession);
  const call = createCall({
    request,
    origin,
    withCredentials: includeSession && settings.credentials !== undefined,
    pinSession: options?.pinSession === true,
  });
  watchCall(call, settings.events, options?.query);
  const ownHeaders = options?.headers;
  if (!includeSession) return finishHeaders(call, settings, null, ownHeaders);
  const found = settings.session.resolve();
  if (typeof found === 'string' || found === null) {
    return finishHeaders(call, settings, found, ownHeaders);
  }
  return found.then((sessionId) => finishHeaders(call, settings, sessionId, ownHeaders));
}

/**
 * The query string of `options.params`: written by the request's or the client's
 * `paramsSerializer` when there is one, else in the default format.
 */
function writeParams(
  options: RequestOptions | undefined,
  serializer: ParamsSerializer | undefined,
): string {
  const write = options?.paramsSerializer ?? serializer;
  if (write === undefined || options?.params === undefined) return toSearchParams(options?.params);
  const query = write(options.params);
  if (typeof query !== 'string') throw mustBe('paramsSerializer(params)', 'a string', query);
  return query;
}

// The last two header layers: the session, then the request's own headers (the most specific
// intent wins). When the app did not choose the session header and the session is still in it
// afterwards, the call says where, so a dialect's transport can move it (`MiddlewareCall`).
function finishHeaders(
  call: Call,
  settings: ClientSettings,
  sessionId: string | null,
  ownHeaders: Record<string, string> | undefined,
): Call {
  const { headers } = call.request;
  const name = settings.sessionHeader;
  if (sessionId !== null) {
    // The one value not checked before it got here (it comes from storage or the app).
    const problem = headerProblem(name, sessionId);
    if (problem !== undefined) throw new TypeError(`the session: ${problem}`);
    putHeader(headers, name, sessionId);
    call.signedWith = sessionId;
  }
  if (ownHeaders !== undefined) mergeHeaders(headers, ownHeaders);
  if (
    sessionId !== null &&
    !settings.sessionHeaderChosen &&
    getHeader(headers, name) === sessionId
  ) {
    call.sessionHeader = name;
    if (ownHeaders !== undefined) call.ownHeaders = Object.keys(ownHeaders);
  }
  return call;
}
