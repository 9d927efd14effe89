import { ErrorBody, errorResponses, PlayLimitsResponse, UpdatePlayLimitsBody } from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';
import { getPlayLimitsStatus, updatePlayLimits } from './play-limits.service.js';

export interface PlayLimitsRoutesOptions extends AuthDeps {
  /** The server clock: it decides the month the spend counts over and stamps a change. */
  now: Clock;
}

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody };

/** Responsible play: the member's own limits on real money, and where they stand this month (decision 051). */
export const playLimitsRoutes: FastifyPluginAsyncZod<PlayLimitsRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const tags = ['ledger'];

  app.get(
    '/api/user/play-limits',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          "The caller's monthly budget and loss-streak alert, real money staked this month (US Eastern), the " +
          'current loss streak and which limits are reached (a notice only: nothing is blocked)',
        response: { 200: PlayLimitsResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.header('cache-control', 'no-store');
      return { data: await getPlayLimitsStatus(db, session.user.id, now()) };
    },
  );

  app.put(
    '/api/user/play-limits',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Sets or clears (null) the monthly budget in cents (at least 100) and the loss-streak alert (2 to 20)',
        body: UpdatePlayLimitsBody,
        response: { 200: PlayLimitsResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.header('cache-control', 'no-store');
      return { data: await updatePlayLimits(db, session.user.id, request.body, now()) };
    },
  );
};
