/**
 * The building blocks of the OpenAPI document: JSON Schema values, references, the Bridgekit
 * envelope and the bodies and answers of operations.
 */

/** A JSON Schema / OpenAPI object, loosely typed (the document is only ever written). */
export type Json = Record<string, unknown>;

/**
 * A reference to a component: a schema unless `kind` says otherwise.
 *
 * @example
 * ref('Product'); // { $ref: '#/components/schemas/Product' }
 */
export function ref(name: string, kind = 'schemas'): Json {
  return { $ref: `#/components/${kind}/${name}` };
}

/**
 * An object schema with these properties, `required` when some are.
 *
 * @example
 * object({ code: text }, ['code']);
 */
export function object(properties: Record<string, Json>, required: string[] = []): Json {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** A string. */
export const text: Json = { type: 'string' };

/** An ISO date-time string. */
export const time: Json = { type: 'string', format: 'date-time' };

/**
 * The Bridgekit envelope of a success whose `data` is `data` (and `meta`, when given).
 *
 * @example
 * envelope(ref('Product'));
 */
export function envelope(data: Json, meta?: Json): Json {
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

/**
 * An answer with a JSON body of this schema.
 *
 * @example
 * json(envelope(ref('Product')), 'One product');
 */
export function json(schema: Json, description: string): Json {
  return { description, content: { 'application/json': { schema } } };
}

/**
 * A required JSON request body of this schema.
 *
 * @example
 * body(ref('ProductInput'));
 */
export function body(schema: Json): Json {
  return { required: true, content: { 'application/json': { schema } } };
}

/** Every other answer of an operation: a failure in the envelope. */
export const FAILURE: Json = {
  default: json(ref('Failure'), 'A failure, in the Bridgekit envelope'),
};
