/**
 * Who hears of an auth service. Its listeners (`AuthService.listen`): the modules beside the
 * service hear what its own requests found (a sign-in, a second factor asked for, a session
 * ended, the service disposed), and may add fields to the logout's body. This is how the auth
 * lifecycle learns of a sign-in: it is told, it does not look at the requests. And the client's
 * stream (`client.observe`): the auth events of its changes (`authChange`).
 */
import type { ModuleEventInput } from '../client/events';
import type { AuthState, User } from '../contract/auth';

/** What a module beside the auth service hears of its requests (see `AuthService.listen`). */
export interface AuthServiceListener {
  /** A login answered with a session: its data, before the state changes. */
  signedIn?(data: unknown): void;
  /** A login answered that the account needs a second factor: its data (the challenge). */
  twoFactorRequired?(data: unknown): void;
  /**
   * Fields to add to the logout request's body, asked before it is sent (the lifecycle's
   * refresh token, to revoke it). A body with fields is sent as a secret: to the base origin only.
   */
  logoutBody?(): Promise<Record<string, unknown> | undefined>;
  /** The server ended the session: a logout was sent, or a validation said it is not valid. */
  sessionEnded?(): void;
  /** The service was disposed: what depends on it ends too. */
  disposed?(): void;
}

/** What the service tells its listeners (`logoutBody` is asked, not told). */
export type AuthServiceEvent = Exclude<keyof AuthServiceListener, 'logoutBody'>;

/** The listeners of one service, as the service uses them. */
export interface AuthListeners {
  /** Adds one; returns its remover. */
  add(listener: AuthServiceListener): () => void;
  /** Calls `event` of every listener, with the answer's data for a sign-in. */
  tell(event: AuthServiceEvent, data?: unknown): void;
  /** The fields every listener adds to the logout's body; `undefined` when none adds any. */
  logoutBody(): Promise<Record<string, unknown> | undefined>;
  clear(): void;
}

/**
 * An empty set of listeners.
 *
 * @example
 * const listeners = createAuthListeners();
 * listeners.tell('signedIn', response.data);
 */
export function createAuthListeners(): AuthListeners {
  const listeners = new Set<AuthServiceListener>();
  return {
    add(listener) {
      if (!listener || typeof listener !== 'object') {
        throw new TypeError('listener must be an object of event functions');
      }
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tell(event, data) {
      // A copy: a listener may remove itself (the lifecycle does when the service is disposed).
      for (const listener of [...listeners]) listener[event]?.(data);
    },
    async logoutBody() {
      let body: Record<string, unknown> | undefined;
      for (const listener of [...listeners]) {
        const fields = await listener.logoutBody?.();
        if (fields) body = { ...body, ...fields };
      }
      return body;
    },
    clear: () => listeners.clear(),
  };
}

/** How the state settled: the server ended the session; when the new one ends. */
export interface Settled {
  expired?: boolean;
  expiresAt?: string | undefined;
}

/**
 * The auth event of a settled state, if it is one: someone signed in who was not (a login, a
 * registration, a second factor, a session restored at start), the user signed out, or the
 * server ended the session (an expiry is told once, until someone signs in again).
 */
export function authChange(
  was: AuthState,
  user: User | null,
  expired: boolean,
  expiresAt: string | undefined,
): ModuleEventInput | undefined {
  if (expired) return was.sessionExpired ? undefined : { type: 'auth', kind: 'expired' };
  if (user === null) return was.isAuthenticated ? { type: 'auth', kind: 'signedOut' } : undefined;
  if (was.isAuthenticated && was.user?.id === user.id) return undefined;
  return { type: 'auth', kind: 'signedIn', user, expiresAt };
}
