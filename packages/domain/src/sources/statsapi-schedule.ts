import { teamRegistry } from '../teams/all-teams.js';
import type { TeamRegistry } from '../teams/registry.js';
import type { Team } from '../teams/types.js';
import { dateInZone, specialVenueOf, US_EASTERN } from './mlb-venues.js';
import type { GameStatus, LiveState, ParseResult, Skipped, SourceGame } from './types.js';

/**
 * The MLB Stats API's schedule (`GET /api/v1/schedule?sportId=1&date=…` or `startDate=…&endDate=…`, with
 * `hydrate=linescore` for the inning of a game under way): `dates[].games[]`, each game keyed by `gamePk`,
 * the same id as the `game_pk` of the Stats API export in history/, so both land on one event (source key
 * `statsapi`). Field by field:
 * - `officialDate` is the local date the game counts for (our `date`); `gameDate` is the first pitch in UTC,
 *   a placeholder when `status.startTimeTBD` (the second game of a traditional doubleheader), then unknown;
 * - `status.codedGameState` tells the state: S and P (Scheduled, Pre-Game, Warmup, Delayed Start) scheduled;
 *   I, M, N (In Progress, Delayed, a manager's challenge, an umpires' review) in progress; O and F (Game Over,
 *   Final, Completed Early) final; D postponed; C cancelled; T and U (Suspended) in progress, with the source's
 *   line, until the game is resumed and completed, on the same or another date under the same `gamePk`;
 *   `abstractGameState` (Preview, Live, Final) decides when the code is one we do not know;
 * - a postponed game is listed under its original date with `officialDate` already the new one and the new first
 *   pitch in `rescheduleDate`, which is then its kickoff;
 * - `teams.home/away.team.id` are the Stats API's team ids (the registry's `statsapi` ids), `score` the runs,
 *   0–0 before the first pitch: a game not under way has no score here;
 * - `gameType` R is the regular season; F, D, L and W (wild card, division series, league championship,
 *   World Series) the postseason; spring training, exhibitions and the All-Star Game are left out;
 * - `linescore.currentInning` and `inningState` (Top, Bottom, Middle, End) make the live line ("Bottom 9th").
 */

export interface StatsApiScheduleGame extends SourceGame {
  source: 'statsapi';
  /** 1, or 2 for the second game of a doubleheader. */
  gameNumber: number;
  /** N: a single game; Y: a traditional doubleheader (one ticket); S: a split one (two tickets, two start times). */
  doubleHeader: string;
  /** The park's name as the Stats API gives it. */
  venue: string | null;
  /** The source's state for people: "In Progress", "Delayed: Rain", "Suspended: Rain", "Postponed". */
  detailedState: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const integer = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value)
    ? value
    : typeof value === 'string' && /^\d+$/.test(value)
      ? Number(value)
      : null;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const POSTSEASON_GAME_TYPES = new Set(['F', 'D', 'L', 'W']);

/** The states by `codedGameState`; T and U (Suspended) are a game under way that stopped. */
const CODED_STATES: Readonly<Record<string, GameStatus>> = {
  S: 'scheduled',
  P: 'scheduled',
  I: 'in_progress',
  M: 'in_progress',
  N: 'in_progress',
  T: 'in_progress',
  U: 'in_progress',
  O: 'final',
  F: 'final',
  D: 'postponed',
  C: 'cancelled',
};
const ABSTRACT_STATES: Readonly<Record<string, GameStatus>> = {
  Preview: 'scheduled',
  Live: 'in_progress',
  Final: 'final',
};

/** A game's status from its `status` object; undefined when neither its code nor its state is one we know. */
function statusOf(status: Json): GameStatus | undefined {
  const detailed = text(status.detailedState) ?? '';
  // Named first: a suspended game is under way whatever its abstract state says.
  if (detailed.startsWith('Suspended')) return 'in_progress';
  if (detailed.startsWith('Postponed')) return 'postponed';
  if (detailed.startsWith('Cancelled') || detailed.startsWith('Canceled')) return 'cancelled';
  const coded = text(status.codedGameState);
  if (coded && CODED_STATES[coded]) return CODED_STATES[coded];
  const abstract = text(status.abstractGameState);
  return abstract ? ABSTRACT_STATES[abstract] : undefined;
}

/** "1st", "2nd", "3rd", "4th" … "11th", "12th", "13th", "21st". */
function ordinal(inning: number): string {
  const teen = inning % 100 >= 11 && inning % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][inning % 10] ?? 'th');
  return `${inning}${suffix}`;
}

/**
 * The live state of a game under way: the inning from the linescore (when hydrated), and the source's line: the
 * half inning ("Bottom 9th", "Middle 5th") while it is played, else its state ("Delayed: Rain", "Suspended: Rain").
 */
function liveOf(game: Json, detailed: string): LiveState {
  const linescore = isObject(game.linescore) ? game.linescore : {};
  const inning = integer(linescore.currentInning);
  if (detailed !== 'In Progress' && detailed !== '') return { period: inning, clock: null, detail: detailed };
  if (inning === null) return { period: null, clock: null, detail: detailed || 'In Progress' };
  const half = text(linescore.inningState) ?? text(linescore.inningHalf);
  const inningText = text(linescore.currentInningOrdinal) ?? ordinal(inning);
  return { period: inning, clock: null, detail: half ? `${half} ${inningText}` : inningText };
}

