import type { ErrorBody, ErrorCode, FieldError } from '@pass/contracts';
import { isUniqueViolation } from '@pass/db';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
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
    // The router's own errors (frameworkErrors below). Their Fastify messages quote the URL: these do not.
    case 'FST_ERR_BAD_URL':
      return errorBody('BAD_REQUEST', 'The address is not valid: it has a malformed percent-encoding', [
        { field: 'url', message: 'must be percent-encoded UTF-8' },
      ]);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return errorBody('BAD_REQUEST', `A part of the path is longer than ${MAX_PARAM_LENGTH} characters`, [
        { field: 'params', message: `must each be at most ${MAX_PARAM_LENGTH} characters` },
      ]);
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

/** JSON 404 for API paths. The path is not repeated: it may hold a token, or text made to be shown back. */
export function sendNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBody('NOT_FOUND', 'There is no such route'));
}

/** Fastify's router limit on one path parameter (its `maxParamLength`, kept at the default). */
export const MAX_PARAM_LENGTH = 100;

/**
 * Errors the router raises before a route is found (a malformed percent-encoding, a path parameter over
 * `MAX_PARAM_LENGTH`): Fastify's `frameworkErrors` option, answered in the API's one shape.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorBody(error);
  const status = STATUS_BY_CODE[body.error.code];
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: body.error.code, fields: body.error.fields }, body.error.message);
  return reply.code(status).header('x-request-id', request.id).send(body);
}

/**
 * Errors of Node's HTTP parser, before Fastify sees a request: headers over the 16 KB limit (431), a
 * request that did not arrive within REQUEST_TIMEOUT_MS (408), malformed HTTP (400). Fastify's
 * `clientErrorHandler` option; the answer is written to the socket in the API's shape, which is closed after.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const body =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? errorBody('REQUEST_TIMEOUT', 'The request did not arrive in time')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? errorBody('HEADERS_TOO_LARGE', 'The address and headers are too large: at most 16 KB together')
        : errorBody('BAD_REQUEST', 'The request is not valid HTTP');
  const status = STATUS_BY_CODE[body.error.code];
  // An answer already under way (a route that replied before the body arrived) must not be corrupted.
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
