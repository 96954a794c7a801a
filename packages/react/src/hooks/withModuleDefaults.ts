import type { BridgeClientInstance, BridgeProviderProps } from './BridgeProviderProps';
import {
  authFactoryOf,
  MODULE_NAMES,
  type ModuleName,
  type ProviderModules,
} from './internal/providerModules';

/**
 * A platform's defaults for the opt-in modules: for each module option, what an instance gets
 * from what it was given (`undefined` when none).
 *
 * @example
 * const defaults: ModuleDefaults = { lifecycle: (given) => given ?? authLifecycle() };
 */
export type ModuleDefaults = {
  [N in ModuleName]?: (given: ProviderModules[N]) => ProviderModules[N];
};

/** `modules` with `defaults` applied; a module keeps the auth service factory it brought. */
function applyDefaults<T extends ProviderModules>(modules: T, defaults: ModuleDefaults): T {
  const out: Record<string, unknown> = { ...(modules as object) };
  for (const name of MODULE_NAMES) {
    const apply = defaults[name] as ((given: unknown) => unknown) | undefined;
    if (!apply) continue;
    const given = modules[name];
    const module = apply(given);
    const factory = authFactoryOf(given);
    out[name] =
      factory && typeof module === 'function' && !authFactoryOf(module)
        ? Object.assign(module, { authService: factory })
        : module;
  }
  return out as T;
}

/**
 * The props of a provider with a platform's module defaults applied to every instance: the
 * `config`, each entry of `instances`, or the props themselves in the `client` form. For
 * providers built on `BridgeProvider` (React Native's gives the offline queue NetInfo; Next.js's
 * gives every instance the auth lifecycle).
 *
 * @example
 * function MyPlatformProvider(props: BridgeProviderProps) {
 *   const lifecycle = useMemo(() => authLifecycle(), []);
 *   return <BridgeProvider {...withModuleDefaults(props, { lifecycle: (given) => given ?? lifecycle })} />;
 * }
 */
export function withModuleDefaults(
  props: BridgeProviderProps,
  defaults: ModuleDefaults,
): BridgeProviderProps {
  const { config, client, instances } = props;
  if (instances) {
    const mapped: Record<string, BridgeProviderProps['config'] | BridgeClientInstance> = {};
    for (const [id, instance] of Object.entries(instances)) {
      mapped[id] = applyDefaults(instance, defaults);
    }
    return { ...props, instances: mapped as BridgeProviderProps['instances'] };
  }
  if (config) return { ...props, config: applyDefaults(config, defaults) };
  return client ? applyDefaults(props, defaults) : props;
}
