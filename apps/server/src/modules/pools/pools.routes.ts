import {
  AcceptInvitationBody,
  HeadToHeadParams,
  HeadToHeadResponse,
  PointsPossibleResponse,
  PoolStandingsResponse,
  WeeklyResultsResponse,
  WhatIfQuery,
  WhatIfResponse,
  AnnouncementBody,
  AnnouncementListResponse,
  AnnouncementResponse,
  MissingPicksResponse,
  PoolEditListResponse,
  PoolWeekMemberParams,
  IdempotencyKeyHeaders,
  PoolWeekParams,
  PoolWeekResponse,
  PublishSlateBody,
  SubmitPicksBody,
  CreatePoolBody,
  InvitationListResponse,
  InvitationResponse,
  InviteBody,
  PoolMemberParams,
  ShareLinkResponse,
  ErrorBody,
  errorResponses,
  PoolListResponse,
  PoolInvitationRefusalsQuery,
  PoolInvitationRefusalsResponse,
  PoolParams,
  PoolResponse,
  RunAgainResponse,
  UpdatePoolBody,
} from '@pass/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { auditContext, requireAdmin, requireSession, type AuthDeps } from '../auth/auth-context.js';
import type { ChatBus } from '../chat/chat-bus.js';
import { memberLeft, systemLines } from '../chat/chat.service.js';
import {
  accept,
  invite,
  leave,
  listInvitationRefusals,
  listInvitations,
  makeShareLink,
  removeGuest,
} from './invitations.service.js';
import { StatsCache } from '../ledger/stats-cache.js';
import { runAgain } from './run-again.service.js';
import {
  compareMembers,
  memberStanding,
  pointsPossible,
  results,
  standingsAnswer,
  whatIfStandings,
} from './standings.service.js';
import { editMemberPicks, getWeek, listEdits, missingPicks, publishWeekSlate, submitPicks } from './weeks.service.js';
import {
  createPool,
  endPool,
  getPool,
  listAnnouncements,
  listPools,
  poolLimits,
  postAnnouncement,
  updatePoolSettings,
} from './pools.service.js';

export interface PoolsRoutesOptions extends AuthDeps {
  /** The server clock that decides locks and joining (decision 020). */
  now: Clock;
  /** The pools' chat rooms, where announcements and the Lifeguard's edits appear as system lines. */
  chatBus: ChatBus;
}

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const noStore = { 'cache-control': 'no-store' };
const Done = z.object({ data: z.object({ ok: z.literal(true) }) });

/**
 * Pool Party (DESIGN.md section 6): a member's pools. Every route is a member's; what a pool holds answers
 * only to its current members (anyone else: 404), and the Lifeguard's actions to its Lifeguard (a guest: 403).
 */
