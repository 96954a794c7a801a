import { type ApiResponse, BridgeApiError, type Client } from '@bridgekit/core';
import {
  type CSSProperties,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
  useCallback,
  useRef,
  useState,
} from 'react';
import { useSWRConfig } from 'swr';
import { invalidateBridgeQueries, useBridgeInstance } from '../hooks/index';
import { type FormValues, formValues, hasFiles } from './formValues';

/**
 * What a render-function child of {@link BridgeForm} receives.
 *
 * @example
 * <BridgeForm endpoint="/tasks" method="POST">
 *   {({ isSubmitting, error, reset }) => <button disabled={isSubmitting}>Add</button>}
 * </BridgeForm>
 */
export interface BridgeFormState {
  /** `true` from submit until the server answered. */
  isSubmitting: boolean;
  /** The last failure (server message, `status`, `code`, field `errors`), or `null`. */
  error: BridgeApiError | null;
  /** Clears `error` (the fields keep their values; call `form.reset()` for those). */
  reset: () => void;
}

/**
 * The HTTP methods a {@link BridgeForm} can submit with.
 *
 * @example
 * const method: BridgeFormMethod = product ? 'PATCH' : 'POST';
 */
export type BridgeFormMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Props of {@link BridgeForm}; other `<form>` attributes (`id`, `aria-label`, `noValidate`...) pass through.
 *
 * @example
 * const props: BridgeFormProps<Product> = { endpoint: '/products', method: 'POST', children: null };
 */
export interface BridgeFormProps<TData = any>
  extends Omit<
    FormHTMLAttributes<HTMLFormElement>,
    'onSubmit' | 'onError' | 'method' | 'action' | 'children'
  > {
  /** Path under the instance's base URL (or an absolute URL), e.g. `'/products'`. */
  endpoint: string;
  /** HTTP method. `DELETE` sends the fields as query parameters, since DELETE bodies are often dropped. */
  method: BridgeFormMethod;
  /** Called with the response's `data` after a 2xx answer. */
  onSuccess?: (data: TData) => void;
  /** Called with a `BridgeApiError` carrying the server's message, `status`, `code` and field `errors`. */
  onError?: (error: BridgeApiError) => void;
  /** The fields and buttons, or a function of the submission state that returns them. */
  children: ReactNode | ((state: BridgeFormState) => ReactNode);
  /**
   * The provider instance whose client sends the form.
   * @default the provider's default instance
   */
  instanceId?: string;
  /**
   * Changes the converted values before they are sent (not used for multipart forms).
   * @default undefined
   */
  transformValues?: (values: FormValues) => unknown;
  /**
   * Clears the fields (`form.reset()`) after a successful submission.
   * @default false
   */
  resetOnSuccess?: boolean;
  /**
   * After a success, revalidate this instance's cached queries of the endpoint and of its
   * parents (`/products/7` refreshes `/products` lists and the `/products/7` record), so a
   * `BridgeTable` on the same collection shows the change.
   * @default true
   */
  invalidateCache?: boolean;
}

const METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// A neutral wrapper: the fieldset exists only so that `disabled` reaches every control at once.
const FIELDSET_STYLE: CSSProperties = { border: 0, margin: 0, padding: 0, minWidth: 0 };

/**
 * A real `<form>` that submits its named fields to `endpoint` through the instance's client.
 * Values are read with `FormData` and converted by {@link formValues} (numbers, checkboxes,
 * multi-selects); a form with a chosen file is sent as `multipart/form-data` instead of JSON.
 * While the request is pending the fields and buttons are disabled (a `<fieldset disabled>`)
 * and the form has `aria-busy="true"`; a second submit is ignored. It renders no message
 * itself: read `error` through a render-function child or `onError`.
 *
 * @example
 * <BridgeForm endpoint="/products" method="POST" onSuccess={(p) => navigate(`/products/${p.id}`)}>
 *   {({ isSubmitting, error }) => (
 *     <>
 *       <input name="name" required />
 *       <input name="price" type="number" step="0.01" />
 *       {error?.errors?.price && <p role="alert">{error.errors.price}</p>}
 *       <button type="submit">{isSubmitting ? 'Saving…' : 'Save'}</button>
 *     </>
 *   )}
 * </BridgeForm>
 */
