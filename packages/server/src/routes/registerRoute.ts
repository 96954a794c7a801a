import type { FastifyInstance } from 'fastify';
import { findUser } from '../findUser';
import { HttpError } from '../HttpError';
import { newPasswordProblem } from '../newPasswordProblem';
import { hashPassword } from '../password';
import type { ServerContext } from '../ServerContext';
import { answerSignIn } from '../answerSignIn';
import { signIn } from '../signedInData';
import { tooManyAttempts } from '../tooManyAttempts';
import type { EntityRow } from '../types';

// Deliberately loose (one @, a dot in the domain, no spaces): the real check is the mail.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USER_NAME = /^[\w.-]{1,64}$/;

interface Registration {
  email: string;
  password: string;
  name?: string;
  userName?: string;
}

function readRegistration(body: unknown): Registration {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Body must be a JSON object with email and password');
  }
  const { email, password, name, userName } = body as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (typeof email !== 'string' || email === '') errors.email = 'email is required';
  else if (email.length > 254 || !EMAIL.test(email))
    errors.email = 'email is not an e-mail address';
  const weak = newPasswordProblem('password', password);
  if (weak) errors.password = weak;
  if (name !== undefined && (typeof name !== 'string' || name.length > 200)) {
    errors.name = 'name must be a string of at most 200 characters';
  }
  if (userName !== undefined && (typeof userName !== 'string' || !USER_NAME.test(userName))) {
    errors.userName = 'userName must be 1 to 64 letters, digits, _ . or -';
  }
  if (Object.keys(errors).length > 0) throw new HttpError(422, 'Validation failed', errors);
  return {
    email: email as string,
    password: password as string,
    ...(name === undefined ? {} : { name: name as string }),
    ...(userName === undefined ? {} : { userName: userName as string }),
  };
}

/**
 * `POST /auth/register`: creates a user of type `ctx.registerUserType` and signs it in (201).
 * Every attempt counts against the client address like a failed sign-in, so one address
 * cannot create accounts (or probe for taken e-mails) without limit.
 *
 * @example
 * app.register((scope) => registerRoute(scope, ctx), { prefix: '/api' });
 */
export async function registerRoute(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/auth/register', async (request, reply) => {
    const account = `register:${request.ip}`;
    const waitMs = ctx.throttle?.retryAfterMs(account, request.ip) ?? 0;
    if (waitMs > 0) return tooManyAttempts(reply, waitMs, 'sign-ups');
    ctx.throttle?.fail(account, request.ip);

    const users = ctx.store.entity('users');
    if (!users) throw new HttpError(404, 'This server has no users entity to register in');
    const input = readRegistration(request.body);
    const taken: Record<string, string> = {};
    if (findUser(ctx, input.email)) taken.email = 'email is already registered';
    if (input.userName && findUser(ctx, undefined, input.userName)) {
      taken.userName = 'userName is already taken';
    }
    if (Object.keys(taken).length > 0) throw new HttpError(409, 'Account exists', taken);

    const user: EntityRow = {
      id: ctx.store.allocateId(users),
      email: input.email,
      ...(input.userName ? { userName: input.userName } : {}),
      ...(input.name ? { name: input.name } : {}),
      userType: ctx.registerUserType,
      passwordHash: hashPassword(input.password),
      ...(users.schema.createdAt?.type === 'date' ? { createdAt: new Date().toISOString() } : {}),
    };
    ctx.store.put(users, user);
    await ctx.store.save();
    const data = answerSignIn(ctx, request, reply, signIn(ctx, user));
    return reply.code(201).send({ success: true, data });
  });
}
