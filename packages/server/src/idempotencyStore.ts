import { createHash } from 'node:crypto';

/** The store's limits, every default filled in (`ServerOptions.idempotency`). */
export interface IdempotencySettings {
  /** How long an answer is remembered from the first request, in ms. */
  ttlMs: number;
  /** Keys one user (or the anonymous scope) may hold at once, running ones included. */
  maxKeysPerUser: number;
  /** Size of every answer held, all users together, in bytes of their bodies. */
  maxBytes: number;
}

/** An answer as it was sent: the status, the exact JSON text of the body, its `ETag`. */
export interface RememberedAnswer {
  status: number;
  body: string;
  etag?: string;
}

/** One remembered answer as the data file keeps it (the key only as its SHA-256). */
export interface SavedAnswer extends RememberedAnswer {
  scope: string;
  key: string;
  fingerprint: string;
  at: number;
}

/** What `claim` decided for a request that carries a key. */
export type Claim =
  /** The key was used before for this very request: answer this again, apply nothing. */
  | { kind: 'replay'; answer: RememberedAnswer }
  /** The key was used for another request (body, method or path). */
  | { kind: 'reused' }
  /** The user holds as many keys, or the server as many bytes, as allowed. */
  | { kind: 'full'; retryAfterMs: number }
  /** A new key: the request runs, `remember` records its answer, `release` ends the claim. */
  | { kind: 'new'; remember(answer: RememberedAnswer): void; release(): void };

interface Entry {
  fingerprint: string;
  at: number;
  answer?: RememberedAnswer;
  /** The answer's body in bytes (0 until there is one). */
  size: number;
  /** While the first request runs: resolves when it has answered (or given up). */
  running?: Promise<void>;
}

/** The remembered answers of `Idempotency-Key` writes. */
export interface IdempotencyStore {
  /** How long an answer is kept, in ms. */
  readonly ttlMs: number;
  /**
   * Looks the key up in `scope` (the user): waits while a request with it runs, then replays,
   * refuses or claims it.
   */
  claim(scope: string, key: string, fingerprint: string): Promise<Claim>;
  /** The answers to keep in the data file (those not expired). */
  save(): SavedAnswer[];
  /**
   * Restores answers from the data file (expired ones are left out); a `TypeError` when they
   * are not what `save` writes.
   */
  load(saved: unknown): void;
}

/**
 * SHA-256 of a text, base64url: keys are kept only so (in memory and in the data file), and
 * request fingerprints are compared so.
 *
 * @example
 * sha256('POST /api/products\n{"name":"Lamp"}');
 */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

function isSavedAnswer(value: unknown): value is SavedAnswer {
  const v = value as Partial<SavedAnswer> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.scope === 'string' &&
    typeof v.key === 'string' &&
    typeof v.fingerprint === 'string' &&
    typeof v.at === 'number' &&
    typeof v.status === 'number' &&
    typeof v.body === 'string' &&
    (v.etag === undefined || typeof v.etag === 'string')
  );
}

/**
 * The answers of writes sent with an `Idempotency-Key`, per scope (a user, or the anonymous
 * scope) and key, for `ttlMs`. Each scope keeps its keys in the order they came, so the oldest
 * is always first: lookups are one map access, and expired keys leave from the front. A scope
 * holds at most `maxKeysPerUser` keys and all scopes together `maxBytes` of answers; past
 * either, a new key is refused (never an old one forgotten early: that would let its write
 * apply twice).
 *
 * @example
 * const store = createIdempotencyStore({ ttlMs: 86_400_000, maxKeysPerUser: 10_000, maxBytes: 64 << 20 });
 * const claim = await store.claim('user:1', 'a-uuid', fingerprint);
 */
