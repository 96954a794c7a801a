'use client';
/**
 * `@bridgekit/nextjs`: the client entry (`'use client'`). The hooks and web components of
 * `@bridgekit/react`, with a provider that mirrors the session into a cookie for server
 * code and accepts server-prefetched data. Server helpers live in `@bridgekit/nextjs/server`.
 * Every name is listed on purpose and documented in docs/guide/nextjs.md.
 *
 * @example
 * import { BridgeProvider, BridgeTable, useAuth } from '@bridgekit/nextjs';
 */
export {
  BridgeForm,
  BridgeTable,
  BridgeView,
  OfflineIndicator,
  useAuthGuard,
  useAuthService,
  useBridgeApi,
  useBridgeClient,
  useBridgeCrud,
  useBridgeMutation,
  useBridgeQuery,
  useBridgeTableState,
  useLiveEvent,
  useLiveStatus,
  useOfflineQueue,
  useOfflineQueueState,
  usePendingWrites,
  useSearchQueryBuilder,
} from '@bridgekit/react';
export type {
  ApiResponse,
  AuthService,
  BridgeApiService,
  BridgeClientInstance,
  BridgeFormMethod,
  BridgeFormProps,
  BridgeFormState,
  BridgeInstanceConfig,
  BridgeMutationType,
  BridgeQueryConfig,
  BridgeSort,
  BridgeTableClassNames,
  BridgeTableProps,
  BridgeViewProps,
  Client,
  ClientConfig,
  ColumnDef,
  EntityConfig,
  FilterOperator,
  FilterOperatorName,
  GetQueryParams,
  LiveEvent,
  LiveModule,
  LiveNewRowsState,
  LiveState,
  LoginCredentials,
  MutationData,
  MutationOptions,
  MutationResult,
  MutationVariables,
  OfflineIndicatorProps,
  ConflictChoice,
  OfflineQueueState,
  OfflineStatus,
  PaginatedResponse,
  PaginationMeta,
  PendingChange,
  PendingList,
  PendingWrites,
  QueryParams,
  QueuedConflict,
  QueuedError,
  QueuedWrite,
  RedirectReason,
  Register,
  RegisteredData,
  RegisteredEndpoint,
  RegisteredItem,
  RegisteredPaths,
  SearchParams,
  SearchQuery,
  SearchQueryBuilder,
  SessionValidationResult,
  StorageAdapter,
  UseAuthAccountActions,
  UseAuthGuardOptions,
  UseAuthGuardResult,
  UseAuthResult,
  UseAuthSpecResult,
  UseBridgeCrudResult,
  UseBridgeGetResult,
  UseBridgeListResult,
  UseLiveStatusResult,
  UseBridgeMutationResult,
  UseBridgeTableStateOptions,
  UseBridgeTableStateResult,
  UseOfflineQueueResult,
  User,
} from '@bridgekit/react';
export { parseCookieHeader, readCookie } from './cookie/parseCookieHeader';
export {
  DEFAULT_SESSION_COOKIE_NAME,
  type SessionCookieOptions,
} from './cookie/sessionCookieOptions';
export { safeNextPath } from './redirect/safeNextPath';
export { BridgeHydrate, type BridgeHydrateProps } from './client/BridgeHydrate';
export { BridgeProvider, type BridgeProviderProps } from './client/BridgeProvider';
export { removeSessionCookie, writeSessionCookie } from './client/sessionCookieWriter';
export { useAuth } from './client/useAuth';
export { useSessionCookie } from './client/useSessionCookie';
