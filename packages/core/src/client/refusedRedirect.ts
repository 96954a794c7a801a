/**
 * A redirect the client will not follow: it would carry a secret body (a refresh token) to
 * another origin, or to a place the runtime hides from scripts. The call resolves
 * `CLIENT_ERROR`. Shared by `redirect.ts` and `redirect.browser.ts`.
 */
export class RefusedRedirect extends TypeError {
  override name = 'RefusedRedirect';
}
