import type { LiveSourceStatus } from '@pass/contracts';
import type { Database } from '@pass/db';
import type { Sport } from '@pass/domain';
import { AppError } from '../../errors.js';
import { ProviderHttpError } from '../../lib/provider-http.js';
import {
  cadenceOf,
  GAME_DAY_AHEAD_MS,
  isDue,
  LIVE_WINDOW_MS,
  nextPollAt,
  type PollCadence,
} from '../../jobs/source-poll-policy.js';
import type { ImportSummary } from './imports.service.js';
import { SourceFetchError, type ConditionalState } from './source-fetch.js';
import * as repository from './source-polls.repository.js';

/**
 * The live sources the scheduler polls (docs/decisions/067). Each is one source for one sport (the ESPN
 * scoreboard of college football, nflverse's games.csv, the MLB Stats API schedule), polled on the calendar
 * of source-poll-policy.ts by the instance holding the jobs' lock. A poll is a conditional fetch; only an
 * answer with something new is imported (through the merge rule, which grades what it finalises), so a poll
 * that brings nothing costs a request and a row update.
 */

export interface PollAnswer {
  status: number;
  changed: boolean;
  etag: string | null;
  bodyHash: string | null;
  /** The imports a changed answer made. */
  summaries: ImportSummary[];
}

export interface PolledSource {
  /** `<source>:<sport>`, the row of source_polls and the admin's handle. */
  key: string;
  /** The source's name on the admin's screen. */
  name: string;
  sport: Sport;
  /** How often it is polled while one of its sport's games is played. */
  liveEveryMs: number;
  /**
   * A metered source's floor at `now`: never polled more often than this, whatever the cadence (CFBD paces its
   * monthly calls, docs/decisions/073-cfbd-live-source.md). None by default.
   */
  floorMs?: (now: Date, cadence: PollCadence) => number;
  /**
   * One poll at `now`, sending back what the last answer left. `cadence` says how wide: the day being played
   * while games are on or due, the whole season on the daily poll (and a first start's).
   */
  poll(db: Database, now: Date, previous: ConditionalState, cadence: PollCadence): Promise<PollAnswer>;
}

export interface PollsRun {
  /** The sources polled, with what came of each. */
  polled: { key: string; outcome: 'changed' | 'unchanged' | 'failed' }[];
  /** The sports whose games an import changed. */
  changedSports: Sport[];
}

/** The importers' names of the live sources' answers, and how long their answers are kept. */
const LIVE_RESPONSE_SOURCES = ['espn', 'statsapi', 'nflverse', 'cfbd'];
export const RESPONSES_KEPT_MS = 7 * 86_400_000;

const summaryOf = (summaries: readonly ImportSummary[]) => ({
  added: summaries.reduce((sum, s) => sum + s.added, 0),
  updated: summaries.reduce((sum, s) => sum + s.updated, 0),
  unchanged: summaries.reduce((sum, s) => sum + s.unchanged, 0),
  skipped: summaries.reduce((sum, s) => sum + s.skipped.reduce((n, entry) => n + entry.count, 0), 0),
});

/** Polls every enabled source that is due at `now`, one after another, and records each answer. */
export async function pollDueSources(
  db: Database,
  sources: readonly PolledSource[],
  now: Date,
  log: (message: string) => void = () => {},
): Promise<PollsRun> {
  const run: PollsRun = { polled: [], changedSports: [] };
  if (sources.length === 0) return run;
  const [states, games] = [
    await repository.listSourcePolls(db),
    await repository.listSportGames(db, now, LIVE_WINDOW_MS, GAME_DAY_AHEAD_MS),
  ];
  for (const source of sources) {
    const state = states.get(source.key);
    if (state && !state.enabled) continue;
    const cadence = cadenceOf(games.get(source.sport) ?? { playing: 0, nextKickoff: null }, now);
    const due = isDue(
      { nextPollAt: state?.nextPollAt ?? null, cadence: state?.cadence ?? null, failures: state?.failures ?? 0 },
      cadence,
      now,
      state?.lastFetchAt ?? null,
      source.liveEveryMs,
      source.floorMs?.(now, cadence),
    );
    if (!due) continue;
    const outcome = await pollOne(db, source, state, cadence, now, log);
    run.polled.push({ key: source.key, outcome: outcome.outcome });
    if (outcome.changedGames && !run.changedSports.includes(source.sport)) run.changedSports.push(source.sport);
  }
  // Each changed answer is stored (raw_responses): the week-old ones go, the newest of each address stays.
  if (run.polled.some((poll) => poll.outcome === 'changed')) {
    await repository.pruneLiveResponses(db, LIVE_RESPONSE_SOURCES, new Date(now.getTime() - RESPONSES_KEPT_MS));
  }
  return run;
}

