import { createAuthMiddleware } from '@bridgekit/nextjs/server';
import { type NextRequest, NextResponse } from 'next/server';
import { readApiUrl } from './lib/apiUrl';

const requireSession = createAuthMiddleware({
  baseUrl: readApiUrl,
  loginPath: '/login',
  protectedPaths: ['/account', '/products'],
});

/**
 * Next 16 proxy (formerly middleware):
 * - `/api/*` is forwarded to the Bridgekit API, so the browser only ever talks to this
 *   origin (first-party cookies, no CORS);
 * - pages under `/account` and `/products` need a valid session, else → /login?next=….
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    return NextResponse.rewrite(
      new URL(`${readApiUrl()}${pathname.slice('/api'.length)}${search}`),
    );
  }
  return (await requireSession(request)) ?? NextResponse.next();
}

export const config = {
  matcher: ['/api/:path*', '/account/:path*', '/products/:path*'],
};
