import type { BridgeApiService, PaginatedResponse } from '@bridgekit/core';
import { useCallback, useContext, useRef, useState } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import { BridgeContext } from './BridgeContext';
import { instanceIdOf, isBridgeQueryKey } from './bridgeQueryKey';
import { invalidateBridgeQueries } from './invalidateBridgeQueries';

/** The mutation types of `useBridgeMutation`. */
export type BridgeMutationType = 'create' | 'update' | 'delete';

/** Options of a mutation, as defaults of the hook and per `mutate` call (per call wins). */
export interface MutationOptions<R = any> {
  /** Called with the server's record (`undefined` for delete) after success. */
  onSuccess?(data: R): void;
  /** Called with the error (a `BridgeApiError` for server failures). */
  onError?(error: Error): void;
  /**
   * Revalidate every cached query of the same instance and endpoint after success
   * (`useBridgeQuery` keys and `useBridgeInfiniteQuery` lists), through `invalidateBridgeQueries`.
   * @default true
   */
  invalidateCache?: boolean;
  /**
   * For `update` and `delete`: change cached lists and records at once, before the server
   * answers, and roll back if it fails.
   * @default false
   */
  optimistic?: boolean;
}

/** What `mutate` resolves to; it never rejects. */
export interface MutationResult<R = any> {
  success: boolean;
  /** The record the server returned (`undefined` for delete and on failure). */
  data?: R;
  /** The error message on failure. */
  error?: string;
}

/** Variables of `mutate` by type. */
export interface MutationVariables<T> {
  create: { data: Partial<T> };
  update: { id: string; data: Partial<T> };
  delete: { id: string };
}

/** What each type's mutation resolves with. */
export interface MutationData<T> {
  create: T;
  update: T;
  delete: undefined;
}

