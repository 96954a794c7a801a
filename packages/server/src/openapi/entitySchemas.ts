import type { EntityState } from '../dataStore';
import type { FieldSpec } from '../types';
import type { Json } from './jsonSchema';

// Fields the server sets itself (buildRecord's MANAGED): shown in rows, ignored in bodies.
const MANAGED = new Set(['id', 'createdAt', 'updatedAt']);

/**
 * A schema name per entity: `users` -> `User`, `order-items` -> `OrderItem`.
 *
 * @example
 * schemaName('categories'); // 'Category'
 */
export function schemaName(entity: string): string {
  let singular = entity;
  if (entity.endsWith('ies')) singular = `${entity.slice(0, -3)}y`;
  else if (entity.endsWith('s') && !entity.endsWith('ss')) singular = entity.slice(0, -1);
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

// Rows and bodies have exactly the entity's fields.
const closedObject = (properties: Record<string, Json>, required: string[]): Json => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
  additionalProperties: false,
});

/**
 * The schemas of one entity, from its `FieldSpec`s: the row clients read (`Name`), the body of
 * a create or replace (`NameInput`) and of a merge (`NamePatch`).
 *
 * @example
 * Object.keys(entitySchemas(products)); // ['Product', 'ProductInput', 'ProductPatch']
 */
export function entitySchemas(entity: EntityState): Record<string, Json> {
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
  return {
    [name]: closedObject(row, rowRequired),
    [`${name}Input`]: closedObject(input, inputRequired),
    [`${name}Patch`]: closedObject(patch, []),
  };
}
