import type { GameStatus, LiveState } from './types.js';

/**
 * Imports only move forward (docs/decisions/022). Every event keeps, for its schedule fields and for its
 * result fields apart, the source and the data time ("as of") they came from. A source's observation of a
 * game replaces each group only when it is better evidence than what is stored; the rule is a total order
 * on observations, so the stored event is the best observation seen, whatever order they came in, and
 * re-reading one changes nothing.
 */

export interface ScheduleFacts {
  sport: string;
  season: number;
  week: number | null;
  seasonType: 'regular' | 'postseason';
  kickoffAt: string | null;
  gameDate: string;
  homeTeam: string;
  awayTeam: string;
  neutralSite: boolean;
}

export interface ResultFacts {
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  /** A game under way: period, clock and line, part of the result it was seen with (null otherwise). */
  live?: LiveState | null;
}

/** Where a group of fields came from. `asOf` null: stored before provenance was kept, older than any dated data. */
export interface Provenance {
  source: string | null;
  asOf: string | null;
}

export interface MergedEvent extends ScheduleFacts, ResultFacts {
  schedule: Provenance;
  /** The kickoff keeps its own: an unknown kickoff never replaces a known one, so it can outlive its schedule. */
  kickoff: Provenance;
  result: Provenance;
}

/** One source's view of one game at its data time. */
export interface GameObservation extends ScheduleFacts, ResultFacts {
  source: string;
  asOf: string;
}

/**
 * Between two observations of equal data time, the source listed first wins: the admin, box-score sources before
 * schedule snapshots, schedule snapshots before the live odds feed, the generated demo last. Only ties
 * reach this rank; a newer observation wins whatever its source.
 */
export const SOURCE_RANK: readonly string[] = [
  // The admin's result (the "finish the game" endpoint) is a person's correction.
  'admin',
  'retrosheet',
  'nflverse',
  'statsapi',
  'sportsdataverse',
  'cfbd',
  'odds-api',
  // The ESPN scoreboard is unofficial and best effort: every other source's word goes first on a tie.
  'espn',
  'demo',
];

const rankOf = (source: string | null) => {
  const index = source === null ? -1 : SOURCE_RANK.indexOf(source);
  return index === -1 ? SOURCE_RANK.length : index;
};

const timeOf = (asOf: string | null) => (asOf === null ? -Infinity : Date.parse(asOf));

/**
 * The admin's result is a person's decision about a game (a push, a cancellation, a postponement the sources
 * may never report): it stands over every import and the demo, whatever their data time or status, until the
 * admin clears it (the result then has no source and no data time, and the next observation replaces it).
 */
export const ADMIN_SOURCE = 'admin';
const authorityOf = (source: string | null) => (source === ADMIN_SOURCE ? 1 : 0);

/**
 * Whether the incoming evidence replaces the stored one. `strength` compares (a final result beats a
 * non-final one, a known kickoff an unknown one), then the data time, then: the same source re-read wins
 * (perhaps by a newer parser), else the source rank, else the source's name (so no tie is left to arrival order).
 */
function replaces(
  incoming: { source: string; asOf: string; strength: number },
  stored: Provenance & { strength: number },
): boolean {
  if (incoming.strength !== stored.strength) return incoming.strength > stored.strength;
  const incomingTime = timeOf(incoming.asOf);
  const storedTime = timeOf(stored.asOf);
  if (incomingTime !== storedTime) return incomingTime > storedTime;
  if (incoming.source === stored.source) return true;
  const incomingRank = rankOf(incoming.source);
  const storedRank = rankOf(stored.source);
  if (incomingRank !== storedRank) return incomingRank < storedRank;
  return incoming.source < (stored.source ?? '');
}

/**
 * How much a result says: a final most; a game seen under way, postponed or called off more than a schedule's
 * "scheduled" (a schedule that has not seen the game start says nothing about it, so a newer snapshot of it
 * never puts a game under way back to scheduled: decision 066); then the data time decides.
 */
const resultStrength = (status: GameStatus) => (status === 'final' ? 2 : status === 'scheduled' ? 0 : 1);

/**
 * The scores of a result as the given home and away teams see them: a source that names the teams the other
 * way round (neutral sites) has its scores swapped.
 */
