import { existsSync, readFileSync } from 'node:fs';
import type { Database } from '@pass/db';
import { seasonForDate } from '@pass/domain';
import { sql } from 'drizzle-orm';
import { DEMO_SPORTS, importDemoSeason, type DemoSport } from './demo-season.js';
import { importNflverse } from './game-importers.js';
import { hasRealGames } from './import-jobs.js';
import { OddsApiClient } from './odds-api-client.js';
import { fetchAndImportOdds, fetchAndImportScores } from './odds-api.service.js';
import { sharedDataFile } from './shared-data.js';

/**
 * The first run (DESIGN.md section 5): after migrations and reference data, unless PASS_SEED=none, the
 * database gets real history and a current season.
 *
 * - nflverse `games.csv` (../shared/data) when no nflverse game is loaded yet: real NFL history for the
 *   almanac and standings, in every mode but none.
 * - auto: The Odds API's current odds and scores when ODDS_API_KEY is set and the API answers; a sport the
 *   API did not serve falls back to the demo season.
 * - demo, and auto's fallback: the demo season of each demo sport whose current season has no real games.
 *   A database that already has the demo season gets it topped up (finals of the games played since).
 *
 * Each step is an import run (trigger `first-run`) and is logged; a failing step is logged and the next
 * one still runs, so a bad file or an unreachable API never stops the server from starting.
 */

export type SeedMode = 'auto' | 'demo' | 'none';

export interface FirstRunOptions {
  seed: SeedMode;
  /** The clock deciding the current season; the real one by default. */
  now?: Date;
  oddsApiKey?: string | undefined;
  oddsApiUrl?: string | undefined;
  /** How long The Odds API may take to answer before the demo is used instead. */
  oddsApiTimeoutMs?: number;
  /** For tests: a fetch standing in for The Odds API. */
  fetch?: typeof fetch;
  /** The nflverse file; `null` skips it. Default: ../shared/data/nflverse/games.csv when it exists. */
  nflverseFile?: string | null;
  /** The sports that get a demo season; all the generator knows by default. */
  demoSports?: readonly DemoSport[];
  log?: (message: string) => void;
}

export interface FirstRunStep {
  step: string;
  outcome: 'done' | 'skipped' | 'failed';
  message: string;
  ms: number;
}

const DEFAULT_ODDS_TIMEOUT_MS = 4000;

async function hasNflverseGames(db: Database): Promise<boolean> {
  const result = (await db.execute(
    sql`select 1 from event_source_keys where source = 'nflverse' limit 1`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runFirstRun(db: Database, options: FirstRunOptions): Promise<FirstRunStep[]> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const steps: FirstRunStep[] = [];
  const step = async (name: string, work: () => Promise<{ outcome: FirstRunStep['outcome']; message: string }>) => {
    const started = performance.now();
    let result: { outcome: FirstRunStep['outcome']; message: string };
    try {
      result = await work();
    } catch (error) {
      result = { outcome: 'failed', message: errorMessage(error) };
    }
    const entry = { step: name, ...result, ms: Math.round(performance.now() - started) };
    steps.push(entry);
    log(`first run: ${name} ${entry.outcome} in ${entry.ms} ms: ${entry.message}`);
    return entry;
  };

  if (options.seed === 'none') {
    log('first run: PASS_SEED=none, no data imported');
    return steps;
  }

  const nflverseFile = options.nflverseFile === undefined ? sharedDataFile('nflverse/games.csv') : options.nflverseFile;
  await step('nflverse', async () => {
    if (!nflverseFile || !existsSync(nflverseFile))
      return { outcome: 'skipped', message: 'no nflverse games.csv found' };
    if (await hasNflverseGames(db)) return { outcome: 'skipped', message: 'nflverse games already loaded' };
    const summary = await importNflverse(db, readFileSync(nflverseFile, 'utf8'), {
      trigger: 'first-run',
      location: nflverseFile,
    });
    return { outcome: 'done', message: `${summary.added} games added from ${nflverseFile}` };
  });

  const sports = options.demoSports ?? DEMO_SPORTS;
  const servedByOddsApi = new Set<string>();
  if (options.seed === 'auto' && options.oddsApiKey) {
    const timeoutMs = options.oddsApiTimeoutMs ?? DEFAULT_ODDS_TIMEOUT_MS;
    const baseFetch = options.fetch ?? fetch;
    const client = new OddsApiClient({
      apiKey: options.oddsApiKey,
      baseUrl: options.oddsApiUrl,
      log,
      fetch: (input, init) => baseFetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    });
    for (const sport of sports) {
      const result = await step(`odds-api ${sport}`, async () => {
        const odds = await fetchAndImportOdds(db, client, sport, { trigger: 'first-run' });
        const scores = await fetchAndImportScores(db, client, sport, { trigger: 'first-run' });
        return {
          outcome: 'done',
          message: `${odds.added} quotes added, ${scores.updated} scores updated`,
        };
      });
      if (result.outcome === 'done') servedByOddsApi.add(sport);
    }
  }

  for (const sport of sports) {
    if (servedByOddsApi.has(sport)) continue;
    const season = seasonForDate(sport, now);
    await step(`demo ${sport}`, async () => {
      if (await hasRealGames(db, sport, season)) {
        return { outcome: 'skipped', message: `the ${season} season has real games` };
      }
      const summary = await importDemoSeason(db, { sport, now, trigger: 'first-run' });
      return {
        outcome: 'done',
        message: `${season} demo season: ${summary.added} added, ${summary.updated} updated, ${summary.unchanged} unchanged`,
      };
    });
  }
  return steps;
}
