import type { Client } from '../client';
import type { DialectAuth } from '../dialect';
import type { ApiResponse, StorageAdapter } from '../types';
import { BridgeApiError } from './BridgeApiError';
import { createStore } from './createStore';

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
  sessionId: string;
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

/** The default auth paths (DESIGN §4). */
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

function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Accepts `data: user` as well as `data: { user }`. */
function userFrom(data: unknown): User | null {
  if (!isUser(data)) return null;
  if (!('id' in data) && isUser((data as { user?: unknown }).user)) {
    return (data as { user: User }).user;
  }
  return data;
}

function firstString(data: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * The default `DialectAuth.user`: the user of `data` (or of `data.user`), with `userType`
 * taken from `userType`, `user_type` or `role` where the backend keeps it elsewhere.
 *
 * @example
 * readUser({ id: 1, role: 'admin' }); // { id: 1, role: 'admin', userType: 'admin' }
 */
export function readUser(raw: unknown): User | null {
  const user = userFrom(raw);
  if (!user) return null;
  const userType = firstString(user, ['userType', 'user_type', 'role']);
  return userType === undefined || user.userType === userType ? user : { ...user, userType };
}

/**
 * The default `DialectAuth.login`: a login answer -> `{ user, sessionId, expiresAt }`. The
 * session is read from `sessionId`, `session_id`, `accessToken`, `access_token`, `token` or
 * `jwt`, the user from `user` (with `readUser`), the expiry from `expiresAt`/`expires_at`.
 *
 * @example
 * readLogin({ user: { id: '1', user_type: 'admin' }, session_id: 's1' });
 * // { user: { id: '1', user_type: 'admin', userType: 'admin' }, sessionId: 's1' }
 */
export function readLogin(
  data: unknown,
  toUser: (raw: unknown) => User | null = readUser,
): LoginResult | undefined {
  if (!isUser(data)) return undefined;
  const user = data.user === undefined ? null : toUser(data.user);
  const sessionId = firstString(data, [
    'sessionId',
    'session_id',
    'accessToken',
    'access_token',
    'token',
    'jwt',
  ]);
  if (!user || sessionId === undefined) return undefined;
  const expiresAt = firstString(data, ['expiresAt', 'expires_at']);
  return { user, sessionId, ...(expiresAt !== undefined && { expiresAt }) };
}

function checkPath(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`paths.${name} must be a non-empty string`);
  }
  return value;
}

/**
 * Creates the auth service of a client: login with an e-mail or a user name, logout, session
 * validation, the current user, and a small store of `AuthState` that hooks subscribe to.
 * The start state comes from storage (user) and the client (session); a 401 on any request
 * that carried the session marks the session expired and signs the user out locally.
 *
 * @example
 * const auth = createAuthService(client, { paths: { me: '/users/me' } });
 * await auth.login({ email: 'admin@example.com', password: 'admin123' });
 * auth.getState().user?.userType; // 'admin'
 */
