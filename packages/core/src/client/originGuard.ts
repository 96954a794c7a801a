/**
 * The origin guard: the last step before the network, after every middleware
 * (docs/guide/requests.md, "Redirects and the origin guard"). What belongs to the API at baseUrl
 * (the session, in whatever header a step moved or copied it to; the default headers; a session
 * module's credentials) reaches only the origin of baseUrl, and a secret body goes there or
 * nowhere, whatever a middleware or an absolute endpoint did. The redirect rules (`redirects.ts`)
 * keep the same promise for redirects.
 */
import { sessionCarriers } from '../session/sessionHeaders';
import type { Call } from './call';
import { deleteHeader, getHeader, headersProblem } from './headers';
import type { ClientSettings } from './settings';
import { originOf } from './url';

const HTTP_ORIGIN = /^https?:/;

/**
 * Checks the call's request for the network and keeps what belongs to the base origin there:
 * for another origin, every header carrying the session the client added (found by its value,
 * whatever its name) and every default header still holding its default value are removed, and
 * a secret request is refused. A value a step set for the other origin itself is its own choice
 * and is kept.
 *
 * @returns whether the request goes to the origin of baseUrl (a session module's credentials go
 *   with it only then)
 * @throws TypeError for a request that must not or cannot be sent
 * @example
 * const toBaseOrigin = guardOrigin(call, settings);
 */
export function guardOrigin(call: Call, settings: ClientSettings): boolean {
  const { request } = call;
  const origin = request.url === call.built.url ? call.built.origin : originOf(request.url);
  if (origin === undefined || !HTTP_ORIGIN.test(origin)) {
    throw new TypeError(`RequestConfig.url must be an absolute http(s) URL: ${request.url}`);
  }
  const toBaseOrigin = origin === settings.base.origin;
  if (!toBaseOrigin) {
    if (call.secret) {
      throw new TypeError(
        `A request with a secret body is only sent to ${settings.base.origin}, not to ${origin}`,
      );
    }
    for (const name of sessionCarriers(request.headers, call.signedWith)) {
      delete request.headers[name];
    }
    for (const name of Object.keys(settings.defaults)) {
      if (getHeader(request.headers, name) === settings.defaults[name]) {
        deleteHeader(request.headers, name);
      }
    }
  }
  // The defaults, the session and the request's own headers were checked on the way in; only a
  // middleware or an interceptor can have added something unchecked since.
  if (call.passedMiddleware) {
    const problem = headersProblem(request.headers);
    if (problem !== undefined) throw new TypeError(problem);
  }
  return toBaseOrigin;
}
