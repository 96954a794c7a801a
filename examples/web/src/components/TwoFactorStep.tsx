import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../formErrors';
import { Field } from './Field';

interface TwoFactorStepProps {
  /** Whose sign-in this is, shown so the user knows which authenticator entry to open. */
  email: string;
  /** Completes the sign-in with the code; rejects when the server refuses it. */
  verify: (code: string) => Promise<void>;
  /** Back to the password form (e.g. after the challenge expired). */
  startOver: () => void;
}

/** The second step of a sign-in with two-factor: a code from the app, or a recovery code. */
export function TwoFactorStep({ email, verify, startOver }: TwoFactorStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The step replaces the password form: the focus goes to the one thing to type.
  useEffect(() => {
    input.current?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await verify(code.trim());
    } catch (e) {
      setError(errorMessage(e, 'The code was not accepted'));
      setCode('');
      input.current?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="signin card" data-testid="two-factor-step">
      <h1>Two-factor sign-in</h1>
      <p>
        Enter the 6-digit code your authenticator app shows for <strong>{email}</strong>, or one of
        your recovery codes.
      </p>
      <form onSubmit={submit} noValidate>
        <Field
          ref={input}
          label="Code"
          name="code"
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          onChange={setCode}
          aria-invalid={error ? true : undefined}
          aria-errormessage={error ? 'two-factor-error' : undefined}
        />
        {error && (
          <p className="error" role="alert" id="two-factor-error" data-testid="two-factor-error">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={pending || !code.trim()} data-testid="verify-code">
            {pending ? 'Checking…' : 'Verify'}
          </button>
          <button type="button" className="secondary" onClick={startOver}>
            Start over
          </button>
        </div>
      </form>
    </section>
  );
}