export function createAuthService(client: Client, options: AuthServiceOptions = {}): AuthService {
  if (!client || typeof client.post !== 'function') {
    throw new TypeError('client must be a Bridgekit Client');
  }
  // The client's dialect says how this backend signs in; explicit `paths` win over it.
  const dialect: DialectAuth = client.getConfig?.().dialect?.auth ?? {};
  const toUser = dialect.user ?? readUser;
  const paths: AuthPaths = { ...DEFAULT_AUTH_PATHS };
  for (const [name, value] of Object.entries({ ...dialect.paths, ...options.paths })) {
    if (value !== undefined) paths[name as keyof AuthPaths] = checkPath(name, value);
  }
  const userKey = options.userStorageKey ?? 'bridgekit_user';
  if (typeof userKey !== 'string' || userKey === '') {
    throw new TypeError('userStorageKey must be a non-empty string');
  }
  const storage = options.storage ?? client.getStorage?.();
  const store = createStore<AuthState>({
    user: null,
    isAuthenticated: false,
    isLoading: true,
    sessionExpired: false,
  });
  // Bumped by every explicit change, so the start-up restore never overwrites a newer state.
  let generation = 0;
  let loggingOut = false;

  // Storage is a convenience: a failing storage must not break sign-in.
  const saveUser = async (user: User) => {
    try {
      await storage?.setItem(userKey, JSON.stringify(user));
    } catch {}
  };
  const forgetUser = async () => {
    try {
      await storage?.removeItem(userKey);
    } catch {}
  };
  const signedIn = (user: User) => {
    generation++;
    store.setState({ user, isAuthenticated: true, isLoading: false, sessionExpired: false });
    return saveUser(user);
  };
  const signedOut = (sessionExpired: boolean) => {
    generation++;
    store.setState({ user: null, isAuthenticated: false, isLoading: false, sessionExpired });
    return forgetUser();
  };

  const stopListening =
    typeof client.onSessionRejected === 'function'
      ? client.onSessionRejected(() => {
          if (loggingOut) return;
          // Forget the rejected session so later requests do not keep sending it.
          client.clearSession();
          void signedOut(true);
        })
      : () => {};

  const fetchUser = async (): Promise<User | null> => {
    const response = await client.get(paths.me);
    if (response.success) {
      const user = toUser(response.data);
      if (user) {
        await signedIn(user);
        return user;
      }
    }
    if (response.status === 401) {
      if (!store.getState().sessionExpired) await signedOut(false);
      return null;
    }
    throw response.success
      ? new BridgeApiError('The current-user response holds no user', {
          status: response.status,
          code: 'INVALID_RESPONSE',
        })
      : BridgeApiError.fromResponse(response);
  };

  const restore = async () => {
    const started = generation;
    try {
      const [raw, hasSession] = await Promise.all([
        storage ? storage.getItem(userKey).catch(() => null) : null,
        client.hasSession(),
      ]);
      if (started !== generation) return;
      let user: User | null = null;
      try {
        user = raw ? userFrom(JSON.parse(raw)) : null;
      } catch {}
      if (hasSession && user) {
        await signedIn(user);
      } else if (hasSession) {
        await fetchUser();
      } else {
        if (raw) await forgetUser();
        store.setState({ isLoading: false });
      }
    } catch {
      if (started === generation) store.setState({ isLoading: false });
    }
  };

  return {
    client,
    paths,
    ready: restore(),
    getState: store.getState,
    subscribe: store.subscribe,
    dispose: stopListening,
    fetchUser,

    async login(credentials) {
      if (!credentials || typeof credentials !== 'object') {
        throw new TypeError('credentials must be an object');
      }
      const { email, userName, password } = credentials;
      if ((typeof email !== 'string' || !email) && (typeof userName !== 'string' || !userName)) {
        throw new TypeError('credentials.email or credentials.userName must be a non-empty string');
      }
      if (typeof password !== 'string' || !password) {
        throw new TypeError('credentials.password must be a non-empty string');
      }
      generation++;
      store.setState({ isLoading: true });
      const credentialsSent = {
        ...(email ? { email } : {}),
        ...(userName ? { userName } : {}),
        password,
      };
      const body = dialect.loginBody ? dialect.loginBody(credentialsSent) : credentialsSent;
      const read = (data: unknown) => readLogin(data, toUser);
      // Without the old session: a 401 for bad credentials must not look like an expiry.
      const response: ApiResponse = await client.post(paths.login, body, { includeSession: false });
      const result = response.success ? (dialect.login ?? read)(response.data, read) : undefined;
      if (!result) {
        store.setState({ isLoading: false });
        throw response.success
          ? new BridgeApiError('The login response holds no user or sessionId', {
              status: response.status,
              code: 'INVALID_RESPONSE',
            })
          : BridgeApiError.fromResponse(response);
      }
      client.setSessionId(result.sessionId);
      await signedIn(result.user);
      return result;
    },

    async logout() {
      loggingOut = true;
      try {
        await client.post(paths.logout);
      } catch {
        // Signing out locally must happen whatever the server or the network did.
      } finally {
        loggingOut = false;
        client.clearSession();
        await signedOut(false);
      }
    },

    async validateSession() {
      if (!(await client.hasSession())) {
        if (store.getState().isAuthenticated) await signedOut(false);
        else store.setState({ isLoading: false });
        return { isValid: false };
      }
      const response = await client.get(paths.validation);
      if (response.status === 401) return { isValid: false };
      if (!response.success) throw BridgeApiError.fromResponse(response);
      const data = (response.data ?? {}) as Partial<SessionValidationResult>;
      if (data.isValid === false) {
        client.clearSession();
        await signedOut(true);
        return { isValid: false };
      }
      let user = (data.user === undefined ? null : toUser(data.user)) ?? store.getState().user;
      if (user) await signedIn(user);
      else user = await fetchUser();
      return {
        isValid: user !== null,
        ...(typeof data.expiresAt === 'string' && { expiresAt: data.expiresAt }),
        ...(user && { user }),
      };
    },
  };
}
