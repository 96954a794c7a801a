import type { BridgeApiError } from '@bridgekit/core';
import {
  type BridgeFormMethod,
  type RegisteredBody,
  type RegisteredData,
  type RegisteredEndpoint,
  type RegisteredMatch,
  type UseBridgeFormSubmitOptions,
  useBridgeFormSubmit,
} from '@bridgekit/react/hooks';
import { type ReactNode, useCallback, useRef, useState } from 'react';

export type { BridgeFormMethod } from '@bridgekit/react/hooks';

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
> extends UseBridgeFormSubmitOptions<TData, TValues> {
  /** Renders the fields from the form state (there is no DOM form to collect them on native). */
  children: (state: BridgeFormState<TValues>) => ReactNode;
  /**
   * Values the fields start with, and return to on `reset()`.
   * @default {}
   */
  initialValues?: TValues;
  /**
   * Restores `initialValues` after a successful submission. A submission the offline queue
   * kept (`onQueued`) always restores them.
   * @default false
   */
  resetOnSuccess?: boolean;
}

const EMPTY = {};

// A form's values for a registered document's body: the body's fields when it is an object
// (sent as they are, or through `transformValues`), else any values.
type RegisteredValues<Body> = [Extract<Body, Record<string, unknown>>] extends [never]
  ? Record<string, unknown>
  : Extract<Body, Record<string, unknown>>;

/**
 * A form without a DOM: it keeps the values, and its render-function child gets
 * `{ values, setValue, submit, isSubmitting, error, reset }` to wire native inputs to. With a
 * registered OpenAPI document (`Register`), the values are the fields of the operation's
 * request body and `onSuccess` gets its answer.
 * `submit` sends the values to `endpoint` with `method` through the instance's client; a
 * second `submit` while one is pending is ignored. With the offline queue, a submission kept
 * to be sent later is accepted: the values go back to `initialValues` (so it cannot be sent
 * twice) and `onQueued` is called, with the kept write as its `data`.
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
  M extends BridgeFormMethod,
  const E extends RegisteredEndpoint<Lowercase<M>>,
>(
  props: BridgeFormProps<
    RegisteredValues<RegisteredBody<Lowercase<M>, E>>,
    RegisteredData<Lowercase<M>, E>
  > & { endpoint: E; method: M } & RegisteredMatch<E, Lowercase<M>>,
): ReactNode;
export function BridgeForm<
  TValues extends Record<string, unknown> = Record<string, unknown>,
  TData = any,
>(props: BridgeFormProps<TValues, TData>): ReactNode;
export function BridgeForm<
  TValues extends Record<string, unknown> = Record<string, unknown>,
  TData = any,
>({
  endpoint,
  method,
  onSuccess,
  onError,
  onQueued,
  children,
  initialValues = EMPTY as TValues,
  transformValues,
  resetOnSuccess = false,
  instanceId,
  dialect,
  invalidateCache = true,
}: BridgeFormProps<TValues, TData>): ReactNode {
  if (typeof children !== 'function') {
    throw new TypeError('BridgeForm: "children" must be a function of the form state');
  }
  const [values, setValues] = useState<TValues>(initialValues);
  // `submit` sends what was typed just before it, even before a re-render.
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const initialRef = useRef(initialValues);
  initialRef.current = initialValues;

  const restore = useCallback(() => {
    valuesRef.current = initialRef.current;
    setValues(initialRef.current);
  }, []);
  const {
    submit: submitValues,
    isSubmitting,
    error,
    reset: clearError,
  } = useBridgeFormSubmit<TData, TValues>({
    endpoint,
    method,
    instanceId,
    invalidateCache,
    ...(dialect && { dialect }),
    ...(transformValues && { transformValues }),
    onSuccess: (data) => {
      if (resetOnSuccess) restore();
      onSuccess?.(data);
    },
    ...(onError && { onError }),
    // Kept by the offline queue: accepted for later. The values go back to `initialValues`,
    // whatever `resetOnSuccess` says, so the same values cannot be sent a second time.
    onQueued: (queued) => {
      restore();
      onQueued?.(queued);
    },
  });

  const setValue = useCallback(<K extends keyof TValues>(name: K, value: TValues[K]) => {
    valuesRef.current = { ...valuesRef.current, [name]: value };
    setValues(valuesRef.current);
  }, []);
  const reset = useCallback(() => {
    restore();
    clearError();
  }, [restore, clearError]);
  const submit = useCallback(async () => {
    await submitValues(valuesRef.current);
  }, [submitValues]);

  return children({ values, setValue, submit, isSubmitting, error, reset });
}
