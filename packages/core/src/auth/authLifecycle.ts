/**
 * The auth lifecycle beside the auth service (docs/guide/auth.md, "The auth lifecycle"): account
 * flows, two-factor sign-in, refresh tokens, periodic validation and cross-tab sync. This file puts
 * the parts together around one state (`lifecycleState`); each part is a file of its own. It works
 * through public seams: the service's `listen()` (what its sign-ins and sign-outs found) and
 * `subscribe()`, and the client's `use()`.
 */
import { mustBe, nonEmptyString, toError } from '../checks';
import { type AuthService, createAuthService } from '../services/authService';
import { cookieSessionHeaders } from '../services/cookieSessionHeaders';
import { accountFlows, accountRequests } from './accountFlows';
import type { AuthLifecycle, AuthLifecycleOptions } from './authLifecycleTypes';
import type { CrossTabHost } from './crossTabSync';
import { accountPaths, checkLifecycleOptions } from './lifecycleOptions';
import {
  createLifecycleStore,
  dataOf,
  type LifecycleContext,
  type LifecycleStore,
  signInAction,
} from './lifecycleState';
import { periodicValidation } from './periodicValidation';
import { createRefreshTokens } from './refreshTokens';
import { twoFactorFlows } from './twoFactor';

/**
 * The auth lifecycle as a module the providers take (`lifecycle: authLifecycle(options)`):
 * called once per instance with its auth service. `defaults` are a platform provider's
 * (React Native's keychain storage for the refresh token); the app's options win.
 */
export type AuthLifecycleModule = (
  auth: AuthService,
  defaults?: AuthLifecycleOptions,
) => AuthLifecycle;

/**
 * The auth lifecycle as an opt-in module for a provider instance: account flows, two-factor
 * sign-in, refresh tokens, and cross-tab sync when its own module is passed
 * (`crossTab: crossTabSync()`). Without it an instance has the plain auth service (no
 * middleware, timer or `BroadcastChannel`). The provider disposes it when it unmounts.
 *
 * @example
 * <BridgeProvider config={{ baseUrl: '/api', lifecycle: authLifecycle({ validateInterval: 60_000 }) }} />
 */
export function authLifecycle(options: AuthLifecycleOptions = {}): AuthLifecycleModule {
  checkLifecycleOptions(options, 'authLifecycle');
  const module: AuthLifecycleModule = (auth, defaults) =>
    createAuthLifecycle(auth, { ...defaults, ...options });
  // It needs the instance's auth service and brings the factory: a provider makes the service
  // at mount for it, so the refresh middleware is in place before the first request, with or
  // without an auth hook.
  return Object.assign(module, { authService: createAuthService });
}

const lifecycles = new WeakMap<AuthService, AuthLifecycle>();

/**
 * The lifecycle of an auth service (one per service: a second call returns the first). Once
 * created it keeps the refresh token of every sign-in answer (`refreshToken` or
 * `refresh_token`) in the client's storage; a 401 to a request that carried the session then
 * refreshes once (shared by concurrent requests) and replays the request; a refused refresh
 * lets the 401 through, so the service reports `sessionExpired`. A login answered with
 * `{ twoFactorRequired: true, challenge }` resolves `{ twoFactorRequired: true }` and the
 * challenge is kept for `verifyTwoFactor`. A logout sends the refresh token (the server
 * revokes it even when the session expired already); a validation that says the session
 * ended drops it. Every failure rejects with `BridgeApiError`.
 * With a client with a cookie session (`session: cookieSession()`) the refresh token is the server's
 * `HttpOnly` cookie: nothing is stored, and a refresh posts no token (the cookie carries it).
 * `dispose()` closes what it opened (its middleware, timers, cross-tab channel); so does the
 * auth service's `dispose()`.
 *
 * @example
 * const account = createAuthLifecycle(auth);
 * const result = await auth.login(credentials);
 * if (result.twoFactorRequired) await account.verifyTwoFactor(prompt('Code') ?? '');
 */
