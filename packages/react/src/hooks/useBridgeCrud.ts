import type { EntityConfig, PaginatedResponse, PaginationMeta, QueryParams } from '@bridgekit/core';
import { useMemo } from 'react';
import { useBridgeApiFor } from './internal/useBridgeApiFor';
import type {
  RegisteredCreateBody,
  RegisteredEndpoint,
  RegisteredItem,
  RegisteredMatch,
  RegisteredRemoveId,
  RegisteredUpdateBody,
  RegisteredUpdateMethod,
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
 * What `useBridgeCrud` returns for an endpoint of the registered document: its writes are
 * checked against the document's operations (`create` against `POST endpoint`, `update`
 * against `PATCH endpoint/{id}` or its PUT, `remove` only where `endpoint/{id}` has a DELETE).
 *
 * @example
 * const { create }: RegisteredCrudResult<'/pets'> = useBridgeCrud({ endpoint: '/pets' });
 */
interface RegisteredCrudResult<E extends string>
  extends Omit<UseBridgeCrudResult<RegisteredItem<E>>, 'create' | 'update' | 'remove'> {
  create(
    data: RegisteredCreateBody<E>,
    options?: MutationOptions<RegisteredItem<E>>,
  ): Promise<MutationResult<RegisteredItem<E>>>;
  update(
    id: string,
    data: RegisteredUpdateBody<E>,
    options?: MutationOptions<RegisteredItem<E>>,
  ): Promise<MutationResult<RegisteredItem<E>>>;
  remove(
    id: RegisteredRemoveId<E>,
    options?: MutationOptions<undefined>,
  ): Promise<MutationResult<undefined>>;
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
 * // With a registered OpenAPI document (`Register`), no type argument is needed, and the
 * // writes are checked against the document's operations:
 * const { data: pets, create } = useBridgeCrud({ endpoint: '/pets' }); // Pet[]
 * await create({ name: 'Rex' }); // the body of POST /pets
 */
export function useBridgeCrud<const E extends RegisteredEndpoint>(
  config: EntityConfig & { endpoint: E } & RegisteredMatch<E> & RegisteredUpdateMethod<E>,
  queryParams?: QueryParams | null,
  instanceId?: string,
  swrConfig?: BridgeQueryConfig<PaginatedResponse<RegisteredItem<E>>>,
): RegisteredCrudResult<E>;
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
