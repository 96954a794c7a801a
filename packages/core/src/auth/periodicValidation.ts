/**
 * Periodic validation, a part of the auth lifecycle (docs/guide/auth.md, "Periodic
 * validation"): while someone is signed in the lifecycle asks the server every so often
 * whether the session is still valid, so a session ended elsewhere (an admin, another device)
 * signs out here too.
 */
import type { AuthService } from '../services/authService';
import type { AuthState } from '../contract/auth';

/**
 * Asks `auth.validateSession()` every `every` ms while the auth state is signed in: the timer
 * starts with a sign-in and stops with a sign-out. A failure to ask (offline, a server error)
 * is not an ended session: the next tick asks again. One question at a time.
 *
 * @returns stops it (the timer and the subscription)
 * @example
 * const stop = periodicValidation(auth, 60_000);
 */
export function periodicValidation(auth: AuthService, every: number): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let asking = false;

  const ask = async () => {
    if (asking) return;
    asking = true;
    try {
      await auth.validateSession();
    } catch {
      // Offline or a server error: the next tick asks again.
    } finally {
      asking = false;
    }
  };
  const start = () => {
    timer = setInterval(() => void ask(), every);
    (timer as { unref?: () => void }).unref?.();
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const follow = ({ isAuthenticated }: AuthState) => {
    if (isAuthenticated && timer === undefined) start();
    else if (!isAuthenticated && timer !== undefined) stop();
  };

  const unsubscribe = auth.subscribe(follow);
  follow(auth.getState());
  return () => {
    unsubscribe();
    stop();
  };
}
