import { isBridgeApiError, useAuth } from '@bridgekit/react';
import { type FormEvent, useEffect, useState } from 'react';
import { TwoFactorStep } from '../components/TwoFactorStep';
import { clearLastFailure } from '../requestLog';
import { navigate, useRoute } from '../router';
import type { lifecycle } from '../lifecycle';

const DEMO_USERS = [
  { email: 'admin@example.com', password: 'admin123', type: 'admin' },
  { email: 'editor@example.com', password: 'editor123', type: 'editor' },
  { email: 'viewer@example.com', password: 'viewer123', type: 'viewer' },
];

/** What a failed sign-in tells the user: what happened and what to do, not the API's words. */
export function signInMessage(error: unknown): string {
  if (!isBridgeApiError(error)) return 'Sign-in failed. Please try again.';
  if (error.status === 401) return 'The email or the password is not right. Please try again.';
  if (error.status === 429) {
    const seconds = Math.ceil((error.retryAfter ?? 60_000) / 1000);
    return `Too many attempts. Please wait ${seconds} seconds, then try again.`;
  }
  if (error.status === 0)
    return 'The server cannot be reached. Check your connection and try again.';
  return 'Sign-in failed on the server. Please try again in a moment.';
}

const NOTICES: Record<string, string> = {
  unauthenticated: 'Please sign in to continue.',
  'session-expired': 'Your session expired. Please sign in again.',
};

export function SignInPage() {
  const { login, isAuthenticated, verifyTwoFactor } = useAuth<typeof lifecycle>();
  const { params } = useRoute();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** The password was right and the account asks for a second factor. */
  const [needsCode, setNeedsCode] = useState(false);
  const notice = NOTICES[params.get('reason') ?? ''];

  // Already signed in (e.g. a reload on #/login): go straight to the products.
  useEffect(() => {
    if (isAuthenticated && !params.get('reason')) navigate('/products');
  }, [isAuthenticated, params]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = [email.trim() === '' && 'email', password === '' && 'password'].filter(Boolean);
    if (missing.length > 0) {
      setError(`Please enter your ${missing.join(' and ')}.`);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await login({ email, password });
      // The password was right and the account asks for a code: a result, not a failure.
      if (result.twoFactorRequired) {
        setNeedsCode(true);
        return;
      }
      // A mistyped password's 401 is history now; the log itself keeps every request.
      clearLastFailure();
      navigate('/products');
    } catch (e) {
      setError(signInMessage(e));
    } finally {
      setPending(false);
    }
  };

  if (needsCode) {
    return (
      <TwoFactorStep
        email={email}
        verify={async (code) => {
          await verifyTwoFactor(code);
          clearLastFailure();
          navigate('/products');
        }}
        startOver={() => {
          setNeedsCode(false);
          setPassword('');
        }}
      />
    );
  }

  return (
    <section className="signin card">
      <h1>Sign in</h1>
      {notice && (
        <p className="notice" data-testid="signin-notice">
          {notice}
        </p>
      )}
      <form onSubmit={submit}>
        <label>
          Email
          <input
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={pending} data-testid="sign-in">
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="signin-links">
        <a href="#/forgot-password">Forgot your password?</a>
        <a href="#/sign-up">Create an account</a>
      </p>
      <h2>Demo accounts</h2>
      <table className="demo-users">
        <tbody>
          {DEMO_USERS.map((user) => (
            <tr key={user.email}>
              <td>{user.email}</td>
              <td>
                <code>{user.password}</code>
              </td>
              <td>
                <span className="badge">{user.type}</span>
              </td>
              <td>
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    setEmail(user.email);
                    setPassword(user.password);
                  }}
                >
                  Use
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
