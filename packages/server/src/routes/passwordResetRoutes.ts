import type { FastifyInstance } from 'fastify';
import { findUser } from '../findUser';
import { HttpError } from '../HttpError';
import { newPasswordProblem } from '../newPasswordProblem';
import { hashPassword } from '../password';
import { hashSecretToken, newSecretToken } from '../secretToken';
import type { ServerContext } from '../ServerContext';
import { tooManyAttempts } from '../tooManyAttempts';

function readObject(body: unknown, expected: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, `Body must be a JSON object with ${expected}`);
  }
  return body as Record<string, unknown>;
}

/**
 * `POST /auth/password/forgot` (always 202; the token goes to `ctx.onPasswordReset`, never to
 * the caller) and `POST /auth/password/reset` (sets the password with a single-use token and
 * ends every session of the user).
 *
 * @example
 * app.register((scope) => passwordResetRoutes(scope, ctx), { prefix: '/api' });
 */
export async function passwordResetRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/auth/password/forgot', async (request, reply) => {
    const { email } = readObject(request.body, 'email');
    if (typeof email !== 'string' || email === '') {
      throw new HttpError(422, 'Validation failed', { email: 'email is required' });
    }
    // Counted per address, so nobody floods an inbox (or the log) from one place.
    const account = `forgot:${request.ip}`;
    const waitMs = ctx.throttle?.retryAfterMs(account, request.ip) ?? 0;
    if (waitMs > 0) return tooManyAttempts(reply, waitMs, 'reset requests');
    ctx.throttle?.fail(account, request.ip);

    const user = findUser(ctx, email);
    if (user && typeof user.email === 'string') {
      const token = ctx.resetTokens.issue(user.id);
      const to = user.email;
      // After the answer: the hook's own time (a mail server, a log) must not tell callers
      // whether the account exists.
      setImmediate(() => {
        try {
          ctx.onPasswordReset(to, token);
        } catch (err) {
          request.log.error(err);
        }
      });
    } else {
      // The same work as issuing a token, so both answers take about as long.
      hashSecretToken(newSecretToken());
    }
    return reply.code(202).send({ success: true, data: null });
  });

  app.post('/auth/password/reset', async (request) => {
    const { token, password } = readObject(request.body, 'token and password');
    const errors: Record<string, string> = {};
    if (typeof token !== 'string' || token === '') errors.token = 'token is required';
    const weak = newPasswordProblem('password', password);
    if (weak) errors.password = weak;
    // Checked before the token is spent, so a weak password does not burn the link.
    if (Object.keys(errors).length > 0) throw new HttpError(422, 'Validation failed', errors);

    const outcome = ctx.resetTokens.consume(token as string);
    if (!outcome.ok && outcome.reason === 'expired') {
      throw new HttpError(410, 'Reset token has expired: ask for a new one');
    }
    const users = ctx.store.entity('users');
    const user = outcome.ok ? users?.rows.get(outcome.userId) : undefined;
    if (!users || !user) throw new HttpError(400, 'Reset token is invalid or was already used');

    ctx.store.put(users, { ...user, passwordHash: hashPassword(password as string) });
    ctx.resetTokens.dropUser(user.id);
    const ended = ctx.sessions.deleteUserSessions(user.id);
    // Whoever holds the mailbox owns the account: earlier failed guesses no longer count.
    ctx.throttle?.succeed(`user:${user.id}`);
    await ctx.store.save();
    return { success: true, data: { endedSessions: ended } };
  });
}
