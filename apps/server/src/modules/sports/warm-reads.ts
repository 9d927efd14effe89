import { DEFAULT_SPORT } from '@pass/domain';
import type { FastifyInstance } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The costly public reads a first visit of the demo or a team page asks for: the demo replay, the teams, this
 * week's games, the season's standings and trends. Answers are cached by the address asked (sports-cache.ts),
 * so these are the browser's own addresses. A team's almanac of one season is cheap enough to build when asked.
 */
async function addressesOf(app: FastifyInstance, sport: string): Promise<string[]> {
  const current = await app.inject({ method: 'GET', url: `/api/dates/${sport}/current-week` });
  if (current.statusCode !== 200) return [];
  const { season } = current.json<{ season: number }>();
  return [
    `/api/demo/replay/${sport}`,
    `/api/sport/${sport}/teams`,
    `/api/book/events/${sport}`,
    `/api/standings/${sport}?season=${season}`,
    `/api/book/tips/${sport}?season_year=${season}`,
  ];
}

/**
 * Builds the cached answers of the public reads a cold visit would otherwise wait for (decision 038), once
 * the data is in, on each start: the default sport's (the NFL) only, since every build blocks PGlite's thread
 * and a visitor who comes meanwhile waits behind it. One request at a time, through the app, with a turn of
 * the event loop between them; a visitor asking for the same answer meanwhile waits for the same build
 * (`SportsCache.getOrBuild`), not a second one. `signal` stops it (shutdown). Returns how many answered 200
 * and how long it took.
 */
export async function warmPublicReads(
  app: FastifyInstance,
  signal?: AbortSignal,
): Promise<{ warmed: number; ms: number }> {
  const started = performance.now();
  let warmed = 0;
  if (signal?.aborted) return { warmed, ms: 0 };
  for (const url of await addressesOf(app, DEFAULT_SPORT)) {
    await nextTurn();
    // A server shutting down stops warming.
    if (signal?.aborted) break;
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode === 200) warmed++;
  }
  return { warmed, ms: Math.round(performance.now() - started) };
}
