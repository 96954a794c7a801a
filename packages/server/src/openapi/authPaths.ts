import { body, envelope, FAILURE, type Json, json, object, ref, text, time } from './jsonSchema';

/**
 * The paths of the auth routes (routes/authRoutes, registerRoute, passwordResetRoutes,
 * twoFactorRoutes); `userRow` is the schema of the user they answer.
 *
 * @example
 * authPaths(ref('User'))['/auth/login'];
 */
export function authPaths(userRow: Json): Record<string, Json> {
  const op = (
    operationId: string,
    summary: string,
    data: Json,
    { request, isPublic = false }: { request?: Json; isPublic?: boolean } = {},
  ): Json => ({
    tags: ['auth'],
    operationId,
    summary,
    ...(request ? { requestBody: body(request) } : {}),
    responses: { 200: json(envelope(data), summary), ...FAILURE },
    ...(isPublic ? { security: [] } : {}),
  });
  const signedIn = ref('SignedIn');
  const nothing = { type: 'null' };
  return {
    '/auth/login': {
      post: op(
        'login',
        'Sign in with email or userName and password',
        { oneOf: [signedIn, ref('TwoFactorChallenge')] },
        {
          request: object({ email: text, userName: text, password: text }, ['password']),
          isPublic: true,
        },
      ),
    },
    '/auth/register': {
      post: {
        ...op('register', 'Create an account and sign in', signedIn, {
          request: { type: 'object', required: ['password'], additionalProperties: true },
          isPublic: true,
        }),
        responses: { 201: json(envelope(signedIn), 'Signed in'), ...FAILURE },
      },
    },
    '/auth/refresh': {
      post: op('refresh', 'A new session for a refresh token', signedIn, {
        request: object({ refreshToken: text }),
        isPublic: true,
      }),
    },
    '/auth/logout': { post: op('logout', 'End the session', nothing, { isPublic: true }) },
    '/auth/validation': {
      get: op(
        'validateSession',
        'Whether the session is valid',
        object({ isValid: { type: 'boolean' }, user: userRow, expiresAt: time }, ['isValid']),
        { isPublic: true },
      ),
    },
    '/auth/me': { get: op('me', 'The signed-in user', userRow) },
    '/auth/password/change': {
      post: op(
        'changePassword',
        'Change the password; other sessions end',
        object({ endedSessions: { type: 'integer' } }, ['endedSessions']),
        {
          request: object({ oldPassword: text, newPassword: text }, ['oldPassword', 'newPassword']),
        },
      ),
    },
    '/auth/password/forgot': {
      post: {
        ...op('forgotPassword', 'Send a reset token', nothing, {
          request: object({ email: text }, ['email']),
          isPublic: true,
        }),
        responses: { 202: json(envelope(nothing), 'Accepted'), ...FAILURE },
      },
    },
    '/auth/password/reset': {
      post: op(
        'resetPassword',
        'Set a new password with a reset token; the sessions end',
        object({ endedSessions: { type: 'integer' } }, ['endedSessions']),
        { request: object({ token: text, password: text }, ['token', 'password']), isPublic: true },
      ),
    },
    '/auth/2fa/setup': {
      post: op(
        'setupTwoFactor',
        'Start two-factor setup',
        object({ secret: text, uri: text }, ['secret', 'uri']),
      ),
    },
    '/auth/2fa/enable': {
      post: op(
        'enableTwoFactor',
        'Confirm two-factor setup with a code',
        object(
          { twoFactorEnabled: { type: 'boolean' }, recoveryCodes: { type: 'array', items: text } },
          ['twoFactorEnabled', 'recoveryCodes'],
        ),
        { request: object({ code: text }, ['code']) },
      ),
    },
    '/auth/2fa/disable': {
      post: op(
        'disableTwoFactor',
        'Turn two-factor sign-in off',
        object({ twoFactorEnabled: { type: 'boolean' } }, ['twoFactorEnabled']),
        { request: object({ code: text }, ['code']) },
      ),
    },
    '/auth/2fa/verify': {
      post: op('verifyTwoFactor', 'Finish a two-factor sign-in', signedIn, {
        request: object({ challenge: text, code: text }, ['challenge', 'code']),
        isPublic: true,
      }),
    },
  };
}
