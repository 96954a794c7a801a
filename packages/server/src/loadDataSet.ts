import { entityTag, isEntityTag } from './entityTag';
import { hashPassword } from './password';
import type { BridgeData, EntityAccess, EntityRow, FieldSpec } from './types';

/** One collection as the store holds it: its rows and each row's entity tag, by id. */
export interface HeldEntity {
  readonly name: string;
  readonly schema: Record<string, FieldSpec>;
  readonly access: Required<EntityAccess>;
  readonly rows: Map<string, EntityRow>;
  readonly versions: Map<string, string>;
  nextId: number;
}

/** A data set checked and ready to serve. */
export interface LoadedDataSet {
  entities: Map<string, HeldEntity>;
  /** The data set's change counter (`BridgeData.revision`). */
  revision: number;
}

function fail(source: string, message: string): never {
  throw new TypeError(`Invalid ${source}: ${message}`);
}

function savedVersions(source: string, name: string, versions: unknown): Record<string, unknown> {
  if (versions === undefined) return {};
  if (typeof versions !== 'object' || versions === null || Array.isArray(versions)) {
    fail(source, `"versions" of "${name}" must be an object of entity tags by id`);
  }
  return versions as Record<string, unknown>;
}

function loadEntity(source: string, name: string, def: BridgeData['entities'][string]): HeldEntity {
  if (!/^[A-Za-z][\w-]*$/.test(name)) fail(source, `entity name "${name}" is not URL-safe`);
  if (typeof def?.schema !== 'object' || !Array.isArray(def.rows)) {
    fail(source, `entity "${name}" needs "schema" and "rows"`);
  }
  const schema: Record<string, FieldSpec> = { id: { type: 'string' }, ...def.schema };
  const saved = savedVersions(source, name, def.versions);
  const rows = new Map<string, EntityRow>();
  const versions = new Map<string, string>();
  let maxId = 0;
  for (const raw of def.rows) {
    if (typeof raw !== 'object' || raw === null)
      fail(source, `a row of "${name}" is not an object`);
    const row: EntityRow = { ...raw, id: String(raw.id ?? rows.size + 1) };
    // Seeds may carry plain passwords for convenience; only the hash is ever kept.
    if (typeof row.password === 'string') {
      row.passwordHash = hashPassword(row.password);
      delete row.password;
    }
    if (rows.has(row.id)) fail(source, `duplicate id "${row.id}" in "${name}"`);
    rows.set(row.id, row);
    const tag = Object.hasOwn(saved, row.id) ? saved[row.id] : undefined;
    if (tag !== undefined && !isEntityTag(tag)) {
      fail(source, `the version of "${name}" "${row.id}" is not a quoted entity tag`);
    }
    versions.set(row.id, tag ?? entityTag(0, row));
    if (/^\d+$/.test(row.id)) maxId = Math.max(maxId, Number(row.id));
  }
  return {
    name,
    schema,
    access: {
      read: def.access?.read ?? ['authenticated'],
      write: def.access?.write ?? ['admin'],
    },
    rows,
    versions,
    nextId: Math.max(def.nextId ?? 0, maxId + 1),
  };
}

/**
 * Checks a data set (a seed or a data file's content) and builds the store's collections from
 * it: ids as strings, plain seed passwords hashed, each row's saved entity tag kept (or one
 * made from its content). A `TypeError` naming `source` for anything malformed.
 *
 * @example
 * const { entities, revision } = loadDataSet(createDemoData(), 'seed');
 */
export function loadDataSet(data: unknown, source: string): LoadedDataSet {
  if (typeof data !== 'object' || data === null) fail(source, 'expected an object');
  const { entities, revision = 0 } = data as BridgeData;
  if (typeof entities !== 'object' || entities === null) fail(source, 'missing "entities" object');
  if (!Number.isSafeInteger(revision) || revision < 0) {
    fail(source, '"revision" must be an integer >= 0');
  }
  const result = new Map<string, HeldEntity>();
  for (const [name, def] of Object.entries(entities)) {
    result.set(name, loadEntity(source, name, def));
  }
  return { entities: result, revision };
}
