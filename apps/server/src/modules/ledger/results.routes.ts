import { ErrorBody, errorResponses, EventResultBody, EventResultParams, EventResultResponse } from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { requireAdmin, type AuthDeps } from '../auth/auth-context.js';
import type { RoomNotices } from '../chat/room-notices.service.js';
import { clearEventResult, setEventResult } from './results.service.js';

export interface ResultsRoutesOptions extends AuthDeps {
  /** The server clock that decides kickoff and grading time. */
  now: Clock;
  /** Told after the admin grades a game, so the pools' rooms hear of what it changed (decision 041). */
  roomNotices?: RoomNotices;
}

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };

/** The admin's way to set a game's result, or clear it, with every entry on it graded again. */
export const resultsRoutes: FastifyPluginAsyncZod<ResultsRoutesOptions> = async (app, options) => {
  const { db, now } = options;

  app.post(
    '/api/admin/events/:id/result',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Sets an event's status and scores and grades every entry on it (admin)",
        params: EventResultParams,
        body: EventResultBody,
        response: { 200: EventResultResponse, ...memberErrors },
      },
    },
    async (request) => {
      await requireAdmin(options, request);
      const data = await setEventResult(db, request.params.id, request.body, now());
      // The grade is committed: the answer goes now, and the rooms of the pools this game is in hear of a changed
      // standing behind it (the run never rejects; runs queue one behind the other).
      void options.roomNotices?.run({ newResults: true });
      return { data };
    },
  );

  app.delete(
    '/api/admin/events/:id/result',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Clears the result the admin entered on an event (it stands over every import and the demo until then): ' +
          'the game has no result until the next import or demo run observes it; its entries are graded again (admin)',
        params: EventResultParams,
        response: { 200: EventResultResponse, ...memberErrors },
      },
    },
    async (request) => {
      await requireAdmin(options, request);
      const data = await clearEventResult(db, request.params.id, now());
      void options.roomNotices?.run({ newResults: true });
      return { data };
    },
  );
};
