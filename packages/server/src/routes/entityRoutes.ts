import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildRecord, type WriteMode } from '../buildRecord';
import type { EntityState } from '../dataStore';
import { HttpError } from '../HttpError';
import { applyListQuery, type RawQuery } from '../listQuery';
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
 * honour `Idempotency-Key` (writeRoute).
 *
 * @example
 * app.register((scope) => entityRoutes(scope, ctx), { prefix: '/api' });
 */
export async function entityRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const list = (ignore?: ReadonlySet<string>) => async (request: FastifyRequest) => {
    const entity = entityOf(ctx, request);
    authorize(ctx, request, entity, 'read');
    const query = request.query as RawQuery;
    const { data, meta } = applyListQuery([...entity.rows.values()], entity.schema, query, ignore);
    if (ignore) {
      // The search endpoint echoes what it was asked, for clients that log or display it.
      const q = query.q;
      const asked = query.entity;
      if (q !== undefined) meta.q = Array.isArray(q) ? q[q.length - 1] : q;
      if (asked !== undefined) meta.entity = Array.isArray(asked) ? asked[asked.length - 1] : asked;
    }
    return { success: true, data: data.map(toPublicRow), meta };
  };

  app.get('/:entity', list());
  app.get('/:entity/search', list(SEARCH_IGNORED));

  app.get('/:entity/:id', idRoute, async (request) => {
    const entity = entityOf(ctx, request);
    authorize(ctx, request, entity, 'read');
    return { success: true, data: toPublicRow(rowOf(entity, request)) };
  });

  app.post(
    '/:entity',
    writeRoute(ctx, (request) => {
      const entity = entityOf(ctx, request);
      authorize(ctx, request, entity, 'write');
      const given = clientId(entity, request.body);
      const row = buildRecord(entity.schema, request.body, 'create', undefined, given ?? '');
      row.id = given ?? ctx.store.allocateId(entity);
      entity.rows.set(row.id, row);
      return { status: 201, body: { success: true, data: toPublicRow(row) } };
    }),
  );

  const write = (mode: WriteMode) =>
    writeRoute(ctx, (request) => {
      const entity = entityOf(ctx, request);
      authorize(ctx, request, entity, 'write');
      const existing = rowOf(entity, request);
      const row = buildRecord(entity.schema, request.body, mode, existing, existing.id);
      entity.rows.set(row.id, row);
      if (entity.name === 'users') endSessionsAfterUserChange(ctx, request, existing, row);
      return { status: 200, body: { success: true, data: toPublicRow(row) } };
    });
  app.put('/:entity/:id', idRoute, write('replace'));
  app.patch('/:entity/:id', idRoute, write('merge'));

  app.delete(
    '/:entity/:id',
    idRoute,
    writeRoute(ctx, (request) => {
      const entity = entityOf(ctx, request);
      authorize(ctx, request, entity, 'write');
      const row = rowOf(entity, request);
      entity.rows.delete(row.id);
      if (entity.name === 'users') endSessionsAfterUserChange(ctx, request, row, undefined);
      return { status: 200, body: { success: true, data: toPublicRow(row) } };
    }),
  );
}
