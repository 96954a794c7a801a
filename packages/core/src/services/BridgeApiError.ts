import { parseRetryAfter } from '../client/retry';
import type { ApiResponse } from '../contract/http';

/**
 * The error every service method (`BridgeApiService`, the auth service) rejects with when the
 * server answers with a failure or no answer arrives. Hooks expose it as `error`.
 *
 * @example
 * try {
 *   await products.create({ name: '' });
 * } catch (e) {
 *   if (isBridgeApiError(e) && e.status === 422) showFieldErrors(e.errors);
 * }
 *
 * @example
 * try {
 *   await products.update('7', { price: 12 });
 * } catch (e) {
 *   // Someone else changed the product since it was read: `data` is theirs, nothing was overwritten.
 *   if (isBridgeApiError(e) && e.status === 412) showBothVersions({ price: 12 }, e.data);
 * }
 */
export class BridgeApiError extends Error {
  override readonly name = 'BridgeApiError' as const;
  /** HTTP status; `0` when no HTTP response was received (network error, time-out, abort). */
  readonly status: number;
  /** The server's error code (`'VALIDATION_ERROR'`...) or the client's (`'NETWORK_ERROR'`...). */
  readonly code?: string;
  /** Field-level messages (field -> message) from the server's error envelope. */
  readonly errors?: Record<string, string>;
  /**
   * How long the server asked to wait before trying again, in ms: its `Retry-After` header
   * (delta seconds or an HTTP date, measured when the error was made), as a 429 or 503 sends.
   * Absent when the response had no such header (or no response arrived).
   */
  readonly retryAfter?: number;
  /**
   * The failed answer's `data`, when it carried one: the server's current record for a
   * `412 PRECONDITION_FAILED` (`null` when the record was deleted), the kept write (a
   * `QueuedWrite`) for the offline queue's `QUEUED`, else the error body the server sent.
   * Absent when the answer had none.
   */
  readonly data?: unknown;

  constructor(
    message: string,
    details: {
      status: number;
      code?: string;
      errors?: Record<string, string>;
      retryAfter?: number;
      data?: unknown;
    },
  ) {
    super(message);
    this.status = details.status;
    this.code = details.code;
    this.errors = details.errors;
    this.retryAfter = details.retryAfter;
    this.data = details.data;
  }

  /**
   * Builds the error from a failed `ApiResponse`.
   *
   * @example
   * const res = await client.get('/products/1');
   * if (!res.success) throw BridgeApiError.fromResponse(res);
   */
  static fromResponse(response: ApiResponse): BridgeApiError {
    // Written outside the class: a class body that names its own class is compiled to a renamed
    // class (`class _BridgeApiError`), and stack traces and `util.inspect` show that name.
    return errorFromResponse(response);
  }
}

function errorFromResponse(response: ApiResponse): BridgeApiError {
  const message =
    response.error ||
    response.message ||
    (response.status ? `HTTP ${response.status}` : 'Request failed');
  const headers = response.headers;
  const retryAfter =
    typeof headers?.get === 'function' ? parseRetryAfter(headers.get('retry-after')) : undefined;
  return new BridgeApiError(message, {
    status: response.status,
    code: response.code,
    errors: response.errors,
    retryAfter,
    data: response.success ? undefined : response.data,
  });
}

/**
 * Whether `value` is a `BridgeApiError`. Matches on `name`, so errors from another copy of the
 * library (or another realm) are recognised too.
 *
 * @example
 * if (isBridgeApiError(error) && error.status === 401) redirectToLogin();
 */
export function isBridgeApiError(value: unknown): value is BridgeApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'BridgeApiError' &&
    typeof (value as { status?: unknown }).status === 'number'
  );
}
