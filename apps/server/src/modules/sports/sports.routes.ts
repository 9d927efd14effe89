import {
  AlmanacParams,
  AlmanacQuery,
  AlmanacResponse,
  LineHistoryParams,
  LineHistoryResponse,
  SeasonQuery,
  StandingsResponse,
  TipsResponse,
  BookEventsResponse,
  BookHistoryQuery,
  BookHistoryResponse,
  BookParams,
  CurrentWeekResponse,
  errorResponses,
  SeasonWeeksParams,
  SeasonWeeksResponse,
  SeasonYearQuery,
  SportParams,
  TeamsQuery,
  TeamsResponse,
} from '@pass/contracts';
import type { Database } from '@pass/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { getSession } from '../auth/auth-context.js';
import { memberCollegeAccess } from '../billing/billing.service.js';
import { registerSportsCache, replyCached, SportsCache } from './sports-cache.js';
import {
  getAlmanac,
  getCurrentWeek,
  getLineHistory,
  getStandings,
  getTips,
  listBookEvents,
  listBookHistory,
  listSeasonWeeks,
  listTeams,
} from './sports.service.js';

export interface SportsRoutesOptions {
  db: Database;
  /** The server clock: it decides the current season and week. */
  now: Clock;
}

/**
 * The sport whose season data (finals, standings, trends, team records) is the membership's: members during
 * their free month, then members with the PA$$ Sync membership (DESIGN.md section 7; decision 050). Its odds
 * stay free, as the free odds page shows them to everyone.
 */
const MEMBERSHIP_SPORT = 'americanfootball_ncaaf';

/**
 * How long an answer stays cached when no clock is in it (a season's standings, trends, a team's almanac): an
 * import that changes the sport clears it at once, so the limit only bounds an import made by another process,
 * as the demo replay's does (docs/decisions/038). Answers that "now" decides (the current week, this week's
 * games and odds) keep the cache's one minute.
 */
export const STORED_DATA_TTL_MS = 10 * 60_000;

/**
 * The public sports reads: teams, season weeks, the current week, events with their latest odds and past
 * events with closing lines. Answers are cached as serialised bytes with an ETag per path and query
 * (sports-cache.ts) and checked against the route's schema once, when they are built.
 */
