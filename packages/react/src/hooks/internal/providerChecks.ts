/**
 * The checks of what a `BridgeProvider` is given: a prop or an instance option it does not
 * read, a client-form prop beside a config, an unknown auth path or a lifecycle that is no
 * module is a `TypeError` naming it, like an unknown option of `createClient`, instead of
 * being silently ignored.
 */
import { DEFAULT_AUTH_PATHS } from '@bridgekit/core';
import type { BridgeClientInstance, BridgeProviderProps } from '../BridgeProviderProps';
import type { ModuleOptions } from './instanceModules';

// Every key the provider reads. A `Record` of the interface's keys, so that a new prop or
// instance option cannot be forgotten here: an unknown key is a TypeError naming it.
const PROPS: Record<keyof BridgeProviderProps, true> = {
  config: true,
  client: true,
  instances: true,
  defaultInstance: true,
  authPaths: true,
  userStorageKey: true,
  lifecycle: true,
  transformConfig: true,
  swr: true,
  children: true,
};
const CLIENT_INSTANCE: Record<keyof BridgeClientInstance, true> = {
  client: true,
  authPaths: true,
  userStorageKey: true,
  lifecycle: true,
};
const AUTH_PATHS = Object.keys(DEFAULT_AUTH_PATHS);

/** Throws a `TypeError` naming the first key of `props` the provider does not read. */
export function checkProps(props: BridgeProviderProps): void {
  for (const key of Object.keys(props)) {
    if (!Object.hasOwn(PROPS, key)) {
      throw new TypeError(
        `BridgeProvider: ${key} is not a prop of BridgeProvider (see BridgeProviderProps)`,
      );
    }
  }
  // The client form's props would be silently ignored beside a config or instances.
  if (props.client !== undefined) return;
  for (const key of ['authPaths', 'userStorageKey', 'lifecycle'] as const) {
    if (props[key] !== undefined) {
      throw new TypeError(
        `BridgeProvider: the ${key} prop goes with the client prop; with config or instances, give it in each instance (config.${key})`,
      );
    }
  }
}

/** Throws a `TypeError` naming a module option of an instance that is wrong. */
export function checkModuleOptions(where: string, { authPaths, lifecycle }: ModuleOptions): void {
  for (const key of Object.keys(authPaths ?? {})) {
    if (!AUTH_PATHS.includes(key)) {
      throw new TypeError(
        `BridgeProvider: ${where}authPaths.${key} is not an auth path (see AuthPaths: ${AUTH_PATHS.join(', ')})`,
      );
    }
  }
  if (lifecycle !== undefined && typeof lifecycle !== 'function') {
    throw new TypeError(
      `BridgeProvider: ${where}lifecycle must be a module (lifecycle: authLifecycle(options) from '@bridgekit/core/auth'), got ${typeof lifecycle}`,
    );
  }
}

/** Throws a `TypeError` naming the first key of a client instance the provider does not read. */
export function checkClientInstance(where: string, instance: BridgeClientInstance): void {
  for (const key of Object.keys(instance)) {
    if (!Object.hasOwn(CLIENT_INSTANCE, key)) {
      throw new TypeError(
        `BridgeProvider: ${where}${key} is not an option of an instance (see BridgeClientInstance)`,
      );
    }
  }
  checkModuleOptions(where, instance);
}
