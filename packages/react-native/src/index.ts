/**
 * `@bridgekit/react-native`: the Bridgekit hooks (shared with `@bridgekit/react`), AsyncStorage
 * as the default session storage, and native components: BridgeView, BridgeForm, BridgeList,
 * OfflineIndicator. Every name is listed on purpose and documented in docs/guide/react-native.md.
 *
 * @example
 * import { BridgeProvider, BridgeList, OfflineIndicator, useAuth } from '@bridgekit/react-native';
 */
export {
  invalidateBridgeQueries,
  nextSort,
  sortParams,
  useAuth,
  useAuthService,
  useBridgeApi,
  useBridgeClient,
  useBridgeCrud,
  useBridgeFormSubmit,
  useBridgeInfiniteQuery,
  useBridgeMutation,
  useBridgeQuery,
  useBridgeView,
  useLiveEvent,
  useLiveStatus,
  useOfflineQueue,
  useOfflineQueueState,
  usePendingWrites,
} from '@bridgekit/react/hooks';
export type {
  BridgeClientInstance,
  BridgeInfiniteKey,
  BridgeInstanceConfig,
  BridgeMutationType,
  BridgeQueryConfig,
  BridgeSort,
  BridgeViewProps,
  BridgeViewState,
  GetQueryParams,
  InvalidateBridgeQueriesTarget,
  MutationOptions,
  MutationResult,
  RedirectReason,
  Register,
  RegisteredData,
  RegisteredEndpoint,
  RegisteredItem,
  RegisteredPaths,
  UseAuthAccountActions,
  UseAuthResult,
  UseAuthSpecResult,
  UseBridgeCrudResult,
  UseBridgeFormSubmitOptions,
  UseBridgeFormSubmitResult,
  UseBridgeGetResult,
  UseBridgeInfiniteResult,
  UseBridgeListResult,
  UseBridgeMutationResult,
  UseBridgeViewOptions,
  UseBridgeViewResult,
  UseOfflineQueueResult,
  ConflictChoice,
  OfflineQueueState,
  PendingChange,
  PendingList,
  PendingRowsOptions,
  PendingWrites,
  QueuedConflict,
  QueuedError,
  QueuedWrite,
  LiveEvent,
  LiveModule,
  LiveState,
  UseLiveStatusResult,
} from '@bridgekit/react/hooks';
export type {
  ApiResponse,
  BridgeApiService,
  EntityConfig,
  LoginCredentials,
  PaginatedResponse,
  PaginationMeta,
  QueryParams,
  SearchParams,
  SessionValidationResult,
  StorageAdapter,
  User,
} from '@bridgekit/core';
export { BridgeApiError, isBridgeApiError } from '@bridgekit/core';
export { BridgeProvider, type BridgeProviderProps } from './BridgeProvider';
export { BridgeView } from './BridgeView';
export {
  BridgeForm,
  type BridgeFormMethod,
  type BridgeFormProps,
  type BridgeFormState,
} from './BridgeForm';
export { BridgeList, type BridgeListProps } from './BridgeList';
export { OfflineIndicator, type OfflineIndicatorProps } from './OfflineIndicator';
export { netInfoConnectivity } from './connectivity';
export { type AsyncStorageLike, createAsyncStorageAdapter } from './createAsyncStorageAdapter';
export {
  createSecureStoreAdapter,
  type SecureStoreAdapterOptions,
  type SecureStoreLike,
  toSecureStoreKey,
} from './createSecureStoreAdapter';
