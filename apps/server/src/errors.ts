import type { ErrorCode, FieldError } from '@pass/contracts';

/** HTTP status for each error code; the one place the mapping lives. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** The one error type services throw. The error handler turns it into `{"error": {code, message, fields}}`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }

  static badRequest(field: string, message: string): AppError {
    return new AppError('BAD_REQUEST', `${field}: ${message}`, [{ field, message }]);
  }

  static notFound(message = 'Not found'): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static forbidden(message = 'Forbidden'): AppError {
    return new AppError('FORBIDDEN', message);
  }

  /** 429 with the seconds to wait, sent as Retry-After. */
  static rateLimited(retryAfterSeconds: number, message: string): AppError {
    const error = new AppError('RATE_LIMITED', message);
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  }

  retryAfterSeconds?: number;
}
