/**
 * The options of an auth lifecycle, checked (a wrong type, a value out of range or an unknown
 * key is a `TypeError`/`RangeError` naming it), and the paths they lead to.
 */
import { MAX_TIMER_MS, mustBe, nonEmptyString, rejectUnknownKeys } from '../checks';
import type { Client } from '../client/client';
import { checkFunction, checkStorage } from '../client/configCheck';
import {
  type AccountPaths,
  type AuthLifecycleOptions,
  DEFAULT_ACCOUNT_PATHS,
} from './authLifecycleTypes';

const OPTIONS: ReadonlyArray<keyof AuthLifecycleOptions> = [
  'paths',
  'refreshTokenStorageKey',
  'refreshTokenStorage',
  'validateInterval',
  'onSessionExpired',
  'onSessionRefreshed',
  'crossTab',
];
const PATHS = Object.keys(DEFAULT_ACCOUNT_PATHS);

/**
 * Throws a `TypeError` or `RangeError` naming the first option that is wrong. `factory` names
 * the function in the message of an unknown key.
 *
 * @example
 * checkLifecycleOptions(options, 'authLifecycle');
 */
export function checkLifecycleOptions(options: AuthLifecycleOptions, factory: string): void {
  rejectUnknownKeys(options, OPTIONS, {
    where: 'options',
    factory,
    see: 'see AuthLifecycleOptions',
  });
  const { validateInterval: every, refreshTokenStorage, crossTab, paths } = options;
  if (paths !== undefined) {
    rejectUnknownKeys(paths, PATHS, {
      where: 'options.paths',
      factory,
      see: `see AccountPaths: ${PATHS.join(', ')}`,
      kind: 'a path',
    });
  }
  if (every !== undefined) {
    if (typeof every !== 'number') throw mustBe('validateInterval', 'a number', every);
    // Longer than a timer holds, the interval would fire at once and hammer the server.
    if (!(every >= 1000 && every <= MAX_TIMER_MS)) {
      throw mustBe(
        'validateInterval',
        `a number of ms from 1000 to ${MAX_TIMER_MS}`,
        every,
        RangeError,
      );
    }
  }
  for (const name of ['onSessionExpired', 'onSessionRefreshed'] as const) {
    if (options[name] !== undefined) checkFunction(name, options[name]);
  }
  if (refreshTokenStorage !== undefined) checkStorage('refreshTokenStorage', refreshTokenStorage);
  // `crossTab: true` was the option before cross-tab sync became a module of its own.
  if (crossTab !== undefined && typeof crossTab !== 'function') {
    throw mustBe(
      'crossTab',
      "a module (crossTab: crossTabSync() from '@bridgekit/core/auth')",
      crossTab,
    );
  }
}

/**
 * The lifecycle's paths: the options', then the dialect's (`auth.paths`), then the defaults.
 * The refresh path must be on the base URL's origin: the refresh token is a long-lived secret.
 *
 * @example
 * const paths = accountPaths(client, options.paths);
 */
export function accountPaths(client: Client, given: Partial<AccountPaths> = {}): AccountPaths {
  const dialectPaths = client.getConfig().dialect?.auth?.paths as Partial<AccountPaths> | undefined;
  const paths: AccountPaths = { ...DEFAULT_ACCOUNT_PATHS };
  for (const [name, value] of Object.entries({ ...dialectPaths, ...given })) {
    if (name in paths && value !== undefined) {
      paths[name as keyof AccountPaths] = nonEmptyString(`paths.${name}`, value);
    }
  }
  const base = client.getBaseUrl();
  if (new URL(paths.refresh, `${base}/`).origin !== new URL(base).origin) {
    throw new TypeError('paths.refresh must be on the origin of the base URL');
  }
  return paths;
}
