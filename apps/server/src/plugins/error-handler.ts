import type { ErrorBody, ErrorCode, FieldError } from '@pass/contracts';
import { isUniqueViolation } from '@pass/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, STATUS_BY_CODE } from '../errors.js';

/**
 * One error shape for the whole API: `{"error": {"code", "message", "fields"?}}`.
 * Client errors say what was wrong; server errors are logged with the request id and never described.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const body = toErrorBody(error);
      const status = STATUS_BY_CODE[body.error.code];
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ code: body.error.code, fields: body.error.fields }, body.error.message);
      }
      if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.code(status).send(body);
    });
  },
  { name: 'error-handler' },
);

/** Maps any thrown error to the API's error body. Exported for the not-found handler and tests. */
export function toErrorBody(error: FastifyError | Error): ErrorBody {
  if (error instanceof AppError) {
    return errorBody(error.code, error.message, error.fields);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as FastifyError).validationContext ?? 'body';
    const fields: FieldError[] = error.validation.map((issue) => ({
      field: fieldPath(context, issue.instancePath),
      message: issue.message ?? 'is invalid',
    }));
    const summary = fields.map((field) => `${field.field}: ${field.message}`).join('; ');
    return errorBody('BAD_REQUEST', `Invalid request. ${summary}`, fields);
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errorBody('BAD_REQUEST', 'The body is not valid JSON', [{ field: 'body', message: 'must be valid JSON' }]);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errorBody('BAD_REQUEST', 'Send the body as application/json', [
        { field: 'content-type', message: 'must be application/json' },
      ]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorBody('PAYLOAD_TOO_LARGE', 'The body is too large');
  }
  // A service that checks for its own races answers them itself; any other lost race is still a conflict
  // with the current state, not a fault of the server.
  if (isUniqueViolation(error)) {
    return errorBody('CONFLICT', 'This clashes with something saved a moment ago. Reload and try again.');
  }
  if (isDatabaseUnavailable(error)) {
    return errorBody('UNAVAILABLE', 'The service is briefly unavailable. Try again in a moment.');
  }
  const status = fastifyError.statusCode ?? 500;
  if (status < 500) {
    return errorBody(codeForStatus(status), error.message);
  }
  return errorBody('INTERNAL', 'Something went wrong on our side. It has been logged.');
}

export function errorBody(code: ErrorCode, message: string, fields?: FieldError[]): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** `body` + `/user/email` → `body.user.email`; a missing path names the part itself. */
function fieldPath(context: string, instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  return [context, ...parts].join('.');
}

function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(STATUS_BY_CODE) as [ErrorCode, number][]).find(([, value]) => value === status);
  return match ? match[0] : 'BAD_REQUEST';
}

// Connection failures of node-postgres (server down or restarting) mean "try again", not "bug".
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);

function isDatabaseUnavailable(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_ERRNO.has(code)) return true;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && cause !== error) return isDatabaseUnavailable(cause);
  return /timeout exceeded when trying to connect|Connection terminated/i.test(error.message);
}

/** JSON 404 for API paths. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBody('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
}
