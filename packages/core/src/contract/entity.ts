/**
 * The shapes of entity operations and lists, shared by the services, the dialect contract and
 * the dialects (no imports: the dialect contract names them without reaching the client).
 */

/** The six operations of a `BridgeApiService`, each of which can get its own path. */
export type EntityOperation = 'list' | 'get' | 'search' | 'create' | 'update' | 'delete';

/** What a list request asked for, so a list mapping can tell a page from an offset. */
export interface ListRequest {
  page?: number;
  limit?: number;
  offset?: number;
}

/** Pagination of a list as the hooks see it (unlike `ApiResponse.meta`, it has `hasMore`). */
export interface PaginationMeta {
  /** Current page, 1-based. */
  page: number;
  /** Items per page. */
  limit: number;
  /** Total number of items on the server; absent when the backend does not say (never guessed). */
  total?: number;
  /** Whether a page after this one exists. */
  hasMore: boolean;
}

/** One page of a list. */
export interface PaginatedResponse<T> {
  data: T[];
  meta: PaginationMeta;
}
