import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './HttpError';
import { toPublicRow } from './toPublicRow';
import type { EntityRow } from './types';

/** The conditional headers this server reads. */
type ConditionalHeader = 'if-match' | 'if-none-match';

/** An `If-Match` / `If-None-Match` value: any current record (`*`), or a list of tags. */
type TagCondition = '*' | { weak: boolean; tag: string }[];

// One member of the list: an optionally weak quoted tag, then a comma or the end (RFC 9110
// entity-tag; obs-text allowed). Sticky, so the whole value must be made of such members.
const MEMBER = /[ \t]*(W\/)?("[\x21\x23-\x7e\x80-\xff]*")[ \t]*(?:,|$)/y;

/** Parses a conditional header; `undefined` when absent, a 400 when malformed. */
function condition(request: FastifyRequest, name: ConditionalHeader): TagCondition | undefined {
  const header = request.headers[name];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (value.trim() === '*') return '*';
  const tags: { weak: boolean; tag: string }[] = [];
  MEMBER.lastIndex = 0;
  while (MEMBER.lastIndex < value.length) {
    const match = MEMBER.exec(value);
    if (!match) break;
    tags.push({ weak: match[1] !== undefined, tag: match[2] as string });
  }
  if (tags.length === 0 || MEMBER.lastIndex !== value.length) {
    throw new HttpError(
      400,
      `${name === 'if-match' ? 'If-Match' : 'If-None-Match'} must be * or a comma-separated list of quoted entity tags, as the ETag header gives them`,
    );
  }
  return tags;
}

/**
 * Whether `If-None-Match` matches the current tag (weak comparison, RFC 9110 §13.1.2): a GET
 * answers 304 then. `false` without the header or without a current record.
 *
 * @example
 * if (ifNoneMatchHits(request, etag)) return reply.code(304).header('etag', etag).send();
 */
export function ifNoneMatchHits(request: FastifyRequest, current: string | undefined): boolean {
  const tags = condition(request, 'if-none-match');
  if (tags === undefined || current === undefined) return false;
  const bare = current.replace(/^W\//, '');
  return tags === '*' || tags.some(({ tag }) => tag === bare);
}

// If-Match compares strongly (RFC 9110 §13.1.1): a weak tag never matches.
function ifMatchHolds(tags: TagCondition, current: string | undefined): boolean {
  if (current === undefined) return false;
  return tags === '*' || tags.some(({ weak, tag }) => !weak && tag === current);
}

/**
 * The preconditions of a PUT, PATCH or DELETE on one record, evaluated in the same tick as the
 * change (RFC 9110 §13.2.2): `If-Match` that no current tag matches, or `If-None-Match` that
 * the current tag matches, is a 412 `PRECONDITION_FAILED` whose `data` is the current record
 * (as clients see it) with its `ETag`; when the record no longer exists, `If-Match` (`*`
 * included) is a 412 with `data: null` and no `ETag`. Without either header nothing is checked.
 *
 * @example
 * checkWritePreconditions(request, existing, ctx.store.versionOf(entity, id));
 */
export function checkWritePreconditions(
  request: FastifyRequest,
  current: EntityRow | undefined,
  version: string | undefined,
): void {
  const ifMatch = condition(request, 'if-match');
  const staleMatch = ifMatch !== undefined && !ifMatchHolds(ifMatch, version);
  if (!staleMatch && !ifNoneMatchHits(request, version)) return;
  if (!current || version === undefined) {
    throw new HttpError(
      412,
      'The record was deleted since you read it (If-Match has no current record to match)',
      undefined,
      undefined,
      { data: null },
    );
  }
  throw new HttpError(
    412,
    staleMatch
      ? 'The record changed since you read it: If-Match does not match its current ETag (data is the current record)'
      : 'If-None-Match matches the current record (data is the current record)',
    undefined,
    undefined,
    { data: toPublicRow(current), headers: { etag: version } },
  );
}

/**
 * Answers a read with its `ETag`: `304 Not Modified` without a body when `If-None-Match`
 * matches it, else `payload` (an object, or JSON already serialized).
 *
 * @example
 * return answerRead(request, reply, etag, { success: true, data: row });
 */
export function answerRead(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  payload: unknown,
): FastifyReply {
  reply.header('etag', etag);
  if (ifNoneMatchHits(request, etag)) return reply.code(304).send();
  if (typeof payload === 'string') reply.type('application/json; charset=utf-8');
  return reply.send(payload);
}
