// The core names that appear in this package's signatures, so an app imports from one package.
export type {
  ApiResponse,
  AuthService,
  AuthState,
  BridgeApiService,
  ClientConfig,
  EntityConfig,
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
export { BridgeApiError, Client, createClient, isBridgeApiError } from '@bridgekit/core';
