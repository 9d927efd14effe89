import {
  CreateParlayBody,
  ErrorBody,
  errorResponses,
  ListParlaysQuery,
  ParlayListResponse,
  ParlayParams,
  ParlayResponse,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { idempotentCreate } from '../../lib/idempotent-route.js';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';
import { cancelParlay, createParlay, getParlay, listParlays } from './parlays.service.js';

export interface ParlaysRoutesOptions extends AuthDeps {
  /** The server clock that decides kickoff and grading time. */
  now: Clock;
}

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };

/**
 * The member's parlays (docs/decisions/035): recorded once per Idempotency-Key, listed, read, and cancelled until
 * the first leg's kickoff. Another member's parlay is not found.
 */
export const parlaysRoutes: FastifyPluginAsyncZod<ParlaysRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const noStore = { 'cache-control': 'no-store' };

  idempotentCreate(app, {
    method: 'POST',
    url: '/api/user/parlays',
    access: 'member',
    schema: {
      tags: ['ledger'],
      summary:
        'Records a parlay of 2 to 10 legs on different games still to come (Idempotency-Key header: a retry ' +
        'returns the stored parlay with 200, the same key with another body is a 409)',
      body: CreateParlayBody,
      response: { 200: ParlayResponse, 201: ParlayResponse, ...memberErrors },
    },
    create: async (request, idempotencyKey) => {
      const session = await requireSession(options, request);
      const { parlay, created } = await createParlay(db, {
        userId: session.user.id,
        idempotencyKey,
        body: request.body,
        now: now(),
      });
      return { data: parlay, created };
    },
  });

  app.get(
    '/api/user/parlays',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary: "The caller's parlays with their legs, newest first",
        querystring: ListParlaysQuery,
        response: { 200: ParlayListResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return listParlays(db, session.user.id, request.query, now());
    },
  );

  app.get(
    '/api/user/parlays/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary: 'One of the caller’s parlays',
        params: ParlayParams,
        response: { 200: ParlayResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return { data: await getParlay(db, session.user.id, request.params.id, now()) };
    },
  );

  app.delete(
    '/api/user/parlays/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary: "Cancels a parlay until its first leg's kickoff (status canceled, removed from lists)",
        params: ParlayParams,
        response: { 200: ParlayResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      return { data: await cancelParlay(db, session.user.id, request.params.id, now()) };
    },
  );
};
