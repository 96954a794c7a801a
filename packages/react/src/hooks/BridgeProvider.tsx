import { type AuthService, type Client, createClient } from '@bridgekit/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { SWRConfigLike } from '@bridgekit/core/offline';
import { SWRConfig, type SWRConfiguration } from 'swr';
import type {
  BridgeClientInstance,
  BridgeInstanceConfig,
  BridgeProviderProps,
} from './BridgeProviderProps';
import {
  BridgeContext,
  type BridgeContextValue,
  type BridgeInstance,
} from './internal/BridgeContext';
import {
  createInstanceModules,
  type ModuleOptions,
  provideModules,
} from './internal/instanceModules';
import { ModuleStarts } from './internal/ModuleStarts';
import { type AuthServiceFactory, authFactoryOf, withoutModules } from './internal/providerModules';
import { checkInstance, checkProps } from './internal/providerChecks';
import { withBridgeRetryPolicy } from './retryPolicy';

export type { BridgeClientInstance, BridgeInstanceConfig, BridgeProviderProps };

// Its modules come from `instanceModules`: the auth service when a hook first asks for it (an
// app that only reads data gets a client with no session listener and sends no start-up
// request), the opt-in modules with the instance's first hook or the provider's mount.
function instanceOf(id: string, client: Client, options: ModuleOptions): BridgeInstance {
  const modules = createInstanceModules(client, options);
  return {
    id,
    client,
    get account() {
      return modules.get('lifecycle');
    },
    get offline() {
      return modules.get('offline');
    },
    get live() {
      return modules.get('live');
    },
    modules,
  };
}

function createInstance(
  id: string,
  where: string,
  input: BridgeInstanceConfig | BridgeClientInstance,
  transform: BridgeProviderProps['transformConfig'],
  isDefault: boolean,
): BridgeInstance {
  if (!input || typeof input !== 'object') {
    throw new TypeError(`BridgeProvider: instance "${id}" must be an object`);
  }
  const { client } = input as BridgeClientInstance;
  if (client) {
    checkInstance(where, input);
    return instanceOf(id, client, input);
  }
  const config = transform ? transform(input as BridgeInstanceConfig, id) : input;
  const { baseUrl, authPaths, userStorageKey, ...rest } = config as BridgeInstanceConfig;
  const clientConfig = withoutModules(rest);
  if (typeof baseUrl !== 'string' || baseUrl === '') {
    throw new TypeError(
      `BridgeProvider: config.baseUrl of instance "${id}" must be a non-empty string`,
    );
  }
  checkInstance(where, config);
  // Instances share the platform storage: every instance but the default one keeps its
  // session, user and refresh token under keys prefixed with its id.
  if (!isDefault && clientConfig.storageKeyPrefix === undefined) {
    clientConfig.storageKeyPrefix = `${id}:`;
  }
  return instanceOf(id, createClient(baseUrl, clientConfig), config);
}

function createContextValue(props: BridgeProviderProps): BridgeContextValue {
  checkProps(props);
  const { config, client, instances } = props;
  const defaultInstance = props.defaultInstance ?? 'default';
  // The props hold `client`, `authPaths` and `userStorageKey` under a client instance's names.
  const inputs: Record<string, BridgeInstanceConfig | BridgeClientInstance> = instances ?? {
    [defaultInstance]: client ? clientInstanceOf(props) : (config as BridgeInstanceConfig),
  };
  // `null` counts as given (and is then refused as an instance that is no object).
  if (
    [config, client, instances].filter((x) => x !== undefined).length !== 1 ||
    Object.keys(inputs).length === 0
  ) {
    throw new TypeError(
      'BridgeProvider needs exactly one of the props config, client or instances (with at least one instance)',
    );
  }
  // How messages name an instance's keys: `instances.<id>.`, `config.`, or the props themselves.
  const where = (id: string) => {
    if (instances) return `instances.${id}.`;
    return config ? 'config.' : '';
  };
  // No prototype: an id such as "toString" names no instance unless the app gave one.
  const created: Record<string, BridgeInstance> = Object.create(null);
  for (const [id, input] of Object.entries(inputs)) {
    created[id] = createInstance(
      id,
      where(id),
      input,
      props.transformConfig,
      id === defaultInstance,
    );
  }
  const { persist } = props;
  return {
    instances: created,
    defaultInstance,
    persist: persist?.({ instances: persistedInstances(created, authFactoryOf(persist)) }),
  };
}

/**
 * The instances as the persisted cache reads them: each client and its auth service (whose
 * user the cache belongs to), made with the module's factory when first read.
 */
function persistedInstances(
  instances: Record<string, BridgeInstance>,
  create: AuthServiceFactory | undefined,
) {
  const host: Record<string, { client: Client; readonly auth: AuthService }> = {};
  for (const [id, instance] of Object.entries(instances)) {
    host[id] = {
      client: instance.client,
      get auth() {
        return instance.modules.auth(create)!;
      },
    };
  }
  return host;
}

/** The client form's props as a client instance: the client, its auth options and modules. */
function clientInstanceOf(props: BridgeProviderProps): BridgeClientInstance {
  const { config, instances, defaultInstance, transformConfig, swr, persist, children, ...rest } =
    props;
  return rest as BridgeClientInstance;
}

/**
 * Makes one or several APIs available to the hooks below it. Clients and auth services are
 * created once, on first render; later changes of `config`/`instances` are ignored (remount
 * the provider with a new `key` to start over).
 *
 * @example
 * <BridgeProvider config={{ baseUrl: 'https://api.example.com/api', timeout: 10_000 }}>
 *   <App />
 * </BridgeProvider>
 *
 * @example
 * <BridgeProvider
 *   instances={{ default: { baseUrl: '/api' }, billing: { baseUrl: 'https://billing.example.com' } }}
 *   defaultInstance="default"
 * >
 *   <App />
 * </BridgeProvider>
 */
export function BridgeProvider(props: BridgeProviderProps): ReactNode {
  const [value, setValue] = useState(() => createContextValue(props));
  useModules(value, setValue);
  // The persisted cache is the SWR cache provider, over the app's own (React Native's).
  const swr = (value.persist?.swrConfig(props.swr as SWRConfigLike) ?? props.swr) as
    | SWRConfiguration
    | undefined;
  const content = (
    <BridgeContext.Provider value={value}>
      <ModuleStarts />
      {props.children}
    </BridgeContext.Provider>
  );
  return (
    <SWRConfig value={withBridgeRetryPolicy}>
      {swr ? <SWRConfig value={swr}>{content}</SWRConfig> : content}
    </SWRConfig>
  );
}

/**
 * Opens the instances' modules while the provider is mounted and closes them when it unmounts
 * (`instanceModules`). Mounted again after a close (a hidden `<Activity>` shown again), they
 * are new objects: a new context value lets the hooks take them.
 */
function useModules(value: BridgeContextValue, update: (value: BridgeContextValue) => void): void {
  const [modules] = useState(() =>
    provideModules(Object.values(value.instances).map((instance) => instance.modules)),
  );
  useEffect(() => {
    if (modules.mount()) update({ ...value });
    return modules.unmount;
  }, [modules, value, update]);
}
