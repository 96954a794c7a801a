import { Field } from './Field';

interface NewPasswordFieldsProps {
  /** The form field's name, as the server's `errors` key it. */
  name: string;
  password: string;
  onPasswordChange: (value: string) => void;
  repeat: string;
  onRepeatChange: (value: string) => void;
  /** The server's message for the new password. */
  error?: string | undefined;
  /** The two entries differ (checked before anything is sent). */
  mismatch: boolean;
}

/**
 * A new password typed twice, as the reset and the change-password forms ask for it.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { name, password, onPasswordChange, repeat, onRepeatChange, error, mismatch } = props;
  return (
    <>
      <Field
        label="New password"
        name={name}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={onPasswordChange}
        error={error}
        hint="At least 8 characters."
      />
      <Field
        label="New password again"
        name="repeat"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={onRepeatChange}
        error={mismatch ? 'The two passwords differ.' : undefined}
      />
    </>
  );
}
