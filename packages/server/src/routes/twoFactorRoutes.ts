import type { FastifyInstance } from 'fastify';
import { HttpError } from '../HttpError';
import { acceptSecondFactor } from '../secondFactor';
import { hashSecretToken } from '../secretToken';
import { requireUser, type ServerContext } from '../ServerContext';
import { answerSignIn } from '../answerSignIn';
import { signIn } from '../signedInData';
import { tooManyAttempts } from '../tooManyAttempts';
import {
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpUri,
  verifyTotp,
} from '../totp';
import type { EntityRow } from '../types';

const RECOVERY_CODES = 10;

function readFields<K extends string>(body: unknown, names: readonly K[]): Record<K, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, `Body must be a JSON object with ${names.join(' and ')}`);
  }
  const errors: Record<string, string> = {};
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value !== 'string' || value.trim() === '') errors[name] = `${name} is required`;
    else values[name] = value;
  }
  if (Object.keys(errors).length > 0) throw new HttpError(422, 'Validation failed', errors);
  return values;
}

async function store(ctx: ServerContext, user: EntityRow): Promise<void> {
  const users = ctx.store.entity('users');
  if (users) ctx.store.put(users, user);
  await ctx.store.save();
}

/**
 * Two-factor sign-in with TOTP (RFC 6238): `POST /auth/2fa/setup`, `/enable` and `/disable`
 * for the signed-in user, and `POST /auth/2fa/verify`, which completes a login that answered
 * `twoFactorRequired`. Code guesses are throttled like sign-ins.
 *
 * @example
 * app.register((scope) => twoFactorRoutes(scope, ctx), { prefix: '/api' });
 */
export async function twoFactorRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/auth/2fa/setup', async (request) => {
    const { user } = requireUser(ctx, request);
    if (typeof user.twoFactorSecret === 'string') {
      throw new HttpError(409, 'Two-factor sign-in is already enabled');
    }
    const secret = newTotpSecret();
    await store(ctx, { ...user, twoFactorPendingSecret: secret });
    const label = String(user.email ?? user.userName ?? user.id);
    return { success: true, data: { secret, uri: totpUri(secret, label) } };
  });

  app.post('/auth/2fa/enable', async (request) => {
    const { user } = requireUser(ctx, request);
    const { code } = readFields(request.body, ['code'] as const);
    const pending = user.twoFactorPendingSecret;
    if (typeof user.twoFactorSecret === 'string') {
      throw new HttpError(409, 'Two-factor sign-in is already enabled');
    }
    if (typeof pending !== 'string') {
      throw new HttpError(409, 'No two-factor setup in progress: call /auth/2fa/setup first');
    }
    const step = verifyTotp(pending, code.trim());
    if (step === undefined) {
      throw new HttpError(422, 'Validation failed', { code: 'code is not valid' });
    }
    const recoveryCodes = newRecoveryCodes(RECOVERY_CODES);
    const { twoFactorPendingSecret: _done, ...rest } = user;
    await store(ctx, {
      ...rest,
      twoFactorSecret: pending,
      twoFactorLastStep: step,
      twoFactorRecoveryCodes: recoveryCodes.map((c) => hashSecretToken(normalizeRecoveryCode(c))),
    });
    return { success: true, data: { twoFactorEnabled: true, recoveryCodes } };
  });

  app.post('/auth/2fa/disable', async (request, reply) => {
    const { user } = requireUser(ctx, request);
    const { code } = readFields(request.body, ['code'] as const);
    if (typeof user.twoFactorSecret !== 'string') {
      throw new HttpError(409, 'Two-factor sign-in is not enabled');
    }
    const account = `user:${user.id}`;
    const waitMs = ctx.throttle?.retryAfterMs(account, request.ip) ?? 0;
    if (waitMs > 0) return tooManyAttempts(reply, waitMs, 'failed two-factor codes');
    if (!acceptSecondFactor(user, code)) {
      // A stolen session must not turn the second factor off by guessing.
      ctx.throttle?.fail(account, request.ip);
      throw new HttpError(403, 'The two-factor code is not correct', {
        code: 'code is not correct',
      });
    }
    const {
      twoFactorSecret: _s,
      twoFactorLastStep: _l,
      twoFactorRecoveryCodes: _r,
      twoFactorPendingSecret: _p,
      ...rest
    } = user;
    await store(ctx, rest as EntityRow);
    return { success: true, data: { twoFactorEnabled: false } };
  });

  app.post('/auth/2fa/verify', async (request, reply) => {
    const { challenge, code } = readFields(request.body, ['challenge', 'code'] as const);
    const userId = ctx.challenges.find(challenge);
    const user = userId === undefined ? undefined : ctx.store.entity('users')?.rows.get(userId);
    if (!user) throw new HttpError(401, 'Two-factor challenge is invalid or has expired');
    const account = `user:${user.id}`;
    const waitMs = ctx.throttle?.retryAfterMs(account, request.ip) ?? 0;
    if (waitMs > 0) return tooManyAttempts(reply, waitMs, 'failed sign-ins');
    const after = acceptSecondFactor(user, code);
    if (!after) {
      ctx.throttle?.fail(account, request.ip);
      throw new HttpError(401, 'Invalid two-factor code');
    }
    ctx.challenges.delete(challenge);
    ctx.throttle?.succeed(account);
    await store(ctx, after);
    return { success: true, data: answerSignIn(ctx, request, reply, signIn(ctx, after)) };
  });
}
