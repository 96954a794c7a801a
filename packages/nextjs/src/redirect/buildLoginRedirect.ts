/**
 * The login URL a guarded request is sent to: `loginPath` on the request's origin with the
 * original path and query in `next`.
 *
 * @example
 * buildLoginRedirect('https://app.test/account?tab=2', '/login').href
 * // 'https://app.test/login?next=%2Faccount%3Ftab%3D2'
 */
export function buildLoginRedirect(
  requestUrl: string | URL,
  loginPath = '/login',
  nextParam = 'next',
): URL {
  if (typeof loginPath !== 'string' || !loginPath.startsWith('/') || loginPath.startsWith('//')) {
    throw new TypeError(
      `buildLoginRedirect: loginPath must be a path starting with "/", got ${JSON.stringify(loginPath)}`,
    );
  }
  if (typeof nextParam !== 'string' || nextParam === '') {
    throw new TypeError('buildLoginRedirect: nextParam must be a non-empty string');
  }
  const original = new URL(requestUrl);
  const target = new URL(loginPath, original.origin);
  const next = `${original.pathname}${original.search}`;
  // Sending the login page to itself would only nest `next` parameters.
  if (original.pathname !== target.pathname) target.searchParams.set(nextParam, next);
  return target;
}
