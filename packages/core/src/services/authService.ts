/**
 * The auth service (docs/guide/auth.md, "The auth service"): login, logout, validation and the
 * current user of one client, with a small store of `AuthState` that hooks subscribe to. Shapes
 * are in `authTypes`, the default reading of answers in `authResponse`.
 */
import type { Client } from '../client/client';
import { isObserved, reportEvent } from '../client/events';
import type { DialectAuth } from '../contract/dialect';
import { nonEmptyString, rejectUnknownKeys, toError } from '../checks';
import type { ApiResponse } from '../contract/http';
import { BridgeApiError, isBridgeApiError } from './BridgeApiError';
import { readLogin, readUser, userFrom } from './authResponse';
import {
  type AuthPaths,
  type AuthServiceOptions,
  type AuthState,
  DEFAULT_AUTH_PATHS,
  type LoginCredentials,
  type LoginResult,
  type SessionValidationResult,
  type TwoFactorRequired,
  type User,
} from '../contract/auth';
import {
  type AuthServiceListener,
  authChange,
  createAuthListeners,
  type Settled,
} from './authListeners';
import { cookieSessionHeaders } from './cookieSessionHeaders';
import { createStore } from '../stores/createStore';

export { readLogin, readUser } from './authResponse';
export * from '../contract/auth';

/** Login, logout, validation and the current user of one client. */
export interface AuthService {
  readonly client: Client;
  readonly paths: Readonly<AuthPaths>;
  /**
   * Signs in; stores the session on the client and the user in storage. Resolves
   * `{ twoFactorRequired: true }` when the account needs a second factor (nobody is signed in
   * yet: the lifecycle's `verifyTwoFactor(code)` completes it). Rejects with `BridgeApiError`.
   */
  login(credentials: LoginCredentials): Promise<LoginResult | TwoFactorRequired>;
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
  /**
   * Tells `listener` what the service's own requests found, and lets it add to the logout:
   * the seam of the modules that work beside the service (the auth lifecycle keeps the refresh
   * token of a sign-in and revokes it on sign-out). Each member is optional; a throw fails the
   * call it came from.
   * @returns a function that removes it
   * @example
   * const stop = auth.listen({ signedIn: (data) => audit('signed in', data) });
   */
  listen(listener: AuthServiceListener): () => void;
  /** Stops listening to the client (session rejections) and tells the listeners it ended. */
  dispose(): void;
}

const OPTIONS = ['paths', 'userStorageKey', 'storage'];
const PATHS = Object.keys(DEFAULT_AUTH_PATHS);

