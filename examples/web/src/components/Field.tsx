import { type InputHTMLAttributes, type Ref, useId } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's (or the page's) message for this field; marks the input invalid. */
  error?: string | undefined;
  /** A hint under the input, read with it by screen readers. */
  hint?: string;
  /** The input element (React 19 passes `ref` as a prop). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input whose error sits under it and is announced with it (`aria-describedby`),
 * so a 422's field errors are shown where they apply.
 */
export function Field({ label, name, value, onChange, error, hint, ref, ...input }: FieldProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    // The hint and the error sit outside the label: they describe the input, not name it.
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        ref={ref}
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : input['aria-invalid']}
        aria-describedby={described || undefined}
      />
      {hint && (
        <span className="help" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`} data-testid={`${name}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
