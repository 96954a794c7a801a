/**
 * `@bridgekit/core`: a typed client for JSON-over-HTTP APIs. Every export is listed by name:
 * each is documented in the guides (docs/guide/) and pinned by `test/surface.test.ts`.
 *
 * @example
 * import { createClient, gte } from '@bridgekit/core';
 * const api = createClient('https://api.example.com/api');
 * const res = await api.query('/products').where('price', gte(10)).page(2).get();
 */
export type {
  ApiFailure,
  ApiResponse,
  ApiResponseBase,
  ApiSuccess,
  BridgeRequest,
  ClientErrorCode,
  HttpMethod,
  Middleware,
  MiddlewareCall,
  Next,
  ParamsSerializer,
  RequestConfig,
  RequestInterceptor,
  RequestOptions,
  ResponseInterceptor,
  ResponseMeta,
  StorageAdapter,
} from './contract/http';
export type { ClientConfig } from './contract/clientConfig';
export type {
  AttemptEvent,
  AuthEvent,
  BodySummary,
  BridgeEvent,
  BridgeListener,
  CacheEvent,
  CallEvent,
  CallEventBase,
  LiveFeedEvent,
  ModuleEvent,
  QueueEvent,
  RedirectEvent,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
} from './contract/events';
export { isObserved, type ModuleEventInput, reportEvent } from './client/events';
export type { SessionModule } from './contract/sessionModule';
export type {
  AccountFlow,
  Dialect,
  DialectAuth,
  DialectCreates,
  DialectErrorContext,
  DialectErrorFields,
  DialectList,
  DialectOperations,
  DialectQuery,
  DialectRecords,
  DialectSession,
  ListRequest,
  OperationClient,
  OperationRequest,
} from './contract/dialect';
export { Client } from './client/client';
export type { SessionRejectedListener } from './client/middleware';
export { type ClientFor, createClient } from './client/createClient';
export { isRetryableOutcome } from './client/retry';
export type {
  BodyVerb,
  BuilderWrite,
  DocumentQueryBuilder,
  DocumentTyped,
  EndpointFor,
  ItemOperationAt,
  ListItemAt,
  ListMeta,
  ListResponse,
  ListRowAt,
  ListSuccess,
  OperationAt,
  OptionsVerb,
  ResponseData,
  TypedClient,
  TypedQueryBuilder,
  UntypedClient,
} from './typed/TypedClient';
export type {
  Endpoint,
  EnvelopeData,
  FailureData,
  FieldName,
  PathMethod,
  RequestBody,
  SuccessData,
} from './typed/typedPaths';
export { type OpenApiParamsOptions, openApiParams } from './typed/openApiParams';
export { type FormBody, formBody } from './typed/formBody';
export { type BridgeQueryKey, type BridgeQueryType, bridgeQueryKey } from './stores/queryKey';
export {
  getDefaultStorage,
  LocalStorageAdapter,
  MemoryStorage,
  SESSION_STORAGE_KEYS,
  type WebStorageLike,
} from './session/storage';
export {
  between,
  endsWith,
  eq,
  type FilterOperator,
  type FilterOperatorName,
  gt,
  gte,
  ilike,
  inOp,
  isFilterOperator,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  notBetween,
  notIn,
  OPERATOR_NAME_PATTERN,
  OPERATOR_NAMES,
  type OperatorName,
  type RangeBound,
  startsWith,
} from './query/operators';
export {
  bracketSerializer,
  type QueryEntry,
  type QuerySerializer,
  type SortDirection,
} from './query/serializer';
export { encodeQueryComponent } from './query/params';
export { QueryBuilder, type QueryExecutor, type WhereOperator } from './query/QueryBuilder';
export { BridgeApiError, isBridgeApiError } from './services/BridgeApiError';
export { toError } from './checks';
// For the framework packages: one rule each, written once (not a part of the public API).
export { rejectUnknownKeys, type UnknownKeyMessage } from './checks';
export { pageCount } from './client/meta';
export {
  type BridgeApiService,
  createBridgeApiService,
  type EntityConfig,
  type TypedEntityConfig,
  type EntityOperation,
  type PaginatedResponse,
  type PaginationMeta,
  type QueryParams,
  type ReadOptions,
  type SearchFilter,
  type SearchParams,
} from './services/BridgeApiService';
export { type AuthService, createAuthService } from './services/authService';
export {
  createMutationStore,
  type MutationCallbacks,
  type MutationRunResult,
  type MutationState,
  type MutationStore,
  type MutationStoreOptions,
} from './stores/mutationStore';
export {
  type AuthPaths,
  type AuthServiceOptions,
  type AuthState,
  DEFAULT_AUTH_PATHS,
  type LoginCredentials,
  type LoginResult,
  type SessionValidationResult,
  type TwoFactorRequired,
  type User,
} from './contract/auth';
