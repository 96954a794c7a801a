import type { FastifyInstance } from 'fastify';
import type { DataStore } from '../dataStore';
import type { ServerContext } from '../ServerContext';
import { authPaths } from './authPaths';
import { entityPaths } from './entityPaths';
import { entitySchemas, schemaName } from './entitySchemas';
import { CHANGE_EVENT_SCHEMA, eventsPath } from './eventsPath';
import { envelope, type Json, json, object, ref, text, time } from './jsonSchema';

/** Options of `openApiDocument`. */
export interface OpenApiDocumentOptions {
  /** The lower-case header that carries the session. */
  sessionHeader: string;
  /** The session cookie's name. */
  sessionCookie: string;
  /** The URL of the API base, for `servers`, e.g. `/api`. */
  basePath: string;
  /** How long `Idempotency-Key` answers are kept, in ms (said on the writes' header). */
  idempotencyTtlMs: number;
}

/**
 * The OpenAPI 3.1 document of a running server: every entity of the store (list and search
 * with `page`/`limit`/`sort`/`q`, create, get, replace, merge, delete; the writes with their
 * `Idempotency-Key` header; versions and preconditions), the auth routes, the change feed
 * (`/events`, its events' `data` as `ChangeEvent`) and the Bridgekit envelope, built from the same
 * `FieldSpec`s that `buildRecord` validates bodies with. Paths are relative to the base path
 * (`servers[0].url`).
 *
 * @example
 * const doc = openApiDocument(ctx.store, {
 *   sessionHeader: 'x-session-id',
 *   sessionCookie: 'sid',
 *   basePath: '/api',
 *   idempotencyTtlMs: 86_400_000,
 * });
 */
export function openApiDocument(store: DataStore, options: OpenApiDocumentOptions): Json {
  const schemas: Record<string, Json> = {};
  let paths: Record<string, Json> = {};
  for (const name of store.names()) {
    const entity = store.entity(name);
    if (!entity) continue;
    Object.assign(schemas, entitySchemas(entity));
    paths = { ...paths, ...entityPaths(entity, options.idempotencyTtlMs) };
  }
  const userRow: Json = store.entity('users')
    ? ref(schemaName('users'))
    : { type: 'object', required: ['id'], properties: { id: text }, additionalProperties: true };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bridgekit reference server',
      version: '1',
      description:
        'Every success answers the envelope { success: true, data, meta? }; every failure { success: false, error, code?, errors? }.',
    },
    servers: [{ url: options.basePath || '/' }],
    security: [{ session: [] }, { sessionCookie: [] }],
    paths: {
      '/health': {
        get: {
          operationId: 'health',
          security: [],
          responses: { 200: json(envelope(object({ status: text }, ['status'])), 'Up') },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openApiDocument',
          summary: 'This document',
          security: [],
          responses: { 200: json({ type: 'object' }, 'The OpenAPI document') },
        },
      },
      ...authPaths(userRow),
      ...eventsPath(),
      ...paths,
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'header', name: options.sessionHeader },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: options.sessionCookie },
      },
      schemas: {
        ...schemas,
        ChangeEvent: CHANGE_EVENT_SCHEMA,
        ListMeta: object(
          {
            page: { type: 'integer' },
            limit: { type: 'integer' },
            total: { type: 'integer' },
            totalPages: { type: 'integer' },
            q: text,
            entity: text,
          },
          ['page', 'limit', 'total', 'totalPages'],
        ),
        SignedIn: object(
          {
            user: userRow,
            sessionId: text,
            expiresAt: time,
            refreshToken: text,
            refreshExpiresAt: time,
          },
          // A cookie sign-in answers the user and expiresAt only (the rest is in cookies).
          ['user', 'expiresAt'],
        ),
        TwoFactorChallenge: object(
          { twoFactorRequired: { type: 'boolean', const: true }, challenge: text, expiresAt: time },
          ['twoFactorRequired', 'challenge', 'expiresAt'],
        ),
        Failure: object(
          {
            success: { type: 'boolean', const: false },
            error: text,
            code: text,
            errors: { type: 'object', additionalProperties: text },
          },
          ['success', 'error'],
        ),
      },
    },
  };
}

/**
 * `GET <basePath>/openapi.json`: the document, built on each request (entities are fixed at
 * start, but the document is cheap and always agrees with the store).
 *
 * @example
 * app.register((scope) => openApiRoute(scope, ctx, '/api'), { prefix: '/api' });
 */
export async function openApiRoute(
  app: FastifyInstance,
  ctx: ServerContext,
  basePath: string,
): Promise<void> {
  app.get('/openapi.json', async () =>
    openApiDocument(ctx.store, {
      sessionHeader: ctx.sessionHeader,
      sessionCookie: ctx.sessionCookie,
      basePath,
      idempotencyTtlMs: ctx.idempotency.ttlMs,
    }),
  );
}