function orientScores(
  result: ResultFacts & { homeTeam: string; awayTeam: string },
  homeTeam: string,
  awayTeam: string,
): { homeScore: number | null; awayScore: number | null } {
  if (result.homeTeam === awayTeam && result.awayTeam === homeTeam && homeTeam !== awayTeam) {
    return { homeScore: result.awayScore, awayScore: result.homeScore };
  }
  return { homeScore: result.homeScore, awayScore: result.awayScore };
}

const scheduleOf = (facts: ScheduleFacts): ScheduleFacts => ({
  sport: facts.sport,
  season: facts.season,
  week: facts.week,
  seasonType: facts.seasonType,
  kickoffAt: facts.kickoffAt,
  gameDate: facts.gameDate,
  homeTeam: facts.homeTeam,
  awayTeam: facts.awayTeam,
  neutralSite: facts.neutralSite,
});

/** A result's live state: only a game under way has one. */
const liveOf = (result: ResultFacts): LiveState | null =>
  result.status === 'in_progress' ? (result.live ?? null) : null;

/** The event as first seen: the observation itself, with its provenance on both groups. */
export function eventFromObservation(observation: GameObservation): MergedEvent {
  const provenance = { source: observation.source, asOf: observation.asOf };
  return {
    ...scheduleOf(observation),
    status: observation.status,
    homeScore: observation.homeScore,
    awayScore: observation.awayScore,
    live: liveOf(observation),
    schedule: provenance,
    kickoff: provenance,
    result: provenance,
  };
}

/**
 * The stored event after an observation. Schedule fields (teams, date, week, season type, neutral site):
 * the newer data wins. The kickoff: a known one beats an unknown one (a date-only source never erases a
 * time), then the newer data wins. Result fields (status, scores): a final beats any non-final whatever its
 * time (a final never goes back to scheduled), then the newer data wins, so a score correction from the same
 * or a newer source applies. The admin's result stands over all of these until cleared. Each group moves as a whole.
 */
export function mergeObservation(
  stored: MergedEvent,
  incoming: GameObservation,
  /** What the observation tells, when not everything: the odds feed tells kickoffs, the scores feed results. */
  only?: 'kickoff' | 'result',
): MergedEvent {
  const scheduleWins =
    only === undefined &&
    replaces({ source: incoming.source, asOf: incoming.asOf, strength: 0 }, { ...stored.schedule, strength: 0 });
  const kickoffWins =
    only !== 'result' &&
    replaces(
      { source: incoming.source, asOf: incoming.asOf, strength: incoming.kickoffAt === null ? 0 : 1 },
      { ...stored.kickoff, strength: stored.kickoffAt === null ? 0 : 1 },
    );
  // The admin's result outranks every other result first (the admin only ever tells results).
  const authority = authorityOf(incoming.source) - authorityOf(stored.result.source);
  const resultWins =
    only !== 'kickoff' &&
    (authority !== 0
      ? authority > 0
      : replaces(
          { source: incoming.source, asOf: incoming.asOf, strength: resultStrength(incoming.status) },
          { ...stored.result, strength: resultStrength(stored.status) },
        ));
  const schedule = {
    ...(scheduleWins ? scheduleOf(incoming) : scheduleOf(stored)),
    kickoffAt: kickoffWins ? incoming.kickoffAt : stored.kickoffAt,
  };
  const result = resultWins ? incoming : stored;
  return {
    ...schedule,
    status: result.status,
    ...orientScores(result, schedule.homeTeam, schedule.awayTeam),
    live: liveOf(result),
    schedule: scheduleWins ? { source: incoming.source, asOf: incoming.asOf } : stored.schedule,
    kickoff: kickoffWins ? { source: incoming.source, asOf: incoming.asOf } : stored.kickoff,
    result: resultWins ? { source: incoming.source, asOf: incoming.asOf } : stored.result,
  };
}

/**
 * Whether a source's quotes of an event replace the ones it stored before: only a non-empty set (a file
 * without lines for a game says nothing about them) from data at least as new as the stored set's.
 */
export function quotesReplace(incoming: { count: number; asOf: string }, storedAsOf: string | null): boolean {
  return incoming.count > 0 && timeOf(incoming.asOf) >= timeOf(storedAsOf);
}
