import type { SessionValidationResult } from '@bridgekit/core';
import { type ServerClientConfig, serverClientAndSession } from './createServerClient';

/** Options of {@link getServerSession}. */
export interface ServerSessionOptions extends ServerClientConfig {
  /**
   * Path of the session validation endpoint under `baseUrl`.
   * @default '/auth/validation'
   */
  validationPath?: string;
}

/**
 * Validates the request's session against the API (`GET /auth/validation`). Resolves the
 * validation result with the user when the session is valid, and `null` when there is no
 * session cookie, the session is invalid or expired, or the API cannot be reached. Works in
 * both session modes (see `createServerClient`).
 *
 * @example
 * // app/account/page.tsx
 * const session = await getServerSession(process.env.BRIDGEKIT_API_URL!);
 * if (!session) redirect('/login?next=%2Faccount');
 * return <h1>Hello {session.user?.name}</h1>;
 */
export async function getServerSession(
  baseUrl: string,
  options: ServerSessionOptions = {},
): Promise<SessionValidationResult | null> {
  const { validationPath = '/auth/validation', ...config } = options;
  const { client, sessionId } = await serverClientAndSession(baseUrl, config);
  if (sessionId === null && !(await client.hasSession())) return null;
  const response = await client.get<SessionValidationResult>(validationPath);
  if (!response.success || response.data?.isValid !== true) return null;
  return response.data;
}
