/**
 * The shapes of authentication: users, credentials, login and validation
 * results, the auth paths, the auth state and the service's interface.
 */
import type { Client } from '../client';
import type { StorageAdapter } from '../types';

/** A signed-in user. `userType` is what `allowedTypes` checks compare against. */
export interface User {
  id: string;
  userType: string;
  email?: string;
  userName?: string;
  name?: string;
  [key: string]: unknown;
}

/** An e-mail or a user name, plus a password. */
export interface LoginCredentials {
  email?: string;
  userName?: string;
  password: string;
}

/** What `validateSession` resolves to. */
export interface SessionValidationResult {
  isValid: boolean;
  expiresAt?: string;
  user?: User;
}

/** What `login` resolves to. */
export interface LoginResult {
  user: User;
  /** Absent in cookie mode: the session is the server's `HttpOnly` cookie. */
  sessionId?: string;
  expiresAt?: string;
}

/** Paths of the auth endpoints, relative to the client's base URL. */
export interface AuthPaths {
  /** @default '/auth/login' */
  login: string;
  /** @default '/auth/logout' */
  logout: string;
  /** @default '/auth/validation' */
  validation: string;
  /** @default '/auth/me' */
  me: string;
}

/** The default auth paths: the reference server's (packages/server/README.md, "Endpoints"). */
export const DEFAULT_AUTH_PATHS: Readonly<AuthPaths> = Object.freeze({
  login: '/auth/login',
  logout: '/auth/logout',
  validation: '/auth/validation',
  me: '/auth/me',
});

/** Authentication state, replaced as a whole on every change. */
export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  /** `true` while the stored user is restored and while `login` runs. */
  isLoading: boolean;
  /** `true` after the server answered 401 to a request that carried the session. */
  sessionExpired: boolean;
}

/** Options of `createAuthService`. */
export interface AuthServiceOptions {
  /**
   * Paths of the auth endpoints; missing ones keep their default.
   * @default DEFAULT_AUTH_PATHS
   */
  paths?: Partial<AuthPaths>;
  /**
   * Storage key under which the signed-in user is kept (JSON).
   * @default 'bridgekit_user'
   */
  userStorageKey?: string;
  /**
   * Where the user is kept.
   * @default client.getStorage()
   */
  storage?: StorageAdapter;
}

/** Login, logout, validation and the current user of one client. */
export interface AuthService {
  readonly client: Client;
  readonly paths: Readonly<AuthPaths>;
  /** Signs in; stores the session on the client and the user in storage. Rejects with `BridgeApiError`. */
  login(credentials: LoginCredentials): Promise<LoginResult>;
  /** Tells the server, then clears session and user locally even when the request failed. */
  logout(): Promise<void>;
  /** Asks the server whether the session is valid; refreshes the user when it is. */
  validateSession(): Promise<SessionValidationResult>;
  /** GET the current user and update the state; `null` when the session is rejected (401). */
  fetchUser(): Promise<User | null>;
  getState(): AuthState;
  subscribe(listener: (state: AuthState) => void): () => void;
  /** Settles once the stored user and session have been read at start. */
  readonly ready: Promise<void>;
  /** Stops listening to the client (session rejections). */
  dispose(): void;
}
