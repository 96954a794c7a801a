/**
 * `dialectTransport`: a dialect's transport part (envelope, errors, session header) from its
 * declarative parts, as the one middleware the client runs innermost. The kernel knows nothing
 * of backends: it puts the session in its own header, unwraps envelopes unless a request says
 * not to, and tracks the session by its value wherever this middleware moves it.
 */
import { mustBe } from '../argumentError';
import type { DialectErrorContext, DialectErrorFields, DialectSession } from '../dialect';
import { deleteHeader, getHeader, headerMap, putHeader } from '../headers';
import type { Middleware } from '../types';

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
   * `header` nor `scheme` applies), and so does a header of this name already on the request
   * (`options.headers`, a default header, an interceptor's). @default `X-Session-ID`, no scheme
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
 * @throws TypeError naming the part when one is not of its type
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
  if (typeof parts !== 'object' || parts === null) throw mustBe('parts', 'an object', parts);
  const { envelope, session, errors } = parts;
  if (session !== undefined && typeof session?.header !== 'string') {
    throw mustBe('parts.session', 'an object with a header name', session);
  }
  if (errors !== undefined && typeof errors !== 'function') {
    throw mustBe('parts.errors', 'a function', errors);
  }
  return async (request, next, call) => {
    let headers = request.headers;
    const from = call.sessionHeader;
    const id = from === undefined ? undefined : getHeader(headers, from);
    if (session && id !== undefined) {
      // A copy: a replay hands this step the request as it was, still with the session at `from`.
      headers = headerMap(headers);
      deleteHeader(headers, from!);
      if (getHeader(headers, session.header) === undefined) {
        putHeader(headers, session.header, session.scheme ? `${session.scheme} ${id}` : id);
      }
    }
    const response = await next(
      headers === request.headers && envelope !== false
        ? request
        : { ...request, headers, ...(envelope === false && { envelope }) },
    );
    if (response.success || !errors || response.data === undefined || !response.headers) {
      return response;
    }
    let fields: DialectErrorFields | undefined;
    try {
      fields = errors(response.data, { status: response.status, headers: response.headers });
    } catch {
      // A failing mapping must not hide the server's answer: the default fields stand.
    }
    if (!fields) return response;
    const out = { ...response };
    if (fields.error) out.error = fields.error;
    if (fields.code !== undefined) out.code = fields.code;
    if (fields.errors !== undefined) out.errors = fields.errors;
    return out;
  };
}
