import {
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
import { registerSportsCache, SportsCache } from './sports-cache.js';
import { getCurrentWeek, listBookEvents, listBookHistory, listSeasonWeeks, listTeams } from './sports.service.js';

export interface SportsRoutesOptions {
  db: Database;
  /** The clock that decides the current season and week; tests fix it. */
  now?: () => Date;
}

/** True when an If-None-Match header names this ETag (a list, weak or `*` included). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/**
 * The public sports reads: teams, season weeks, the current week, events with their latest odds and past
 * events with closing lines. Answers are cached as serialised bytes with an ETag per path and query
 * (sports-cache.ts) and checked against the route's schema once, when they are built.
 */
export const sportsRoutes: FastifyPluginAsyncZod<SportsRoutesOptions> = async (app, { db, now = () => new Date() }) => {
  const cache = new SportsCache();
  const unregister = registerSportsCache(db, cache);
  app.addHook('onClose', async () => unregister());

  async function sendCached<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    sport: string,
    schema: S,
    build: () => Promise<z.input<S>> | z.input<S>,
  ) {
    let entry = cache.get(request.url);
    if (!entry) entry = cache.set(request.url, sport, schema.parse(await build()));
    reply.header('etag', entry.etag);
    reply.header('cache-control', 'public, max-age=0, must-revalidate');
    if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(entry.body);
  }

  app.get(
    '/api/sport/:sport/teams',
    {
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
};
