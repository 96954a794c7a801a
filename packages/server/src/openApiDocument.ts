import type { FastifyInstance } from 'fastify';
import type { DataStore, EntityState } from './dataStore';
import { DEFAULT_LIMIT, MAX_LIMIT } from './listQuery';
import type { ServerContext } from './ServerContext';
import type { FieldSpec } from './types';

/** A JSON Schema / OpenAPI object, loosely typed (this module only writes them). */
type Json = Record<string, unknown>;

// Fields the server sets itself (buildRecord's MANAGED): shown in rows, ignored in bodies.
const MANAGED = new Set(['id', 'createdAt', 'updatedAt']);

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/** `users` -> `User`, `order-items` -> `OrderItem`: a schema name per entity. */
function schemaName(entity: string): string {
  const singular = entity.endsWith('ies')
    ? `${entity.slice(0, -3)}y`
    : entity.endsWith('s') && !entity.endsWith('ss')
      ? entity.slice(0, -1)
      : entity;
  const words = singular.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return /^[A-Za-z]/.test(name) ? name : `Entity${name}`;
}

/** The JSON Schema of one field's value, as buildRecord checks it. */
function fieldSchema(spec: FieldSpec): Json {
  switch (spec.type) {
    case 'string':
      return spec.enum ? { type: 'string', enum: [...spec.enum] } : { type: 'string' };
    case 'password':
      return { type: 'string', minLength: 1, writeOnly: true };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    default: {
      const schema: Json = { type: spec.type };
      if (spec.min !== undefined) schema.minimum = spec.min;
      if (spec.max !== undefined) schema.maximum = spec.max;
      return schema;
    }
  }
}

/** `null` is accepted for every field of a body (it clears the field), and shown in rows. */
function nullable(schema: Json): Json {
  const { type, enum: values, ...rest } = schema;
  return {
    ...rest,
    type: [type as string, 'null'],
    ...(values ? { enum: [...(values as unknown[]), null] } : {}),
  };
}

/**
 * The schemas of one entity: the row clients read (`Name`), the body of a create or replace
 * (`NameInput`) and of a merge (`NamePatch`), from the entity's `FieldSpec`s.
 */
function entitySchemas(entity: EntityState): Record<string, Json> {
  const name = schemaName(entity.name);
  const row: Record<string, Json> = { id: { type: 'string' } };
  const rowRequired = ['id'];
  const input: Record<string, Json> = { id: { type: 'string', description: 'create only' } };
  const inputRequired: string[] = [];
  const patch: Record<string, Json> = {};
  for (const [field, spec] of Object.entries(entity.schema)) {
    if (field === 'id') continue;
    const value = fieldSchema(spec);
    if (spec.type !== 'password') {
      row[field] = spec.required ? value : nullable(value);
      if (spec.required) rowRequired.push(field);
    }
    if (MANAGED.has(field)) continue;
    input[field] = spec.required ? value : nullable(value);
    if (spec.required) inputRequired.push(field);
    patch[field] = spec.required ? value : nullable(value);
  }
  if (entity.name === 'users') row.twoFactorEnabled = { type: 'boolean' };
  const object = (properties: Record<string, Json>, required: string[]): Json => ({
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  });
  return {
    [name]: object(row, rowRequired),
    [`${name}Input`]: object(input, inputRequired),
    [`${name}Patch`]: object(patch, []),
  };
}

/** The Bridgekit envelope of a success whose `data` is `data`. */
function envelope(data: Json, meta?: Json): Json {
  return {
    type: 'object',
    required: ['success', 'data', ...(meta ? ['meta'] : [])],
    properties: {
      success: { type: 'boolean', const: true },
      data,
      ...(meta ? { meta } : {}),
      message: { type: 'string' },
    },
  };
}

const json = (schema: Json, description: string): Json => ({
  description,
  content: { 'application/json': { schema } },
});

const FAILURE = { default: json(ref('Failure'), 'A failure, in the Bridgekit envelope') };

const body = (schema: Json): Json => ({
  required: true,
  content: { 'application/json': { schema } },
});