export const poolsRoutes: FastifyPluginAsyncZod<PoolsRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const limits = poolLimits(options.config.poolMaxPerLifeguard);
  // This instance's standings answers: current across instances through each pool's version.
  const standingsCache = new StatsCache();
  const chat = {
    bus: options.chatBus,
    onPublishError: (error: unknown) => app.log.warn({ err: error }, 'chat: a frame could not be published'),
  };
  const chatLines = () => systemLines(chat);

  app.post(
    '/api/pools',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          'Creates a pool with the caller as its Lifeguard (400 with each setting the pool rules refuse and why; ' +
          '409 at the most active pools a Lifeguard may host)',
        body: CreatePoolBody,
        response: { 201: PoolResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const pool = await createPool({ db, limits }, { userId: session.user.id, body: request.body, now: now() });
      return reply.code(201).headers(noStore).send({ data: pool });
    },
  );

  app.get(
    '/api/pools',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "The pools the caller is in (as Lifeguard or guest), newest first, each with the caller's rank and " +
          'season points from its standings',
        response: { 200: PoolListResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      const at = now();
      return listPools(db, session.user.id, at, (pool, member) =>
        memberStanding(db, standingsCache, { pool, memberId: member.id, now: at }),
      );
    },
  );

  app.get(
    '/api/pools/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'One of the caller’s pools with its members (404 for anyone not in it)',
        params: PoolParams,
        response: { 200: PoolResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return { data: await getPool(db, request.params.id, session.user.id, now()) };
    },
  );

  app.patch(
    '/api/pools/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "Changes the pool's settings (its Lifeguard): name and icon at any time, the scoring rules until the " +
          "pool's first game locks",
        params: PoolParams,
        body: UpdatePoolBody,
        response: { 200: PoolResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      const input = { poolId: request.params.id, userId: session.user.id, body: request.body, now: now() };
      return { data: await updatePoolSettings(db, input) };
    },
  );

  app.post(
    '/api/pools/:id/end',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'Ends the pool (its Lifeguard, at any time): closed from now on',
        params: PoolParams,
        response: { 200: PoolResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      return { data: await endPool(db, { poolId: request.params.id, userId: session.user.id, now: now() }) };
    },
  );

  const invitations = { db, limits, mailer: options.mailer, publicUrl: options.config.publicUrl };

  app.post(
    '/api/pools/:id/again',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "Runs the pool again as next season's (its Lifeguard, once its season is completed or ended): a new pool " +
          'with the same settings from week 1, and each current member invited by email as usual. 201 with the ' +
          'invitations sent and refused (by username, with the reason); 200 with the pool made before when it ' +
          'was already run again. 409 with the reason: season_not_over, next_season_closed or pool_limit',
        params: PoolParams,
        response: { 200: RunAgainResponse, 201: RunAgainResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const { created, body } = await runAgain(invitations, {
        poolId: request.params.id,
        userId: session.user.id,
        username: session.user.username,
        now: now(),
        audit: auditContext(request),
      });
      return reply
        .code(created ? 201 : 200)
        .headers(noStore)
        .send(body);
    },
  );

  app.post(
    '/api/pools/:id/invitations',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          'Invites an email address to the pool (its Lifeguard): mailed with the accept link. 409 with the reason: ' +
          'pool_ended, joining_closed, pool_full, already_member, or invitation_limit (a fourth invitation to the ' +
          "same address from this Lifeguard, recorded for the admin); 429 past the Lifeguard's invitations an hour " +
          'or a day, with Retry-After',
        params: PoolParams,
        body: InviteBody,
        response: { 201: InvitationResponse, ...memberErrors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const invitation = await invite(invitations, {
        poolId: request.params.id,
        userId: session.user.id,
        username: session.user.username,
        email: request.body.email,
        now: now(),
        audit: auditContext(request),
      });
      return reply.code(201).headers(noStore).send({ data: invitation });
    },
  );

  app.get(
    '/api/pools/:id/invitations',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: "The pool's invitations and links, newest first (its Lifeguard)",
        params: PoolParams,
        response: { 200: InvitationListResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return listInvitations(db, { poolId: request.params.id, userId: session.user.id });
    },
  );

  app.post(
    '/api/pools/:id/link',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          'A new shareable link to join the pool (its Lifeguard), shown once; the one before stops working. It ' +
          'works until joining closes',
        params: PoolParams,
        response: { 201: ShareLinkResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const link = await makeShareLink(invitations, { poolId: request.params.id, userId: session.user.id, now: now() });
      return reply.code(201).headers(noStore).send({ data: link });
    },
  );

  app.post(
    '/api/pools/accept',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "Joins a pool with an invitation's token (a visitor signs up first). 404 for an unknown token; 409 with " +
          'the reason: pool_ended, removed, used, revoked, joining_closed, expired or pool_full',
        body: AcceptInvitationBody,
        response: { 200: PoolResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const pool = await accept(invitations, { userId: session.user.id, token: request.body.token, now: now() });
      return reply.headers(noStore).send({ data: pool });
    },
  );

  app.post(
    '/api/pools/:id/leave',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'The caller leaves the pool (a guest; the Lifeguard ends it instead)',
        params: PoolParams,
        response: { 200: Done, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      const memberId = await leave(db, { poolId: request.params.id, userId: session.user.id, now: now() });
      await memberLeft(chat, request.params.id, memberId);
      return { data: { ok: true as const } };
    },
  );

  app.delete(
    '/api/pools/:id/members/:memberId',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'Removes a guest from the pool (its Lifeguard); a removed guest cannot rejoin',
        params: PoolMemberParams,
        response: { 200: Done, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      const input = { poolId: request.params.id, userId: session.user.id, memberId: request.params.memberId };
      await removeGuest(db, { ...input, now: now() });
      await memberLeft(chat, input.poolId, input.memberId);
      return { data: { ok: true as const } };
    },
  );

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

  app.put(
    '/api/pools/:id/weeks/:week/picks',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "Submits the caller's picks for the week in one request (Idempotency-Key header: a retry returns the " +
          'sheet as stored, the same key with another body is a 409). A change to a locked game is refused with ' +
          'the game named (400 reason locked)',
        params: PoolWeekParams,
        headers: IdempotencyKeyHeaders,
        body: SubmitPicksBody,
        response: { 200: PoolWeekResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const { id, week } = request.params;
      const sheet = await submitPicks(db, {
        poolId: id,
        userId: session.user.id,
        week,
        idempotencyKey: request.headers['idempotency-key'],
        body: request.body,
        // The clock itself: the service reads it once the pool is locked.
        now,
      });
      return reply.headers(noStore).send({ data: sheet });
    },
  );

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
      const lines = chatLines();
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
    '/api/pools/:id/announcements',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'Posts an announcement to the pool (its Lifeguard)',
        params: PoolParams,
        body: AnnouncementBody,
        response: { 201: AnnouncementResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const input = { poolId: request.params.id, userId: session.user.id, body: request.body.body, now: now() };
      const lines = chatLines();
      const data = await postAnnouncement(db, input, lines);
      await lines.publish();
      return reply.code(201).headers(noStore).send({ data });
    },
  );

  app.get(
    '/api/pools/:id/announcements',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: "The pool's announcements, newest first",
        params: PoolParams,
        response: { 200: AnnouncementListResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return listAnnouncements(db, { poolId: request.params.id, userId: session.user.id });
    },
  );

  app.get(
    '/api/pools/:id/standings',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "The pool's season standings (points, wins, tiebreaker, submission) and Last Man Standing, derived from " +
          'the picks and the results of the moment',
        params: PoolParams,
        response: { 200: PoolStandingsResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const body = await standingsAnswer(db, standingsCache, {
        poolId: request.params.id,
        userId: session.user.id,
        now: now(),
      });
      // The bytes were built from the documented shape; they are sent as they are.
      const raw: FastifyReply = reply;
      return raw.headers(noStore).type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/api/pools/:id/results',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "The weekly results grid: every member's graded picks, each week ranked, with its winners (others' picks " +
          'of games not yet locked hidden)',
        params: PoolParams,
        response: { 200: WeeklyResultsResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return results(db, { poolId: request.params.id, userId: session.user.id, now: now() });
    },
  );

  app.get(
    '/api/pools/:id/head-to-head/:a/:b',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'Two members of the pool side by side: weeks won on points, and where their locked picks agree',
        params: HeadToHeadParams,
        response: { 200: HeadToHeadResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      const { id, a, b } = request.params;
      return compareMembers(db, { poolId: id, userId: session.user.id, a, b, now: now() });
    },
  );

  app.get(
    '/api/pools/:id/weeks/:week/possible',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: "Each member's points still possible this week and over the season",
        params: PoolWeekParams,
        response: { 200: PointsPossibleResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      const { id, week } = request.params;
      return pointsPossible(db, { poolId: id, userId: session.user.id, week, now: now() });
    },
  );

  app.get(
    '/api/pools/:id/what-if',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "The season's standings under other rules (straight up, pushes worth half, no double or triple plays) " +
          'beside the real ones',
        params: PoolParams,
        querystring: WhatIfQuery,
        response: { 200: WhatIfResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      const input = { poolId: request.params.id, userId: session.user.id, rules: request.query.rules, now: now() };
      return whatIfStandings(db, input);
    },
  );

  app.get(
    '/api/admin/pool-invitation-refusals',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Invitations refused because the Lifeguard had sent the address the most allowed, newest first, with ' +
          'the pool and the Lifeguard’s refusals in all (admin); `before`: the `next_before` of the page before',
        querystring: PoolInvitationRefusalsQuery,
        response: { 200: PoolInvitationRefusalsResponse, 401: ErrorBody, 403: ErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      await requireAdmin(options, request);
      reply.headers(noStore);
      return listInvitationRefusals(db, request.query, now());
    },
  );
};