function teamOf(
  registry: TeamRegistry,
  side: unknown,
): { team: Team | undefined; label: string; score: number | null } {
  const entry = isObject(side) ? side : {};
  const team = isObject(entry.team) ? entry.team : {};
  const id = integer(team.id);
  const name = text(team.name);
  return {
    team:
      (id !== null ? registry.byId('baseball_mlb', 'statsapi', id) : undefined) ??
      (name ? registry.resolve('baseball_mlb', name, 'statsapi') : undefined),
    label: name ?? (id !== null ? `team ${id}` : 'no team'),
    score: integer(entry.score),
  };
}

/** A UTC instant as the API writes it ("2023-08-29T22:40:00Z"), normalised; undefined when unreadable. */
function instant(value: unknown): string | undefined {
  const written = text(value);
  if (!written || !/^\d{4}-\d{2}-\d{2}T/.test(written)) return undefined;
  const time = Date.parse(written);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/**
 * Parses a schedule answer. A game listed twice (a range that holds the date a suspended or postponed game was
 * first scheduled for and the date it is played on) is kept once, as its last listing shows it. A game that
 * cannot be read is skipped with the reason, by its `gamePk`.
 */
export function parseStatsApiSchedule(
  json: unknown,
  options: { registry?: TeamRegistry } = {},
): ParseResult<StatsApiScheduleGame> {
  const registry = options.registry ?? teamRegistry;
  const skipped: Skipped[] = [];
  if (!isObject(json) || !Array.isArray(json.dates)) {
    return { records: [], skipped: [{ id: '(response)', reason: 'not a schedule: no dates' }] };
  }
  const byId = new Map<string, StatsApiScheduleGame>();
  for (const day of json.dates as unknown[]) {
    const games = isObject(day) && Array.isArray(day.games) ? (day.games as unknown[]) : [];
    for (const item of games) {
      if (!isObject(item)) {
        skipped.push({ id: '(unknown)', reason: 'not an object' });
        continue;
      }
      const gamePk = integer(item.gamePk);
      const id = gamePk === null ? '(no gamePk)' : String(gamePk);
      const skip = (reason: string) => skipped.push({ id, reason });
      if (gamePk === null) {
        skip('gamePk missing');
        continue;
      }
      const gameType = text(item.gameType);
      if (gameType !== 'R' && !(gameType && POSTSEASON_GAME_TYPES.has(gameType))) {
        skip(`not a regular-season or postseason game (gameType ${gameType ?? 'missing'})`);
        continue;
      }
      const date = text(item.officialDate);
      if (!date || !DATE.test(date)) {
        skip('officialDate missing');
        continue;
      }
      const firstPitch = instant(item.gameDate);
      if (firstPitch === undefined) {
        skip('gameDate missing');
        continue;
      }
      const statusObject = isObject(item.status) ? item.status : {};
      const status = statusOf(statusObject);
      if (!status) {
        skip(`unknown status "${text(statusObject.detailedState) ?? text(statusObject.abstractGameState) ?? ''}"`);
        continue;
      }
      const teams = isObject(item.teams) ? item.teams : {};
      const home = teamOf(registry, teams.home);
      const away = teamOf(registry, teams.away);
      if (!home.team || !away.team) {
        skip(`unknown team "${home.team ? away.label : home.label}"`);
        continue;
      }
      const underWay = status === 'in_progress' || status === 'final';
      if (status === 'final' && (home.score === null || away.score === null)) {
        skip('final without a score');
        continue;
      }
      const season = integer(item.season) ?? Number(date.slice(0, 4));
      const detailedState = text(statusObject.detailedState) ?? '';
      const rescheduled = status === 'postponed' ? instant(item.rescheduleDate) : undefined;
      const record: StatsApiScheduleGame = {
        source: 'statsapi',
        sourceId: id,
        sport: 'baseball_mlb',
        season,
        week: null,
        seasonType: gameType === 'R' ? 'regular' : 'postseason',
        kickoff: rescheduled ?? (statusObject.startTimeTBD === true ? null : firstPitch),
        date,
        home: home.team.abbr,
        away: away.team.abbr,
        homeScore: underWay ? home.score : null,
        awayScore: underWay ? away.score : null,
        neutralSite: false,
        status,
        live: status === 'in_progress' ? liveOf(item, detailedState) : null,
        gameNumber: integer(item.gameNumber) ?? 1,
        doubleHeader: text(item.doubleHeader) ?? 'N',
        venue: isObject(item.venue) ? text(item.venue.name) : null,
        detailedState,
      };
      const special = specialVenueOf(record);
      if (special) record.neutralSite = special.neutral;
      byId.delete(id);
      byId.set(id, record);
    }
  }
  return { records: [...byId.values()], skipped };
}

/** Before this hour (US Eastern) the schedule of the day before is still the one being played. */
const MLB_DAY_STARTS_AT_HOUR = 5;

/**
 * The day whose schedule is being played at `now`: the US Eastern date, except that until 5 am Eastern it is
 * still the day before (a West Coast night game ends near 2 am Eastern). The earliest first pitches of the year,
 * the openers in Tokyo and Seoul, are at 6 am Eastern.
 */
export function mlbScheduleDay(now: Date): string {
  return dateInZone(new Date(now.getTime() - MLB_DAY_STARTS_AT_HOUR * 3_600_000), US_EASTERN);
}
