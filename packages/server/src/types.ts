/**
 * Shapes of the reference server's data set: entities with a schema, access rules and rows.
 * The same shape is accepted as `seed` and written to `dataFile`.
 */

/**
 * The type of one field; filter values and bodies are checked against it.
 *
 * @example
 * const stock: FieldType = 'integer';
 */
export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'password';

/**
 * One field of an entity schema.
 *
 * @example
 * const price: FieldSpec = { type: 'number', required: true, min: 0 };
 */
export interface FieldSpec {
  type: FieldType;
  /** Must be present (not `null`, not an empty string) after create, replace or merge. */
  required?: boolean;
  /** Smallest allowed number (number and integer fields). */
  min?: number;
  /** Largest allowed number (number and integer fields). */
  max?: number;
  /** Allowed values (string fields). */
  enum?: string[];
}

/**
 * Who may read and write an entity. `'public'` admits everybody, `'authenticated'` any
 * signed-in user; other names are user types, compared case-insensitively.
 *
 * @example
 * const access: EntityAccess = { read: ['authenticated'], write: ['admin', 'editor'] };
 */
export interface EntityAccess {
  /** @default ['authenticated'] */
  read?: string[];
  /** @default ['admin'] */
  write?: string[];
}

/**
 * One record. Ids are strings.
 *
 * @example
 * const row: EntityRow = { id: '1', name: 'Lamp', price: 12 };
 */
export type EntityRow = { id: string; [field: string]: unknown };

/**
 * One collection served at `/api/<name>`.
 *
 * @example
 * const notes: EntityDefinition = {
 *   schema: { id: { type: 'string' }, text: { type: 'string', required: true } },
 *   access: { read: ['authenticated'], write: ['admin'] },
 *   rows: [{ id: '1', text: 'hello' }],
 * };
 */
export interface EntityDefinition {
  /** Field name -> spec. `id` is always a string and is added when missing. */
  schema: Record<string, FieldSpec>;
  access?: EntityAccess;
  rows: EntityRow[];
  /** The next numeric id handed out on create; computed from the rows when absent. */
  nextId?: number;
  /**
   * Each row's entity tag (`ETag`) by id, as the server answers it; rows without one get a
   * tag made from their content. Written to the data file so that tags survive a restart.
   */
  versions?: Record<string, string>;
}

/**
 * A whole data set. The `users` entity, when present, is what `/auth/login` checks; a user row
 * may carry a plain `password` in a seed (hashed on load) or a `passwordHash`.
 *
 * @example
 * const data: BridgeData = { entities: { notes } };
 */
export interface BridgeData {
  /** Format version of the data file. @default 1 */
  version?: number;
  /**
   * How many record changes the data set has seen: each change takes the next number into
   * its record's entity tag, so a tag is never handed out twice for one data file.
   * @default 0
   */
  revision?: number;
  entities: Record<string, EntityDefinition>;
}