/** What `useBridgeMutation` returns. */
export interface UseBridgeMutationResult<T, K extends BridgeMutationType> {
  /** Runs the mutation; never throws, resolves to a `MutationResult`. */
  mutate(
    variables: MutationVariables<T>[K],
    options?: MutationOptions<MutationData<T>[K]>,
  ): Promise<MutationResult<MutationData<T>[K]>>;
  /** `true` while a mutation of this hook is in flight. */
  isLoading: boolean;
  /** The last failure, or `null`. */
  error: Error | null;
  /** Clears `error`. */
  reset(): void;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function call<A>(callback: ((arg: A) => void) | undefined, arg: A, name: string) {
  try {
    callback?.(arg);
  } catch (error) {
    // A throwing callback must not turn a settled mutation into a rejection.
    console.error(`useBridgeMutation(): ${name} threw`, error);
  }
}

function sameId(item: unknown, id: string): boolean {
  return typeof item === 'object' && item !== null && String((item as { id?: unknown }).id) === id;
}

/** The cached value of a key after an optimistic update/delete of record `id`. */
function optimisticValue(
  key: readonly unknown[],
  current: unknown,
  type: 'update' | 'delete',
  id: string,
  data: unknown,
): unknown {
  if (key[3] === 'get') {
    if (type === 'update' && sameId(current, id))
      return { ...(current as object), ...(data as object) };
    return current;
  }
  const page = current as PaginatedResponse<unknown> | undefined;
  if (!page || !Array.isArray(page.data) || !page.data.some((item) => sameId(item, id)))
    return current;
  if (type === 'update') {
    return {
      ...page,
      data: page.data.map((item) =>
        sameId(item, id) ? { ...(item as object), ...(data as object) } : item,
      ),
    };
  }
  return {
    data: page.data.filter((item) => !sameId(item, id)),
    meta:
      page.meta.total === undefined
        ? page.meta
        : { ...page.meta, total: Math.max(0, page.meta.total - 1) },
  };
}

/**
 * Creates, updates or deletes through a service. After success it revalidates every cached
 * query of the same instance and endpoint, infinite lists included (unless
 * `invalidateCache: false`), so lists show the change. `optimistic: true` changes the cache first and rolls back on failure.
 *
 * @example
 * const products = useBridgeApi<Product>({ endpoint: '/products' });
 * const { mutate, isLoading, error } = useBridgeMutation(products, 'update', {
 *   onError: (e) => toast(e.message),
 * });
 * const result = await mutate({ id: '1', data: { price: 20 } }, { optimistic: true });
 * if (!result.success) console.warn(result.error);
 */
export function useBridgeMutation<T, K extends BridgeMutationType>(
  service: BridgeApiService<T>,
  type: K,
  defaultOptions?: MutationOptions<MutationData<T>[K]>,
): UseBridgeMutationResult<T, K> {
  if (type !== 'create' && type !== 'update' && type !== 'delete') {
    throw new TypeError(
      `useBridgeMutation(): type must be 'create', 'update' or 'delete', got ${String(type)}`,
    );
  }
  const instanceId = instanceIdOf('useBridgeMutation', service, useContext(BridgeContext));
  const { cache, mutate: mutateCache } = useSWRConfig();
  const [state, setState] = useState<{ isLoading: boolean; error: Error | null }>({
    isLoading: false,
    error: null,
  });
  const defaults = useRef(defaultOptions);
  defaults.current = defaultOptions;
  // Counts overlapping calls so isLoading stays true until the last one settles. (setState
  // after unmount is a no-op since React 18, so there is no mounted guard.)
  const pending = useRef(0);

  const mutate = useCallback(
    async (
      variables: MutationVariables<T>[K],
      options?: MutationOptions<MutationData<T>[K]>,
    ): Promise<MutationResult<MutationData<T>[K]>> => {
      const opts = { invalidateCache: true, optimistic: false, ...defaults.current, ...options };
      const endpointKey = (key: unknown) => isBridgeQueryKey(key, instanceId, service.endpoint);
      pending.current++;
      setState({ isLoading: true, error: null });
      const rollback: Array<[readonly unknown[], unknown]> = [];
      try {
        const vars = (variables ?? {}) as Partial<MutationVariables<T>['update']>;
        if (opts.optimistic && type !== 'create') {
          const keys: Array<readonly unknown[]> = [];
          // Collect the keys first: SWR's filter form would run our updater once per key
          // without telling us which key it is.
          await mutateCache((key) => {
            if (endpointKey(key)) keys.push(key as readonly unknown[]);
            return false;
          });
          for (const key of keys) {
            const current = cache.get(unstable_serialize(key))?.data;
            const next = optimisticValue(
              key,
              current,
              type as 'update' | 'delete',
              String(vars.id),
              vars.data,
            );
            if (next === current) continue;
            rollback.push([key, current]);
            await mutateCache(key, next, { revalidate: false });
          }
        }
        let data: unknown;
        if (type === 'create') data = await service.create(vars.data as Partial<T>);
        else if (type === 'update')
          data = await service.update(vars.id as string, vars.data as Partial<T>);
        else await service.delete(vars.id as string);
        if (opts.invalidateCache) {
          await invalidateBridgeQueries(
            { cache, mutate: mutateCache },
            { instanceId, endpoint: service.endpoint },
          );
        }
        pending.current--;
        setState({ isLoading: pending.current > 0, error: null });
        call(opts.onSuccess, data as MutationData<T>[K], 'onSuccess');
        return { success: true, data: data as MutationData<T>[K] };
      } catch (caught) {
        const error = toError(caught);
        for (const [key, value] of rollback) await mutateCache(key, value, { revalidate: false });
        pending.current--;
        setState({ isLoading: pending.current > 0, error });
        call(opts.onError, error, 'onError');
        return { success: false, error: error.message };
      }
    },
    [service, type, instanceId, cache, mutateCache],
  );
  const reset = useCallback(() => setState((s) => ({ isLoading: s.isLoading, error: null })), []);
  return { mutate, isLoading: state.isLoading, error: state.error, reset };
}
