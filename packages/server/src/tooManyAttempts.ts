import type { FastifyReply } from 'fastify';
import { errorBody, HttpError } from './HttpError';

/**
 * Answers 429 with `Retry-After` (whole seconds, at least 1) and the JSON envelope.
 *
 * @example
 * const waitMs = ctx.throttle?.retryAfterMs(account, request.ip) ?? 0;
 * if (waitMs > 0) return tooManyAttempts(reply, waitMs);
 */
export function tooManyAttempts(
  reply: FastifyReply,
  waitMs: number,
  what = 'failed sign-ins',
): FastifyReply {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return reply
    .code(429)
    .header('retry-after', String(seconds))
    .send(errorBody(new HttpError(429, `Too many ${what}: try again in ${seconds} s`)));
}
