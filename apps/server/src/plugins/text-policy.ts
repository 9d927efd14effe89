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
    app.addHook('preValidation', async (request) => {
      const parts: [string, unknown][] = [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ];
      for (const [context, value] of parts) {
        const found = findUnsafeText(value);
        if (!found) continue;
        const field = [context, ...found.path].join('.');
        throw new AppError('BAD_REQUEST', `Invalid request. ${field}: ${found.message}`, [
          { field, message: found.message },
        ]);
      }
    });
  },
  { name: 'text-policy' },
);
