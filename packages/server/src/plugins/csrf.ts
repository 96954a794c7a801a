import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody, HttpError } from '../HttpError';

/** Options of `csrfPlugin`. */
export interface CsrfOptions {
  /** Origins trusted cross-site (the CORS allow-list). */
  origins: readonly string[];
  /** Lower-case session header name. */
  sessionHeader: string;
  sessionCookie: string;
  /** The refresh-token cookie of a cookie session: a credential like the session cookie. */
  refreshCookie?: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request comes from another site's page, judged as browsers report it:
 * `Sec-Fetch-Site` when sent (`same-origin` and `none`, a typed URL or bookmark, are fine),
 * else `Origin` against the `Host` the request was sent to. A request with neither header is
 * not from a browser page (curl, a server, a test), so there is no victim's cookie to abuse.
 * Trusted origins are never cross-site.
 *
 * @example
 * isCrossSite({ origin: 'https://evil.test', host: 'localhost:4000' }, new Set()); // true
 */
export function isCrossSite(
  headers: FastifyRequest['headers'],
  trusted: ReadonlySet<string>,
): boolean {
  const origin = typeof headers.origin === 'string' ? headers.origin : undefined;
  if (origin !== undefined && trusted.has(origin)) return false;
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== headers.host;
  } catch {
    // `Origin: null` (sandboxed frames, some redirects) and garbage: not this site.
    return true;
  }
}

/**
 * CSRF defence for sessions carried by cookie: a state-changing request (not GET, HEAD or
 * OPTIONS) that authenticates by the session (or refresh-token) cookie alone, without the session header, is
 * refused with 403 when it comes from another site (see `isCrossSite`). A request that sends
 * the session header needs no check: a page of another origin can only add that header after
 * a CORS preflight, which only listed origins pass.
 *
 * @example
 * app.register(csrfPlugin, { origins: [], sessionHeader: 'x-session-id', sessionCookie: 'session_id' });
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: CsrfOptions) => {
    const trusted = new Set(options.origins);
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (request.headers[options.sessionHeader]) return;
      const cookies = request.cookies ?? {};
      const refresh = options.refreshCookie && cookies[options.refreshCookie];
      if (!cookies[options.sessionCookie] && !refresh) return;
      if (!isCrossSite(request.headers, trusted)) return;
      return reply
        .code(403)
        .send(
          errorBody(
            new HttpError(
              403,
              `Cross-site ${request.method} with a session cookie refused: send the session in the ${options.sessionHeader} header`,
            ),
          ),
        );
    });
  },
  { name: 'bridgekit-csrf', dependencies: ['@fastify/cookie'] },
);
