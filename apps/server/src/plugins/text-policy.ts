import { findUnsafeText } from '@pass/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

/**
 * The text rule of decision 016 for every route: a NUL or a lone surrogate anywhere in the path parameters,
 * the query or the body (keys included) is a 400 naming the field, before validation, handlers or the
 * database see it. The JSON parser turns `\u0000` escapes into real NULs and the URL decoders turn `%00`
 * into one, so the rule looks at the parsed values.
 */
export const textPolicyPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback, not an async hook: it runs on every request, and a promise and a turn each would cost more
    // than the check itself.
    app.addHook('preValidation', (request, _reply, done) => {
      done(
        unsafeTextError('params', request.params) ??
          unsafeTextError('querystring', request.query) ??
          unsafeTextError('body', request.body),
      );
    });
  },
  { name: 'text-policy' },
);

function unsafeTextError(context: string, value: unknown): AppError | undefined {
  const found = findUnsafeText(value);
  if (!found) return undefined;
  const field = [context, ...found.path].join('.');
  return new AppError('BAD_REQUEST', `Invalid request. ${field}: ${found.message}`, [
    { field, message: found.message },
  ]);
}