export function BridgeForm<TData = any>({
  endpoint,
  method,
  onSuccess,
  onError,
  children,
  instanceId,
  transformValues,
  resetOnSuccess = false,
  invalidateCache = true,
  className,
  ...formProps
}: BridgeFormProps<TData>): ReactNode {
  if (typeof endpoint !== 'string' || endpoint.trim() === '') {
    throw new TypeError('BridgeForm: "endpoint" must be a non-empty string');
  }
  if (!METHODS.has(method)) {
    throw new TypeError(
      `BridgeForm: "method" must be 'POST', 'PUT', 'PATCH' or 'DELETE', got ${String(method)}`,
    );
  }
  const { id, client } = useBridgeInstance('BridgeForm', instanceId);
  const { cache, mutate } = useSWRConfig();
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<BridgeApiError | null>(null);
  // State updates are async; the ref stops a double click from sending twice.
  const pending = useRef(false);
  const reset = useCallback(() => setError(null), []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending.current) return;
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter ?? null;
    // Read before disabling: FormData skips disabled controls.
    let body: unknown;
    let response: ApiResponse<TData>;
    pending.current = true;
    setSubmitting(true);
    try {
      if (hasFiles(form)) body = new FormData(form, submitter);
      else {
        const values = formValues(form, submitter);
        body = transformValues ? transformValues(values) : values;
      }
      response = await send<TData>(client, method, endpoint, body);
    } catch (cause) {
      // The client never rejects; this is a throwing transformValues or FormData.
      response = {
        success: false,
        status: 0,
        code: 'CLIENT_ERROR',
        error: cause instanceof Error ? cause.message : String(cause),
      };
    } finally {
      pending.current = false;
      setSubmitting(false);
    }
    if (response.success) {
      setError(null);
      if (resetOnSuccess) form.reset();
      if (invalidateCache) {
        const path = pathOf(endpoint);
        void invalidateBridgeQueries(
          { cache, mutate },
          {
            instanceId: id,
            endpoint: (cachedEndpoint) => {
              const cached = pathOf(cachedEndpoint);
              return path === cached || path.startsWith(`${cached}/`);
            },
          },
        );
      }
      onSuccess?.(response.data as TData);
    } else {
      const failure = BridgeApiError.fromResponse(response);
      setError(failure);
      onError?.(failure);
    }
  };

  const content =
    typeof children === 'function' ? children({ isSubmitting, error, reset }) : children;
  return (
    <form
      {...formProps}
      className={className ? `bk-form ${className}` : 'bk-form'}
      aria-busy={isSubmitting || undefined}
      onSubmit={handleSubmit}
    >
      <fieldset className="bk-form__fieldset" disabled={isSubmitting} style={FIELDSET_STYLE}>
        {content}
      </fieldset>
    </form>
  );
}

/** The path of an endpoint without query, leading or trailing slashes: `'/products/'` → `'products'`. */
const pathOf = (endpoint: string) => endpoint.split(/[?#]/)[0]!.replace(/^\/+|\/+$/g, '');

function send<T>(
  client: Client,
  method: BridgeFormMethod,
  endpoint: string,
  body: unknown,
): Promise<ApiResponse<T>> {
  switch (method) {
    case 'POST':
      return client.post<T>(endpoint, body);
    case 'PUT':
      return client.put<T>(endpoint, body);
    case 'PATCH':
      return client.patch<T>(endpoint, body);
    default:
      return client.delete<T>(
        endpoint,
        body instanceof FormData || body === null || typeof body !== 'object'
          ? undefined
          : { params: body as Record<string, unknown> },
      );
  }
}
