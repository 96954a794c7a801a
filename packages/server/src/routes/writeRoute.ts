import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../HttpError';
import { idempotencyKeyOf, requestFingerprint } from '../idempotencyKey';
import type { RememberedAnswer } from '../idempotencyStore';
import { requestUser, type ServerContext } from '../ServerContext';
import { tooManyAttempts } from '../tooManyAttempts';

/** What a write returns once it changed the data: the status, body and `ETag` of its answer. */
export interface WriteAnswer {
  status: number;
  body: unknown;
  /** The written record's entity tag, sent as `ETag`. */
  etag?: string;
}

/** Checks a request and changes the data at once (no `await`), or throws an `HttpError`. */
export type ApplyWrite = (request: FastifyRequest) => WriteAnswer;

function send(reply: FastifyReply, answer: RememberedAnswer): FastifyReply {
  if (answer.etag !== undefined) reply.header('etag', answer.etag);
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

// The change, its remembered answer and the data file: the answer is recorded in the same
// tick as the change, so the data file has both or neither, and it is sent once both are on
// disk.
async function commit(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  apply: ApplyWrite,
  remember?: (answer: RememberedAnswer) => void,
): Promise<FastifyReply> {
  const { status, body, etag } = apply(request);
  const answer = { status, body: JSON.stringify(body), ...(etag === undefined ? {} : { etag }) };
  remember?.(answer);
  await ctx.store.save();
  return send(reply, answer);
}

/**
 * A route handler that changes data, with `Idempotency-Key` (docs/guide/server.md, "Idempotency-Key"): a
 * request without a key is applied and answered once it is on disk; with a key, the first
 * request of the user with it is applied and its answer remembered, a repeat with the same
 * method, path and body answers that again (`Idempotent-Replayed: true`) without applying
 * anything (even when the record changed since: the key is looked up before any `If-Match`),
 * a repeat while the first runs waits for it, and the key with another request is a 422
 * `IDEMPOTENCY_KEY_REUSED`. A refused write (any error, a 412 included) is not remembered.
 *
 * @example
 * app.delete('/:entity/:id', writeRoute(ctx, (request) => {
 *   const row = removeRow(request);
 *   return { status: 200, body: { success: true, data: row } };
 * }));
 */
export function writeRoute(ctx: ServerContext, apply: ApplyWrite) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const key = idempotencyKeyOf(request);
    if (key === undefined) return commit(ctx, request, reply, apply);
    // Keys belong to a user, whichever of their sessions sends them (a replay may come after
    // a new sign-in); requests without a valid session share the anonymous scope.
    const user = requestUser(ctx, request)?.user;
    const scope = user ? `user:${user.id}` : 'anonymous';
    const claim = await ctx.idempotency.claim(scope, key, requestFingerprint(request));
    switch (claim.kind) {
      case 'replay':
        return send(reply.header('idempotent-replayed', 'true'), claim.answer);
      case 'reused':
        throw new HttpError(
          422,
          'This Idempotency-Key was used for another request (method, path or body): a new write needs a new key',
          undefined,
          'IDEMPOTENCY_KEY_REUSED',
        );
      case 'full':
        return tooManyAttempts(reply, claim.retryAfterMs, 'writes with an Idempotency-Key held');
      default:
        try {
          return await commit(ctx, request, reply, apply, claim.remember);
        } finally {
          claim.release();
        }
    }
  };
}
