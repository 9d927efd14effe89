import { z } from 'zod';

/**
 * Error codes with a documented meaning. The server's error handler maps each to an HTTP status;
 * clients branch on the code, never on the message.
 */
export const ErrorCode = z.enum([
  'BAD_REQUEST', // 400: a body, query or path failed its schema; `fields` names each problem
  'UNAUTHORIZED', // 401: no valid session
  'FORBIDDEN', // 403: signed in but not allowed, or the CSRF token is missing
  'NOT_FOUND', // 404: no such resource, or not yours to see
  'CONFLICT', // 409: the request clashes with the current state
  'REQUEST_TIMEOUT', // 408: the request did not arrive in time (REQUEST_TIMEOUT_MS); the connection is closed
  'PAYLOAD_TOO_LARGE', // 413
  'RATE_LIMITED', // 429: too many attempts; see Retry-After
  'HEADERS_TOO_LARGE', // 431: the URL and headers together are over 16 KB; the connection is closed
  'INTERNAL', // 500: details are logged, never sent
  'UNAVAILABLE', // 503: a dependency (the database) cannot be reached
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** One problem with one field of a request: the path to the field and the reason. */
export const FieldError = z.object({
  field: z.string(),
  message: z.string(),
  /** A stable code for the problem, where the rule behind it has one (the pool rules: `too_long`, ...). */
  reason: z.string().optional(),
});
export type FieldError = z.infer<typeof FieldError>;

/** The one error shape of the API. */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    fields: z.array(FieldError).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A response schema per error status, for route definitions that document their failures. */
export const errorResponses = {
  400: ErrorBody,
  404: ErrorBody,
  500: ErrorBody,
} as const;
