import { connection } from 'next/server';

/**
 * The reference API (e.g. `http://127.0.0.1:4000/api`) from `BRIDGEKIT_API_URL`, read at
 * request time so one build runs against any API address. Synchronous, for proxy.ts.
 */
export function readApiUrl(): string {
  const url = process.env.BRIDGEKIT_API_URL;
  if (!url)
    throw new Error('Set BRIDGEKIT_API_URL to the Bridgekit API, e.g. http://127.0.0.1:4000/api');
  return url.replace(/\/+$/, '');
}

/**
 * `readApiUrl()` for server components: `connection()` first marks the page as rendered per
 * request, so the build never prerenders it (the variable is only known at run time).
 */
export async function apiUrl(): Promise<string> {
  await connection();
  return readApiUrl();
}
