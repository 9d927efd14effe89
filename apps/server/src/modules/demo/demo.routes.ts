import { DemoReplayParams, DemoReplayQuery, DemoReplayResponse, errorResponses } from '@pass/contracts';
import type { Database } from '@pass/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { registerSportsCache, replyCached, SportsCache } from '../sports/sports-cache.js';
import { getReplay, parseReplaySeason, requireReplaySport } from './demo.service.js';

export interface DemoRoutesOptions {
  db: Database;
  /** The server clock: it decides which games have started. */
  now: Clock;
}

/**
 * A replay costs a pass over a season's quotes (over a second for an MLB season on PGlite) and changes only
 * when an import changes the season, which clears it at once; the limit only bounds an import made by another
 * process and the closing lines of games that start in a season still being played.
 */
const REPLAY_TTL_MS = 10 * 60_000;

/**
 * The public demo: a past season replayed with a fixed strategy, for visitors. Read-only, and served from
 * cached bytes with an ETag like the sports reads; an import that changes a sport's games or lines clears
 * that sport's replays (sports-cache.ts).
 */
export const demoRoutes: FastifyPluginAsyncZod<DemoRoutesOptions> = async (app, { db, now }) => {
  const cache = new SportsCache(REPLAY_TTL_MS);
  const unregister = registerSportsCache(db, cache);
  app.addHook('onClose', async () => unregister());

  app.get(
    '/api/demo/replay/:sport',
    {
      config: { access: 'public' },
      schema: {
        tags: ['demo'],
        summary:
          'A past season replayed week by week with a fixed strategy (home underdogs), graded as a member’s picks and bets are',
        params: DemoReplayParams,
        querystring: DemoReplayQuery,
        response: { 200: DemoReplayResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const sport = requireReplaySport(request.params.sport);
      const season = parseReplaySeason(request.query.season);
      // Keyed by what was asked, not the raw address: other query parameters cannot multiply the entries.
      const key = `${sport}:${season ?? 'default'}`;
      const entry = await cache.getOrBuild(key, sport, async () =>
        DemoReplayResponse.parse(await getReplay(db, sport, season, now())),
      );
      return replyCached(request, reply, entry);
    },
  );
};
