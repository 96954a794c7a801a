import type { BridgeApiError } from '@bridgekit/core';
import {
  type CSSProperties,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
  useRef,
} from 'react';
import {
  type BridgeFormMethod,
  type UseBridgeFormSubmitOptions,
  useBridgeFormSubmit,
} from '../hooks/index';
import type {
  RegisteredBody,
  RegisteredData,
  RegisteredEndpoint,
  RegisteredMatch,
  Unchecked,
  UncheckedDefault,
  UncheckedEndpoint,
} from '../hooks/register';
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
 * Props of {@link BridgeForm}; other `<form>` attributes (`id`, `aria-label`, `noValidate`...) pass through.
 *
 * @example
 * const props: BridgeFormProps<Product> = { endpoint: '/products', method: 'POST', children: null };
 */
export interface BridgeFormProps<TData = any>
  extends Omit<
      FormHTMLAttributes<HTMLFormElement>,
      'onSubmit' | 'onError' | 'method' | 'action' | 'children'
    >,
    UseBridgeFormSubmitOptions<TData, FormValues> {
  /** The fields and buttons, or a function of the submission state that returns them. */
  children: ReactNode | ((state: BridgeFormState) => ReactNode);
  /**
   * Changes the converted values before they are sent (not used for multipart forms).
   * @default undefined
   */
  transformValues?: (values: FormValues) => unknown;
  /**
   * Clears the fields (`form.reset()`) after a successful submission. A submission the offline
   * queue kept (`onQueued`) always clears them.
   * @default false
   */
  resetOnSuccess?: boolean;
}

/** What the web form hands to `useBridgeFormSubmit`: read into values inside its `submit`. */
interface SubmittedForm {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

// A neutral wrapper: the fieldset exists only so that `disabled` reaches every control at once.
const FIELDSET_STYLE: CSSProperties = { border: 0, margin: 0, padding: 0, minWidth: 0 };

/**
 * A real `<form>` that submits its named fields to `endpoint` through the instance's client.
 * Values are read with `FormData` and converted by {@link formValues} (numbers, checkboxes,
 * multi-selects); a form with a chosen file is sent as `multipart/form-data` instead of JSON.
 * While the request is pending the fields and buttons are disabled (a `<fieldset disabled>`)
 * and the form has `aria-busy="true"`; a second submit is ignored. It renders no message
 * itself: read `error` through a render-function child or `onError`. With the offline queue,
 * a submission kept to be sent later is accepted: the fields are reset (so it cannot be sent
 * twice) and `onQueued` is called, with the kept write as its `data`.
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
export function BridgeForm<
  M extends BridgeFormMethod,
  const E extends RegisteredEndpoint<Lowercase<M>>,
>(
  props: Omit<BridgeFormProps<RegisteredData<Lowercase<M>, E>>, 'transformValues'> & {
    endpoint: E;
    method: M;
    /** Turns the form's values into the operation's request body (checked against it). */
    transformValues?: (values: FormValues) => RegisteredBody<Lowercase<M>, E>;
  } & RegisteredMatch<E, Lowercase<M>>,
): ReactNode;
export function BridgeForm<TData = UncheckedDefault>(
  props: BridgeFormProps<Unchecked<TData>> & { endpoint: UncheckedEndpoint<TData> },
): ReactNode;
export function BridgeForm<TData = any>({
  endpoint,
  method,
  onSuccess,
  onError,
  onQueued,
  children,
  instanceId,
  dialect,
  transformValues,
  resetOnSuccess = false,
  invalidateCache = true,
  className,
  ...formProps
}: BridgeFormProps<TData>): ReactNode {
  // The form being submitted, for `resetOnSuccess` (one submission is in flight at a time).
  const formRef = useRef<HTMLFormElement | null>(null);
  const { submit, isSubmitting, error, reset } = useBridgeFormSubmit<TData, SubmittedForm>({
    endpoint,
    method,
    instanceId,
    ...(dialect && { dialect }),
    invalidateCache,
    // Reading the form inside `submit` makes a throw there a CLIENT_ERROR failure, like a
    // throwing `transformValues`.
    transformValues: ({ form, submitter }) => {
      if (hasFiles(form)) return new FormData(form, submitter);
      const values = formValues(form, submitter);
      return transformValues ? transformValues(values) : values;
    },
    onSuccess: (data) => {
      if (resetOnSuccess) formRef.current?.reset();
      onSuccess?.(data);
    },
    ...(onError && { onError }),
    // Kept by the offline queue: accepted for later. The fields are cleared, whatever
    // `resetOnSuccess` says, so the same values cannot be sent a second time.
    onQueued: (queued) => {
      formRef.current?.reset();
      onQueued?.(queued);
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formRef.current = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter ?? null;
    void submit({ form: event.currentTarget, submitter });
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
