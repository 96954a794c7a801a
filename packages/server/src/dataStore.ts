import { existsSync, readFileSync } from 'node:fs';
import { hashPassword } from './password';
import type { BridgeData, EntityAccess, EntityRow, FieldSpec } from './types';
import { createWriteQueue, removeStaleTempFiles } from './writeJsonAtomic';

/** One collection as the server holds it: rows by id, in insertion order. */
export interface EntityState {
  readonly name: string;
  readonly schema: Record<string, FieldSpec>;
  readonly access: Required<EntityAccess>;
  readonly rows: Map<string, EntityRow>;
  nextId: number;
}

/**
 * Something the data file keeps beside the data set (the remembered `Idempotency-Key`
 * answers), written in the same atomic write as the data, so the file never has one without
 * the other.
 */
export interface FileSection {
  /** Its member in the file. */
  name: string;
  /** Restores it from that member (`undefined` when the file has none). */
  load(saved: unknown): void;
  /** What to write; the member is left out when this is empty. */
  save(): unknown[];
}

/** The server's data: every entity, plus persistence when a data file is set. */
export interface DataStore {
  entity(name: string): EntityState | undefined;
  names(): string[];
  /** Hands out the next free string id of an entity. */
  allocateId(entity: EntityState): string;
  snapshot(): BridgeData;
  /** Persists the current state (no-op in memory); resolves when it is on disk. */
  save(): Promise<void>;
  /** Resolves when every pending write has finished. */
  flush(): Promise<void>;
}

function fail(source: string, message: string): never {
  throw new TypeError(`Invalid ${source}: ${message}`);
}

function normalize(data: unknown, source: string): Map<string, EntityState> {
  if (typeof data !== 'object' || data === null) fail(source, 'expected an object');
  const entities = (data as BridgeData).entities;
  if (typeof entities !== 'object' || entities === null) fail(source, 'missing "entities" object');
  const result = new Map<string, EntityState>();
  for (const [name, def] of Object.entries(entities)) {
    if (!/^[A-Za-z][\w-]*$/.test(name)) fail(source, `entity name "${name}" is not URL-safe`);
    if (typeof def?.schema !== 'object' || !Array.isArray(def.rows)) {
      fail(source, `entity "${name}" needs "schema" and "rows"`);
    }
    const schema: Record<string, FieldSpec> = { id: { type: 'string' }, ...def.schema };
    const rows = new Map<string, EntityRow>();
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
      if (/^\d+$/.test(row.id)) maxId = Math.max(maxId, Number(row.id));
    }
    result.set(name, {
      name,
      schema,
      access: {
        read: def.access?.read ?? ['authenticated'],
        write: def.access?.write ?? ['admin'],
      },
      rows,
      nextId: Math.max(def.nextId ?? 0, maxId + 1),
    });
  }
  return result;
}

/**
 * Builds the store: from `dataFile` when that file exists, else from `seed` (and the file is
 * then created on the first `save()`). A `section` is loaded from and saved to the same file.
 *
 * @example
 * const store = createDataStore(createDemoData(), '/tmp/bridgekit.json');
 * await store.save();
 */
export function createDataStore(
  seed: BridgeData,
  dataFile?: string,
  section?: FileSection,
): DataStore {
  let entities: Map<string, EntityState>;
  if (dataFile) removeStaleTempFiles(dataFile);
  if (dataFile && existsSync(dataFile)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(dataFile, 'utf8'));
    } catch (err) {
      throw new TypeError(`Invalid dataFile ${dataFile}: ${(err as Error).message}`);
    }
    entities = normalize(parsed, `dataFile ${dataFile}`);
    try {
      section?.load((parsed as Record<string, unknown>)[section.name]);
    } catch (err) {
      throw new TypeError(`Invalid dataFile ${dataFile}: ${(err as Error).message}`);
    }
  } else {
    entities = normalize(seed, 'seed');
  }

  const snapshot = (): BridgeData => ({
    version: 1,
    entities: Object.fromEntries(
      [...entities.values()].map((e) => [
        e.name,
        { schema: e.schema, access: e.access, nextId: e.nextId, rows: [...e.rows.values()] },
      ]),
    ),
  });
  const fileContent = () => {
    const extra = section?.save() ?? [];
    return section && extra.length > 0 ? { ...snapshot(), [section.name]: extra } : snapshot();
  };
  const queue = dataFile ? createWriteQueue(dataFile, fileContent) : undefined;

  return {
    entity: (name) => entities.get(name),
    names: () => [...entities.keys()],
    allocateId(entity) {
      while (entity.rows.has(String(entity.nextId))) entity.nextId++;
      return String(entity.nextId++);
    },
    snapshot,
    save: () => queue?.save() ?? Promise.resolve(),
    flush: () => queue?.flush() ?? Promise.resolve(),
  };
}
