/**
 * What the oracle tests compare: the one request an operation sent to the recording server,
 * read the way the backend reads it. Shared by the Strapi and Feathers oracles (both parse
 * the query with qs) and the PostgREST one (plain pairs).
 */
import { expect } from 'vitest';
import type { RecordedRequest, TestServer } from '../helpers/testServer';

/** Runs `send` and returns the one request it made, failing when it made none or several. */
export async function recordOne(
  server: TestServer,
  send: () => PromiseLike<unknown>,
): Promise<RecordedRequest> {
  server.requests.length = 0;
  await send();
  expect(server.requests).toHaveLength(1);
  return server.requests[0]!;
}

/** What a backend that parses its query with qs (Strapi, Feathers on Koa) reads. */
export interface QsMeaning {
  method: string;
  path: string;
  query: Record<string, unknown>;
  contentType: string | undefined;
  body: unknown;
}

/** One recorded request as a qs-parsing backend reads it, `parse` being its own parser. */
export function qsMeaning(
  req: RecordedRequest,
  parse: (query: string) => Record<string, unknown>,
): QsMeaning {
  return {
    method: req.method,
    path: req.path,
    query: parse(req.query.toString()),
    contentType: req.body === '' ? undefined : req.headers['content-type'],
    body: req.body === '' ? undefined : JSON.parse(req.body),
  };
}
