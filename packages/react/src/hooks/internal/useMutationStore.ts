import {
  createMutationStore,
  type MutationState,
  type MutationStore,
  type MutationStoreOptions,
} from '@bridgekit/core';
import { useState, useSyncExternalStore } from 'react';

/**
 * A mutation store of this component (created once, with the options of the first render)
 * and its current state. Internal: the binding of `useBridgeMutation`, `useBridgeFormSubmit`
 * and `useAuth`'s account actions.
 */
export function useMutationStore<TData, TError = Error>(
  options?: MutationStoreOptions<TData, TError>,
): [MutationStore<TData, TError>, MutationState<TData, TError>] {
  const [store] = useState(() => createMutationStore(options));
  return [store, useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)];
}
