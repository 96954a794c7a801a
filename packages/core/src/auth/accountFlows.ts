/**
 * Account flows, a part of the auth lifecycle (docs/guide/auth.md, "Account flows"): register,
 * password reset and change; and the requests every flow of the lifecycle makes to its paths
 * (through the dialect's body for the flow, failures as `BridgeApiError`), which the two-factor
 * flows share.
 */
import { nonEmptyString } from '../checks';
import type { Client } from '../client/client';
import type { AccountFlow } from '../contract/dialect';
import type { ApiResponse } from '../contract/http';
import type { User } from '../contract/auth';
import { BridgeApiError } from '../services/BridgeApiError';
import { readSession } from '../services/authResponse';
import type { AuthLifecycle } from './authLifecycleTypes';
import { type LifecycleContext, signInAction } from './lifecycleState';

/**
 * The body of `flow` for the client's backend: the dialect's mapping of `fields`, `fields` as
 * they are without one, `null` when the backend has no such flow.
 *
 * @example
 * const body = flowBody(client, 'refresh', { refreshToken });
 */
export function flowBody(
  client: Client,
  flow: AccountFlow,
  fields: Record<string, unknown>,
): unknown {
  const map = client.getConfig().dialect?.auth?.account?.[flow];
  if (map === null) return null;
  return map ? map(fields) : fields;
}

/** How a flow's request goes out. */
export interface FlowRequest {
  /** Whether it carries the session (the signed-in user's flows). @default false */
  includeSession?: boolean;
  /** A sign-in (register, second factor): it sends the sign-in headers. @default false */
  signIn?: boolean;
}

/** The requests of a lifecycle's flows. */
export interface AccountRequests {
  /** POSTs `fields` to the flow's path; resolves the answer, rejects a failure as `BridgeApiError`. */
  post(
    flow: AccountFlow,
    fields: Record<string, unknown>,
    request?: FlowRequest,
  ): Promise<ApiResponse>;
  /**
   * Completes a sign-in with its answer: the lifecycle takes its refresh token (or its second
   * factor), the client its session, the auth service reads the user. `null` when the answer
   * holds no session.
   */
  signIn(response: ApiResponse): Promise<User | null>;
  /** Gives the client the session an answer holds (token mode); whether it held one. */
  adoptSession(response: ApiResponse): boolean;
}

/**
 * The requests of one lifecycle's flows.
 *
 * @example
 * const requests = accountRequests(context);
 * await requests.signIn(await requests.post('register', data, { signIn: true }));
 */
export function accountRequests(context: LifecycleContext): AccountRequests {
  const { client, cookie, store } = context;
  const adoptSession = (response: ApiResponse) => {
    const session = readSession(response.data);
    if (session !== undefined) client.setSessionId(session);
    return session !== undefined;
  };
  return {
    adoptSession,
    async post(flow, fields, { includeSession = false, signIn = false } = {}) {
      const body = flowBody(client, flow, fields);
      if (body === null) {
        throw new BridgeApiError(`${client.getConfig().dialect?.name} has no '${flow}' flow`, {
          status: 0,
          code: 'CLIENT_ERROR',
        });
      }
      const headers = signIn ? context.signInHeaders : {};
      const response = await client.post(context.paths[flow], body, { includeSession, headers });
      if (!response.success) throw BridgeApiError.fromResponse(response);
      return response;
    },
    async signIn(response) {
      const action = signInAction(response.data, cookie);
      if (action) store.dispatch(action);
      return cookie || adoptSession(response) ? context.auth.fetchUser() : null;
    },
  };
}

/** Register, ask for a reset link, reset and change the password. */
export type AccountFlows = Pick<
  AuthLifecycle,
  'register' | 'requestPasswordReset' | 'resetPassword' | 'changePassword'
>;

/**
 * The account flows of one lifecycle.
 *
 * @example
 * const { register } = accountFlows(accountRequests(context));
 */
export function accountFlows(requests: AccountRequests): AccountFlows {
  const { post } = requests;
  return {
    async register(data) {
      if (!data || typeof data !== 'object') throw new TypeError('data must be an object');
      nonEmptyString('data.password', data.password);
      return requests.signIn(await post('register', data, { signIn: true }));
    },
    async requestPasswordReset(email) {
      await post('passwordForgot', { email: nonEmptyString('email', email) });
    },
    async resetPassword(token, password) {
      await post('passwordReset', {
        token: nonEmptyString('token', token),
        password: nonEmptyString('password', password),
      });
    },
    async changePassword(oldPassword, newPassword) {
      const body = {
        oldPassword: nonEmptyString('oldPassword', oldPassword),
        newPassword: nonEmptyString('newPassword', newPassword),
      };
      // A backend that ends the session with the password (Strapi) answers a new one.
      requests.adoptSession(await post('passwordChange', body, { includeSession: true }));
    },
  };
}
