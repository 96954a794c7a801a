import type { EntityState } from '../dataStore';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../idempotencyKey';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../listQuery';
import { schemaName } from './entitySchemas';
import { body, envelope, FAILURE, type Json, json, ref } from './jsonSchema';

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

const header = (name: string, description: string): Json => ({
  name,
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description,
});

const IF_NONE_MATCH_READ = header(
  'If-None-Match',
  'The `ETag` of the copy the client holds (or a list of them, or `*`): the answer is `304` without a body while it still matches.',
);
const IF_MATCH = header(
  'If-Match',
  'Apply only if the record is still at this `ETag` (or any of a list; `*`: any current record). A stale tag, or any tag once the record was deleted, is a `412 PRECONDITION_FAILED`. Weak tags never match.',
);
const IF_NONE_MATCH_WRITE = header(
  'If-None-Match',
  'Apply only if the record is not at this `ETag` (`*`: never while it exists); a match is a `412 PRECONDITION_FAILED`.',
);

/** The `ETag` answer header of one record (strong) or of a list (weak). */
function etagHeader(weak: boolean): Json {
  return {
    ETag: {
      description: weak
        ? 'A weak validator of this answer: send it back as `If-None-Match` to get `304` while the page reads the same'
        : "The record's version, opaque: send it back as `If-Match` with a write, or as `If-None-Match` with a read",
      schema: { type: 'string' },
    },
  };
}

const notModified = (weak: boolean): Json => ({
  description: 'Not modified: `If-None-Match` matches (no body)',
  headers: etagHeader(weak),
});

/** The 412 of a write whose precondition failed: the current record, or `null` once deleted. */
function preconditionFailed(row: Json): Json {
  return {
    ...json(
      {
        type: 'object',
        required: ['success', 'error', 'code', 'data'],
        properties: {
          success: { type: 'boolean', const: false },
          error: { type: 'string' },
          code: { type: 'string', const: 'PRECONDITION_FAILED' },
          data: { oneOf: [row, { type: 'null' }] },
        },
      },
      '`PRECONDITION_FAILED`: `If-Match` is stale (`data` is the current record, `ETag` its version) or the record was deleted (`data` is `null`, no `ETag`)',
    ),
    headers: etagHeader(false),
  };
}

/** How long a remembered answer is kept, as the document says it. */
function duration(ms: number): string {
  const hour = 3_600_000;
  return ms % hour === 0 ? `${ms / hour} h` : `${ms} ms`;
}

/**
 * What a write says about `Idempotency-Key` (routes/writeRoute): the header, and the answers it
 * adds (the replay header on a success, the 422 of a reused key, the 429 of a full store).
 */
function idempotency(ttlMs: number, validates: boolean) {
  const parameter: Json = {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
    description:
      `Makes the write safe to send again (a random UUID per write): the same key from the same user within ${duration(ttlMs)} ` +
      'is answered with the first answer (`Idempotent-Replayed: true`) and applies nothing; the same key with another ' +
      'method, path or body is a 422 `IDEMPOTENCY_KEY_REUSED`; a repeat while the first runs waits for its answer. ' +
      'Visible ASCII characters.',
  };
  const replayed = {
    'Idempotent-Replayed': {
      description: '`true` when this is the remembered answer of an earlier request with the key',
      schema: { type: 'string', enum: ['true'] },
    },
  };
  const reused = '`IDEMPOTENCY_KEY_REUSED`: the `Idempotency-Key` was used for another request';
  const responses: Json = {
    422: json(
      ref('Failure'),
      validates ? `\`VALIDATION_ERROR\` (\`errors\` per field), or ${reused}` : reused,
    ),
    429: {
      ...json(
        ref('Failure'),
        'Too many writes with an `Idempotency-Key` held for this user (or by the server): `Retry-After` says when a new key is accepted',
      ),
      headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
    },
  };
  return { parameter, replayed, responses };
}

/**
 * The paths of one entity: list, search, create, get, replace, merge, delete, the writes with
 * their `Idempotency-Key` header (remembered `ttlMs`), the versions: `ETag` on reads and
 * writes, `If-None-Match` (304) on reads, `If-Match` / `If-None-Match` (412) on writes to one
 * record.
 *
 * @example
 * Object.keys(entityPaths(products, 86_400_000)); // ['/products', '/products/search', '/products/{id}']
 */
export function entityPaths(entity: EntityState, ttlMs: number): Record<string, Json> {
  const name = schemaName(entity.name);
  const open = (rule: 'read' | 'write') =>
    entity.access[rule].some((who) => who.toLowerCase() === 'public') ? { security: [] } : {};
  const tag = { tags: [entity.name] };
  const one = json(envelope(ref(name)), `One ${entity.name} row`);
  const list = (operationId: string, summary: string, extra: Json[] = []): Json => ({
    ...tag,
    operationId,
    summary,
    parameters: [...LIST_PARAMS, ...extra, IF_NONE_MATCH_READ],
    responses: {
      200: {
        ...json(envelope({ type: 'array', items: ref(name) }, ref('ListMeta')), 'A page of rows'),
        headers: etagHeader(true),
      },
      304: notModified(true),
      ...FAILURE,
    },
    ...open('read'),
  });
  // A write to one record (`target`) takes preconditions; a create answers the new ETag too.
  const write = (
    operationId: string,
    status: number,
    answer: Json,
    { input, target = true, tagged = true }: { input?: string; target?: boolean; tagged?: boolean },
  ): Json => {
    const keyed = idempotency(ttlMs, input !== undefined);
    const headers = tagged ? { ...keyed.replayed, ...etagHeader(false) } : keyed.replayed;
    return {
      ...tag,
      operationId,
      parameters: [keyed.parameter, ...(target ? [IF_MATCH, IF_NONE_MATCH_WRITE] : [])],
      ...(input ? { requestBody: body(ref(input)) } : {}),
      responses: {
        [status]: { ...answer, headers },
        ...(target ? { 412: preconditionFailed(ref(name)) } : {}),
        ...keyed.responses,
        ...FAILURE,
      },
      ...open('write'),
    };
  };
  return {
    [`/${entity.name}`]: {
      get: list(`list${name}`, `List ${entity.name}`),
      post: {
        ...write(`create${name}`, 201, json(envelope(ref(name)), 'The created row'), {
          input: `${name}Input`,
          target: false,
        }),
        summary: `Create a ${entity.name} row`,
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
        parameters: [IF_NONE_MATCH_READ],
        responses: {
          200: { ...one, headers: etagHeader(false) },
          304: notModified(false),
          ...FAILURE,
        },
        ...open('read'),
      },
      put: write(`replace${name}`, 200, one, { input: `${name}Input` }),
      patch: write(`update${name}`, 200, one, { input: `${name}Patch` }),
      delete: write(`delete${name}`, 200, json(envelope(ref(name)), 'The deleted row'), {
        tagged: false,
      }),
    },
  };
}
