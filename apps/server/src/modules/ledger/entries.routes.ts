import {
  BetListResponse,
  BetParams,
  BetResponse,
  CreateBetBody,
  ErrorBody,
  errorResponses,
  ListBetsQuery,
  UpdateBetBody,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { idempotentCreate } from '../../lib/idempotent-route.js';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';
import { cancelEntry, createEntry, getEntry, listEntries, updateEntry } from './entries.service.js';

export interface EntriesRoutesOptions extends AuthDeps {
  /** The server clock that decides kickoff and grading time. */
  now: Clock;
}

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };

/**
 * The member's picks and bets: recorded once per Idempotency-Key, listed, read, and changed or cancelled until
 * the game starts. Every route answers for the caller's own entries only: another member's entry is not found.
 */
export const entriesRoutes: FastifyPluginAsyncZod<EntriesRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const noStore = { 'cache-control': 'no-store' };

  idempotentCreate(app, {
    method: 'POST',
    url: '/api/user/bets',
    access: 'member',
    schema: {
      tags: ['ledger'],
      summary:
        'Records a pick or bet (Idempotency-Key header: a retry returns the stored entry with 200, the same key ' +
        'with another body is a 409)',
      body: CreateBetBody,
      response: { 200: BetResponse, 201: BetResponse, ...memberErrors },
    },
    create: async (request, idempotencyKey) => {
      const session = await requireSession(options, request);
      const { entry, created } = await createEntry(db, {
        userId: session.user.id,
        idempotencyKey,
        body: request.body,
        source: 'manual',
        now: now(),
      });
      return { data: entry, created };
    },
  });

  app.get(
    '/api/user/bets',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary: "The caller's picks and bets, newest first",
        querystring: ListBetsQuery,
        response: { 200: BetListResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return listEntries(db, session.user.id, request.query, now());
    },
  );

  app.get(
    '/api/user/bets/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary: 'One of the caller’s entries',
        params: BetParams,
        response: { 200: BetResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return { data: await getEntry(db, session.user.id, request.params.id, now()) };
    },
  );

  app.patch(
    '/api/user/bets/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary: 'Changes line, price, stake, book, team or type of an entry until its game starts',
        params: BetParams,
        body: UpdateBetBody,
        response: { 200: BetResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      return { data: await updateEntry(db, session.user.id, request.params.id, request.body, now()) };
    },
  );

  app.delete(
    '/api/user/bets/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary: 'Cancels an entry until its game starts (status canceled, removed from lists)',
        params: BetParams,
        response: { 200: BetResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      return { data: await cancelEntry(db, session.user.id, request.params.id, now()) };
    },
  );
};
