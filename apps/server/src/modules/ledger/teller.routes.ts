import { BetResponse, ErrorBody, errorResponses, TellerBetBody, TellerResponse } from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { idempotentCreate } from '../../lib/idempotent-route.js';
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

  idempotentCreate(app, {
    method: 'POST',
    url: '/api/teller/bets',
    access: 'member',
    schema: {
      tags: ['ledger'],
      summary: 'A simulated moneyline bet from the paper bankroll (Idempotency-Key header)',
      body: TellerBetBody,
      response: { 200: BetResponse, 201: BetResponse, ...memberErrors },
    },
    create: async (request, idempotencyKey) => {
      const session = await requireSession(options, request);
      const { entry, created } = await placeTellerBet(db, {
        userId: session.user.id,
        idempotencyKey,
        body: request.body,
        now: now(),
      });
      return { data: entry, created };
    },
  });
};
