import { IdempotencyKeyHeaders } from '@pass/contracts';
import type { FastifyReply, FastifyRequest, FastifySchema, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { RouteAccess } from '../plugins/access.js';

/** The request a route with this schema (and the key's header) is handed: params and body typed from it. */
export type IdempotentRequest<Schema extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  Schema & { headers: typeof IdempotencyKeyHeaders },
  ZodTypeProvider
>;

/** What the route answers in `data`, as its 200 response schema says. */
type DataOf<Schema> = Schema extends { response: { 200: infer Answer extends z.ZodType } }
  ? z.output<Answer> extends { data: infer Data }
    ? Data
    : never
  : never;

export interface IdempotentCreateRoute<Schema extends FastifySchema> {
  method: 'POST' | 'PUT';
  url: string;
  access: RouteAccess;
  /** The route's schema but the header: tags, summary, params, body, response. */
  schema: Schema;
  /**
   * Stores what the request creates, once per key (the service answers a key used before with its stored
   * answer, or a 409 when the body differs). `created` false or absent answers 200.
   */
  create: (
    request: IdempotentRequest<Schema>,
    idempotencyKey: string,
  ) => Promise<{ data: DataOf<Schema>; created?: boolean }>;
}

/**
 * A route that creates under the client's `Idempotency-Key` header (docs/decisions/009): the header is
 * required (1 to 100 characters, else a 400 naming it), the service is handed the key, and the answer is
 * `{ data }`, 201 when this request created it and 200 for a retry's stored answer, never cached.
 */
export function idempotentCreate<Schema extends FastifySchema>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  route: IdempotentCreateRoute<Schema>,
): void {
  const schema: FastifySchema = { ...route.schema, headers: IdempotencyKeyHeaders };
  app.route({
    method: route.method,
    url: route.url,
    config: { access: route.access },
    schema,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      // Fastify has validated params, headers and body against the schema before the handler runs.
      const validated = request as IdempotentRequest<Schema>;
      const key = (request.headers as IdempotencyKeyHeaders)['idempotency-key'];
      const { data, created } = await route.create(validated, key);
      return reply
        .code(created ? 201 : 200)
        .headers({ 'cache-control': 'no-store' })
        .send({ data });
    },
  });
}