const queryParam = (name: string, schema: Json, description: string): Json => ({
  name,
  in: 'query',
  required: false,
  schema,
  description,
});

const LIST_PARAMS = [
  queryParam('page', { type: 'integer', minimum: 1 }, 'The 1-based page. Default 1.'),
  queryParam(
    'limit',
    { type: 'integer', minimum: 1, maximum: MAX_LIMIT },
    `Items per page. Default ${DEFAULT_LIMIT}.`,
  ),
  queryParam('sort', { type: 'string' }, 'Sort fields: `field:asc,other:desc`.'),
  queryParam('q', { type: 'string' }, 'Full-text search over the string fields.'),
];

const ID_PARAM = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

/** Paths of one entity: list, search, create, get, replace, merge, delete. */
function entityPaths(entity: EntityState): Record<string, Json> {
  const name = schemaName(entity.name);
  const open = (rule: 'read' | 'write') =>
    entity.access[rule].some((who) => who.toLowerCase() === 'public') ? { security: [] } : {};
  const tag = { tags: [entity.name] };
  const one = json(envelope(ref(name)), `One ${entity.name} row`);
  const list = (operationId: string, summary: string, extra: Json[] = []): Json => ({
    ...tag,
    operationId,
    summary,
    parameters: [...LIST_PARAMS, ...extra],
    responses: {
      200: json(envelope({ type: 'array', items: ref(name) }, ref('ListMeta')), 'A page of rows'),
      ...FAILURE,
    },
    ...open('read'),
  });
  return {
    [`/${entity.name}`]: {
      get: list(`list${name}`, `List ${entity.name}`),
      post: {
        ...tag,
        operationId: `create${name}`,
        summary: `Create a ${entity.name} row`,
        requestBody: body(ref(`${name}Input`)),
        responses: { 201: json(envelope(ref(name)), 'The created row'), ...FAILURE },
        ...open('write'),
      },
    },
    [`/${entity.name}/search`]: {
      get: list(`search${name}`, `Search ${entity.name}`, [
        queryParam('entity', { type: 'string' }, 'Echoed in `meta.entity`.'),
      ]),
    },
    [`/${entity.name}/{id}`]: {
      parameters: [ID_PARAM],
      get: {
        ...tag,
        operationId: `get${name}`,
        responses: { 200: one, ...FAILURE },
        ...open('read'),
      },
      put: {
        ...tag,
        operationId: `replace${name}`,
        requestBody: body(ref(`${name}Input`)),
        responses: { 200: one, ...FAILURE },
        ...open('write'),
      },
      patch: {
        ...tag,
        operationId: `update${name}`,
        requestBody: body(ref(`${name}Patch`)),
        responses: { 200: one, ...FAILURE },
        ...open('write'),
      },
      delete: {
        ...tag,
        operationId: `delete${name}`,
        responses: { 200: json(envelope(ref(name)), 'The deleted row'), ...FAILURE },
        ...open('write'),
      },
    },
  };
}

const object = (properties: Record<string, Json>, required: string[] = []): Json => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
});
const text = { type: 'string' };
const time = { type: 'string', format: 'date-time' };

