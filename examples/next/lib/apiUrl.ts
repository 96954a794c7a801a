/**
 * The reference API (e.g. `http://127.0.0.1:4000/api`), read on the server at request time
 * so one build runs against any API address.
 */
export function apiUrl(): string {
  const url = process.env.BRIDGEKIT_API_URL;
  if (!url)
    throw new Error('Set BRIDGEKIT_API_URL to the Bridgekit API, e.g. http://127.0.0.1:4000/api');
  return url.replace(/\/+$/, '');
}
