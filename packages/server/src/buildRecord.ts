import { HttpError } from './HttpError';
import { hashPassword } from './password';
import { SECRET_FIELDS } from './toPublicRow';
import type { EntityRow, FieldSpec } from './types';

/** How a body becomes a row: a new one, a full replacement, or a merge into the old one. */
export type WriteMode = 'create' | 'replace' | 'merge';

// Fields the server maintains; values sent by clients are ignored rather than rejected so
// that a client may send back a whole record it read.
const MANAGED = new Set(['id', 'createdAt', 'updatedAt']);

function typeError(field: string, spec: FieldSpec, value: unknown): string | undefined {
  switch (spec.type) {
    case 'string':
      if (typeof value !== 'string') return `${field} must be a string`;
      if (spec.enum && !spec.enum.includes(value))
        return `${field} must be one of ${spec.enum.join(', ')}`;
      return undefined;
    case 'password':
      return typeof value === 'string' && value.length > 0
        ? undefined
        : `${field} must be a non-empty string`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${field} must be true or false`;
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? undefined
        : `${field} must be a date string`;
    default: {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${field} must be a number`;
      if (spec.type === 'integer' && !Number.isInteger(value)) return `${field} must be an integer`;
      if (spec.min !== undefined && value < spec.min)
        return `${field} must be at least ${spec.min}`;
      if (spec.max !== undefined && value > spec.max) return `${field} must be at most ${spec.max}`;
      return undefined;
    }
  }
}

/**
 * Checks a request body against an entity schema and returns the row to store. Throws a 400
 * `HttpError` when the body is not a JSON object and a 422 with `errors` (field -> message)
 * for unknown fields, wrong types and missing required fields. `password` fields are stored
 * as `passwordHash`.
 *
 * @example
 * const row = buildRecord(schema, { name: 'Lamp', price: 12 }, 'create', undefined, '301');
 */
export function buildRecord(
  schema: Record<string, FieldSpec>,
  body: unknown,
  mode: WriteMode,
  existing: EntityRow | undefined,
  id: string,
  now: () => Date = () => new Date(),
): EntityRow {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Body must be a JSON object');
  }
  const errors: Record<string, string> = {};
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (MANAGED.has(field)) continue;
    const spec = Object.hasOwn(schema, field) ? schema[field] : undefined;
    if (!spec) {
      errors[field] = `${field} is not a field of this entity`;
      continue;
    }
    const problem = value === null ? undefined : typeError(field, spec, value);
    if (problem) errors[field] = problem;
    else if (spec.type === 'password')
      fields.passwordHash = value === null ? null : hashPassword(value as string);
    else fields[field] = value;
  }

  let row: EntityRow;
  if (mode === 'merge' && existing) row = { ...existing, ...fields, id };
  else {
    row = { id, ...fields };
    // A replace sends what clients see; the server's own fields (hash, 2FA state) stay.
    for (const field of SECRET_FIELDS) {
      if (existing?.[field] !== undefined && !(field in fields)) row[field] = existing[field];
    }
  }
  if (schema.createdAt?.type === 'date') {
    row.createdAt = existing?.createdAt ?? now().toISOString();
  }
  if (schema.updatedAt?.type === 'date') row.updatedAt = now().toISOString();

  for (const [field, spec] of Object.entries(schema)) {
    if (!spec.required || errors[field]) continue;
    const value = spec.type === 'password' ? row.passwordHash : row[field];
    if (value === undefined || value === null || value === '')
      errors[field] = `${field} is required`;
  }
  const bad = Object.keys(errors);
  if (bad.length > 0) throw new HttpError(422, `Validation failed: ${bad.join(', ')}`, errors);
  return row;
}