/**
 * Creates the auth service of a client: login with an e-mail or a user name, logout, session
 * validation, the current user, and a small store of `AuthState` that hooks subscribe to.
 * The start state comes from storage (user) and the client (session); a 401 on any request
 * that carried the session marks the session expired and signs the user out locally. For a
 * client with a cookie session (`session: cookieSession()`) the start state comes from `GET me` (a 401
 * is signed out), sign-ins ask for cookies and their answers need no session id.
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
  const factory = 'createAuthService';
  rejectUnknownKeys(options, OPTIONS, { where: 'options', factory, see: 'see AuthServiceOptions' });
  if (options.paths !== undefined) {
    rejectUnknownKeys(options.paths, PATHS, {
      where: 'options.paths',
      factory,
      see: `see AuthPaths: ${PATHS.join(', ')}`,
      kind: 'a path',
    });
  }
  // The client's dialect says how this backend signs in; explicit `paths` win over it.
  const dialect: DialectAuth = client.getConfig?.().dialect?.auth ?? {};
  const toUser = dialect.user ?? readUser;
  const paths: AuthPaths = { ...DEFAULT_AUTH_PATHS };
  for (const [name, value] of Object.entries({ ...dialect.paths, ...options.paths })) {
    if (value !== undefined)
      paths[name as keyof AuthPaths] = nonEmptyString(`paths.${name}`, value);
  }
  const prefix = client.getConfig?.().storageKeyPrefix ?? '';
  const userKey = nonEmptyString(
    'userStorageKey',
    options.userStorageKey ?? `${prefix}bridgekit_user`,
  );
  const storage = options.storage ?? client.getStorage?.();
  // Cookie mode: the session is an HttpOnly cookie, so only the server can say whether it
  // exists (GET `me` at start), and a sign-in answer holds no session id.
  const signInHeaders = cookieSessionHeaders(client);
  const cookie = signInHeaders.Prefer !== undefined;
  const store = createStore<AuthState>({
    user: null,
    isAuthenticated: false,
    isLoading: true,
    sessionExpired: false,
  });
  // Bumped by every explicit change, so the start-up restore never overwrites a newer state.
  let generation = 0;
  let loggingOut = false;
  const listeners = createAuthListeners();
  const { tell } = listeners;

  // Storage is a convenience: a failing storage must not break sign-in.
  const persist = async (user: User | null) => {
    try {
      await (user ? storage?.setItem(userKey, JSON.stringify(user)) : storage?.removeItem(userKey));
    } catch {}
  };
  // Signed in with `user`, or signed out (`null`; `expired` when the server ended the session):
  // the state, the change on the client's stream (`client.observe`), then the stored user.
  const settle = (user: User | null, { expired = false, expiresAt }: Settled = {}) => {
    const was = store.getState();
    generation++;
    store.setState({
      user,
      isAuthenticated: user !== null,
      isLoading: false,
      sessionExpired: expired,
    });
    if (isObserved(client)) {
      const change = authChange(was, user, expired, expiresAt);
      if (change !== undefined) reportEvent(client, change);
    }
    return persist(user);
  };

  const stopListening =
    typeof client.onSessionRejected === 'function'
      ? client.onSessionRejected(() => {
          if (loggingOut) return;
          // Every cookie-mode request counts as carrying the session: a 401 only means an
          // expiry for someone who was signed in.
          if (cookie && !store.getState().isAuthenticated) return;
          // Forget the rejected session so later requests do not keep sending it.
          client.clearSession();
          void settle(null, { expired: true });
        })
      : () => {};

  const fetchUser = async (): Promise<User | null> => {
    const response = await client.get(paths.me);
    if (response.success) {
      const user = toUser(response.data);
      if (user) {
        await settle(user);
        return user;
      }
    }
    if (response.status === 401) {
      if (!store.getState().sessionExpired) await settle(null);
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
    if (cookie) {
      try {
        await fetchUser();
      } catch {
        if (started === generation) store.setState({ isLoading: false });
      }
      return;
    }
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
        await settle(user);
      } else if (hasSession) {
        await fetchUser();
      } else {
        if (raw) await persist(null);
        store.setState({ isLoading: false });
      }
    } catch {
      if (started === generation) store.setState({ isLoading: false });
    }
  };

  // Asks the server whether the session is valid (`validateSession` without its event).
  const validate = async (): Promise<SessionValidationResult> => {
    try {
      if (!cookie && !(await client.hasSession())) {
        if (store.getState().isAuthenticated) await settle(null);
        else store.setState({ isLoading: false });
        return { isValid: false };
      }
      const response = await client.get(paths.validation);
      if (response.status === 401) return { isValid: false };
      if (!response.success) throw BridgeApiError.fromResponse(response);
      const data = (response.data ?? {}) as Partial<SessionValidationResult>;
      if (data.isValid === false) {
        tell('sessionEnded');
        client.clearSession();
        await settle(null, { expired: true });
        return { isValid: false };
      }
      let user = (data.user === undefined ? null : toUser(data.user)) ?? store.getState().user;
      if (user) await settle(user);
      else user = await fetchUser();
      return {
        isValid: user !== null,
        ...(typeof data.expiresAt === 'string' && { expiresAt: data.expiresAt }),
        ...(user && { user }),
      };
    } catch (error) {
      if (store.getState().isLoading) store.setState({ isLoading: false });
      throw asBridgeApiError(error);
    }
  };

  return {
    client,
    paths,
    ready: restore(),
    getState: store.getState,
    subscribe: store.subscribe,
    fetchUser,
    listen: listeners.add,
    dispose() {
      stopListening();
      tell('disposed');
      listeners.clear();
    },

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
      try {
        const credentialsSent = {
          ...(email ? { email } : {}),
          ...(userName ? { userName } : {}),
          password,
        };
        const body = dialect.loginBody ? dialect.loginBody(credentialsSent) : credentialsSent;
        const read = (data: unknown) => readLogin(data, toUser);
        // Without the old session: a 401 for bad credentials must not look like an expiry.
        const response: ApiResponse = await client.post(paths.login, body, {
          includeSession: false,
          headers: signInHeaders,
        });
        if (!response.success) throw BridgeApiError.fromResponse(response);
        // A second factor is a result, not a failure: the server answered 200, no session.
        if ((response.data as { twoFactorRequired?: unknown } | null)?.twoFactorRequired === true) {
          tell('twoFactorRequired', response.data);
          store.setState({ isLoading: false });
          return { twoFactorRequired: true } as TwoFactorRequired;
        }
        const invalid = (message: string) =>
          new BridgeApiError(message, { status: response.status, code: 'INVALID_RESPONSE' });
        let result = (dialect.login ?? read)(response.data, read);
        if (cookie) {
          // The cookie is the session: the answer needs a user only.
          const user = result?.user ?? toUser(response.data);
          if (!user) throw invalid('The login response holds no user');
          const expiresAt =
            result?.expiresAt ?? (response.data as { expiresAt?: unknown } | null)?.expiresAt;
          result = { user, ...(typeof expiresAt === 'string' && { expiresAt }) };
        } else {
          if (!result?.sessionId) throw invalid('The login response holds no user or sessionId');
          try {
            client.setSessionId(result.sessionId);
          } catch (error) {
            throw invalid(
              `The login response holds an unusable sessionId: ${toError(error).message}`,
            );
          }
        }
        tell('signedIn', response.data);
        await settle(result.user, { expiresAt: result.expiresAt });
        return result;
      } catch (error) {
        // Whatever failed (the server, the dialect's mapping, the session), loading ends.
        if (store.getState().isLoading) store.setState({ isLoading: false });
        throw asBridgeApiError(error);
      }
    },

    async logout() {
      loggingOut = true;
      try {
        const body = await listeners.logoutBody();
        // Cookie mode: the preference lets the server clear both cookies even when the
        // session cookie has expired already.
        await client.post(paths.logout, body, {
          headers: signInHeaders,
          ...(body && { secret: true }),
        });
      } catch {
        // Signing out locally must happen whatever the server or the network did.
      } finally {
        loggingOut = false;
        tell('sessionEnded');
        client.clearSession();
        await settle(null);
      }
    },

    async validateSession() {
      const result = await validate();
      if (isObserved(client)) {
        const { isValid: valid, user, expiresAt } = result;
        reportEvent(client, { type: 'auth', kind: 'validated', valid, user, expiresAt });
      }
      return result;
    },
  };
}

/** Every failure of the service is a `BridgeApiError`: a thrown `TypeError` becomes `CLIENT_ERROR`. */
function asBridgeApiError(error: unknown): BridgeApiError {
  return isBridgeApiError(error)
    ? error
    : new BridgeApiError(toError(error).message, { status: 0, code: 'CLIENT_ERROR' });
}
