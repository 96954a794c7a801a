import {
  type ApiResponse,
  BridgeApiError,
  type Client,
  type Dialect,
  type EntityOperation,
  toError,
} from '@bridgekit/core';
import type { QueuedWrite } from '@bridgekit/core/offline';
import { useCallback, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { useBridgeInstance } from './internal/BridgeContext';
import { affectedBy } from './internal/endpointScope';
import { isQueued } from './internal/queued';
import { useMutationStore } from './internal/useMutationStore';
import { invalidateQueries } from './invalidateBridgeQueries';

/**
 * The HTTP methods a form can submit with.
 *
 * @example
 * const method: BridgeFormMethod = product ? 'PATCH' : 'POST';
 */
export type BridgeFormMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What `onQueued` gets: the offline queue kept the submission on the device, to be sent when
 * the connection is back. Not a failure: `message` says it will be sent later, `data` is the
 * kept write (its `id` names it in `useOfflineQueue()` and `usePendingWrites()`).
 *
 * @example
 * const onQueued = (queued: QueuedError) => toast(`${queued.message} (${queued.data.id})`);
 */
export type QueuedError = BridgeApiError & { readonly code: 'QUEUED'; readonly data: QueuedWrite };

/**
 * Options of {@link useBridgeFormSubmit} (and the shared props of every `BridgeForm`).
 *
 * @example
 * const options: UseBridgeFormSubmitOptions<Product> = { endpoint: '/products', method: 'POST' };
 */
export interface UseBridgeFormSubmitOptions<TData = any, TValues = Record<string, unknown>> {
  /** Path under the instance's base URL (or an absolute URL), e.g. `'/products'`. */
  endpoint: string;
  /** HTTP method. `DELETE` sends the values as query parameters, since DELETE bodies are often dropped. */
  method: BridgeFormMethod;
  /** Called with the response's `data` after a 2xx answer. */
  onSuccess?: (data: TData) => void;
  /** Called with a `BridgeApiError` carrying the server's message, `status`, `code` and field `errors`. */
  onError?: (error: BridgeApiError) => void;
  /**
   * With the offline queue: called instead of `onSuccess`/`onError` when the submission was
   * kept on the device, to be sent when the connection is back: accepted for later, not a
   * failure (`error` stays `null`; `code: 'QUEUED'`, the message says so, `data` is the kept
   * write). `BridgeForm` resets its fields first, so the same values cannot be sent twice; a
   * form of your own should clear its fields here.
   * @default undefined
   */
  onQueued?: (queued: QueuedError) => void;
  /**
   * The dialect of the endpoint's backend, when it differs from the client's. Its path,
   * headers and record bodies apply to the submission, as to an entity's service: with
   * `strapi()` a `POST` sends `{ data: values }` and `onSuccess` gets the answer's `data`;
   * with `djangoRest()` the path ends with `/`.
   * @default the client's `dialect`
   */
  dialect?: Dialect;
  /**
   * The provider instance whose client sends the values.
   * @default the provider's default instance
   */
  instanceId?: string;
  /**
   * Changes the values just before they are sent. A throw ends the submission as a failure
   * with `code: 'CLIENT_ERROR'`. A `FormData` result is sent as `multipart/form-data`.
   * @default undefined
   */
  transformValues?: (values: TValues) => unknown;
  /**
   * After a success, revalidate this instance's cached queries of the endpoint and of its
   * parents (`/products/7` refreshes `/products` lists, infinite lists included, and the
   * `/products/7` record), so lists of the collection show the change.
   * @default true
   */
  invalidateCache?: boolean;
}

/**
 * What {@link useBridgeFormSubmit} returns.
 *
 * @example
 * const { submit, isSubmitting, error, reset }: UseBridgeFormSubmitResult<Product> = form;
 */
export interface UseBridgeFormSubmitResult<TData = any, TValues = Record<string, unknown>> {
  /**
   * Sends `values` to `endpoint` with `method`. Resolves with the response once the server
   * answered (a failure resolves too, with `success: false`; a submission the offline queue
   * kept resolves its `QUEUED` answer, whose `data` is the kept write), or with `undefined`
   * when a submission was already pending (it is ignored). An `onSuccess` or `onError` that throws
   * is logged with `console.error` and changes neither the state nor the result. Stable
   * across renders.
   */
  submit: (values: TValues) => Promise<ApiResponse<TData> | undefined>;
  /** `true` from `submit` until the server answered. */
  isSubmitting: boolean;
  /** The last failure (server message, `status`, `code`, field `errors`), or `null`. */
  error: BridgeApiError | null;
  /** Clears `error`. */
  reset: () => void;
}

const METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The submission behind every `BridgeForm` (web and native), for forms of your own: sends
 * values through the instance's client, tracks `isSubmitting` and `error` (a
 * `BridgeApiError`), ignores a second submit while one is pending (a double click or tap),
 * and after a 2xx revalidates the cached queries of the endpoint and its parents. With the
 * offline queue, a submission kept to be sent later is accepted, not failed: `onQueued`.
 *
 * @example
 * function RenameProduct({ id }: { id: string }) {
 *   const [name, setName] = useState('');
 *   const { submit, isSubmitting, error } = useBridgeFormSubmit<Product>({
 *     endpoint: `/products/${id}`,
 *     method: 'PATCH',
 *     onSuccess: (product) => toast(`Saved ${product.name}`),
 *     // Offline: kept to be sent later. Cleared, so the same change is not sent twice.
 *     onQueued: () => setName(''),
 *   });
 *   return (
 *     <>
 *       <input value={name} onChange={(e) => setName(e.target.value)} />
 *       {error && <p role="alert">{error.message}</p>}
 *       <button disabled={isSubmitting} onClick={() => submit({ name })}>Save</button>
 *     </>
 *   );
 * }
 */