/** The auth routes (routes/authRoutes, registerRoute, passwordResetRoutes, twoFactorRoutes). */
function authPaths(userRow: Json): Record<string, Json> {
  const op = (
    operationId: string,
    summary: string,
    data: Json,
    request?: Json,
    isPublic = false,
  ): Json => ({
    tags: ['auth'],
    operationId,
    summary,
    ...(request ? { requestBody: body(request) } : {}),
    responses: { 200: json(envelope(data), summary), ...FAILURE },
    ...(isPublic ? { security: [] } : {}),
  });
  const signedIn = ref('SignedIn');
  const nothing = { type: 'null' };
  return {
    '/auth/login': {
      post: op(
        'login',
        'Sign in with email or userName and password',
        { oneOf: [signedIn, ref('TwoFactorChallenge')] },
        object({ email: text, userName: text, password: text }, ['password']),
        true,
      ),
    },
    '/auth/register': {
      post: {
        ...op(
          'register',
          'Create an account and sign in',
          signedIn,
          { type: 'object', required: ['password'], additionalProperties: true },
          true,
        ),
        responses: { 201: json(envelope(signedIn), 'Signed in'), ...FAILURE },
      },
    },
    '/auth/refresh': {
      post: op(
        'refresh',
        'A new session for a refresh token',
        signedIn,
        object({ refreshToken: text }),
        true,
      ),
    },
    '/auth/logout': { post: op('logout', 'End the session', nothing, undefined, true) },
    '/auth/validation': {
      get: op(
        'validateSession',
        'Whether the session is valid',
        object({ isValid: { type: 'boolean' }, user: userRow, expiresAt: time }, ['isValid']),
        undefined,
        true,
      ),
    },
    '/auth/me': { get: op('me', 'The signed-in user', userRow) },
    '/auth/password/change': {
      post: op(
        'changePassword',
        'Change the password; other sessions end',
        object({ endedSessions: { type: 'integer' } }, ['endedSessions']),
        object({ oldPassword: text, newPassword: text }, ['oldPassword', 'newPassword']),
      ),
    },
    '/auth/password/forgot': {
      post: {
        ...op(
          'forgotPassword',
          'Send a reset token',
          nothing,
          object({ email: text }, ['email']),
          true,
        ),
        responses: { 202: json(envelope(nothing), 'Accepted'), ...FAILURE },
      },
    },
    '/auth/password/reset': {
      post: op(
        'resetPassword',
        'Set a new password with a reset token; the sessions end',
        object({ endedSessions: { type: 'integer' } }, ['endedSessions']),
        object({ token: text, password: text }, ['token', 'password']),
        true,
      ),
    },
    '/auth/2fa/setup': {
      post: op(
        'setupTwoFactor',
        'Start two-factor setup',
        object({ secret: text, uri: text }, ['secret', 'uri']),
      ),
    },
    '/auth/2fa/enable': {
      post: op(
        'enableTwoFactor',
        'Confirm two-factor setup with a code',
        object(
          { twoFactorEnabled: { type: 'boolean' }, recoveryCodes: { type: 'array', items: text } },
          ['twoFactorEnabled', 'recoveryCodes'],
        ),
        object({ code: text }, ['code']),
      ),
    },
    '/auth/2fa/disable': {
      post: op(
        'disableTwoFactor',
        'Turn two-factor sign-in off',
        object({ twoFactorEnabled: { type: 'boolean' } }, ['twoFactorEnabled']),
        object({ code: text }, ['code']),
      ),
    },
    '/auth/2fa/verify': {
      post: op(
        'verifyTwoFactor',
        'Finish a two-factor sign-in',
        signedIn,
        object({ challenge: text, code: text }, ['challenge', 'code']),
        true,
      ),
    },
  };
}

/** Options of `openApiDocument`. */
export interface OpenApiDocumentOptions {
  /** The lower-case header that carries the session. */
  sessionHeader: string;
  /** The session cookie's name. */
  sessionCookie: string;
  /** The URL of the API base, for `servers`, e.g. `/api`. */
  basePath: string;
}

/**
 * The OpenAPI 3.1 document of a running server: every entity of the store (list and search
 * with `page`/`limit`/`sort`/`q`, create, get, replace, merge, delete), the auth routes and the
 * Bridgekit envelope, built from the same `FieldSpec`s that `buildRecord` validates bodies
 * with. Paths are relative to the base path (`servers[0].url`).
 *
 * @example
 * const doc = openApiDocument(ctx.store, { sessionHeader: 'x-session-id', sessionCookie: 'sid', basePath: '/api' });
 */
export function openApiDocument(store: DataStore, options: OpenApiDocumentOptions): Json {
  const schemas: Record<string, Json> = {};
  let paths: Record<string, Json> = {};
  for (const name of store.names()) {
    const entity = store.entity(name);
    if (!entity) continue;
    Object.assign(schemas, entitySchemas(entity));
    paths = { ...paths, ...entityPaths(entity) };
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
      ...paths,
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'header', name: options.sessionHeader },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: options.sessionCookie },
      },
      schemas: {
        ...schemas,
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
    }),
  );
}
