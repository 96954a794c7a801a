/**
 * The state machine of a write (a create, a form submission, an account action): pending,
 * the last error, the last data, and the callbacks of a settled run. Framework-free: a UI
 * binding subscribes to it (`useSyncExternalStore` in React) and renders its snapshot.
 */
import { createStore } from './createStore';

/**
 * What a mutation store holds. A snapshot is a new object only when one of its fields
 * changed, so it can be compared by reference.
 */
export interface MutationState<TData = unknown, TError = Error> {
  /** `true` from the start of a run until every run of the store settled. */
  readonly isLoading: boolean;
  /**
   * The failure of the run that settled last, or `null`. A run clears it when it starts
   * (unless `keepErrorWhileLoading`).
   */
  readonly error: TError | null;
  /** What the run that settled last resolved with; `undefined` after a failure or `reset()`. */
  readonly data: TData | undefined;
}

/** Called once a run settled, after the state changed. */
export interface MutationCallbacks<TData = unknown, TError = Error> {
  /** Called with what the run resolved with. */
  onSuccess?(data: TData): void;
  /** Called with the run's failure (as `toError` made it). */
  onError?(error: TError): void;
}

/** Options of {@link createMutationStore}. Its callbacks run for every run, before the run's own. */
export interface MutationStoreOptions<TData = unknown, TError = Error>
  extends MutationCallbacks<TData, TError> {
  /**
   * Turns what a run threw into the store's `error`.
   * @default an `Error` as it is, anything else wrapped in an `Error` with its text as the message
   */
  toError?(cause: unknown): TError;
  /**
   * Keep the last `error` while a new run is pending (the run replaces it when it settles).
   * @default false
   */
  keepErrorWhileLoading?: boolean;
  /**
   * Names the store in the `console.error` message of a callback that throws.
   * @default 'mutation'
   */
  name?: string;
}

/** What `run` resolves to; it never rejects. */
export type MutationRunResult<TData = unknown, TError = Error> =
  | { success: true; data: TData; error?: undefined }
  | { success: false; data?: undefined; error: TError };

/** A store made by {@link createMutationStore}. Its methods need no `this`. */
export interface MutationStore<TData = unknown, TError = Error> {
  /** Calls `listener` after every change of the state; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current state: the same object until the state changes. */
  getSnapshot(): MutationState<TData, TError>;
  /**
   * Calls `fn` at once (synchronously) with the store pending, then writes its outcome into
   * the state and calls the callbacks (the store's, then these). Overlapping runs are allowed:
   * `isLoading` stays `true` until the last settles, and each writes its outcome as it settles.
   * A callback that throws is reported with `console.error`; it changes neither the state nor
   * the result.
   */
  run(
    fn: () => TData | PromiseLike<TData>,
    callbacks?: MutationCallbacks<TData, TError>,
  ): Promise<MutationRunResult<TData, TError>>;
  /** Clears `error` and `data`. A pending run still writes its outcome when it settles. */
  reset(): void;
}

const wrapError = (cause: unknown): any =>
  cause instanceof Error ? cause : new Error(String(cause));

/**
 * Creates a mutation store: the pending/error/data state of a write and its callbacks, for
 * bindings to a UI framework. The hooks of `@bridgekit/react` (`useBridgeMutation`,
 * `useBridgeFormSubmit`, `useAuth`'s account actions) are built on it.
 *
 * @example
 * const products = createBridgeApiService<Product>(api, { endpoint: '/products' });
 * const saving = createMutationStore<Product>({ onError: (e) => console.warn(e.message) });
 * const unsubscribe = saving.subscribe(() => {
 *   const { isLoading, error } = saving.getSnapshot();
 *   button.disabled = isLoading;
 *   message.textContent = error ? error.message : '';
 * });
 * const result = await saving.run(() => products.create({ name: 'Stool' }));
 * if (result.success) console.log(result.data.id);
 */
export function createMutationStore<TData = unknown, TError = Error>(
  options: MutationStoreOptions<TData, TError> = {},
): MutationStore<TData, TError> {
  const { toError = wrapError, keepErrorWhileLoading, name = 'mutation' } = options;
  // The auth service's store: it notifies only when a field changed.
  const store = createStore<MutationState<TData, TError>>({
    isLoading: false,
    error: null,
    data: undefined,
  });
  let pending = 0;
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getState,
    async run(fn, callbacks = {}) {
      pending++;
      store.setState({
        isLoading: true,
        error: keepErrorWhileLoading ? store.getState().error : null,
      });
      let success = true;
      let value: any;
      try {
        value = await fn();
      } catch (cause) {
        success = false;
        value = toError(cause);
      }
      const key = success ? 'onSuccess' : 'onError';
      store.setState({
        isLoading: --pending > 0,
        error: success ? null : value,
        data: success ? value : undefined,
      });
      for (const target of [options, callbacks]) {
        try {
          target[key]?.(value);
        } catch (error) {
          console.error(`${name}: ${key} threw`, error);
        }
      }
      return success ? { success, data: value } : { success, error: value };
    },
    reset: () => store.setState({ error: null, data: undefined }),
  };
}
