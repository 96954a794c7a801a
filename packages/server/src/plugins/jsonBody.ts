import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../HttpError';

type Done = (err: Error | null, value?: unknown) => void;

/**
 * How deeply a JSON body may nest arrays and objects. No body this server takes goes past 2
 * levels; the limit keeps every walk of a body (the `Idempotency-Key` fingerprint, logging,
 * serializing) far from the call-stack limit, which a few kilobytes of brackets would reach.
 */
export const JSON_BODY_MAX_DEPTH = 64;

// The deepest nesting of arrays and objects in a JSON text, counted in one pass without
// recursion (brackets inside strings do not count). Stops counting past `limit`.
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON bodies (`application/json` and `application/*+json`): an empty body is "no body" (like
 * a DELETE sent with a JSON content type), and malformed JSON, or JSON nested deeper than
 * `JSON_BODY_MAX_DEPTH`, is the client's mistake, a 400 with the envelope, never a 500.
 * Fastify's own parser still guards against prototype poisoning.
 *
 * @example
 * app.register(jsonBodyPlugin);
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error') as (
      request: unknown,
      body: string,
      done: Done,
    ) => void;
    const jsonParser = (request: unknown, body: string | Buffer, done: Done) => {
      const text = String(body);
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      if (nestingExceeds(text, JSON_BODY_MAX_DEPTH)) {
        done(
          new HttpError(
            400,
            `JSON body nested more than ${JSON_BODY_MAX_DEPTH} levels deep (arrays and objects)`,
          ),
          undefined,
        );
        return;
      }
      parseJson(request, text, (err, value) => {
        if (err) done(new HttpError(400, 'Malformed JSON body'), undefined);
        else done(null, value);
      });
    };
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonParser);
    app.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: 'string' }, jsonParser);
  },
  { name: 'bridgekit-json-body' },
);
