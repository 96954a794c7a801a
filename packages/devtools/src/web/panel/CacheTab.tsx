/**
 * The Cache tab: the SWR cache entries of one instance's queries (`['bridgekit', instance, …]`
 * keys), each with its data (credentials redacted), state and age, and the actions SWR gives:
 * revalidate (fetch this key again), invalidate (every query of its endpoint, as a write does),
 * remove, and edit (replace its data, no request).
 */
import { invalidateBridgeQueries } from '@bridgekit/react/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { type Cache, useSWRConfig } from 'swr';
import { duration, pretty } from '../../format';
import type { Recorder } from '../../record/recorder';
import type { Redactor } from '../../record/redact';
import { useRecorderState } from '../../useRecorder';
import * as styles from './styles';

/** What SWR keeps of one key (its `_k` holds the key as the hook gave it). */
interface SwrState {
  data?: unknown;
  error?: unknown;
  isLoading?: boolean;
  isValidating?: boolean;
  _k?: unknown;
}

interface Entry {
  /** The serialized key, as the cache stores it. */
  key: string;
  /** The key as the hook gave it: `['bridgekit', instance, endpoint, type, params, dialect?]`. */
  args: readonly unknown[];
  state: SwrState;
}

function entriesOf(cache: Cache, instance: string): Entry[] {
  const entries: Entry[] = [];
  for (const key of cache.keys()) {
    const state = cache.get(key) as SwrState | undefined;
    const args = state?._k;
    if (!state || !Array.isArray(args) || args[0] !== 'bridgekit' || args[1] !== instance) continue;
    entries.push({ key, args, state });
  }
  return entries;
}

function stateOf({ state }: Entry): string {
  if (state.isLoading) return 'loading';
  if (state.isValidating) return 'revalidating';
  if (state.error) return 'error';
  return state.data === undefined ? 'empty' : 'cached';
}

/** The time now, again every second while mounted: the ages move. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Editor({ entry, redact, onDone }: { entry: Entry; redact: Redactor; onDone(): void }) {
  const { mutate } = useSWRConfig();
  const [text, setText] = useState(() => pretty(redact.value(entry.state.data)));
  const [problem, setProblem] = useState('');
  const save = async () => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      setProblem(`Not JSON: ${(error as Error).message}`);
      return;
    }
    await mutate(entry.args, value, { revalidate: false });
    onDone();
  };
  return (
    <div>
      <textarea
        aria-label="Data (JSON)"
        value={text}
        rows={8}
        style={{ width: '100%' }}
        onChange={(event) => setText(event.target.value)}
      />
      {problem && <p role="alert">{problem}</p>}
      <div style={styles.row}>
        <button type="button" onClick={save}>
          Save
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function CacheEntry({
  entry,
  instance,
  age,
  redact,
}: {
  entry: Entry;
  instance: string;
  age: number | undefined;
  redact: Redactor;
}) {
  const scope = useSWRConfig();
  const [editing, setEditing] = useState(false);
  const [, , endpoint, type, params] = entry.args;
  const label = `${String(type)} ${String(endpoint)} ${JSON.stringify(params)}`;
  const remove = async () => {
    await scope.mutate(entry.args, undefined, { revalidate: false });
    scope.cache.delete(entry.key);
  };
  return (
    <li aria-label={label} style={{ borderBottom: `1px solid ${styles.colors.border}` }}>
      <p style={{ margin: '4px 0' }}>
        <code>{redact.text(label)}</code>{' '}
        <span style={styles.muted}>
          {stateOf(entry)}
          {age !== undefined && ` · ${duration(age)} old`}
        </span>
      </p>
      <div style={styles.row}>
        <button type="button" onClick={() => void scope.mutate(entry.args)}>
          Revalidate
        </button>
        <button
          type="button"
          aria-label={`Invalidate every query of ${String(endpoint)}`}
          onClick={() =>
            void invalidateBridgeQueries(scope, {
              instanceId: instance,
              endpoint: String(endpoint),
            })
          }
        >
          Invalidate
        </button>
        <button type="button" onClick={() => setEditing(true)} disabled={editing}>
          Edit
        </button>
        <button type="button" onClick={remove}>
          Remove
        </button>
      </div>
      {editing ? (
        <Editor entry={entry} redact={redact} onDone={() => setEditing(false)} />
      ) : (
        <details>
          <summary>Data</summary>
          <pre>{pretty(redact.value(entry.state.data))}</pre>
        </details>
      )}
    </li>
  );
}

/**
 * The Cache tab. Internal: part of the panel.
 *
 * @example
 * <CacheTab instance="default" recorder={recorder} redact={redactor} />
 */
export function CacheTab({
  instance,
  recorder,
  redact,
}: {
  instance: string;
  recorder: Recorder;
  redact: Redactor;
}): ReactNode {
  const { cache } = useSWRConfig();
  const events = useRecorderState(recorder).cache;
  const now = useNow();
  const entries = entriesOf(cache, instance);
  // The last time each key of this instance got data, from the binding's cache events.
  const filled = new Map<string, number>();
  for (const { event } of events) {
    if (event.instance === instance && event.kind !== 'invalidated') {
      filled.set(event.key, event.time);
    }
  }
  if (entries.length === 0) {
    return <p style={styles.muted}>No cached query of instance "{instance}" yet.</p>;
  }
  return (
    <ul aria-label={`Cached queries of ${instance}`} style={styles.list}>
      {entries.map((entry) => {
        const at = filled.get(entry.key);
        return (
          <CacheEntry
            key={entry.key}
            entry={entry}
            instance={instance}
            age={at === undefined ? undefined : now - at}
            redact={redact}
          />
        );
      })}
    </ul>
  );
}
