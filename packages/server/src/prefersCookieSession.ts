import type { FastifyRequest } from 'fastify';

/**
 * Whether a request asks for a cookie session with the RFC 7240 preference
 * `Prefer: session=cookie`. Every `Prefer` header counts, preferences are separated by
 * commas, names compare case-insensitively, the value may be quoted and parameters after `;`
 * are ignored; an unknown preference is ignored, as RFC 7240 asks.
 *
 * @example
 * prefersCookieSession(request); // true for `Prefer: respond-async, session=cookie`
 */
export function prefersCookieSession(request: FastifyRequest): boolean {
  const header = request.headers.prefer;
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return values.some((value) =>
    value.split(',').some((preference) => {
      const [name = '', raw = ''] = (preference.split(';')[0] ?? '').split('=', 2);
      const setting = raw.trim().replace(/^"(.*)"$/, '$1');
      return name.trim().toLowerCase() === 'session' && setting.toLowerCase() === 'cookie';
    }),
  );
}
