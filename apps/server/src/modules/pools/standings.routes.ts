import {
  ErrorBody,
  errorResponses,
  HeadToHeadParams,
  HeadToHeadResponse,
  LiveStandingsResponse,
  PointsPossibleResponse,
  PoolParams,
  PoolStandingsResponse,
  PoolWeekParams,
  SurvivorBoardResponse,
  WeeklyResultsResponse,
  WhatIfQuery,
  WhatIfResponse,
} from '@pass/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/auth-context.js';
import type { PoolsRoutesOptions } from './pools.routes.js';
import {
  compareMembers,
  liveStandingsBase,
  pointsPossible,
  results,
  standingsAnswer,
  whatIfStandings,
} from './standings.service.js';
import { survivorBoard } from './survivors.service.js';

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const noStore = { 'cache-control': 'no-store' };

/**
 * A pool's standings (DESIGN.md section 6): the season standings (cached), the weekly results grid,
 * head-to-head, points still possible and the what-if view, each derived from the picks and the results of the
 * moment.
 */
export const standingsRoutes: FastifyPluginAsyncZod<PoolsRoutesOptions> = async (app, options) => {
  const { db, now, standingsCache } = options;

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
    '/api/pools/:id/survivors',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          'The survivor board: every member standing or out in Last Man Standing, strikes used, buy-back, and ' +
          "each week's team (another member's once its game has locked)",
        params: PoolParams,
        response: { 200: SurvivorBoardResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return survivorBoard(db, { poolId: request.params.id, userId: session.user.id, now: now() });
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
    '/api/pools/:id/live-standings',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "What the standings if the games ended now are worked out from as scores move: the decided weeks' " +
          'totals and the weeks still being played, with the picks the caller may see',
        params: PoolParams,
        response: { 200: LiveStandingsResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return liveStandingsBase(db, { poolId: request.params.id, userId: session.user.id, now: now() });
    },
  );

  app.get(
    '/api/pools/:id/what-if',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "The season's standings under other rules (straight up, pushes worth half, no double or triple plays, " +
          "confidence points ranked by the picked sides' spreads) beside the real ones; others' picks of games " +
          'not yet locked take no part in the ranks',
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
};
