import type { Database } from '@pass/db';
import { seasonForDate, SPORTS, type Sport } from '@pass/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../env.js';
import { DEMO_SPORTS, importDemoSeason } from '../modules/imports/demo-season.js';
import { hasRealGames, oddsApiClient } from '../modules/imports/import-jobs.js';
import { recordFailedRun, type ImportOptions, type ImportSummary } from '../modules/imports/imports.service.js';
import type { OddsApiClient } from '../modules/imports/odds-api-client.js';
import { fetchAndImportOdds, fetchAndImportScores } from '../modules/imports/odds-api.service.js';
import { rematchRejectedSyncBets } from '../modules/sync/sync-rematch.service.js';
import type { JobName } from './schedule.js';
import type { JobFn } from './scheduler.js';

/**
 * What each scheduled job does. Every import is a run of its source (trigger `schedule`) in import_runs, so
 * the admin sees each source's last success and last error; a call that fails before its importer starts
 * a run (The Odds API unreachable) gets a failed run of its own.
 *
 * - odds: The Odds API's odds of the sports with games in the next week (needs ODDS_API_KEY);
 * - scores: The Odds API's scores of the sports with live games, and the demo season's results;
 * - schedules: The Odds API's scores of every sport and the demo season top-up (a new season's demo once
 *   the calendar turns). The free live sources (nflverse, ESPN, the MLB Stats API) are polled apart, on their
 *   own calendar (source-polls.service.ts).
 *
 * A job whose imports added or changed real games then tries the rejected synced bets again (decision 051), as
 * its last step: still under the scheduler's lock, so one instance at a time does it.
 */

const DAY_MS = 86_400_000;
const LIVE_WINDOW_MS = 5 * 3_600_000;

async function sportsWithGames(db: Database, from: Date, to: Date, where = sql``): Promise<Sport[]> {
  const result = (await db.execute(
    sql`select distinct sport from events
        where kickoff_at between ${from.toISOString()}::timestamptz and ${to.toISOString()}::timestamptz
          and status in ('scheduled', 'in_progress') ${where}`,
  )) as unknown as { rows: { sport: string }[] };
  return SPORTS.filter((sport) => result.rows.some((row) => row.sport === sport));
}

async function hasDemoGames(db: Database, sport: string, season?: number): Promise<boolean> {
  const result = (await db.execute(
    sql`select 1 from events where sport = ${sport} and is_demo
          ${season === undefined ? sql`` : sql`and season = ${season}`} limit 1`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * Runs an import at the job's time (the server clock: data times and regrading read it, docs/decisions/020);
 * a failure before its run exists is recorded as a failed run of the source.
 */
async function recorded<T>(
  db: Database,
  source: string,
  now: Date,
  work: (options: ImportOptions) => Promise<T>,
): Promise<T> {
  let started = false;
  try {
    return await work({ trigger: 'schedule', now, onRun: () => (started = true) });
  } catch (error) {
    if (!started) await recordFailedRun(db, source, 'schedule', error);
    throw error;
  }
}

/** Runs every step, then throws one error naming those that failed. */
async function all(steps: (() => Promise<void>)[]): Promise<void> {
  const failures: string[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (failures.length > 0) throw new Error(failures.join('; '));
}

export function createRefreshJobs(
  db: Database,
  config: Pick<Config, 'oddsApiKey' | 'oddsApiUrl'> & { outbound?: Config['outbound'] },
  log: (message: string) => void = () => {},
): Record<Exclude<JobName, 'pool_mails'>, JobFn> {
  let client: OddsApiClient | undefined;
  const odds = () =>
    (client ??= oddsApiClient({
      oddsApiKey: config.oddsApiKey,
      oddsApiUrl: config.oddsApiUrl,
      ...(config.outbound ? { outbound: config.outbound } : {}),
      log,
    }));

  /**
   * The demo season of each demo sport that has one (PASS_SEED chose the demo) and no real games this
   * season, brought up to `now`.
   */
  /** What one run of a job imported: whether real games were added or changed. */
  interface Imported {
    games: boolean;
  }
  const noteGames = (imported: Imported) => (summary: ImportSummary) => {
    if (summary.added + summary.updated > 0) imported.games = true;
  };
  /** The job's last step: the rejected synced bets, tried again on the games now stored. */
  const rematch = (now: Date, imported: Imported) => async () => {
    if (!imported.games) return;
    const { matched } = await rematchRejectedSyncBets(db, now);
    if (matched > 0) log(`sync: ${matched} rejected synced bet(s) matched to games now stored`);
  };

  const demoTopUp = (now: Date, sports: readonly Sport[] = DEMO_SPORTS) =>
    DEMO_SPORTS.filter((sport) => sports.includes(sport)).map((sport) => async () => {
      if (!(await hasDemoGames(db, sport))) return;
      // A season whose real games came after its demo keeps its demo games played to their finals, for the
      // bets and picks made on them (docs/decisions/068); a season that was real from the start gets no demo.
      const season = seasonForDate(sport, now);
      if ((await hasRealGames(db, sport, season)) && !(await hasDemoGames(db, sport, season))) return;
      await recorded(db, 'demo', now, (options) => importDemoSeason(db, { ...options, sport, now }));
    });

  return {
    async odds(now) {
      if (!config.oddsApiKey) return;
      const sports = await sportsWithGames(db, now, new Date(now.getTime() + 7 * DAY_MS), sql`and not is_demo`);
      const imported: Imported = { games: false };
      await all([
        ...sports.map(
          (sport) => () =>
            recorded(db, 'odds-api', now, (options) => fetchAndImportOdds(db, odds(), sport, options)).then(
              noteGames(imported),
            ),
        ),
        rematch(now, imported),
      ]);
    },
    async scores(now) {
      const from = new Date(now.getTime() - LIVE_WINDOW_MS);
      const steps: (() => Promise<void>)[] = [];
      const imported: Imported = { games: false };
      if (config.oddsApiKey) {
        const sports = await sportsWithGames(db, from, now, sql`and not is_demo`);
        steps.push(
          ...sports.map(
            (sport) => () =>
              recorded(db, 'odds-api', now, (options) => fetchAndImportScores(db, odds(), sport, options)).then(
                noteGames(imported),
              ),
          ),
        );
      }
      steps.push(...demoTopUp(now, await sportsWithGames(db, from, now, sql`and is_demo`)));
      steps.push(rematch(now, imported));
      await all(steps);
    },
    async schedules(now) {
      const steps: (() => Promise<void>)[] = [];
      const imported: Imported = { games: false };
      if (config.oddsApiKey) {
        steps.push(
          ...SPORTS.map(
            (sport) => () =>
              recorded(db, 'odds-api', now, (options) => fetchAndImportScores(db, odds(), sport, options)).then(
                noteGames(imported),
              ),
          ),
        );
      }
      steps.push(...demoTopUp(now));
      steps.push(rematch(now, imported));
      await all(steps);
    },
  };
}
