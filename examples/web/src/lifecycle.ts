import { authLifecycle, crossTabSync } from '@bridgekit/core/auth';

/**
 * The demo's auth lifecycle: account flows, two-factor sign-in and refresh tokens, with its
 * tabs kept in step. Components pass its type to `useAuth<typeof lifecycle>()` for the
 * account actions.
 */
export const lifecycle = authLifecycle({ crossTab: crossTabSync() });
