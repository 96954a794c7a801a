/**
 * What the query builder sends through (docs/guide/queries.md): the five verbs of
 * `Client`, declared here so that the builder depends on no client.
 */
import type { ApiResponse, RequestOptions } from '../contract/http';

/**
 * What the builder sends through: the five verbs of `Client`. Any object with these methods
 * works (a `Client`, a wrapper, a test double).
 *
 * @example
 * const executor: QueryExecutor = createClient('https://api.example.com');
 * new QueryBuilder(executor, '/products').where('price', gte(10)).get();
 */
export interface QueryExecutor {
  get<R = any>(endpoint: string, options?: RequestOptions): Promise<ApiResponse<R>>;
  delete<R = any>(endpoint: string, options?: RequestOptions): Promise<ApiResponse<R>>;
  post<R = any>(
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<R>>;
  put<R = any>(endpoint: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<R>>;
  patch<R = any>(
    endpoint: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<R>>;
}
