/**
 * The checks of what a `BridgeProvider` is given: a prop or an instance option it does not
 * read, a client-form prop beside a config, an unknown auth path or a lifecycle that is no
 * module is a `TypeError` naming it, like an unknown option of `createClient`, instead of
 * being silently ignored.
 */
import { DEFAULT_AUTH_PATHS } from '@bridgekit/core';
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

/** Throws a `TypeError` naming the first key of `value` that `known` lacks; `what` it is not. */
function rejectUnknown(where: string, value: object, known: string[], what: string): void {
  const key = Object.keys(value).find((name) => !known.includes(name));
  if (key !== undefined) throw new TypeError(`BridgeProvider: ${where}${key} is not ${what}`);
}

/**
 * Throws a `TypeError` naming a prop the provider does not read, or a prop of the client form
 * given beside a config or instances.
 */
export function checkProps(props: BridgeProviderProps): void {
  rejectUnknown('', props, PROPS, 'a prop of BridgeProvider (see BridgeProviderProps)');
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
 * `config.`, `instances.<id>.`): an unknown key of a client instance or of `authPaths`, a
 * module option (`providerModules`) that is no module.
 */
export function checkInstance(where: string, instance: ModuleOptions & { client?: unknown }): void {
  if (instance.client) {
    rejectUnknown(
      where,
      instance,
      CLIENT_INSTANCE,
      'an option of an instance (see BridgeClientInstance)',
    );
  }
  const paths = `an auth path (see AuthPaths: ${AUTH_PATHS.join(', ')})`;
  rejectUnknown(`${where}authPaths.`, instance.authPaths ?? {}, AUTH_PATHS, paths);
  for (const name of MODULE_NAMES) checkModule(where, name, instance[name], MODULES[name].madeBy);
}

/** Throws a `TypeError` when an instance's module option is given and is no module (a function). */
function checkModule(where: string, key: string, value: unknown, madeBy: string): void {
  if (value !== undefined && typeof value !== 'function') {
    throw new TypeError(
      `BridgeProvider: ${where}${key} must be a module (${madeBy}), got ${typeof value}`,
    );
  }
}
