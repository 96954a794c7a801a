import { isBridgeApiError, useAuth } from '@bridgekit/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { errorMessage, fieldErrors, focusProblem } from '../formErrors';
import { useRoute } from '../router';
import type { lifecycle } from '../lifecycle';

/** Why a token was refused, in words (400: unknown or spent, 410: expired). */
function tokenProblem(error: unknown): string | null {
  if (!isBridgeApiError(error)) return null;
  if (error.status === 410) return 'This reset link has expired. Ask for a new one.';
  if (error.status === 400)
    return 'This reset link is not valid or was already used. Ask for a new one.';
  return null;
}

/** `#/reset-password?token=…`: the page a reset link opens; sets a new password. */
export function ResetPasswordPage() {
  const { params } = useRoute();
  const token = params.get('token') ?? '';
  const { resetPassword, isAccountLoading } = useAuth<typeof lifecycle>();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const success = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (failure || mismatch) focusProblem(form.current);
  }, [failure, mismatch]);
  useEffect(() => {
    if (done) success.current?.focus();
  }, [done]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // Checked here: the server sees one password, a typo in it would lock the user out.
    const differs = password !== repeat;
    setMismatch(differs);
    if (differs) return;
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (error) {
      setFailure(error);
    }
  };

  if (!token) {
    return (
      <section className="signin card">
        <h1>Reset your password</h1>
        <p className="error" role="alert">
          This page needs the link from the reset message.{' '}
          <a href="#/forgot-password">Ask for a link</a>.
        </p>
      </section>
    );
  }

  const problem = tokenProblem(failure);
  const errors = fieldErrors(failure);
  return (
    <section className="signin card">
      <h1>Reset your password</h1>
      {done ? (
        <>
          <p className="success" role="status" tabIndex={-1} ref={success} data-testid="reset-done">
            Your password is changed, and every session of your account has ended.
          </p>
          <p>
            <a href="#/login">Sign in with the new password</a>
          </p>
        </>
      ) : (
        <form ref={form} onSubmit={submit} noValidate data-testid="reset-form">
          <NewPasswordFields
            name="password"
            password={password}
            onPasswordChange={setPassword}
            repeat={repeat}
            onRepeatChange={setRepeat}
            error={errors.password}
            mismatch={mismatch}
          />
          {failure != null && (
            <p className="error" role="alert" tabIndex={-1} data-testid="reset-error">
              {problem ?? errorMessage(failure, 'The password could not be reset')}
              {problem && (
                <>
                  {' '}
                  <a href="#/forgot-password">Ask for a new link</a>
                </>
              )}
            </p>
          )}
          <button type="submit" disabled={isAccountLoading} data-testid="reset-password">
            {isAccountLoading ? 'Saving…' : 'Set the new password'}
          </button>
        </form>
      )}
    </section>
  );
}
