/** A minimal external store: what `useSyncExternalStore` and other frameworks' adapters need. */
export interface Store<S> {
  getState(): S;
  setState(patch: Partial<S>): void;
  subscribe(listener: (state: S) => void): () => void;
}

/**
 * Creates a store whose state is replaced (never mutated) on every change, so the snapshot
 * identity tells subscribers whether anything changed.
 *
 * @example
 * const store = createStore({ count: 0 });
 * const stop = store.subscribe((s) => console.log(s.count));
 * store.setState({ count: 1 }); // logs 1
 * stop();
 */
export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<(state: S) => void>();
  return {
    getState: () => state,
    setState(patch) {
      const keys = Object.keys(patch) as Array<keyof S>;
      if (keys.every((key) => Object.is(state[key], patch[key]))) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
