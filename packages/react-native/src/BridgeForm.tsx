import { type ApiResponse, BridgeApiError } from '@bridgekit/core';
import { useBridgeClient } from '@bridgekit/react/hooks';
import { type ReactNode, useCallback, useRef, useState } from 'react';

/** The HTTP methods a {@link BridgeForm} can submit with. */
export type BridgeFormMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the render-function child of {@link BridgeForm} receives. */
export interface BridgeFormState<
  TValues extends Record<string, unknown> = Record<string, unknown>,
> {
  /** The current field values. */
  values: TValues;
  /** Sets one field, e.g. from a `TextInput`'s `onChangeText`. */
  setValue: <K extends keyof TValues>(name: K, value: TValues[K]) => void;
  /** Sends `values` to `endpoint`; resolves when the server answered (never rejects). */
  submit: () => Promise<void>;
  /** `true` from `submit` until the server answered. */
  isSubmitting: boolean;
  /** The last failure (server message, `status`, `code`, field `errors`), or `null`. */
  error: BridgeApiError | null;
  /** Restores `initialValues` and clears `error`. */
  reset: () => void;
}

/** Props of {@link BridgeForm}. */
export interface BridgeFormProps<
  TValues extends Record<string, unknown> = Record<string, unknown>,
  TData = any,
> {
  /** Path under the instance's base URL (or an absolute URL), e.g. `'/products'`. */
  endpoint: string;
  /** HTTP method. `DELETE` sends the values as query parameters, since DELETE bodies are often dropped. */
  method: BridgeFormMethod;
  /** Called with the response's `data` after a 2xx answer. */
  onSuccess?: (data: TData) => void;
  /** Called with a `BridgeApiError` carrying the server's message, `status`, `code` and field `errors`. */
  onError?: (error: BridgeApiError) => void;
  /** Renders the fields from the form state (there is no DOM form to collect them on native). */
  children: (state: BridgeFormState<TValues>) => ReactNode;
  /**
   * Values the fields start with, and return to on `reset()`.
   * @default {}
   */
  initialValues?: TValues;
  /**
   * Changes the values just before they are sent.
   * @default undefined
   */
  transformValues?: (values: TValues) => unknown;
  /**
   * Restores `initialValues` after a successful submission.
   * @default false
   */
  resetOnSuccess?: boolean;
  /**
   * The provider instance whose client sends the form.
   * @default the provider's default instance
   */
  instanceId?: string;
}

const METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EMPTY = {};

/**
 * A form without a DOM: it keeps the values, and its render-function child gets
 * `{ values, setValue, submit, isSubmitting, error, reset }` to wire native inputs to.
 * `submit` sends the values to `endpoint` with `method` through the instance's client; a
 * second `submit` while one is pending is ignored.
 *
 * @example
 * <BridgeForm endpoint="/products" method="POST" initialValues={{ name: '', price: 0 }}
 *   onSuccess={(product) => navigation.goBack()}>
 *   {({ values, setValue, submit, isSubmitting, error }) => (
 *     <View>
 *       <TextInput value={values.name} onChangeText={(v) => setValue('name', v)} />
 *       {error?.errors?.name && <Text>{error.errors.name}</Text>}
 *       <Button title={isSubmitting ? 'Saving…' : 'Save'} onPress={submit} disabled={isSubmitting} />
 *     </View>
 *   )}
 * </BridgeForm>
 */
export function BridgeForm<
  TValues extends Record<string, unknown> = Record<string, unknown>,
  TData = any,
>({
  endpoint,
  method,
  onSuccess,
  onError,
  children,
  initialValues = EMPTY as TValues,
  transformValues,
  resetOnSuccess = false,
  instanceId,
}: BridgeFormProps<TValues, TData>): ReactNode {
  if (typeof endpoint !== 'string' || endpoint.trim() === '') {
    throw new TypeError('BridgeForm: "endpoint" must be a non-empty string');
  }
  if (!METHODS.has(method)) {
    throw new TypeError(
      `BridgeForm: "method" must be 'POST', 'PUT', 'PATCH' or 'DELETE', got ${String(method)}`,
    );
  }
  if (typeof children !== 'function') {
    throw new TypeError('BridgeForm: "children" must be a function of the form state');
  }
  const client = useBridgeClient(instanceId);
  const [values, setValues] = useState<TValues>(initialValues);
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<BridgeApiError | null>(null);
  // State updates are async; the refs stop a double tap from sending twice and let `submit`
  // send what was typed just before it, even before a re-render.
  const pending = useRef(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const initialRef = useRef(initialValues);
  initialRef.current = initialValues;
  const latest = useRef({ onSuccess, onError, transformValues, resetOnSuccess, method, endpoint });
  latest.current = { onSuccess, onError, transformValues, resetOnSuccess, method, endpoint };

  const setValue = useCallback(<K extends keyof TValues>(name: K, value: TValues[K]) => {
    valuesRef.current = { ...valuesRef.current, [name]: value };
    setValues(valuesRef.current);
  }, []);

  const reset = useCallback(() => {
    valuesRef.current = initialRef.current;
    setValues(initialRef.current);
    setError(null);
  }, []);

  const submit = useCallback(async () => {
    if (pending.current) return;
    const options = latest.current;
    pending.current = true;
    setSubmitting(true);
    let response: ApiResponse<TData>;
    try {
      const current = valuesRef.current;
      const body = options.transformValues ? options.transformValues(current) : current;
      response = await send<TData>(client, options.method, options.endpoint, body);
    } catch (cause) {
      // The client never rejects; this is a throwing transformValues.
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
      if (options.resetOnSuccess) {
        valuesRef.current = initialRef.current;
        setValues(initialRef.current);
      }
      options.onSuccess?.(response.data as TData);
    } else {
      const failure = BridgeApiError.fromResponse(response);
      setError(failure);
      options.onError?.(failure);
    }
  }, [client]);

  return children({ values, setValue, submit, isSubmitting, error, reset });
}

type Sender = ReturnType<typeof useBridgeClient>;

function send<T>(
  client: Sender,
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
        body === null || typeof body !== 'object'
          ? undefined
          : { params: body as Record<string, unknown> },
      );
  }
}
