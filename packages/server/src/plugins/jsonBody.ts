import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../HttpError';

type Done = (err: Error | null, value?: unknown) => void;

/**
 * JSON bodies (`application/json` and `application/*+json`): an empty body is "no body" (like
 * a DELETE sent with a JSON content type), and malformed JSON is the client's mistake, a 400
 * with the envelope, never a 500. Fastify's own parser still guards against prototype
 * poisoning.
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
