import type { BridgeApiError, BridgeApiService, PaginatedResponse } from '@bridgekit/core';
import type { QueuedWrite } from '@bridgekit/core/offline';
import { useCallback, useRef } from 'react';
import { type Arguments, useSWRConfig } from 'swr';
import { reportCache } from './internal/cacheEvents';
import { invalidateQueries } from './invalidateBridgeQueries';
import { oneOf } from './internal/oneOf';
import { isQueued } from './internal/queued';
import { useServiceInstanceId } from './internal/serviceRegistry';
import { useMutationStore } from './internal/useMutationStore';
import { isBridgeQueryKey } from './isBridgeQueryKey';

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
   * (`useBridgeQuery` keys and `useBridgeInfiniteQuery` lists), through `invalidateBridgeQueries`;
   * after a delete, not the deleted record's own `'get'` queries (they would answer 404).
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

/**
 * What `mutate` resolves to; it never rejects. With the offline queue, a write kept on the
 * device to be sent later resolves `{ success: false, queued: true, code: 'QUEUED', error, write }`.
 *
 * @example
 * const result: MutationResult<Product> = await mutate({ data: { name: 'Lamp', price: 25 } });
 * if (result.queued) showPending(result.write.id);
 */
export type MutationResult<R = any> =
  | {
      success: true;
      /** The record the server returned (`undefined` for delete). */
      data: R;
      error?: undefined;
      queued?: undefined;
    }
  | {
      success: false;
      data?: undefined;
      /**
       * The error message. The failure itself (its `status`, `code`, and `data`: the server's
       * current record of a 412) is the hook's `error` and what `onError` gets.
       */
      error: string;
      queued?: undefined;
    }
  | {
      success: false;
      data?: undefined;
      /** Says that the write will be sent when the connection is back. */
      error: string;
      /** Kept by the offline queue: not applied yet; `onSuccess`/`onError` are not called. */
      queued: true;
      code: 'QUEUED';
      /**
       * The kept write: its `id` names it in `useOfflineQueue()` and `usePendingWrites()`, its
       * `body` is what will be sent.
       */
      write: QueuedWrite;
    };

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

const noop = () => {};

/** Whether a query key (of the service's endpoint) reads the one record `id` (`'get'`). */
function isRecordKey(key: readonly unknown[], id: string): boolean {
  return key[3] === 'get' && String((key[4] as { id?: unknown } | undefined)?.id) === id;
}

/** The cached value of a key after an optimistic update/delete of record `id`. */
function optimisticValue(
  key: readonly unknown[],
  current: unknown,
  type: BridgeMutationType,
  id: string,
  data: unknown,
): unknown {
  const hit = (item: unknown) =>
    typeof item === 'object' && item !== null && String((item as { id?: unknown }).id) === id;
  const merge = (item: unknown) =>
    hit(item) ? { ...(item as object), ...(data as object) } : item;
  if (key[3] === 'get') return type === 'update' ? merge(current) : current;
  const page = current as PaginatedResponse<unknown>;
  const rows = page?.data;
  if (!Array.isArray(rows) || !rows.some(hit)) return current;
  if (type === 'update') return { ...page, data: rows.map(merge) };
  const { meta } = page;
  return {
    ...page,
    data: rows.filter((item) => !hit(item)),
    meta: meta.total === undefined ? meta : { ...meta, total: Math.max(0, meta.total - 1) },
  };
}

/**
 * Creates, updates or deletes through a service. After success it revalidates every cached
 * query of the same instance and endpoint, infinite lists included (unless
 * `invalidateCache: false`), so lists show the change; after a delete, except the deleted
 * record's own `'get'` queries (asking again could only answer 404: they keep what they had). `optimistic: true` changes the cached
 * lists and records first, through SWR's `mutate(key, request, { optimisticData,
 * rollbackOnError })`, so SWR rolls them back when the server fails.
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
  oneOf('useBridgeMutation(): type', type, ['create', 'update', 'delete']);
  const instanceId = useServiceInstanceId('useBridgeMutation', service);
  const { cache, mutate: mutateCache } = useSWRConfig();
  // The store counts overlapping calls (isLoading stays true until the last settles) and
  // reports a throwing callback instead of turning a settled mutation into a rejection.
  const [store, { isLoading, error }] = useMutationStore<MutationData<T>[K]>({
    name: 'useBridgeMutation()',
  });
  const defaults = useRef(defaultOptions);
  defaults.current = defaultOptions;

  const mutate = useCallback(
    async (
      variables: MutationVariables<T>[K],
      options?: MutationOptions<MutationData<T>[K]>,
    ): Promise<MutationResult<MutationData<T>[K]>> => {
      // Per call wins over the defaults, callbacks included: the store gets one of each.
      const opts = { invalidateCache: true, ...defaults.current, ...options };
      const vars = (variables ?? {}) as Partial<MutationVariables<T>['update']>;
      let queued: BridgeApiError | undefined;
      const result = await store.run(
        async () => {
          const request: Promise<unknown> =
            type === 'create'
              ? service.create(vars.data as Partial<T>)
              : type === 'update'
                ? service.update(vars.id as string, vars.data as Partial<T>)
                : service.delete(vars.id as string);
          const keys: Arguments[] = [];
          if (opts.optimistic && type !== 'create') {
            // SWR's filter form would run one updater for every key without saying which key
            // it is: collect the keys (the filter answers false, so nothing changes here).
            void mutateCache((key) => {
              if (isBridgeQueryKey(key, instanceId, service.endpoint)) keys.push(key);
              return false;
            });
          }
          // SWR shows each key's optimistic value at once and, if `request` fails, puts the
          // value back (unless another mutation of that key started since). The cache keeps
          // the optimistic value on success until the invalidation below refetches it.
          await Promise.all(
            keys.map((key) => {
              reportCache(service.client, 'mutated', instanceId, key);
              return mutateCache(key, request, {
                optimisticData: (current: unknown) =>
                  optimisticValue(key as unknown[], current, type, String(vars.id), vars.data),
                // A write the offline queue kept keeps its optimistic value until it is sent.
                rollbackOnError: (error) => !isQueued(error),
                populateCache: false,
                revalidate: false,
              }).catch(noop);
            }),
          );
          let data: MutationData<T>[K];
          try {
            data = (await request) as MutationData<T>[K];
          } catch (error) {
            if (!isQueued(error)) throw error;
            queued = error;
            return undefined as MutationData<T>[K];
          }
          if (opts.invalidateCache) {
            await invalidateQueries(
              { cache, mutate: mutateCache },
              { instanceId, endpoint: service.endpoint },
              {
                client: service.client,
                // The deleted record's own queries are not asked again: they could only be a 404.
                ...(type === 'delete' && { skip: (key) => isRecordKey(key, String(vars.id)) }),
              },
            );
          }
          return data;
        },
        {
          ...opts,
          onSuccess: (data) => {
            if (!queued) opts.onSuccess?.(data);
          },
        },
      );
      if (queued) {
        const write = queued.data as QueuedWrite;
        return { success: false, queued: true, code: 'QUEUED', error: queued.message, write };
      }
      // A success is already `{ success: true, data }`; a failure carries the message.
      return result.success ? result : { success: false, error: result.error.message };
    },
    [store, service, type, instanceId, cache, mutateCache],
  );
  return { mutate, isLoading, error, reset: store.reset };
}
