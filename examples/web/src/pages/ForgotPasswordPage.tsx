import { useAuth } from '@bridgekit/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Field } from '../components/Field';
import { errorMessage, fieldErrors, focusProblem } from '../formErrors';
import type { lifecycle } from '../lifecycle';

/**
 * `#/forgot-password`: asks for a reset link. The answer is the same whether or not the
 * address has an account (the server always says 202), so the page cannot be used to find
 * out who is registered.
 */
export function ForgotPasswordPage() {
  const { requestPasswordReset, isAccountLoading } = useAuth<typeof lifecycle>();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (failure) focusProblem(form.current);
  }, [failure]);
  useEffect(() => {
    if (sentTo) sent.current?.focus();
  }, [sentTo]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <section className="signin card">
      <h1>Forgot your password?</h1>
      {sentTo ? (
        <>
          <p className="success" role="status" tabIndex={-1} ref={sent} data-testid="reset-sent">
            If that address has an account, a link to reset its password is on its way.
          </p>
          <p className="help">
            The demo server sends no mail: the link is printed in the terminal that runs{' '}
            <code>npm start</code>.
          </p>
          <p>
            <button type="button" className="link" onClick={() => setSentTo(null)}>
              Use another address
            </button>
          </p>
        </>
      ) : (
        <form ref={form} onSubmit={submit} noValidate data-testid="forgot-form">
          <p className="help">Enter the e-mail address of your account.</p>
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={fieldErrors(failure).email}
          />
          {failure != null && (
            <p className="error" role="alert" tabIndex={-1}>
              {errorMessage(failure, 'The request failed')}
            </p>
          )}
          <button type="submit" disabled={isAccountLoading} data-testid="send-reset-link">
            {isAccountLoading ? 'Sending…' : 'Send the reset link'}
          </button>
        </form>
      )}
      <p>
        <a href="#/login">Back to sign in</a>
      </p>
    </section>
  );
}
