import {
  AnnouncementBody,
  AnnouncementListResponse,
  AnnouncementResponse,
  CreatePoolBody,
  ErrorBody,
  errorResponses,
  PoolListResponse,
  PoolParams,
  PoolResponse,
  RunAgainResponse,
  UpdatePoolBody,
} from '@pass/contracts';
import { displayName } from '@pass/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { auditContext, requireSession, type AuthDeps } from '../auth/auth-context.js';
import { systemLines, type ChatContext } from '../chat/chat.service.js';
import type { StatsCache } from '../ledger/stats-cache.js';
import type { PushNotifier } from '../notifications/push-notifier.js';
import { listAnnouncements, postAnnouncement } from './announcements.service.js';
import { createPool, endPool, getPool, listPools, poolLimits, updatePoolSettings } from './pools.service.js';
import { runAgain } from './run-again.service.js';
import { memberStanding } from './standings.service.js';

/** What each of the pools module's route files is given (app.ts registers the four with the same options). */
export interface PoolsRoutesOptions extends AuthDeps {
  /** The server clock that decides locks and joining (decision 020). */
  now: Clock;
  /** The pools' chat rooms, where announcements, the Lifeguard's edits and members leaving appear. */
  chat: Pick<ChatContext, 'bus' | 'onPublishError'>;
  /**
   * This instance's standings answers, one cache for the pools list and the standings page so the two never
   * disagree: current across instances through each pool's version.
   */
  standingsCache: StatsCache;
  /** Where the Lifeguard's reminders reach members' devices (none in tests that give none). */
  push?: PushNotifier;
}

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const noStore = { 'cache-control': 'no-store' };

/**
 * Pool Party (DESIGN.md section 6): a member's pools, their settings, running one again and its announcements.
 * Every route is a member's; what a pool holds answers only to its current members (anyone else: 404), and the
 * Lifeguard's actions to its Lifeguard (a guest: 403). Invitations, weeks and standings have route files of
 * their own beside this one.
 */
export const poolsRoutes: FastifyPluginAsyncZod<PoolsRoutesOptions> = async (app, options) => {
  const { db, now, standingsCache } = options;
  const limits = poolLimits(options.config.poolMaxPerLifeguard);
  // Next season's pool invites the members as the invitations do, with their mailer and limits.
  const runAgainContext = { db, limits, mailer: options.mailer, publicUrl: options.config.publicUrl };

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
      const { created, body } = await runAgain(runAgainContext, {
        poolId: request.params.id,
        userId: session.user.id,
        name: displayName(session.user),
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
      const lines = systemLines(options.chat);
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
};