export const sportsRoutes: FastifyPluginAsyncZod<SportsRoutesOptions> = async (app, deps) => {
  const { db, now } = deps;
  const cache = new SportsCache();
  const unregister = registerSportsCache(db, cache);
  app.addHook('onClose', async () => unregister());

  /**
   * `sport` groups the entry for invalidation; a function finds it in the answer (an event's line history).
   * `ttlMs`: a longer limit for an answer that only an import changes (no clock in it), see STORED_DATA_TTL_MS.
   */
  async function sendCached<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    sport: string | ((value: z.output<S>) => string),
    schema: S,
    build: () => Promise<z.input<S>> | z.input<S>,
    ttlMs?: number,
  ) {
    // The group comes from the answer only for a line history, whose address names no sport: built apart.
    if (typeof sport !== 'string') {
      let entry = cache.get(request.url);
      if (!entry) {
        const value = schema.parse(await build());
        entry = cache.set(request.url, sport(value), value, performance.now(), ttlMs);
      }
      return replyCached(request, reply, entry);
    }
    const entry = await cache.getOrBuild(request.url, sport, async () => schema.parse(await build()), ttlMs);
    // A membership answer is for the member who asked: no shared cache may keep it.
    return replyCached(request, reply, entry, sport === MEMBERSHIP_SPORT ? 'private' : 'public');
  }

  /** A college season read answers only a member with college access: 401 for a visitor, 403 once the trial is over. */
  async function requireCollegeAccess(request: FastifyRequest) {
    if ((request.params as { sport?: string }).sport !== MEMBERSHIP_SPORT) return;
    const session = await getSession(deps, request);
    if (!session) throw new AppError('UNAUTHORIZED', 'Log in to see college football');
    const access = await memberCollegeAccess(db, session.user, now());
    if (!access.granted) {
      throw AppError.forbidden(
        'College football is part of the PA$$ Sync membership once your free month is over: subscribe at /college/subscribe',
      );
    }
  }

  app.get(
    '/api/sport/:sport/teams',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sports'],
        summary: "The sport's teams with conference and division",
        params: SportParams,
        querystring: TeamsQuery,
        response: { 200: TeamsResponse, ...errorResponses },
      },
    },
    (request, reply) =>
      sendCached(request, reply, request.params.sport, TeamsResponse, () =>
        listTeams(request.params.sport, request.query.season_year),
      ),
  );

  app.get(
    '/api/dates/season/:season/:sport',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sports'],
        summary: 'The weeks of a season (number, label, first and last day), from its games',
        params: SeasonWeeksParams,
        response: { 200: SeasonWeeksResponse, ...errorResponses },
      },
    },
    (request, reply) =>
      sendCached(request, reply, request.params.sport, SeasonWeeksResponse, () =>
        listSeasonWeeks(db, request.params.sport, request.params.season),
      ),
  );

  app.get(
    '/api/dates/:sport/current-week',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sports'],
        summary: 'The current week of a season (today’s, or the next one between weeks)',
        params: SportParams,
        querystring: SeasonYearQuery,
        response: { 200: CurrentWeekResponse, ...errorResponses },
      },
    },
    (request, reply) =>
      sendCached(request, reply, request.params.sport, CurrentWeekResponse, () =>
        getCurrentWeek(db, request.params.sport, { seasonYear: request.query.season_year, now: now() }),
      ),
  );

  for (const path of ['/api/book/events/:sport', '/api/book/events/:sport/:extra']) {
    app.get(
      path,
      {
        config: { access: 'public' },
        schema: {
          tags: ['sports'],
          summary: "A week's events with the latest quote per book, market and outcome (extra: a week or a book)",
          params: BookParams,
          querystring: SeasonYearQuery,
          response: { 200: BookEventsResponse, ...errorResponses },
        },
      },
      (request, reply) =>
        sendCached(request, reply, request.params.sport, BookEventsResponse, () =>
          listBookEvents(db, request.params.sport, {
            extra: request.params.extra,
            seasonYear: request.query.season_year,
            now: now(),
          }),
        ),
    );
  }

  for (const path of ['/api/book/history/:sport', '/api/book/history/:sport/:extra']) {
    app.get(
      path,
      {
        config: { access: 'public' },
        preHandler: requireCollegeAccess,
        schema: {
          tags: ['sports'],
          summary: 'Past events with finals and closing lines (extra: a week or a book)',
          params: BookParams,
          querystring: BookHistoryQuery,
          response: { 200: BookHistoryResponse, ...errorResponses },
        },
      },
      (request, reply) =>
        sendCached(request, reply, request.params.sport, BookHistoryResponse, () =>
          listBookHistory(db, request.params.sport, {
            extra: request.params.extra,
            season: request.query.season,
            now: now(),
          }),
        ),
    );
  }

  app.get(
    '/api/book/tips/:sport',
    {
      config: { access: 'public' },
      preHandler: requireCollegeAccess,
      schema: {
        tags: ['sports'],
        summary: "The season's trends: streaks, ATS and over/under records per team, with the figures behind each",
        params: SportParams,
        querystring: SeasonYearQuery,
        response: { 200: TipsResponse, ...errorResponses },
      },
    },
    (request, reply) =>
      sendCached(
        request,
        reply,
        request.params.sport,
        TipsResponse,
        () => getTips(db, request.params.sport, { seasonYear: request.query.season_year, now: now() }),
        request.query.season_year === undefined ? undefined : STORED_DATA_TTL_MS,
      ),
  );

  app.get(
    '/api/book/line-history/:eventId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sports'],
        summary: 'Every quote of an event by book and market over time',
        params: LineHistoryParams,
        response: { 200: LineHistoryResponse, ...errorResponses },
      },
    },
    (request, reply) =>
      sendCached(
        request,
        reply,
        (value) => value.event.sport,
        LineHistoryResponse,
        () => getLineHistory(db, request.params.eventId, now()),
      ),
  );

  app.get(
    '/api/standings/:sport',
    {
      config: { access: 'public' },
      preHandler: requireCollegeAccess,
      schema: {
        tags: ['sports'],
        summary: 'Conference and division standings of a season (W-L-T, pct, points, division record)',
        params: SportParams,
        querystring: SeasonQuery,
        response: { 200: StandingsResponse, ...errorResponses },
      },
    },
    (request, reply) =>
      sendCached(
        request,
        reply,
        request.params.sport,
        StandingsResponse,
        () => getStandings(db, request.params.sport, { season: request.query.season, now: now() }),
        request.query.season === undefined ? undefined : STORED_DATA_TTL_MS,
      ),
  );

  app.get(
    '/api/almanac/:sport/:team',
    {
      config: { access: 'public' },
      preHandler: requireCollegeAccess,
      schema: {
        tags: ['sports'],
        summary:
          "A team's straight-up, ATS and over/under records and the reward of backing or fading it at the closing line",
        params: AlmanacParams,
        querystring: AlmanacQuery,
        response: { 200: AlmanacResponse, ...errorResponses },
      },
    },
    (request, reply) =>
      sendCached(
        request,
        reply,
        request.params.sport,
        AlmanacResponse,
        () =>
          getAlmanac(db, request.params.sport, request.params.team, {
            season: request.query.season,
            includeDemo: request.query.include_demo,
          }),
        STORED_DATA_TTL_MS,
      ),
  );
};
