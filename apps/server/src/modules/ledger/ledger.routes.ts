import {
  BetListResponse,
  BetParams,
  BetResponse,
  CreateBetBody,
  CreateParlayBody,
  ErrorBody,
  errorResponses,
  EventResultBody,
  EventResultParams,
  EventResultResponse,
  IdempotencyKeyHeaders,
  ListBetsQuery,
  ListParlaysQuery,
  OutcomeParams,
  OutcomeQuery,
  OutcomeResponse,
  ParlayListResponse,
  ParlayParams,
  ParlayResponse,
  SportKey,
  StatsParams,
  StatsQuery,
  StatsResponse,
  TellerBetBody,
  TellerResponse,
  UpdateBetBody,
} from '@pass/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { requireAdmin, requireSession, type AuthDeps } from '../auth/auth-context.js';
import { matchesEtag } from '../sports/sports-cache.js';
import {
  cancelEntry,
  createEntry,
  getEntry,
  getLedgerVersion,
  getStatsAnswer,
  getTeller,
  listEntries,
  listOutcomes,
  placeTellerBet,
  requireStatsSeason,
  setEventResult,
  clearEventResult,
  statsEtag,
  updateEntry,
} from './ledger.service.js';
import { cancelParlay, createParlay, getParlay, listParlays } from './parlays.service.js';
import { StatsCache } from './stats-cache.js';
import type { RoomNotices } from '../chat/room-notices.service.js';

export interface LedgerRoutesOptions extends AuthDeps {
  /** The server clock that decides kickoff and grading time. */
  now: Clock;
  /** Told after the admin grades a game, so the pools' rooms hear of what it changed (decision 041). */
  roomNotices?: RoomNotices;
}

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };

/**
 * The member's ledger (picks and bets), its grading, outcomes and statistics, the teller, and the admin's
 * way to set a result. Every route but the admin's answers for the caller's own entries only: another
 * member's entry is not found.
 */
export const ledgerRoutes: FastifyPluginAsyncZod<LedgerRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const noStore = { 'cache-control': 'no-store' };
  // This instance's statistics answers (stats-cache.ts): correct across instances through the ledger version.
  const statsCache = new StatsCache();

  app.post(
    '/api/user/bets',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary:
          'Records a pick or bet (Idempotency-Key header: a retry returns the stored entry with 200, the same key ' +
          'with another body is a 409)',
        headers: IdempotencyKeyHeaders,
        body: CreateBetBody,
        response: { 200: BetResponse, 201: BetResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const { entry, created } = await createEntry(db, {
        userId: session.user.id,
        idempotencyKey: request.headers['idempotency-key'],
        body: request.body,
        source: 'manual',
        now: now(),
      });
      return reply
        .code(created ? 201 : 200)
        .headers(noStore)
        .send({ data: entry });
    },
  );

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

  app.post(
    '/api/user/parlays',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary:
          'Records a parlay of 2 to 10 legs on different games still to come (Idempotency-Key header: a retry ' +
          'returns the stored parlay with 200, the same key with another body is a 409)',
        headers: IdempotencyKeyHeaders,
        body: CreateParlayBody,
        response: { 200: ParlayResponse, 201: ParlayResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const { parlay, created } = await createParlay(db, {
        userId: session.user.id,
        idempotencyKey: request.headers['idempotency-key'],
        body: request.body,
        now: now(),
      });
      return reply
        .code(created ? 201 : 200)
        .headers(noStore)
        .send({ data: parlay });
    },
  );

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

  app.get(
    '/api/user/bets/outcome/:sport',
    {
      config: { access: 'member' },
      schema: {
        tags: ['ledger'],
        summary: "The caller's graded entries of a season (the specification's bet outcomes)",
        params: OutcomeParams,
        querystring: OutcomeQuery,
        response: { 200: OutcomeResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const season = requireStatsSeason(request.query.season, 'querystring.season');
      reply.headers(noStore);
      return listOutcomes(db, session.user.id, request.params.sport, season, request.query);
    },
  );

  const statsSchema = {
    tags: ['ledger'],
    summary:
      "The caller's statistics of a season: summary rows by team × week × mode × kind × type (unless rows=none), " +
      'and totals. ETag from the ledger version: 304 on If-None-Match while nothing changed',
    response: { 200: StatsResponse, ...memberErrors },
  };
  app.get(
    '/api/user/stats/:sport/season/:season',
    { config: { access: 'member' }, schema: { ...statsSchema, params: StatsParams, querystring: StatsQuery } },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const season = requireStatsSeason(request.params.season, 'params.season');
      const stats = { userId: session.user.id, sport: request.params.sport, season, rows: request.query.rows };
      const version = await getLedgerVersion(db, stats.userId);
      // The bytes were checked against StatsResponse when built; they are sent as they are.
      const raw: FastifyReply = reply;
      // The member's own data: kept by their browser only, and asked again (a 304 while unchanged) each time.
      raw.headers({ 'cache-control': 'private, no-cache', vary: 'Cookie' });
      const known = statsEtag(stats, version);
      if (matchesEtag(request.headers['if-none-match'], known)) return raw.header('etag', known).code(304).send();
      const answer = await getStatsAnswer(db, statsCache, { ...stats, version });
      return raw
        .header('etag', statsEtag(stats, answer.version))
        .type('application/json; charset=utf-8')
        .send(answer.body);
    },
  );
  // Without a season: the specification's message rather than a 404.
  for (const path of ['/api/user/stats/:sport/season', '/api/user/stats/:sport']) {
    app.get(
      path,
      { config: { access: 'member' }, schema: { ...statsSchema, params: z.object({ sport: SportKey }) } },
      async (request) => {
        await requireSession(options, request);
        return requireStatsSeason(undefined, 'params.season') as never;
      },
    );
  }

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
      void options.roomNotices?.run();
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
      void options.roomNotices?.run();
      return { data };
    },
  );
};