export function createAuthLifecycle(
  auth: AuthService,
  options: AuthLifecycleOptions = {},
): AuthLifecycle {
  const known = lifecycles.get(auth);
  if (known) return known;
  checkLifecycleOptions(options, 'createAuthLifecycle');
  const { client } = auth;
  const paths = accountPaths(client, options.paths);
  const key = nonEmptyString(
    'refreshTokenStorageKey',
    options.refreshTokenStorageKey ??
      `${client.getConfig().storageKeyPrefix ?? ''}bridgekit_refresh_token`,
  );
  const signInHeaders = cookieSessionHeaders(client);
  const context: LifecycleContext = {
    auth,
    client,
    paths,
    // Cookie mode: the refresh token is an HttpOnly cookie on the refresh path; none is kept here.
    cookie: signInHeaders.Prefer !== undefined,
    signInHeaders,
    store: createLifecycleStore(),
    // A throwing app callback must not break a refresh or the auth store's listeners.
    report(callback) {
      try {
        callback?.();
      } catch (error) {
        client.getConfig().onError?.(toError(error));
      }
    },
  };
  const { store } = context;

  // Only with the cross-tab module: without it no channel, listener or lock exists.
  const sync = options.crossTab?.(crossTabHost(auth, store)) ?? null;
  const tokens = createRefreshTokens(context, {
    key,
    storage: options.refreshTokenStorage ?? client.getStorage(),
    onRefreshed: options.onSessionRefreshed,
    sync,
  });
  const stopValidating =
    options.validateInterval === undefined
      ? undefined
      : periodicValidation(auth, options.validateInterval);
  const stopReporting = reportExpiry(context, options.onSessionExpired);
  // The auth service's own sign-ins and sign-outs, as it tells them.
  const stopListening = auth.listen({
    signedIn(data) {
      const action = signInAction(data, context.cookie);
      if (action) store.dispatch(action);
    },
    twoFactorRequired(data) {
      store.dispatch({ type: 'secondFactorRequired', challenge: dataOf(data).challenge });
    },
    logoutBody: tokens.logoutBody,
    sessionEnded: () => store.dispatch({ type: 'sessionEnded' }),
    disposed: () => lifecycle.dispose(),
  });

  const requests = accountRequests(context);
  const lifecycle: AuthLifecycle = {
    paths,
    ...accountFlows(requests),
    ...twoFactorFlows(context, requests),
    refreshSession: tokens.refreshSession,
    onRefreshed(listener) {
      if (typeof listener !== 'function') throw mustBe('listener', 'a function', listener);
      return tokens.onRefreshed(listener);
    },
    dispose() {
      if (lifecycles.get(auth) !== lifecycle) return;
      lifecycles.delete(auth);
      stopListening();
      stopReporting?.();
      stopValidating?.();
      sync?.close();
      tokens.dispose();
    },
  };
  lifecycles.set(auth, lifecycle);
  return lifecycle;
}

/** What cross-tab sync borrows of a lifecycle: its service, its refresh token to read and set. */
function crossTabHost(auth: AuthService, store: LifecycleStore): CrossTabHost {
  return {
    auth,
    current() {
      const { refreshToken, expiresAt } = store.state;
      return refreshToken ? { refreshToken, ...(expiresAt && { expiresAt }) } : { refreshToken };
    },
    adopt(refreshToken, expiresAt) {
      store.dispatch({ type: 'adoptedFromTab', refreshToken, expiresAt });
    },
  };
}

/** Calls `onExpired` once each time the auth state turns `sessionExpired`; none without it. */
function reportExpiry(
  { auth, report }: LifecycleContext,
  onExpired: (() => void) | undefined,
): (() => void) | undefined {
  if (!onExpired) return undefined;
  let expired = auth.getState().sessionExpired;
  return auth.subscribe(({ sessionExpired }) => {
    if (sessionExpired && !expired) report(onExpired);
    expired = sessionExpired;
  });
}
