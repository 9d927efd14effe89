import {
  BetResponse,
  ErrorBody,
  errorResponses,
  IdempotencyKeyHeaders,
  TellerBetBody,
  TellerResponse,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';
import { getTeller, placeTellerBet } from './teller.service.js';

export interface TellerRoutesOptions extends AuthDeps {
  /** The server clock that decides kickoff and grading time. */
  now: Clock;
}

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };

/** The member's paper bankroll and the simulated moneyline bets placed from it. */
export const tellerRoutes: FastifyPluginAsyncZod<TellerRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/api/teller',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary: "The caller's paper bankroll: $1,000 to start, balance, open stakes and the balance after each bet",
        response: { 200: TellerResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return { data: await getTeller(db, session.user.id, now()) };
    },
  );

  app.post(
    '/api/teller/bets',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary: 'A simulated moneyline bet from the paper bankroll (Idempotency-Key header)',
        headers: IdempotencyKeyHeaders,
        body: TellerBetBody,
        response: { 200: BetResponse, 201: BetResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const { entry, created } = await placeTellerBet(db, {
        userId: session.user.id,
        idempotencyKey: request.headers['idempotency-key'],
        body: request.body,
        now: now(),
      });
      return reply
        .code(created ? 201 : 200)
        .headers(noStore)
        .send({ data: entry });
    },
  );
};
