/**
 * `dialectTransport`: a dialect's transport part (envelope, errors, session header) from its
 * declarative parts, as the one middleware the client runs innermost. The kernel knows nothing
 * of backends: it puts the session in its own header, unwraps envelopes unless a request says
 * not to, and tracks the session by its value wherever this middleware moves it.
 */
import type { DialectErrorContext, DialectErrorFields, DialectSession } from '../contract/dialect';
import { rejectUnknownKeys } from '../checks';
import { deleteHeader, getHeader, headerMap, putHeader } from '../client/headers';
import type { Middleware } from '../contract/http';

/** The declarative transport parts of a backend, for `dialectTransport`. */
export interface DialectTransportParts {
  /**
   * `false`: the backend sends no `{ success, data }` envelopes; `data` is the body as sent.
   * Say so on the dialect too (`envelope: false`): the types read it there. `restProvider`
   * does both. @default envelopes are unwrapped
   */
  envelope?: false;
  /**
   * How the session travels. An explicit `ClientConfig.sessionHeader` wins (then neither
   * `header` nor `scheme` applies), and so does a header of this name in the request's own
   * `options.headers` (`MiddlewareCall.ownHeaders`); the session replaces a default header of
   * this name, as the client's own session header does. @default `X-Session-ID`, no scheme
   */
  session?: DialectSession;
  /**
   * A failure's body -> `error`, `code`, `errors`; `undefined` (or a throw) keeps the default
   * fields. The body is the failed answer's `data`: the body as sent with `envelope: false`,
   * else the envelope's `data` (the whole body when it is not an envelope).
   */
  errors?(body: unknown, response: DialectErrorContext): DialectErrorFields | undefined;
}

/**
 * The transport part of a dialect (`Dialect.transport`) from its declarative parts: moves the
 * session to the backend's header and scheme, turns envelopes off, maps error bodies.
 *
 * @throws TypeError naming the part when `session` or `errors` is not of its type, or a part
 *   is not one of these
 * @example
 * const myApi: Dialect = {
 *   name: 'my-api',
 *   envelope: false,
 *   transport: dialectTransport({
 *     envelope: false,
 *     session: { header: 'Authorization', scheme: 'Bearer' },
 *     errors: (body: any) => ({ error: body?.detail, errors: body?.fields }),
 *   }),
 * };
 * const api = createClient('https://h/api', { dialect: myApi });
 */
export function dialectTransport(parts: DialectTransportParts): Middleware {
  const { envelope, session, errors, ...unknown } = parts;
  rejectUnknownKeys(unknown, [], { where: 'parts', factory: 'dialectTransport' });
  if (session && typeof session.header !== 'string') {
    throw new TypeError('parts.session.header must be a header name');
  }
  if (errors && typeof errors !== 'function') {
    throw new TypeError('parts.errors must be a function');
  }
  return async (request, next, call) => {
    let { headers } = request;
    const { sessionHeader, ownHeaders } = call;
    const id = sessionHeader && getHeader(headers, sessionHeader);
    if (session && id) {
      // A copy: a replay hands this step the request as it was, with the session in place.
      headers = headerMap(headers);
      deleteHeader(headers, sessionHeader!);
      // The request's own header of the dialect's name wins; a default one loses to the session.
      const name = session.header.toLowerCase();
      if (!ownHeaders?.some((own) => own.toLowerCase() === name)) {
        putHeader(headers, session.header, session.scheme ? `${session.scheme} ${id}` : id);
      }
    }
    const response = await next({ ...request, headers, envelope: envelope ?? request.envelope });
    // A failure with a body had an HTTP answer (the ones without have no `data`).
    if (response.success || !errors || response.data === undefined) return response;
    try {
      // A failure with a body is its own context: it has the answer's status and headers.
      const mapped = errors(response.data, response as DialectErrorContext);
      const { error, code, errors: fields } = mapped ?? {};
      return {
        ...response,
        ...(error && { error }),
        ...(code !== undefined && { code }),
        ...(fields !== undefined && { errors: fields }),
      };
    } catch {
      // A failing mapping must not hide the server's answer: the default fields stand.
      return response;
    }
  };
}
