/**
 * The checks of what a `BridgeProvider` is given: a prop or an instance option it does not
 * read, a client-form prop beside a config, an unknown auth path or a lifecycle that is no
 * module is a `TypeError` naming it, like an unknown option of `createClient`, instead of
 * being silently ignored.
 */
import { DEFAULT_AUTH_PATHS, rejectUnknownKeys } from '@bridgekit/core';
import type { BridgeClientInstance, BridgeProviderProps } from '../BridgeProviderProps';
import type { ModuleOptions } from './instanceModules';
import { MODULE_NAMES, MODULES, type ModuleName } from './providerModules';

// Every key the provider reads besides the modules (`providerModules`). Written as a `Record`
// of the interface's keys, so that a new prop or instance option cannot be forgotten here.
const PROPS = Object.keys({
  config: true,
  client: true,
  instances: true,
  defaultInstance: true,
  authPaths: true,
  userStorageKey: true,
  transformConfig: true,
  swr: true,
  persist: true,
  children: true,
} satisfies Record<Exclude<keyof BridgeProviderProps, ModuleName>, true>).concat(MODULE_NAMES);
const CLIENT_INSTANCE = Object.keys({
  client: true,
  authPaths: true,
  userStorageKey: true,
} satisfies Record<Exclude<keyof BridgeClientInstance, ModuleName>, true>).concat(MODULE_NAMES);
// The client form's props: beside a config or instances they would be silently ignored.
const CLIENT_FORM = ['authPaths', 'userStorageKey', ...MODULE_NAMES] as const;
const AUTH_PATHS = Object.keys(DEFAULT_AUTH_PATHS);

/**
 * Throws a `TypeError` naming a prop the provider does not read, or a prop of the client form
 * given beside a config or instances.
 */
export function checkProps(props: BridgeProviderProps): void {
  rejectUnknownKeys(props, PROPS, {
    where: 'props',
    factory: 'BridgeProvider',
    kind: 'a prop',
    see: 'see BridgeProviderProps',
  });
  const misplaced =
    props.client === undefined && CLIENT_FORM.find((key) => props[key] !== undefined);
  if (misplaced) {
    throw new TypeError(
      `BridgeProvider: the ${misplaced} prop goes with the client prop; give it in the config (config.${misplaced})`,
    );
  }
}

/**
 * Throws a `TypeError` naming what is wrong in an instance (`where` names it in the message:
 * `config.`, `instances.<id>.`, `''` for the props): an unknown key of a client instance or of
 * `authPaths`, a module option (`providerModules`) that is no module.
 */
export function checkInstance(where: string, instance: ModuleOptions & { client?: unknown }): void {
  const name = where === '' ? 'props' : where.slice(0, -1);
  if (instance.client) {
    rejectUnknownKeys(instance, CLIENT_INSTANCE, {
      where: name,
      factory: 'a BridgeProvider instance',
      see: 'see BridgeClientInstance',
    });
  }
  if (instance.authPaths !== undefined) {
    rejectUnknownKeys(instance.authPaths, AUTH_PATHS, {
      where: `${name}.authPaths`,
      factory: 'BridgeProvider',
      kind: 'an auth path',
      see: `see AuthPaths: ${AUTH_PATHS.join(', ')}`,
    });
  }
  for (const key of MODULE_NAMES) checkModule(where, key, instance[key], MODULES[key].madeBy);
}

/** Throws a `TypeError` when an instance's module option is given and is no module (a function). */
function checkModule(where: string, key: string, value: unknown, madeBy: string): void {
  if (value !== undefined && typeof value !== 'function') {
    throw new TypeError(
      `BridgeProvider: ${where}${key} must be a module (${madeBy}), got ${typeof value}`,
    );
  }
}
