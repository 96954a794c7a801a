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
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_ERROR',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  500: 'INTERNAL_ERROR',
};

/** What a failure may carry beside its message: the envelope's `data`, answer headers. */
export interface HttpErrorExtras {
  /** The envelope's `data` (a 412 carries the current record, or `null`). */
  data?: unknown;
  /** Headers of the answer (a 412 carries the current record's `ETag`). */
  headers?: Record<string, string>;
}

/**
 * A failure the route handlers throw; the error handler turns it into
 * `{ success: false, error, code, errors?, data? }` with `status` (and `headers`).
 *
 * @example
 * throw new HttpError(404, 'Product 12 not found');
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly code: string;
  readonly errors?: Record<string, string>;
  readonly extras?: HttpErrorExtras;

  /**
   * `code` defaults to the status's code in `ERROR_CODES`; a failure that a client must tell
   * apart from others of its status has its own.
   */
  constructor(
    status: number,
    message: string,
    errors?: Record<string, string>,
    code?: string,
    extras?: HttpErrorExtras,
  ) {
    super(message);
    this.status = status;
    this.code = code ?? ERROR_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
    if (errors) this.errors = errors;
    if (extras) this.extras = extras;
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
  data?: unknown;
} {
  return {
    success: false,
    error: err.message,
    code: err.code,
    ...(err.errors ? { errors: err.errors } : {}),
    ...(err.extras && 'data' in err.extras ? { data: err.extras.data } : {}),
  };
}
