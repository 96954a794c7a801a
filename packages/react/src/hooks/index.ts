/**
 * `@bridgekit/react/hooks`: the provider and hooks, DOM-free, shared by `@bridgekit/react`,
 * `@bridgekit/react-native` and `@bridgekit/nextjs`. Every name is listed on purpose and
 * documented in docs/guide/react.md; internals live in `./internal` and are not exported.
 *
 * @example
 * import { BridgeProvider, useAuth, useBridgeCrud } from '@bridgekit/react/hooks';
 */

// Provider
export {
  type BridgeClientInstance,
  type BridgeInstanceConfig,
  BridgeProvider,
  type BridgeProviderProps,
} from './BridgeProvider';
export { type ModuleDefaults, withModuleDefaults } from './withModuleDefaults';

// Typed from an OpenAPI document
export type {
  Register,
  RegisteredBody,
  RegisteredData,
  RegisteredEndpoint,
  RegisteredItem,
  RegisteredMatch,
  RegisteredPaths,
} from './register';

// Auth
export { useAuth } from './useAuth';
export type { UseAuthAccountActions, UseAuthResult, UseAuthSpecResult } from './UseAuthResult';
export {
  type RedirectReason,
  type UseAuthGuardOptions,
  type UseAuthGuardResult,
  useAuthGuard,
} from './useAuthGuard';
export { useAuthService } from './useAuthService';

// Data
export { useBridgeApi } from './useBridgeApi';
export { useBridgeClient } from './useBridgeClient';
export { type BridgeInstances, useBridgeInstances } from './useBridgeInstances';
export {
  type BridgeQueryConfig,
  type GetQueryParams,
  type UseBridgeGetResult,
  type UseBridgeListResult,
  useBridgeQuery,
} from './useBridgeQuery';
export {
  type BridgeMutationType,
  type MutationData,
  type MutationOptions,
  type MutationResult,
  type MutationVariables,
  type UseBridgeMutationResult,
  useBridgeMutation,
} from './useBridgeMutation';
export { type UseBridgeCrudResult, useBridgeCrud } from './useBridgeCrud';
export {
  type BridgeInfiniteKey,
  type UseBridgeInfiniteResult,
  useBridgeInfiniteQuery,
} from './useBridgeInfiniteQuery';
export {
  FILTER_OPERATORS,
  type FilterOperator,
  type SearchQuery,
  type SearchQueryBuilder,
  useSearchQueryBuilder,
} from './useSearchQueryBuilder';

// Offline (the modules come from '@bridgekit/core/offline')
export {
  type UseOfflineQueueResult,
  useOfflineQueue,
  useOfflineQueueState,
} from './useOfflineQueue';
export {
  type PendingChange,
  type PendingList,
  type PendingRowsOptions,
  type PendingWrites,
  usePendingWrites,
} from './usePendingWrites';
export type {
  ConflictChoice,
  OfflineQueueModule,
  OfflineQueueState,
  PersistCacheModule,
  QueuedConflict,
  QueuedWrite,
} from '@bridgekit/core/offline';

// Live (the module comes from '@bridgekit/core/live')
export { type UseLiveStatusResult, useLiveEvent, useLiveStatus } from './useLiveStatus';
export type { LiveNewRowsState } from './internal/liveQuery';
export type { LiveEvent, LiveModule, LiveState } from '@bridgekit/core/live';

// Cache
export { isBridgeQueryKey } from './isBridgeQueryKey';
export {
  type BridgeCacheScope,
  type InvalidateBridgeQueriesTarget,
  invalidateBridgeQueries,
} from './invalidateBridgeQueries';

// The logic of the components, for every platform and for your own
export { type BridgeSort, nextSort, sortParams } from './bridgeSort';
export {
  type UseBridgeTableStateOptions,
  type UseBridgeTableStateResult,
  useBridgeTableState,
} from './useBridgeTableState';
export {
  type BridgeViewState,
  type UseBridgeViewOptions,
  type UseBridgeViewResult,
  useBridgeView,
} from './useBridgeView';
export { type BridgeViewProps, createBridgeView } from './createBridgeView';
export {
  type BridgeFormMethod,
  type QueuedError,
  type UseBridgeFormSubmitOptions,
  type UseBridgeFormSubmitResult,
  useBridgeFormSubmit,
} from './useBridgeFormSubmit';

// The core names that appear in these signatures, so an app imports from one package.
export type {
  ApiResponse,
  AuthService,
  AuthState,
  BridgeApiService,
  BridgeQueryKey,
  BridgeQueryType,
  ClientConfig,
  EntityConfig,
  FilterOperatorName,
  LoginCredentials,
  PaginatedResponse,
  PaginationMeta,
  QueryParams,
  RequestConfig,
  RequestOptions,
  ResponseMeta,
  SearchParams,
  SessionValidationResult,
  StorageAdapter,
  User,
} from '@bridgekit/core';
export {
  BridgeApiError,
  bridgeQueryKey,
  Client,
  createClient,
  isBridgeApiError,
} from './coreExports';
