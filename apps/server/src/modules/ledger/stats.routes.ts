import {
  ErrorBody,
  errorResponses,
  OutcomeParams,
  OutcomeQuery,
  OutcomeResponse,
  SportKey,
  StatsParams,
  StatsQuery,
  StatsResponse,
} from '@pass/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';
import { matchesEtag } from '../sports/sports-cache.js';
import { StatsCache } from './stats-cache.js';
import { getLedgerVersion, getStatsAnswer, listOutcomes, requireStatsSeason, statsEtag } from './stats.service.js';

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };

/**
 * The member's graded outcomes and statistics of a season, from their own entries only; the statistics answer is
 * cached and revalidated by the member's ledger version (docs/decisions/009).
 */
export const statsRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, options) => {
  const { db } = options;
  const noStore = { 'cache-control': 'no-store' };
  // This instance's statistics answers (stats-cache.ts): correct across instances through the ledger version.
  const statsCache = new StatsCache();

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
      "and totals, of one kind of money (money: real by default) with each kind's totals beside them. ETag from the ledger version: 304 on If-None-Match while nothing changed",
    response: { 200: StatsResponse, ...memberErrors },
  };
  app.get(
    '/api/user/stats/:sport/season/:season',
    { config: { access: 'member' }, schema: { ...statsSchema, params: StatsParams, querystring: StatsQuery } },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const season = requireStatsSeason(request.params.season, 'params.season');
      const { rows, money } = request.query;
      const stats = { userId: session.user.id, sport: request.params.sport, season, rows, money };
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
};
