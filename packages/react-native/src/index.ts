/**
 * `@bridgekit/react-native`: the Bridgekit hooks (shared with `@bridgekit/react`), AsyncStorage
 * as the default session storage, and native components: BridgeView, BridgeForm, BridgeList,
 * OfflineIndicator.
 *
 * @example
 * import { BridgeProvider, BridgeList, OfflineIndicator, useAuth } from '@bridgekit/react-native';
 */
export {
  invalidateBridgeQueries,
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
} from '@bridgekit/react/hooks';
export type {
  BridgeInfiniteKey,
  BridgeMutationType,
  BridgeViewState,
  InvalidateBridgeQueriesTarget,
  MutationOptions,
  MutationResult,
  UseAuthResult,
  UseBridgeCrudResult,
  UseBridgeFormSubmitOptions,
  UseBridgeFormSubmitResult,
  UseBridgeInfiniteResult,
  UseBridgeMutationResult,
  UseBridgeViewOptions,
  UseBridgeViewResult,
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
export * from './BridgeProvider';
export * from './BridgeView';
export * from './BridgeForm';
export * from './BridgeList';
export * from './OfflineIndicator';
export * from './createAsyncStorageAdapter';
export * from './createSecureStoreAdapter';
