import { existsSync, readFileSync } from 'node:fs';
import { entityTag } from './entityTag';
import { type HeldEntity, type LoadedDataSet, loadDataSet } from './loadDataSet';
import type { BridgeData, EntityAccess, EntityRow, FieldSpec } from './types';
import { createWriteQueue, removeStaleTempFiles } from './writeJsonAtomic';

/**
 * One collection as the server holds it: rows by id, in insertion order, and each row's entity
 * tag. Rows change only through the store's `put` and `remove`, which keep the tags.
 */
export interface EntityState {
  readonly name: string;
  readonly schema: Record<string, FieldSpec>;
  readonly access: Required<EntityAccess>;
  readonly rows: ReadonlyMap<string, EntityRow>;
  nextId: number;
}

/** A change of one record, as `put` and `remove` report it. */
export interface RecordChange {
  /** The entity's name. */
  entity: string;
  id: string;
  type: 'created' | 'updated' | 'deleted';
  /** The record's entity tag after the change; for a deletion, the tag it had. */
  version: string;
  /** The stored row after the change (secrets included); absent for a deletion. */
  row?: EntityRow;
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
  /** Stores a row (a new one, or a new state of the row with its id) under a new entity tag. */
  put(entity: EntityState, row: EntityRow): RecordChange;
  /** Removes a row; `undefined` when there was none with that id. */
  remove(entity: EntityState, id: string): RecordChange | undefined;
  /** The entity tag (`ETag`) of a row, `undefined` when there is none with that id. */
  versionOf(entity: EntityState, id: string): string | undefined;
  /** Hands out the next free string id of an entity. */
  allocateId(entity: EntityState): string;
  snapshot(): BridgeData;
  /** Persists the current state (no-op in memory); resolves when it is on disk. */
  save(): Promise<void>;
  /** Resolves when every pending write has finished. */
  flush(): Promise<void>;
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
  let loaded: LoadedDataSet;
  if (dataFile) removeStaleTempFiles(dataFile);
  if (dataFile && existsSync(dataFile)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(dataFile, 'utf8'));
    } catch (err) {
      throw new TypeError(`Invalid dataFile ${dataFile}: ${(err as Error).message}`);
    }
    loaded = loadDataSet(parsed, `dataFile ${dataFile}`);
    try {
      section?.load((parsed as Record<string, unknown>)[section.name]);
    } catch (err) {
      throw new TypeError(`Invalid dataFile ${dataFile}: ${(err as Error).message}`);
    }
  } else {
    loaded = loadDataSet(seed, 'seed');
  }
  const { entities } = loaded;
  let revision = loaded.revision;
  // The store hands out only what it made itself, so the casts below always hold.
  const held = (entity: EntityState) => entity as HeldEntity;

  const snapshot = (): BridgeData => ({
    version: 1,
    revision,
    entities: Object.fromEntries(
      [...entities.values()].map((e) => [
        e.name,
        {
          schema: e.schema,
          access: e.access,
          nextId: e.nextId,
          rows: [...e.rows.values()],
          versions: Object.fromEntries(e.versions),
        },
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
    put(entity, row) {
      const { rows, versions } = held(entity);
      const type = rows.has(row.id) ? 'updated' : 'created';
      const version = entityTag(++revision, row);
      rows.set(row.id, row);
      versions.set(row.id, version);
      return { entity: entity.name, id: row.id, type, version, row };
    },
    remove(entity, id) {
      const { rows, versions } = held(entity);
      const version = versions.get(id);
      if (!rows.has(id) || version === undefined) return undefined;
      rows.delete(id);
      versions.delete(id);
      // A deletion is a change too: the next tag handed out is a new number.
      revision++;
      return { entity: entity.name, id, type: 'deleted', version };
    },
    versionOf: (entity, id) => held(entity).versions.get(id),
    allocateId(entity) {
      while (entity.rows.has(String(entity.nextId))) entity.nextId++;
      return String(entity.nextId++);
    },
    snapshot,
    save: () => queue?.save() ?? Promise.resolve(),
    flush: () => queue?.flush() ?? Promise.resolve(),
  };
}
