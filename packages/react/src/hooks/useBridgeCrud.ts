import type { EntityConfig, PaginatedResponse, PaginationMeta, QueryParams } from '@bridgekit/core';
import { useMemo } from 'react';
import { useBridgeApiFor } from './internal/useBridgeApiFor';
import type {
  RegisteredEndpoint,
  RegisteredItem,
  RegisteredMatch,
  Unchecked,
  UncheckedDefault,
  UncheckedEndpoint,
} from './register';
import { type MutationOptions, type MutationResult, useBridgeMutation } from './useBridgeMutation';
import { type BridgeQueryConfig, useBridgeQuery } from './useBridgeQuery';

/**
 * What `useBridgeCrud` returns.
 *
 * @example
 * const { data, create, update, remove }: UseBridgeCrudResult<Task> = useBridgeCrud<Task>({ endpoint: '/tasks' });
 */
export interface UseBridgeCrudResult<T> {
  /** The rows of the current page; `[]` until loaded. */
  data: T[];
  /** Pagination of the page; `null` until loaded. */
  meta: PaginationMeta | null;
  /** `true` while the list loads for the first time. */
  isLoading: boolean;
  /** The list's error, or `null`. Mutation failures come back in their `MutationResult`. */
  error: Error | null;
  /** `true` while a create, update or remove is in flight. */
  isMutating: boolean;
  create(data: Partial<T>, options?: MutationOptions<T>): Promise<MutationResult<T>>;
  update(id: string, data: Partial<T>, options?: MutationOptions<T>): Promise<MutationResult<T>>;
  remove(id: string, options?: MutationOptions<undefined>): Promise<MutationResult<undefined>>;
  refetch(): Promise<void>;
}

/**
 * A list of an entity plus create/update/remove that refresh it: `useBridgeApi` +
 * `useBridgeQuery(…, 'list')` + three `useBridgeMutation`s. `queryParams: null` (or
 * `{ enabled: false }` in `swrConfig`) waits: no list request until it changes; the mutations
 * work meanwhile.
 *
 * @example
 * const { data, meta, create, update, remove } = useBridgeCrud<Task>({ endpoint: '/tasks' }, { page: 1, limit: 20 });
 * await create({ title: 'Write docs', status: 'todo' });
 * await update('42', { status: 'done' }, { optimistic: true });
 *
 * @example
 * const { isAuthenticated } = useAuth();
 * const tasks = useBridgeCrud<Task>({ endpoint: '/tasks' }, isAuthenticated ? { limit: 20 } : null);
 *
 * @example
 * // With a registered OpenAPI document (`Register`), no type argument is needed:
 * const { data: pets } = useBridgeCrud({ endpoint: '/pets' }); // Pet[]
 */
export function useBridgeCrud<E extends RegisteredEndpoint>(
  config: EntityConfig & { endpoint: E } & RegisteredMatch<E>,
  queryParams?: QueryParams | null,
  instanceId?: string,
  swrConfig?: BridgeQueryConfig<PaginatedResponse<RegisteredItem<E>>>,
): UseBridgeCrudResult<RegisteredItem<E>>;
export function useBridgeCrud<T = UncheckedDefault>(
  config: EntityConfig & { endpoint: UncheckedEndpoint<T> },
  queryParams?: QueryParams | null,
  instanceId?: string,
  swrConfig?: BridgeQueryConfig<PaginatedResponse<Unchecked<T>>>,
): UseBridgeCrudResult<T>;
export function useBridgeCrud<T = any>(
  config: EntityConfig,
  queryParams?: QueryParams | null,
  instanceId?: string,
  swrConfig?: BridgeQueryConfig<PaginatedResponse<T>>,
): UseBridgeCrudResult<T> {
  const service = useBridgeApiFor<T>('useBridgeCrud', config, instanceId);
  // The list's fields by name: reading `isValidating` would subscribe to its revalidations.
  const { data, meta, isLoading, error, refetch } = useBridgeQuery(
    service,
    'list',
    queryParams,
    swrConfig,
  );
  const { mutate: createMutate, isLoading: creating } = useBridgeMutation(service, 'create');
  const { mutate: updateMutate, isLoading: updating } = useBridgeMutation(service, 'update');
  const { mutate: removeMutate, isLoading: removing } = useBridgeMutation(service, 'delete');
  // The three change together (same service and cache), so one memo keeps each stable.
  const actions = useMemo(
    () => ({
      create: (data: Partial<T>, options?: MutationOptions<T>) => createMutate({ data }, options),
      update: (id: string, data: Partial<T>, options?: MutationOptions<T>) =>
        updateMutate({ id, data }, options),
      remove: (id: string, options?: MutationOptions<undefined>) => removeMutate({ id }, options),
    }),
    [createMutate, updateMutate, removeMutate],
  );
  return {
    data,
    meta,
    isLoading,
    error,
    isMutating: creating || updating || removing,
    ...actions,
    refetch,
  };
}
