import { isBridgeApiError, useAuth } from '@bridgekit/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Field } from '../components/Field';
import { errorMessage, fieldErrors, focusProblem } from '../formErrors';
import { clearLastFailure } from '../requestLog';
import { navigate } from '../router';
import type { lifecycle } from '../lifecycle';

/** `#/sign-up`: creates a (viewer) account on the reference server and signs it in. */
export function SignUpPage() {
  const { isAuthenticated } = useAuth();
  const { register, isAccountLoading } = useAuth<typeof lifecycle>();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (isAuthenticated) navigate('/products');
  }, [isAuthenticated]);
  useEffect(() => {
    if (failure) focusProblem(form.current);
  }, [failure]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await register({ email, password, ...(name.trim() ? { name: name.trim() } : {}) });
      clearLastFailure();
      navigate('/products');
    } catch (error) {
      setFailure(error);
    }
  };

  const errors = fieldErrors(failure);
  const taken = isBridgeApiError(failure) && failure.status === 409;
  return (
    <section className="signin card">
      <h1>Create an account</h1>
      <p className="help">
        New accounts are viewers: they can look at the products, not change them.
      </p>
      <form ref={form} onSubmit={submit} noValidate data-testid="sign-up-form">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={setName}
          error={errors.name}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          hint="At least 8 characters."
        />
        {failure != null && (
          <p className="error" role="alert" tabIndex={-1} data-testid="sign-up-error">
            {taken
              ? 'That e-mail address is already registered. Sign in, or reset its password.'
              : errorMessage(failure, 'Sign-up failed')}
          </p>
        )}
        <button type="submit" disabled={isAccountLoading} data-testid="sign-up">
          {isAccountLoading ? 'Creating the account…' : 'Create account'}
        </button>
      </form>
      <p>
        Already have an account? <a href="#/login">Sign in</a>
        {taken && (
          <>
            {' '}
            · <a href="#/forgot-password">Forgot your password?</a>
          </>
        )}
      </p>
    </section>
  );
}