async function pollOne(
  db: Database,
  source: PolledSource,
  state: repository.SourcePollRow | undefined,
  cadence: PollCadence,
  now: Date,
  log: (message: string) => void,
): Promise<{ outcome: 'changed' | 'unchanged' | 'failed'; changedGames: boolean }> {
  try {
    const previous = { etag: state?.etag ?? null, bodyHash: state?.bodyHash ?? null };
    const answer = await source.poll(db, now, previous, cadence);
    const summary = answer.changed ? summaryOf(answer.summaries) : null;
    await repository.recordPollAnswer(db, source.key, {
      at: now,
      status: answer.status,
      changed: answer.changed,
      etag: answer.etag,
      bodyHash: answer.bodyHash,
      summary,
      cadence,
      nextPollAt: nextPollAt({
        now,
        cadence,
        liveEveryMs: source.liveEveryMs,
        failures: 0,
        floorMs: source.floorMs?.(now, cadence),
      }),
    });
    return {
      outcome: answer.changed ? 'changed' : 'unchanged',
      changedGames: summary !== null && summary.added + summary.updated > 0,
    };
  } catch (error) {
    const failures = (state?.failures ?? 0) + 1;
    const message = error instanceof Error ? error.message : String(error);
    log(`live sources: ${source.name} failed (${failures} in a row): ${message}`);
    await repository.recordPollFailure(db, source.key, {
      at: now,
      status: error instanceof ProviderHttpError ? (error.status ?? null) : null,
      error: message,
      cadence,
      // Never sooner than the source asked (a 429's Retry-After, a spent allowance's renewal).
      nextPollAt: nextPollAt({
        now,
        cadence,
        liveEveryMs: source.liveEveryMs,
        failures,
        retryAfterMs: error instanceof SourceFetchError ? error.retryAfterMs : undefined,
      }),
    });
    return { outcome: 'failed', changedGames: false };
  }
}

const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** The admin's view of each live source: last fetch, answer, ETag, next poll, errors, on or off. */
export async function listLiveSources(db: Database, sources: readonly PolledSource[]): Promise<LiveSourceStatus[]> {
  const states = await repository.listSourcePolls(db);
  return sources.map((source) => {
    const state = states.get(source.key);
    return {
      key: source.key,
      name: source.name,
      sport: source.sport,
      enabled: state?.enabled ?? true,
      cadence: state?.cadence ?? null,
      last_fetch_at: isoOrNull(state?.lastFetchAt ?? null),
      last_status: state?.lastStatus ?? null,
      last_outcome: state?.lastOutcome ?? null,
      last_changed_at: isoOrNull(state?.lastChangedAt ?? null),
      last_summary: (state?.lastSummary as LiveSourceStatus['last_summary']) ?? null,
      etag: state?.etag ?? null,
      next_poll_at: isoOrNull(state?.nextPollAt ?? null),
      failures: state?.failures ?? 0,
      last_error: state?.lastError ?? null,
      last_error_at: isoOrNull(state?.lastErrorAt ?? null),
      // The wait the last success set (a back-off or the admin's switch leaves none to tell).
      every_ms:
        state && state.failures === 0 && state.lastOutcome !== 'failed' && state.lastFetchAt && state.nextPollAt
          ? state.nextPollAt.getTime() - state.lastFetchAt.getTime()
          : null,
    };
  });
}

/** The admin switches a source off (it is not polled) or on again (due at once). */
export async function setLiveSourceEnabled(
  db: Database,
  sources: readonly PolledSource[],
  key: string,
  enabled: boolean,
): Promise<LiveSourceStatus> {
  if (!sources.some((source) => source.key === key)) throw new AppError('NOT_FOUND', `No live source ${key}`);
  await repository.setSourceEnabled(db, key, enabled);
  return (await listLiveSources(db, sources)).find((source) => source.key === key)!;
}