export function useBridgeFormSubmit<TData = any, TValues = Record<string, unknown>>(
  options: UseBridgeFormSubmitOptions<TData, TValues>,
): UseBridgeFormSubmitResult<TData, TValues> {
  const { endpoint, method, instanceId } = options ?? ({} as typeof options);
  if (typeof endpoint !== 'string' || endpoint.trim() === '') {
    throw new TypeError('useBridgeFormSubmit(): "endpoint" must be a non-empty string');
  }
  if (!METHODS.has(method)) {
    throw new TypeError(
      `useBridgeFormSubmit(): "method" must be 'POST', 'PUT', 'PATCH' or 'DELETE', got ${String(method)}`,
    );
  }
  const { id, client } = useBridgeInstance('useBridgeFormSubmit', instanceId);
  const { cache, mutate } = useSWRConfig();
  // A form keeps showing its last error until the next answer replaces it.
  const [store, { isLoading: isSubmitting, error }] = useMutationStore<TData, BridgeApiError>({
    name: 'useBridgeFormSubmit()',
    keepErrorWhileLoading: true,
    toError: (error) => error as BridgeApiError,
  });
  // `latest` lets the stable `submit` use the options of the last render.
  const latest = useRef(options);
  latest.current = options;

  const submit = useCallback(
    async (values: TValues): Promise<ApiResponse<TData> | undefined> => {
      // The store is pending from `run` on, synchronously: a double click sends once.
      if (store.getSnapshot().isLoading) return undefined;
      const current = latest.current;
      let response!: ApiResponse<TData>;
      let queued: QueuedError | undefined;
      await store.run(
        async () => {
          try {
            // `run` calls this at once, so the values' source (a DOM form) is still enabled.
            const body = current.transformValues ? current.transformValues(values) : values;
            response = await send<TData>(
              client,
              current.dialect ?? client.getConfig?.().dialect,
              current.method,
              current.endpoint,
              body,
            );
          } catch (cause) {
            // The client never rejects; this is a throwing transformValues.
            response = {
              success: false,
              status: 0,
              code: 'CLIENT_ERROR',
              error: toError(cause).message,
            };
          }
          if (!response.success) {
            const error = BridgeApiError.fromResponse(response);
            if (!isQueued(error)) throw error;
            // Kept by the offline queue: accepted for later, neither a success nor a failure.
            queued = error as QueuedError;
            return undefined as TData;
          }
          if (current.invalidateCache ?? true) {
            void invalidateQueries(
              { cache, mutate },
              { instanceId: id, endpoint: affectedBy(current.endpoint) },
              { client },
            );
          }
          return response.data as TData;
        },
        {
          onError: current.onError,
          onSuccess: (data) => (queued ? current.onQueued?.(queued) : current.onSuccess?.(data)),
        },
      );
      return response;
    },
    [store, client, id, cache, mutate],
  );
  return { submit, isSubmitting, error, reset: store.reset };
}

function isFormData(body: unknown): boolean {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

const OPERATIONS: Record<BridgeFormMethod, EntityOperation> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * One submission through the dialect, as the services send records: its path (the builder's,
 * so DRF's trailing slash), the operation's headers, the body wrapped (a multipart body is
 * sent as is) and the answer's record unwrapped.
 */
async function send<T>(
  client: Client,
  dialect: Dialect | undefined,
  method: BridgeFormMethod,
  endpoint: string,
  values: unknown,
): Promise<ApiResponse<T>> {
  const operation = OPERATIONS[method];
  const records = dialect?.records ?? {};
  const path = dialect?.query?.path?.(endpoint) ?? endpoint;
  const headers = records.headers?.(operation);
  const body =
    method === 'DELETE' || isFormData(values) || !records.wrap
      ? values
      : records.wrap(operation, values);
  const options = headers ? { headers } : undefined;
  // A DELETE sends no body: plain values go as its query parameters.
  const response =
    method === 'DELETE'
      ? await client.request<T>('DELETE', path, undefined, {
          ...options,
          ...(!isFormData(body) &&
            body !== null &&
            typeof body === 'object' && { params: body as Record<string, unknown> }),
        })
      : await client.request<T>(method, path, body, options);
  return response.success && records.unwrap && method !== 'DELETE'
    ? { ...response, data: records.unwrap(operation, response.data) as T }
    : response;
}
