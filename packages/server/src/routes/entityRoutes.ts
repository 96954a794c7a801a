import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildRecord, type WriteMode } from '../buildRecord';
import type { EntityState } from '../dataStore';
import { weakEntityTag } from '../entityTag';
import { HttpError } from '../HttpError';
import { applyListQuery, type RawQuery } from '../listQuery';
import { answerRead, checkWritePreconditions } from '../preconditions';
import { assertSafeId } from '../recordId';
import { authorize, requestSessionId, type ServerContext } from '../ServerContext';
import { toPublicRow } from '../toPublicRow';
import type { EntityRow } from '../types';
import { writeRoute } from './writeRoute';

type Params = { entity: string; id?: string };

const SEARCH_IGNORED = new Set(['entity']);

function entityOf(ctx: ServerContext, request: FastifyRequest): EntityState {
  const { entity } = request.params as Params;
  const state = ctx.store.entity(entity);
  if (!state) throw new HttpError(404, `Unknown entity "${entity}"`);
  return state;
}

function rowOf(entity: EntityState, request: FastifyRequest): EntityRow {
  const { id = '' } = request.params as Params;
  const row = entity.rows.get(id);
  if (!row) throw new HttpError(404, `${entity.name} "${id}" not found`);
  return row;
}

// The record a PUT, PATCH or DELETE targets, once its preconditions hold (412 otherwise; see
// checkWritePreconditions), or a 404.
function targetOf(ctx: ServerContext, entity: EntityState, request: FastifyRequest): EntityRow {
  const { id = '' } = request.params as Params;
  checkWritePreconditions(request, entity.rows.get(id), ctx.store.versionOf(entity, id));
  return rowOf(entity, request);
}

function clientId(entity: EntityState, body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('id' in body)) return undefined;
  const { id } = body as { id: unknown };
  if (id === undefined || id === null) return undefined;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '') {
    throw new HttpError(422, 'Validation failed: id', { id: 'id must be a non-empty string' });
  }
  assertSafeId(String(id));
  if (entity.rows.has(String(id)))
    throw new HttpError(409, `${entity.name} "${id}" already exists`);
  return String(id);
}

// A user whose password or type changed, or who was deleted, keeps only the session that
// made the change (when it is theirs): a stolen session must not outlive a password change.
function endSessionsAfterUserChange(
  ctx: ServerContext,
  request: FastifyRequest,
  before: EntityRow,
  after: EntityRow | undefined,
): void {
  if (after && after.passwordHash === before.passwordHash && after.userType === before.userType)
    return;
  ctx.sessions.deleteUserSessions(before.id, requestSessionId(ctx, request));
}

// Ids are checked on every route that takes one, before the body is read and before any
// entity, session or record check.
const idRoute = {
  onRequest: async (request: FastifyRequest) => {
    assertSafeId((request.params as Params).id ?? '');
  },
};

/**
 * The collection routes (docs/guide/server.md, "Collections") for every entity of the store: list, search, get,
 * create (201), replace (PUT), merge (PATCH) and delete (200 with the deleted row); the writes
 * honour `Idempotency-Key` (writeRoute). Reads carry an `ETag` (weak for lists) and answer 304
 * to a matching `If-None-Match`; creates, replaces and merges answer the record's new `ETag`;
 * PUT, PATCH and DELETE honour `If-Match` (checkWritePreconditions).
 *
 * @example
 * app.register((scope) => entityRoutes(scope, ctx), { prefix: '/api' });
 */
export async function entityRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const list =
    (ignore?: ReadonlySet<string>) => async (request: FastifyRequest, reply: FastifyReply) => {
      const entity = entityOf(ctx, request);
      authorize(ctx, request, entity, 'read');
      const query = request.query as RawQuery;
      const { data, meta } = applyListQuery(
        [...entity.rows.values()],
        entity.schema,
        query,
        ignore,
      );
      if (ignore) {
        // The search endpoint echoes what it was asked, for clients that log or display it.
        const q = query.q;
        const asked = query.entity;
        if (q !== undefined) meta.q = Array.isArray(q) ? q[q.length - 1] : q;
        if (asked !== undefined)
          meta.entity = Array.isArray(asked) ? asked[asked.length - 1] : asked;
      }
      const text = JSON.stringify({ success: true, data: data.map(toPublicRow), meta });
      return answerRead(request, reply, weakEntityTag(text), text);
    };

  app.get('/:entity', list());
  app.get('/:entity/search', list(SEARCH_IGNORED));

  app.get('/:entity/:id', idRoute, async (request, reply) => {
    const entity = entityOf(ctx, request);
    authorize(ctx, request, entity, 'read');
    const row = rowOf(entity, request);
    const etag = ctx.store.versionOf(entity, row.id) as string;
    return answerRead(request, reply, etag, { success: true, data: toPublicRow(row) });
  });

  app.post(
    '/:entity',
    writeRoute(ctx, (request) => {
      const entity = entityOf(ctx, request);
      authorize(ctx, request, entity, 'write');
      const given = clientId(entity, request.body);
      const row = buildRecord(entity.schema, request.body, 'create', undefined, given ?? '');
      row.id = given ?? ctx.store.allocateId(entity);
      const { version } = ctx.store.put(entity, row);
      return { status: 201, body: { success: true, data: toPublicRow(row) }, etag: version };
    }),
  );

  const write = (mode: WriteMode) =>
    writeRoute(ctx, (request) => {
      const entity = entityOf(ctx, request);
      authorize(ctx, request, entity, 'write');
      const existing = targetOf(ctx, entity, request);
      const row = buildRecord(entity.schema, request.body, mode, existing, existing.id);
      const { version } = ctx.store.put(entity, row);
      if (entity.name === 'users') endSessionsAfterUserChange(ctx, request, existing, row);
      return { status: 200, body: { success: true, data: toPublicRow(row) }, etag: version };
    });
  app.put('/:entity/:id', idRoute, write('replace'));
  app.patch('/:entity/:id', idRoute, write('merge'));

  app.delete(
    '/:entity/:id',
    idRoute,
    writeRoute(ctx, (request) => {
      const entity = entityOf(ctx, request);
      authorize(ctx, request, entity, 'write');
      const row = targetOf(ctx, entity, request);
      ctx.store.remove(entity, row.id);
      if (entity.name === 'users') endSessionsAfterUserChange(ctx, request, row, undefined);
      return { status: 200, body: { success: true, data: toPublicRow(row) } };
    }),
  );
}
