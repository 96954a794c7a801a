/**
 * "Copy as cURL": a recorded call as the `curl` command that sends the same request, credentials
 * left redacted (the command shows where they go: put your own in).
 */
import type { RecordedCall } from '../record/recorderState';

/** `text` as one shell word: in single quotes, a quote inside written `'\''`. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The `curl` command of a recorded call's request; `undefined` before its request was recorded.
 * A JSON body is sent as recorded (credentials redacted); a body the events only summarise
 * (a form, a file, a secret) is left out, and a comment line says so.
 *
 * @example
 * const command = toCurl(call);
 * // curl 'https://api.example.com/api/products?limit=5' -H 'Accept: application/json' -H 'X-Session-ID: [redacted]'
 */
export function toCurl(call: RecordedCall): string | undefined {
  const { request } = call;
  if (!request) return undefined;
  const parts = ['curl'];
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push(quote(request.url));
  for (const [name, value] of Object.entries(request.headers)) {
    parts.push('-H', quote(`${name}: ${value}`));
  }
  const { body } = request;
  if (body?.value !== undefined) {
    parts.push('--data-raw', quote(JSON.stringify(body.value)));
  } else if (body) {
    const what = body.secret ? 'a secret body' : `a ${body.kind} body`;
    return `# ${what} is not shown\n${parts.join(' ')}`;
  }
  return parts.join(' ');
}
