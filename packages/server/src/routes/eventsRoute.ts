import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../HttpError';
import type { RawQuery } from '../listQuery';
import { mayAccess, requireUser, type ServerContext } from '../ServerContext';
import { tooManyAttempts } from '../tooManyAttempts';
import type { EntityRow } from '../types';

const PARAMETERS = new Set(['resources', 'lastEventId']);

// `resources=products,tasks` (or the key repeated): every name an entity the user may read.
function requestedResources(
  ctx: ServerContext,
  user: EntityRow,
  raw: string | string[] | undefined,
): Set<string> | undefined {
  if (raw === undefined) return undefined;
  const names = (Array.isArray(raw) ? raw : [raw])
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) {
    throw new HttpError(400, 'resources must name at least one resource: resources=products,tasks');
  }
  for (const name of names) {
    const entity = ctx.store.entity(name);
    if (!entity) throw new HttpError(400, `Unknown resource "${name}" in resources`);
    if (!mayAccess(entity, user, 'read')) {
      throw new HttpError(403, `User type "${user.userType}" may not read ${name}`);
    }
  }
  return new Set(names);
}

// The id to resume after: the `Last-Event-ID` header (what EventSource sends when it
// reconnects), else the `lastEventId` parameter (for clients that cannot set headers).
function lastEventIdOf(request: FastifyRequest, query: RawQuery): string | undefined {
  const header = request.headers['last-event-id'];
  const sent = Array.isArray(header) ? header[0] : header;
  if (sent !== undefined && sent !== '') return sent;
  const param = query.lastEventId;
  return Array.isArray(param) ? param[param.length - 1] : param;
}

/**
 * `GET /events`: the change feed (docs/guide/server.md, "Change feed"), as Server-Sent Events,
 * for a signed-in session: every committed create, update and delete of a resource the user
 * may read, narrowed by `resources=`, resumed after `Last-Event-ID`. 401 without a session,
 * 400 for an unknown parameter or resource, 403 for a resource the user may not read, 429
 * when the user holds `maxFeedsPerUser` feeds already.
 *
 * @example
 * app.register((scope) => eventsRoute(scope, ctx), { prefix: '/api' });
 */
export async function eventsRoute(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // No HEAD: a stream that never ends is no answer to it.
  app.get('/events', { exposeHeadRoute: false }, async (request, reply) => {
    const { user, session } = requireUser(ctx, request);
    const query = request.query as RawQuery;
    for (const name of Object.keys(query)) {
      if (!PARAMETERS.has(name)) {
        throw new HttpError(400, `Unknown parameter "${name}": use resources and lastEventId`);
      }
    }
    const resources = requestedResources(ctx, user, query.resources);
    if (!ctx.feed.hasRoom(user.id)) {
      return tooManyAttempts(reply, ctx.feed.heartbeatMs, 'change feeds open for this user');
    }
    const stream = ctx.feed.open(
      { sessionId: session.id, userId: user.id, resources },
      reply.raw,
      lastEventIdOf(request, query),
    );
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .header('connection', 'close')
      .send(stream);
  });
}
