import type { FastifyInstance } from 'fastify';
import { HttpError } from '../HttpError';
import { hashPassword, verifyPassword } from '../password';
import { type ServerContext, requestSessionId, requestUser } from '../ServerContext';
import { toPublicRow } from '../toPublicRow';
import type { EntityRow } from '../types';

function readCredentials(body: unknown): { email?: string; userName?: string; password: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Body must be a JSON object with email or userName, and password');
  }
  const { email, userName, password } = body as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (typeof password !== 'string' || password === '') errors.password = 'password is required';
  const hasEmail = typeof email === 'string' && email !== '';
  const hasUserName = typeof userName === 'string' && userName !== '';
  if (!hasEmail && !hasUserName) errors.email = 'email or userName is required';
  if (Object.keys(errors).length > 0) throw new HttpError(422, 'Validation failed', errors);
  return {
    ...(hasEmail ? { email: email as string } : {}),
    ...(hasUserName ? { userName: userName as string } : {}),
    password: password as string,
  };
}

let dummyHash: string | undefined;

function anyHash(): string {
  if (!dummyHash) dummyHash = hashPassword('', Buffer.alloc(16));
  return dummyHash;
}

function findUser(ctx: ServerContext, email?: string, userName?: string): EntityRow | undefined {
  const users = ctx.store.entity('users');
  if (!users) return undefined;
  const key = (email ?? userName ?? '').toLowerCase();
  const field = email ? 'email' : 'userName';
  for (const user of users.rows.values()) {
    const value = user[field];
    if (typeof value === 'string' && value.toLowerCase() === key) return user;
  }
  return undefined;
}

/**
 * `/auth/login`, `/auth/logout`, `/auth/validation`, `/auth/me` (DESIGN.md §4).
 *
 * @example
 * app.register((scope) => authRoutes(scope, ctx), { prefix: '/api' });
 */
export async function authRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/auth/login', async (request) => {
    const { email, userName, password } = readCredentials(request.body);
    const user = findUser(ctx, email, userName);
    // Verify against something even for unknown users, so timing does not reveal who exists.
    const ok = await verifyPassword(password, user?.passwordHash ?? anyHash());
    if (!user || !ok) throw new HttpError(401, 'Invalid credentials');
    const session = ctx.sessions.create(user.id);
    return {
      success: true,
      data: {
        user: toPublicRow(user),
        sessionId: session.id,
        expiresAt: new Date(session.expiresAt).toISOString(),
      },
    };
  });

  app.post('/auth/logout', async (request, reply) => {
    const id = requestSessionId(ctx, request);
    if (id) ctx.sessions.delete(id);
    if (request.cookies?.[ctx.sessionCookie]) reply.clearCookie(ctx.sessionCookie, { path: '/' });
    return { success: true, data: null };
  });

  app.get('/auth/validation', async (request) => {
    const current = requestUser(ctx, request);
    return {
      success: true,
      data: current
        ? {
            isValid: true,
            expiresAt: new Date(current.session.expiresAt).toISOString(),
            user: toPublicRow(current.user),
          }
        : { isValid: false },
    };
  });

  app.get('/auth/me', async (request) => {
    const current = requestUser(ctx, request);
    if (!current) {
      const sent = requestSessionId(ctx, request) !== undefined;
      throw new HttpError(
        401,
        sent ? 'Session is invalid or has expired' : 'Authentication required',
      );
    }
    return { success: true, data: toPublicRow(current.user) };
  });
}
