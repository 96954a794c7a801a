'use client';
import { safeNextPath, useAuth } from '@bridgekit/nextjs';
import { type FormEvent, useState } from 'react';

export function LoginForm({ next }: { next: string | null }) {
  const { login } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      // Resolves once the session cookie is written, so the server sees the session.
      await login({ email: String(form.get('email')), password: String(form.get('password')) });
      // A full load, not router.replace: the App Router's client cache still holds what was
      // prefetched while signed out (the proxy's redirects to /login for every guarded link).
      window.location.assign(safeNextPath(next, '/account'));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Sign in">
      <label>
        E-mail
        <input
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue="admin@example.com"
        />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
