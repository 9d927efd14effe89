import { existsSync } from 'node:fs';
import type { Database } from '@pass/db';
import { seasonForDate } from '@pass/domain';
import { sql } from 'drizzle-orm';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import { DEMO_SPORTS, importDemoSeason, type DemoSport } from './demo-season.js';
import type { FirstRunProgress, PlannedStep } from './first-run-progress.js';
import { DEFAULT_FILES, hasRealGames, importSourceBody } from './import-jobs.js';
import { OddsApiClient } from './odds-api-client.js';
import { fetchAndImportOdds, fetchAndImportScores } from './odds-api.service.js';
import { historyFile } from './history-files.js';
import { pollDueSources, type PolledSource } from './source-polls.service.js';
import { guardedFetch, STRICT_OUTBOUND, type OutboundPolicy } from '../../lib/outbound.js';
import { readTextFile } from '../../lib/text-file.js';

/**
 * The first run (DESIGN.md section 5): after migrations and reference data, unless PASS_SEED=none, the
 * database gets real history and a current season.
 *
 * - nflverse `games.csv` and its complete 2025 export (held in the repository's history/) when no nflverse game
 *   is loaded yet: real NFL history for the almanac and standings, in every mode but none.
 * - The real college seasons (CFBD's 2024 games and pregame lines, sportsdataverse's 2025 results and lines)
 *   when no game of those sources is loaded yet.
 * - The real MLB seasons beside it (Retrosheet game logs 2023–2024, the Stats API's 2025 results), each
 *   source when none of its games is loaded yet.
 * - auto: the free live sources (nflverse, the ESPN scoreboard, the MLB Stats API) for the current season,
 *   each given a few seconds (docs/decisions/068); then The Odds API's current odds and scores when
 *   ODDS_API_KEY is set and the API answers. A sport none of them served, or had no games of, falls back to
 *   the demo season.
 * - demo, and auto's fallback: the demo season of each demo sport whose current season has no real games.
 *   A database that already has the demo season gets it topped up (finals of the games played since).
 *
 * Each step is an import run (trigger `first-run`) and is logged; a failing step is logged and the next
 * one still runs, so a bad file or an unreachable API never stops the server from starting. The server
 * answers while this runs (docs/decisions/019); `progress` is what it shows of it.
 */

export type SeedMode = 'auto' | 'demo' | 'none';

export interface FirstRunOptions {
  seed: SeedMode;
  /** The server clock's time: it decides the current season and how far the demo season has played. */
  now: Date;
  oddsApiKey?: string | undefined;
  oddsApiUrl?: string | undefined;
  /** How long The Odds API may take to answer before the demo is used instead. */
  oddsApiTimeoutMs?: number;
  /** For tests: a fetch standing in for The Odds API. */
  fetch?: typeof fetch;
  /** Where The Odds API's requests may go (lib/outbound.ts); strict by default. */
  outbound?: OutboundPolicy;
  /** The nflverse file; `null` skips it. Default: nflverse's reference files (games.csv, the 2025 export) that exist. */
  nflverseFile?: string | null;
  /** The college files per source; `null` skips them. Default: the reference files that exist. */
  collegeFiles?: { cfbd: readonly string[]; sportsdataverse: readonly string[] } | null;
  /** The MLB history files per source; `null` skips them. Default: the reference files that exist. */
  mlbFiles?: { retrosheet: readonly string[]; statsapi: readonly string[] } | null;
  /**
   * auto: the live sources asked for the current season before the demo is considered (docs/decisions/068);
   * none by default. Each should give up within a few seconds.
   */
  liveSources?: readonly PolledSource[];
  /** The sports that get a demo season; all the generator knows by default. */
  demoSports?: readonly DemoSport[];
  log?: (message: string) => void;
  /** Told the plan, each step's start, its importer's progress and its end, then the run's end. */
  progress?: FirstRunProgress;
}

export interface FirstRunStep {
  step: string;
  outcome: 'done' | 'skipped' | 'failed';
  message: string;
  ms: number;
}

const DEFAULT_ODDS_TIMEOUT_MS = 4000;
/** One more try after a 429 or a 5xx, and only a short wait: the first run falls back to the demo instead. */
const FIRST_RUN_RETRY = { attempts: 2, maxDelayMs: 2000 };

