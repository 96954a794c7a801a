/**
 * The state of an auth lifecycle (docs/guide/auth.md, "The auth lifecycle"): one object, changed
 * only by the named actions below through `dispatch`, as a reducer; the parts of the lifecycle
 * react to the actions (the refresh token is stored, a refresh is planned). Also what the parts
 * share: the lifecycle's context, and how a sign-in answer becomes an action.
 */
import type { Client } from '../client/client';
import type { AuthService } from '../services/authService';
import type { AccountPaths } from './authLifecycleTypes';

/** What the lifecycle knows of the session it looks after. */
export interface LifecycleState {
  /** The refresh token this tab holds; `null` without one, and always with a cookie session. */
  readonly refreshToken: string | null;
  /** When the session ends, as its last sign-in or refresh said: a refresh is planned before. */
  readonly expiresAt: string | undefined;
  /** The challenge of a sign-in that waits for its second factor (`verifyTwoFactor` sends it). */
  readonly challenge: unknown;
}

/** Everything that changes the state. */
export type LifecycleAction =
  /** A sign-in or refresh of this tab answered: its refresh token (none with a cookie session). */
  | { type: 'signedIn'; refreshToken: string | null; expiresAt: string | undefined }
  /** Another tab signed in, refreshed or signed out: its token is taken, not stored again. */
  | { type: 'adoptedFromTab'; refreshToken: string | null; expiresAt: string | undefined }
  /** The session ended (a logout, a validation that says so, a refused refresh). */
  | { type: 'sessionEnded' }
  /** A sign-in needs a second factor. */
  | { type: 'secondFactorRequired'; challenge: unknown }
  /** The second factor was accepted. */
  | { type: 'secondFactorAnswered' };

export const INITIAL_STATE: LifecycleState = Object.freeze({
  refreshToken: null,
  expiresAt: undefined,
  challenge: undefined,
});

/** The state after `action`. */
export function reduce(state: LifecycleState, action: LifecycleAction): LifecycleState {
  switch (action.type) {
    case 'signedIn':
    case 'adoptedFromTab':
      return { ...state, refreshToken: action.refreshToken, expiresAt: action.expiresAt };
    case 'sessionEnded':
      return { ...state, refreshToken: null, expiresAt: undefined };
    case 'secondFactorRequired':
      return { ...state, challenge: action.challenge };
    case 'secondFactorAnswered':
      return { ...state, challenge: undefined };
  }
}

/** Holds the state; `dispatch` is the only way to change it. */
export interface LifecycleStore {
  readonly state: LifecycleState;
  dispatch(action: LifecycleAction): void;
  /** Calls `reaction` after every action, with the action and the state it led to. */
  subscribe(reaction: (action: LifecycleAction, state: LifecycleState) => void): void;
}

/** A store at the initial state. */
export function createLifecycleStore(): LifecycleStore {
  let state = INITIAL_STATE;
  const reactions: Array<(action: LifecycleAction, state: LifecycleState) => void> = [];
  return {
    get state() {
      return state;
    },
    dispatch(action) {
      state = reduce(state, action);
      for (const react of reactions) react(action, state);
    },
    subscribe(reaction) {
      reactions.push(reaction);
    },
  };
}

/** What the parts of one lifecycle share. */
export interface LifecycleContext {
  readonly auth: AuthService;
  readonly client: Client;
  readonly paths: Readonly<AccountPaths>;
  /** A cookie session: the refresh token is the server's `HttpOnly` cookie, none is kept here. */
  readonly cookie: boolean;
  /** The headers every sign-in sends (a cookie session asks for cookies). */
  readonly signInHeaders: Readonly<Record<string, string>>;
  readonly store: LifecycleStore;
  /** Calls an app callback; a throw goes to the client's `onError`, not to the caller. */
  report(callback: (() => void) | undefined): void;
}

/** An answer's `data` as an object (`{}` when it is none). */
export function dataOf(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/**
 * The action a sign-in answer (a login, a registration, a second factor, a refresh) leads to:
 * a second factor to ask for, or a session with its refresh token (`refreshToken` or
 * `refresh_token`) and its end (`expiresAt` or `expires_at`); `undefined` when it holds no
 * refresh token and the session is not a cookie.
 */
export function signInAction(data: unknown, cookie: boolean): LifecycleAction | undefined {
  const answer = dataOf(data);
  if (answer.twoFactorRequired === true) {
    return { type: 'secondFactorRequired', challenge: answer.challenge };
  }
  const token = answer.refreshToken ?? answer.refresh_token;
  const ends = answer.expiresAt ?? answer.expires_at;
  const expiresAt = ends == null ? undefined : String(ends);
  if (typeof token === 'string' && token)
    return { type: 'signedIn', refreshToken: token, expiresAt };
  // A cookie session: the refresh token is the server's cookie; only the planned refresh is ours.
  if (cookie) return { type: 'signedIn', refreshToken: null, expiresAt };
  return undefined;
}