export function createIdempotencyStore(
  settings: IdempotencySettings,
  now: () => number = Date.now,
): IdempotencyStore {
  const scopes = new Map<string, Map<string, Entry>>();
  let bytes = 0;

  function keysOf(scope: string): Map<string, Entry> {
    let keys = scopes.get(scope);
    if (!keys) {
      keys = new Map();
      scopes.set(scope, keys);
    }
    return keys;
  }

  // Removes the expired answers at the front of a scope (a running request never expires).
  function expire(scope: string, keys: Map<string, Entry>): void {
    const oldest = now() - settings.ttlMs;
    for (const [hash, entry] of keys) {
      if (entry.running || entry.at > oldest) break;
      keys.delete(hash);
      bytes -= entry.size;
    }
    if (keys.size === 0) scopes.delete(scope);
  }

  const wait = (keys: Map<string, Entry> | undefined) => {
    const first = keys?.values().next().value;
    return first ? Math.max(0, first.at + settings.ttlMs - now()) : settings.ttlMs;
  };

  function full(keys: Map<string, Entry> | undefined): Claim | undefined {
    if ((keys?.size ?? 0) >= settings.maxKeysPerUser) {
      return { kind: 'full', retryAfterMs: wait(keys) };
    }
    if (bytes < settings.maxBytes) return undefined;
    for (const [scope, other] of scopes) expire(scope, other);
    if (bytes < settings.maxBytes) return undefined;
    return {
      kind: 'full',
      retryAfterMs: Math.min(settings.ttlMs, ...[...scopes.values()].map(wait)),
    };
  }

  function start(scope: string, hash: string, fingerprint: string): Claim {
    const keys = keysOf(scope);
    let settle: () => void = () => {};
    const entry: Entry = {
      fingerprint,
      at: now(),
      size: 0,
      running: new Promise((resolve) => {
        settle = resolve;
      }),
    };
    keys.set(hash, entry);
    return {
      kind: 'new',
      remember(answer) {
        entry.answer = answer;
        entry.size = Buffer.byteLength(answer.body);
        bytes += entry.size;
      },
      release() {
        entry.running = undefined;
        // A request that was refused applied nothing: its key stays free.
        if (!entry.answer) {
          keys.delete(hash);
          if (keys.size === 0 && scopes.get(scope) === keys) scopes.delete(scope);
        }
        settle();
      },
    };
  }

  return {
    ttlMs: settings.ttlMs,
    async claim(scope, key, fingerprint) {
      const hash = sha256(key);
      for (;;) {
        const keys = scopes.get(scope);
        if (keys) expire(scope, keys);
        const entry = scopes.get(scope)?.get(hash);
        if (!entry) return full(scopes.get(scope)) ?? start(scope, hash, fingerprint);
        if (entry.fingerprint !== fingerprint) return { kind: 'reused' };
        // The first request still runs: its answer (or its failure) decides, so look again.
        if (entry.running) await entry.running;
        else if (entry.answer) return { kind: 'replay', answer: entry.answer };
        else throw new Error('idempotency store: an entry with neither answer nor request');
      }
    },
    save() {
      const oldest = now() - settings.ttlMs;
      const saved: SavedAnswer[] = [];
      for (const [scope, keys] of scopes) {
        for (const [key, { fingerprint, at, answer }] of keys) {
          if (answer && at > oldest) saved.push({ scope, key, fingerprint, at, ...answer });
        }
      }
      return saved;
    },
    load(saved) {
      if (saved === undefined) return;
      if (!Array.isArray(saved)) throw new TypeError('idempotencyKeys must be an array');
      const oldest = now() - settings.ttlMs;
      saved.forEach((item, index) => {
        if (!isSavedAnswer(item)) {
          throw new TypeError(
            `idempotencyKeys[${index}] needs scope, key, fingerprint, at, status and body`,
          );
        }
        if (item.at <= oldest) return;
        const { scope, key, fingerprint, at, status, body, etag } = item;
        const size = Buffer.byteLength(body);
        const answer = { status, body, ...(etag === undefined ? {} : { etag }) };
        keysOf(scope).set(key, { fingerprint, at, answer, size });
        bytes += size;
      });
    },
  };
}
