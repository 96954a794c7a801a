/** Error codes the server puts in its failure envelope, by HTTP status. */
export const ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_ERROR',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  500: 'INTERNAL_ERROR',
};

/**
 * A failure the route handlers throw; the error handler turns it into
 * `{ success: false, error, code, errors? }` with `status`.
 *
 * @example
 * throw new HttpError(404, 'Product 12 not found');
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly code: string;
  readonly errors?: Record<string, string>;

  /**
   * `code` defaults to the status's code in `ERROR_CODES`; a failure that a client must tell
   * apart from others of its status has its own.
   */
  constructor(status: number, message: string, errors?: Record<string, string>, code?: string) {
    super(message);
    this.status = status;
    this.code = code ?? ERROR_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
    if (errors) this.errors = errors;
  }
}

/**
 * The failure envelope of an error.
 *
 * @example
 * reply.code(err.status).send(errorBody(err));
 */
export function errorBody(err: HttpError): {
  success: false;
  error: string;
  code: string;
  errors?: Record<string, string>;
} {
  return err.errors
    ? { success: false, error: err.message, code: err.code, errors: err.errors }
    : { success: false, error: err.message, code: err.code };
}
