import {
  ErrorBody,
  errorResponses,
  MissingPicksResponse,
  PoolEditListResponse,
  PoolParams,
  PoolWeekMemberParams,
  PoolWeekParams,
  PoolWeekResponse,
  PublishSlateBody,
  RemindBody,
  RemindResponse,
  SubmitPicksBody,
} from '@pass/contracts';
import { displayName } from '@pass/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotentCreate } from '../../lib/idempotent-route.js';
import { requireSession } from '../auth/auth-context.js';
import { systemLines } from '../chat/chat.service.js';
import { editMemberPicks, listEdits, submitPicks } from './picks.service.js';
import type { PoolsRoutesOptions } from './pools.routes.js';
import { remindMembers } from './reminders.service.js';
import { getWeek, missingPicks, publishWeekSlate } from './weeks.service.js';

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const noStore = { 'cache-control': 'no-store' };

/**
 * A pool's weeks (DESIGN.md section 6): a week with its slate and sheets, the Lifeguard's slate, a member's
 * picks, the Lifeguard's edits of them and who has not picked yet. Locks are the server clock's.
 */
export const weeksRoutes: FastifyPluginAsyncZod<PoolsRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const reminders = {
    db,
    mailer: options.mailer,
    limiter: options.limiter,
    publicUrl: options.config.publicUrl,
    push: options.push,
    log: (message: string) => app.log.warn(message),
  };

  app.get(
    '/api/pools/:id/weeks/:week',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "A pool week: its slate with frozen spreads and locks, and every member's sheet as the caller may see it " +
          "(others' picks only of games that have locked). A week whose first kickoff passed without a slate is " +
          'filled with its first games by kickoff',
        params: PoolWeekParams,
        response: { 200: PoolWeekResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      const input = { poolId: request.params.id, userId: session.user.id, week: request.params.week, now: now() };
      return { data: await getWeek(db, input) };
    },
  );

  app.put(
    '/api/pools/:id/weeks/:week/slate',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "Publishes the week's slate (its Lifeguard, before the week's first kickoff), freezing each game's spread " +
          'in an ats pool (400 with the reason per game: started, called_off, no_line, not_this_week, count, ...)',
        params: PoolWeekParams,
        body: PublishSlateBody,
        response: { 200: PoolWeekResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      const { id, week } = request.params;
      return {
        data: await publishWeekSlate(db, { poolId: id, userId: session.user.id, week, body: request.body, now: now() }),
      };
    },
  );

  idempotentCreate(app, {
    method: 'PUT',
    url: '/api/pools/:id/weeks/:week/picks',
    access: 'member',
    schema: {
      tags: ['pools'],
      summary:
        "Submits the caller's picks for the week in one request (Idempotency-Key header: a retry returns the " +
        'sheet as stored, the same key with another body is a 409). A change to a locked game is refused with ' +
        'the game named (400 reason locked)',
      params: PoolWeekParams,
      body: SubmitPicksBody,
      response: { 200: PoolWeekResponse, ...memberErrors },
    },
    create: async (request, idempotencyKey) => {
      const session = await requireSession(options, request);
      const { id, week } = request.params;
      const sheet = await submitPicks(db, {
        poolId: id,
        userId: session.user.id,
        week,
        idempotencyKey,
        body: request.body,
        // The clock itself: the service reads it once the pool is locked.
        now,
      });
      // A retry's answer is the sheet as stored now: 200 either way.
      return { data: sheet };
    },
  });

  app.put(
    '/api/pools/:id/weeks/:week/members/:memberId/picks',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "Enters or corrects a member's picks for the week before they lock (the pool's Lifeguard): only the " +
          "picks sent change, the rest stay; each change is logged and shown to the pool; the member's submission " +
          'time does not move',
        params: PoolWeekMemberParams,
        body: SubmitPicksBody,
        response: { 200: PoolWeekResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      const { id, week, memberId } = request.params;
      const input = { poolId: id, userId: session.user.id, week, memberId, body: request.body, now: now() };
      const lines = systemLines(options.chat);
      const data = await editMemberPicks(db, input, lines);
      await lines.publish();
      return { data };
    },
  );

  app.get(
    '/api/pools/:id/edits',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "The Lifeguard's edits of members' picks, newest first (every member of the pool; what another member's " +
          'pick was and became is withheld, `hidden`, until the games it concerns lock)',
        params: PoolParams,
        response: { 200: PoolEditListResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return listEdits(db, { poolId: request.params.id, userId: session.user.id, now: now() });
    },
  );

  app.get(
    '/api/pools/:id/weeks/:week/missing',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'Who has not picked yet this week, and what (the pool’s Lifeguard)',
        params: PoolWeekParams,
        response: { 200: MissingPicksResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      const { id, week } = request.params;
      return missingPicks(db, { poolId: id, userId: session.user.id, week, now: now() });
    },
  );

  app.post(
    '/api/pools/:id/weeks/:week/reminders',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          'Reminds members missing picks of the week, now (the pool’s Lifeguard): the members named in ' +
          '`member_ids`, or without it every member but the caller. Each answered: sent (a mail unless they turned ' +
          'pick reminder mails off, and a push where they turned it on; logged), not_missing (nothing left they ' +
          'can pick), reminded_recently (once in 6 hours per member and week) or rate_limited (50 reminders a ' +
          'Lifeguard an hour). No pick is named. 400 with reason not_member for a member id not in the pool; 409 ' +
          'for an ended or suspended pool; 429 past 6 requests a minute, with Retry-After',
        params: PoolWeekParams,
        body: RemindBody,
        response: { 200: RemindResponse, ...memberErrors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const { id, week } = request.params;
      const data = await remindMembers(reminders, {
        poolId: id,
        userId: session.user.id,
        name: displayName(session.user),
        week,
        memberIds: request.body.member_ids,
        now: now(),
      });
      return reply.headers(noStore).send({ data });
    },
  );
};
