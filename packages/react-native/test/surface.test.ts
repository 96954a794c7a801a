// The public surface of @bridgekit/react-native. Every exported name is a promise to users: a
// change here is a change of the public API, to be read in review, and every name must be
// documented in the README.
import { describe, expect, test } from '@jest/globals';
import { resolve } from 'node:path';
import { exportedNames, sitePages, surface, undocumented } from '../../../test-utils/publicSurface';
import * as entry from '../src/index';

const file = (path: string) => resolve(__dirname, '..', path);

describe('@bridgekit/react-native exports', () => {
  const names = exportedNames(file('src/index.ts'), file('tsconfig.json'));

  test('exactly the documented list', () => {
    expect(surface(names, entry)).toEqual({
      values: [
        'BridgeApiError',
        'BridgeForm',
        'BridgeList',
        'BridgeProvider',
        'BridgeView',
        'OfflineIndicator',
        'createAsyncStorageAdapter',
        'createSecureStoreAdapter',
        'invalidateBridgeQueries',
        'isBridgeApiError',
        'netInfoConnectivity',
        'nextSort',
        'sortParams',
        'toSecureStoreKey',
        'useAuth',
        'useAuthService',
        'useBridgeApi',
        'useBridgeClient',
        'useBridgeCrud',
        'useBridgeFormSubmit',
        'useBridgeInfiniteQuery',
        'useBridgeMutation',
        'useBridgeQuery',
        'useBridgeView',
        'useLiveEvent',
        'useLiveStatus',
        'useOfflineQueue',
        'useOfflineQueueState',
        'usePendingWrites',
      ],
      types: [
        'ApiResponse',
        'AsyncStorageLike',
        'BridgeApiService',
        'BridgeClientInstance',
        'BridgeFormMethod',
        'BridgeFormProps',
        'BridgeFormState',
        'BridgeInfiniteKey',
        'BridgeInstanceConfig',
        'BridgeListProps',
        'BridgeMutationType',
        'BridgeProviderProps',
        'BridgeQueryConfig',
        'BridgeSort',
        'BridgeViewProps',
        'BridgeViewState',
        'ConflictChoice',
        'EntityConfig',
        'GetQueryParams',
        'InvalidateBridgeQueriesTarget',
        'LiveEvent',
        'LiveModule',
        'LiveState',
        'LoginCredentials',
        'MutationOptions',
        'MutationResult',
        'OfflineIndicatorProps',
        'OfflineQueueState',
        'PaginatedResponse',
        'PaginationMeta',
        'PendingChange',
        'PendingList',
        'PendingRowsOptions',
        'PendingWrites',
        'QueryParams',
        'QueuedConflict',
        'QueuedError',
        'QueuedWrite',
        'RedirectReason',
        'Register',
        'RegisteredData',
        'RegisteredEndpoint',
        'RegisteredItem',
        'RegisteredPaths',
        'SearchParams',
        'SecureStoreAdapterOptions',
        'SecureStoreLike',
        'SessionValidationResult',
        'StorageAdapter',
        'UseAuthAccountActions',
        'UseAuthResult',
        'UseAuthSpecResult',
        'UseBridgeCrudResult',
        'UseBridgeFormSubmitOptions',
        'UseBridgeFormSubmitResult',
        'UseBridgeGetResult',
        'UseBridgeInfiniteResult',
        'UseBridgeListResult',
        'UseBridgeMutationResult',
        'UseBridgeViewOptions',
        'UseBridgeViewResult',
        'UseLiveStatusResult',
        'UseOfflineQueueResult',
        'User',
      ],
    });
  });

  test('every name is documented in the README', () => {
    expect(undocumented(names, [file('README.md'), ...sitePages()])).toEqual([]);
  });
});
