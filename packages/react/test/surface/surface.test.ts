// The public surface of @bridgekit/react and @bridgekit/react/hooks. Every exported name is a
// promise to users: a change here is a change of the public API, to be read in review, and
// every name must be documented in the README or a page of the documentation site.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  exportedNames,
  sitePages,
  surface,
  undocumented,
} from '../../../../test-utils/publicSurface';

const file = (path: string) => resolve(import.meta.dirname, '../..', path);
const TSCONFIG = file('tsconfig.json');
const README = file('README.md');

describe('@bridgekit/react/hooks exports', () => {
  const names = exportedNames(file('src/hooks/index.ts'), TSCONFIG);

  it('exactly the documented list', async () => {
    expect(surface(names, await import('@bridgekit/react/hooks'))).toEqual(HOOKS);
  });

  it('every name is documented in the README or the site', () => {
    expect(undocumented(names, [README, ...sitePages()])).toEqual([]);
  });
});

describe('@bridgekit/react exports', () => {
  const names = exportedNames(file('src/index.ts'), TSCONFIG);

  it('exactly the documented list: the hooks entry plus the web components', async () => {
    expect(surface(names, await import('@bridgekit/react'))).toEqual({
      values: [...HOOKS.values, ...COMPONENTS.values].sort(),
      types: [...HOOKS.types, ...COMPONENTS.types].sort(),
    });
  });

  it('every name is documented in the README or the site', () => {
    expect(undocumented(names, [README, ...sitePages()])).toEqual([]);
  });
});

const HOOKS = {
  values: [
    'BridgeApiError',
    'BridgeProvider',
    'Client',
    'FILTER_OPERATORS',
    'bridgeQueryKey',
    'createBridgeView',
    'createClient',
    'invalidateBridgeQueries',
    'isBridgeApiError',
    'isBridgeQueryKey',
    'nextSort',
    'sortParams',
    'useAuth',
    'useAuthGuard',
    'useAuthService',
    'useBridgeApi',
    'useBridgeClient',
    'useBridgeCrud',
    'useBridgeFormSubmit',
    'useBridgeInfiniteQuery',
    'useBridgeInstances',
    'useBridgeMutation',
    'useBridgeQuery',
    'useBridgeTableState',
    'useBridgeView',
    'useLiveEvent',
    'useLiveStatus',
    'useOfflineQueue',
    'useOfflineQueueState',
    'usePendingWrites',
    'useSearchQueryBuilder',
    'withModuleDefaults',
  ],
  types: [
    'ApiResponse',
    'AuthService',
    'AuthState',
    'BridgeApiService',
    'BridgeCacheScope',
    'BridgeClientInstance',
    'BridgeFormMethod',
    'BridgeInfiniteKey',
    'BridgeInstanceConfig',
    'BridgeInstances',
    'BridgeMutationType',
    'BridgeProviderProps',
    'BridgeQueryConfig',
    'BridgeQueryKey',
    'BridgeQueryType',
    'BridgeSort',
    'BridgeViewProps',
    'BridgeViewState',
    'ClientConfig',
    'ConflictChoice',
    'EntityConfig',
    'FilterOperator',
    'FilterOperatorName',
    'GetQueryParams',
    'InvalidateBridgeQueriesTarget',
    'LiveEvent',
    'LiveModule',
    'LiveNewRowsState',
    'LiveState',
    'LoginCredentials',
    'ModuleDefaults',
    'MutationData',
    'MutationOptions',
    'MutationResult',
    'MutationVariables',
    'OfflineQueueModule',
    'OfflineQueueState',
    'PaginatedResponse',
    'PaginationMeta',
    'PendingChange',
    'PendingList',
    'PendingRowsOptions',
    'PendingWrites',
    'PersistCacheModule',
    'QueryParams',
    'QueuedConflict',
    'QueuedError',
    'QueuedWrite',
    'RedirectReason',
    'Register',
    'RegisteredBody',
    'RegisteredData',
    'RegisteredEndpoint',
    'RegisteredItem',
    'RegisteredMatch',
    'RegisteredPaths',
    'RequestConfig',
    'RequestOptions',
    'ResponseMeta',
    'SearchParams',
    'SearchQuery',
    'SearchQueryBuilder',
    'SessionValidationResult',
    'StorageAdapter',
    'UseAuthAccountActions',
    'UseAuthGuardOptions',
    'UseAuthGuardResult',
    'UseAuthResult',
    'UseAuthSpecResult',
    'UseBridgeCrudResult',
    'UseBridgeFormSubmitOptions',
    'UseBridgeFormSubmitResult',
    'UseBridgeGetResult',
    'UseBridgeInfiniteResult',
    'UseBridgeListResult',
    'UseBridgeMutationResult',
    'UseBridgeTableStateOptions',
    'UseBridgeTableStateResult',
    'UseBridgeViewOptions',
    'UseBridgeViewResult',
    'UseLiveStatusResult',
    'UseOfflineQueueResult',
    'User',
  ],
};

const COMPONENTS = {
  values: ['BridgeForm', 'BridgeTable', 'BridgeView', 'OfflineIndicator', 'formValues', 'hasFiles'],
  types: [
    'BridgeFormProps',
    'BridgeFormState',
    'BridgeTableClassNames',
    'BridgeTableProps',
    'ColumnDef',
    'FormValue',
    'FormValues',
    'OfflineIndicatorProps',
    'OfflineStatus',
  ],
};
