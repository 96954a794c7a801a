/**
 * The state machine of a write (a create, a form submission, an account action): pending,
 * the last error, the last data, and the callbacks of a settled run. Framework-free: a UI
 * binding subscribes to it (`useSyncExternalStore` in React) and renders its snapshot.
 */
import { toError } from '../checks';
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
   * @default `toError`: an `Error` as it is, anything else wrapped in an `Error` with its text as the message
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
  const { keepErrorWhileLoading, name = 'mutation' } = options;
  // Without `options.toError` the error type is its default, `Error`.
  const makeError = options.toError ?? (toError as (cause: unknown) => TError);
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
      let outcome: MutationRunResult<TData, TError>;
      try {
        outcome = { success: true, data: await fn() };
      } catch (cause) {
        outcome = { success: false, error: makeError(cause) };
      }
      pending -= 1;
      store.setState({
        isLoading: pending > 0,
        error: outcome.success ? null : outcome.error,
        data: outcome.success ? outcome.data : undefined,
      });
      // The store's callbacks, then the run's; one that throws changes nothing.
      for (const target of [options, callbacks]) {
        try {
          if (outcome.success) target.onSuccess?.(outcome.data);
          else target.onError?.(outcome.error);
        } catch (error) {
          console.error(`${name}: ${outcome.success ? 'onSuccess' : 'onError'} threw`, error);
        }
      }
      return outcome;
    },
    reset: () => store.setState({ error: null, data: undefined }),
  };
}
