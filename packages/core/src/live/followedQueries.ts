/**
 * Which queries follow the live module, by their SWR key (serialized): the hooks' `live` option
 * marks a key as following or not, and a table that shows "n new rows" holds its list, so that
 * created records are counted for it instead of fetched.
 */
import type { LiveNewRows } from './liveTypes';

/** The marks and holds of one live module. */
export interface FollowedQueries {
  /** Whether the query of `key` follows: a hook said so, or none said no and all follow. */
  follows(key: string): boolean;
  /** Marks `key` as following or not; returns the unmark. */
  mark(key: string, follows: boolean): () => void;
  /** Whether a table holds the list of `key`. */
  holds(key: string): boolean;
  /** Counts one more created record for the list of `key` (held). */
  countNew(key: string): void;
  /** Holds the list of `key`; `listener` hears its count. */
  hold(key: string, listener: (count: number) => void): LiveNewRows;
  /** Sets every count back to 0 (a reset fetches every list again). */
  clearCounts(): void;
}

interface Marks {
  on: number;
  off: number;
}

interface Hold {
  count: number;
  readonly listeners: Set<(count: number) => void>;
}

/**
 * The followed queries of a module whose queries follow by default (`'all'`) or only when a hook
 * says so (`'opt-in'`).
 *
 * @example
 * const queries = createFollowedQueries('all');
 * const unmark = queries.mark(key, false);
 * queries.follows(key); // false
 */
export function createFollowedQueries(byDefault: 'all' | 'opt-in'): FollowedQueries {
  const marks = new Map<string, Marks>();
  const holds = new Map<string, Hold>();

  const tell = (hold: Hold) => {
    for (const listener of [...hold.listeners]) listener(hold.count);
  };

  return {
    follows(key) {
      const mark = marks.get(key);
      if (mark?.on) return true;
      if (mark?.off) return false;
      return byDefault === 'all';
    },
    mark(key, follows) {
      const mark = marks.get(key) ?? { on: 0, off: 0 };
      marks.set(key, mark);
      const side = follows ? 'on' : 'off';
      mark[side]++;
      let marked = true;
      return () => {
        if (!marked) return;
        marked = false;
        mark[side]--;
        if (mark.on + mark.off === 0) marks.delete(key);
      };
    },
    holds: (key) => holds.has(key),
    countNew(key) {
      const hold = holds.get(key);
      if (!hold) return;
      hold.count++;
      tell(hold);
    },
    hold(key, listener) {
      const hold = holds.get(key) ?? { count: 0, listeners: new Set() };
      holds.set(key, hold);
      hold.listeners.add(listener);
      return {
        show() {
          hold.count = 0;
          tell(hold);
        },
        release() {
          hold.listeners.delete(listener);
          if (hold.listeners.size === 0 && holds.get(key) === hold) holds.delete(key);
        },
      };
    },
    clearCounts() {
      for (const hold of holds.values()) {
        if (hold.count === 0) continue;
        hold.count = 0;
        tell(hold);
      }
    },
  };
}
