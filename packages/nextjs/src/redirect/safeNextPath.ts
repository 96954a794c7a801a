/**
 * Returns `next` when it is a same-origin path, else `fallback`, so a login page that
 * honours `?next=` cannot be turned into an open redirect (`//evil.test`, `https://…`,
 * `/\evil.test`).
 *
 * @example
 * safeNextPath('/account?tab=2') // '/account?tab=2'
 * safeNextPath('https://evil.test') // '/'
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (typeof next !== 'string' || !next.startsWith('/')) return fallback;
  if (next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // Control characters can be normalized away by browsers into `//`.
  for (let i = 0; i < next.length; i++) if (next.charCodeAt(i) < 0x20) return fallback;
  return next;
}
