import { raw } from '../helpers';

/** A JSON request to the API at `url`, with an optional session header. */
export function authCall(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  session?: string,
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (session) headers['x-session-id'] = session;
  return raw(`${url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
