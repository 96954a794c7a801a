import type { ApiResponse, RequestOptions } from '../../src/contract/http';
import type { QueryExecutor } from '../../src/query/QueryBuilder';

/** One call the builder made on its executor. */
export interface RecordedCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  endpoint: string;
  body?: unknown;
  hasBody: boolean;
  options?: RequestOptions;
}

/**
 * A QueryExecutor that records calls instead of sending them: for tests of what the builder
 * hands to the client, independent of the client's own behaviour. A GET answers an empty
 * list (what the builder's `get()` reads), the other verbs no body.
 */
export function fakeExecutor(): QueryExecutor & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const ok = <R>(data?: unknown): Promise<ApiResponse<R>> =>
    Promise.resolve({ success: true, status: 200, data: data as R });
  return {
    calls,
    get(endpoint, options) {
      calls.push({ method: 'GET', endpoint, options, hasBody: false });
      return ok([]);
    },
    delete(endpoint, options) {
      calls.push({ method: 'DELETE', endpoint, options, hasBody: false });
      return ok();
    },
    post(endpoint, body, options) {
      calls.push({ method: 'POST', endpoint, body, options, hasBody: true });
      return ok();
    },
    put(endpoint, body, options) {
      calls.push({ method: 'PUT', endpoint, body, options, hasBody: true });
      return ok();
    },
    patch(endpoint, body, options) {
      calls.push({ method: 'PATCH', endpoint, body, options, hasBody: true });
      return ok();
    },
  };
}