async function hasSourceGames(db: Database, source: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select 1 from event_source_keys where source = ${source} limit 1`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** The held history files of a source that are there. */
const presentFiles = (source: keyof typeof DEFAULT_FILES) =>
  DEFAULT_FILES[source].flatMap((file) => {
    const resolved = historyFile(file);
    return resolved && existsSync(resolved) ? [resolved] : [];
  });

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

const SPORT_NAMES: Record<DemoSport, string> = {
  americanfootball_nfl: 'NFL',
  americanfootball_ncaaf: 'College football',
  baseball_mlb: 'MLB',
};

/**
 * The steps a run with these options goes through, in order, with their usual share of its time (measured on
 * an empty PGlite data directory: the nflverse closing lines and the MLB demo's quotes are most of it).
 */
function planSteps(options: FirstRunOptions, sports: readonly DemoSport[]): PlannedStep[] {
  return [
    { name: 'nflverse', label: 'NFL history (nflverse)', weight: 4 },
    { name: 'college', label: 'College history (CFBD, sportsdataverse)', weight: 0.8 },
    { name: 'retrosheet', label: 'MLB history (Retrosheet)', weight: 1.7 },
    { name: 'statsapi', label: 'MLB results (MLB Stats API)', weight: 0.5 },
    ...(options.seed === 'auto'
      ? sports
          .filter((sport) => options.liveSources?.some((source) => source.sport === sport))
          .map((sport) => ({
            name: `live ${sport}`,
            label: `${SPORT_NAMES[sport]} current season (live)`,
            weight: 0.8,
          }))
      : []),
    ...(options.seed === 'auto' && options.oddsApiKey
      ? sports.map((sport) => ({
          name: `odds-api ${sport}`,
          label: `${SPORT_NAMES[sport]} odds and scores (The Odds API)`,
          weight: 0.5,
        }))
      : []),
    ...sports.map((sport) => ({
      name: `demo ${sport}`,
      label: `${SPORT_NAMES[sport]} current season`,
      weight: sport === 'baseball_mlb' ? 3 : 1.2,
    })),
  ];
}

export async function runFirstRun(db: Database, options: FirstRunOptions): Promise<FirstRunStep[]> {
  const { progress } = options;
  try {
    const steps = await runSteps(db, options);
    progress?.finish();
    return steps;
  } catch (error) {
    progress?.fail();
    throw error;
  }
}

async function runSteps(db: Database, options: FirstRunOptions): Promise<FirstRunStep[]> {
  const log = options.log ?? (() => {});
  const { now } = options;
  const { progress } = options;
  const sports = options.demoSports ?? DEMO_SPORTS;
  const steps: FirstRunStep[] = [];
  const step = async (name: string, work: () => Promise<{ outcome: FirstRunStep['outcome']; message: string }>) => {
    const started = performance.now();
    progress?.startStep(name);
    await yieldToEventLoop();
    let result: { outcome: FirstRunStep['outcome']; message: string };
    try {
      result = await work();
    } catch (error) {
      result = { outcome: 'failed', message: errorMessage(error) };
    }
    const entry = { step: name, ...result, ms: Math.round(performance.now() - started) };
    steps.push(entry);
    progress?.finishStep(name, entry.outcome);
    log(`first run: ${name} ${entry.outcome} in ${entry.ms} ms: ${entry.message}`);
    return entry;
  };
  /** An importer's onProgress for a step (for file `index` of `count`). */
  const reportTo =
    (name: string, index = 0, count = 1) =>
    (update: { phase: string; done: number; total: number }) =>
      progress?.report(name, update, { index, count });

  if (options.seed === 'none') {
    progress?.begin([]);
    log('first run: PASS_SEED=none, no data imported');
    return steps;
  }
  progress?.begin(planSteps(options, sports));

  const nflverseFiles =
    options.nflverseFile === undefined
      ? presentFiles('nflverse')
      : options.nflverseFile === null
        ? []
        : [options.nflverseFile];
  const collegeFiles =
    options.collegeFiles === undefined
      ? { cfbd: presentFiles('cfbd'), sportsdataverse: presentFiles('sportsdataverse') }
      : options.collegeFiles;
  /**
   * One step of the first run: the files of one or more sources, in order; a source some of whose games are
   * loaded already is left as it is.
   */
  const importFiles = (
    name: string,
    sources: readonly { source: keyof typeof DEFAULT_FILES; files: readonly string[] }[],
  ) =>
    step(name, async () => {
      const present = sources.flatMap(({ source, files }) =>
        files.filter((file) => existsSync(file)).map((file) => ({ source, file })),
      );
      if (present.length === 0) return { outcome: 'skipped', message: `no ${name} files found` };
      const loaded = new Set<string>();
      for (const { source } of sources) if (await hasSourceGames(db, source)) loaded.add(source);
      const toImport = present.filter(({ source }) => !loaded.has(source));
      if (toImport.length === 0) return { outcome: 'skipped', message: `${name} games already loaded` };
      let added = 0;
      for (const [index, { source, file }] of toImport.entries()) {
        const summary = await importSourceBody(db, source, readTextFile(file), file, {
          trigger: 'first-run',
          now,
          onProgress: reportTo(name, index, toImport.length),
        });
        added += summary.added;
      }
      return { outcome: 'done', message: `${added} games added from ${toImport.map(({ file }) => file).join(', ')}` };
    });

  await importFiles('nflverse', [{ source: 'nflverse', files: nflverseFiles }]);
  // CFBD's 2024 games and lines, then sportsdataverse's newer 2025 results and lines.
  await importFiles('college', [
    { source: 'cfbd', files: collegeFiles?.cfbd ?? [] },
    { source: 'sportsdataverse', files: collegeFiles?.sportsdataverse ?? [] },
  ]);

  const mlbFiles =
    options.mlbFiles === undefined
      ? { retrosheet: presentFiles('retrosheet'), statsapi: presentFiles('statsapi') }
      : options.mlbFiles;
  for (const source of ['retrosheet', 'statsapi'] as const) {
    await importFiles(source, [{ source, files: mlbFiles?.[source] ?? [] }]);
  }

  if (options.seed === 'auto') {
    // The real current season from the free live sources: a sport any of them serves gets no demo.
    for (const sport of sports) {
      const sources = options.liveSources?.filter((source) => source.sport === sport) ?? [];
      if (sources.length === 0) continue;
      await step(`live ${sport}`, async () => {
        const run = await pollDueSources(db, sources, now, log);
        const answered = run.polled.filter((poll) => poll.outcome !== 'failed').map((poll) => poll.key);
        if (answered.length === 0) {
          return { outcome: 'failed', message: `no live source answered (${sources.map((s) => s.key).join(', ')})` };
        }
        return { outcome: 'done', message: `answered: ${answered.join(', ')}` };
      });
    }
  }

  if (options.seed === 'auto' && options.oddsApiKey) {
    const timeoutMs = options.oddsApiTimeoutMs ?? DEFAULT_ODDS_TIMEOUT_MS;
    const baseFetch = options.fetch ?? guardedFetch(options.outbound ?? STRICT_OUTBOUND);
    const client = new OddsApiClient({
      apiKey: options.oddsApiKey,
      baseUrl: options.oddsApiUrl,
      retry: FIRST_RUN_RETRY,
      log,
      fetch: (input, init) => baseFetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    });
    for (const sport of sports) {
      await step(`odds-api ${sport}`, async () => {
        const odds = await fetchAndImportOdds(db, client, sport, {
          trigger: 'first-run',
          now,
          onProgress: reportTo(`odds-api ${sport}`, 0, 2),
        });
        const scores = await fetchAndImportScores(db, client, sport, {
          trigger: 'first-run',
          now,
          onProgress: reportTo(`odds-api ${sport}`, 1, 2),
        });
        return {
          outcome: 'done',
          message: `${odds.added} quotes added, ${scores.updated} scores updated`,
        };
      });
    }
  }

  // A sport The Odds API served has real games this season now; one it could not serve, or had no games
  // of (its off-season), gets the demo.
  for (const sport of sports) {
    const season = seasonForDate(sport, now);
    await step(`demo ${sport}`, async () => {
      if (await hasRealGames(db, sport, season)) {
        return { outcome: 'skipped', message: `the ${season} season has real games` };
      }
      const summary = await importDemoSeason(db, {
        sport,
        now,
        trigger: 'first-run',
        onProgress: reportTo(`demo ${sport}`),
      });
      return {
        outcome: 'done',
        message: `${season} demo season: ${summary.added} added, ${summary.updated} updated, ${summary.unchanged} unchanged`,
      };
    });
  }
  return steps;
}
