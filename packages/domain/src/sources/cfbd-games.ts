import { teamRegistry } from '../teams/all-teams.js';
import type { TeamRegistry } from '../teams/registry.js';
import type { Team } from '../teams/types.js';
import { negate, type GameLine, type ParseResult, type Skipped, type SourceGame } from './types.js';
import { asNumber, field, type Json } from './cfbd-json.js';

export interface CfbdGame extends SourceGame {
  source: 'cfbd';
  /** CFBD says the kickoff time was not set yet; `kickoff` then holds only a placeholder time of day. */
  kickoffTbd: boolean;
  conferenceGame: boolean;
  /** Bowl or CFP name for postseason games. */
  notes: string | null;
}

/** A pre-game line from CFBD's `/metrics/wp/pregame`: CFBD's `spread` is already home-view, negative = home favoured. */
export interface CfbdPregameLine extends Pick<GameLine, 'homeSpread'> {
  gameId: string;
  season: number;
  week: number;
  seasonType: 'regular' | 'postseason';
  homeWinProbability: number | null;
}

/** The college team behind a CFBD side: by ESPN team id, else by CFBD's school name. */
function collegeTeam(registry: TeamRegistry, id: unknown, name: unknown): Team | undefined {
  return (
    (id !== null && id !== undefined ? registry.byId('americanfootball_ncaaf', 'espn', String(id)) : undefined) ??
    (typeof name === 'string' ? registry.resolve('americanfootball_ncaaf', name, 'cfbd') : undefined)
  );
}

/**
 * The two teams of a college game the product follows: at least one of them in FBS that season, the other any
 * team the registry knows (an FCS opponent included); else why the game is left out.
 */
export function followedCollegeGame(
  registry: TeamRegistry,
  season: number,
  home: Team | undefined,
  away: Team | undefined,
  names: { home: string; away: string },
): { home: Team; away: Team } | string {
  const inFbs = (team: Team | undefined) => team !== undefined && registry.conferenceIn(team, season) !== null;
  if (!inFbs(home) && !inFbs(away)) return `not an FBS game (${names.away} at ${names.home})`;
  if (!home || !away) return `opponent not in the team list: ${home ? names.away : names.home}`;
  return { home, away };
}

/**
 * CFBD `/games` responses, both the v1 shape (2024 files: `start_date`, `home_team`, `home_points`) and
 * v2 (2025: `startDate`, `homeTeam`, `homePoints`). The product follows FBS: games without an FBS team are
 * skipped; FBS games against FCS teams are kept (the registry holds those opponents), so records are complete.
 * A conference game needs both teams in the same real conference that season (registry.sameConference), whatever
 * CFBD's flag says of two independents. Game ids are ESPN event ids; team ids are ESPN team ids.
 */
export function parseCfbdGames(json: unknown, options: { registry?: TeamRegistry } = {}): ParseResult<CfbdGame> {
  const registry = options.registry ?? teamRegistry;
  const records: CfbdGame[] = [];
  const skipped: Skipped[] = [];
  if (!Array.isArray(json)) return { records, skipped: [{ id: '(response)', reason: 'expected an array of games' }] };

  for (const item of json as unknown[]) {
    if (typeof item !== 'object' || item === null) {
      skipped.push({ id: '(unknown)', reason: 'not an object' });
      continue;
    }
    const game = item as Json;
    const id = String(game.id ?? '');
    const skip = (reason: string) => skipped.push({ id: id || '(no id)', reason });
    const season = asNumber(game.season);
    const week = asNumber(game.week);
    const seasonType = field(game, 'seasonType', 'season_type');
    const start = field(game, 'startDate', 'start_date');
    if (!id || season === null || (seasonType !== 'regular' && seasonType !== 'postseason')) {
      skip('id, season or season type missing');
      continue;
    }
    const kickoff = typeof start === 'string' ? new Date(start) : undefined;
    if (!kickoff || Number.isNaN(kickoff.getTime())) {
      skip(`bad start date ${JSON.stringify(start)}`);
      continue;
    }
    const homeName = field(game, 'homeTeam', 'home_team');
    const awayName = field(game, 'awayTeam', 'away_team');
    const teams = followedCollegeGame(
      registry,
      season,
      collegeTeam(registry, field(game, 'homeId', 'home_id'), homeName),
      collegeTeam(registry, field(game, 'awayId', 'away_id'), awayName),
      { home: String(homeName), away: String(awayName) },
    );
    if (typeof teams === 'string') {
      skip(teams);
      continue;
    }
    const { home, away } = teams;
    const homeScore = asNumber(field(game, 'homePoints', 'home_points'));
    const awayScore = asNumber(field(game, 'awayPoints', 'away_points'));
    const final = game.completed === true && homeScore !== null && awayScore !== null;
    const notes = game.notes;
    records.push({
      source: 'cfbd',
      sourceId: id,
      sport: 'americanfootball_ncaaf',
      season,
      week,
      seasonType,
      kickoff: kickoff.toISOString(),
      kickoffTbd: field(game, 'startTimeTBD', 'start_time_tbd') === true,
      date: kickoff.toISOString().slice(0, 10),
      home: home.abbr,
      away: away.abbr,
      homeScore: final ? homeScore : null,
      awayScore: final ? awayScore : null,
      neutralSite: field(game, 'neutralSite', 'neutral_site') === true,
      conferenceGame:
        field(game, 'conferenceGame', 'conference_game') === true && registry.sameConference(home, away, season),
      status: final ? 'final' : 'scheduled',
      notes: typeof notes === 'string' && notes !== '' ? notes : null,
    });
  }
  return { records, skipped };
}

/** CFBD `/metrics/wp/pregame` (v1 `homeWinProb`, v2 `homeWinProbability`): the only CFBD line stored here. */
export function parseCfbdPregameLines(json: unknown): ParseResult<CfbdPregameLine> {
  const records: CfbdPregameLine[] = [];
  const skipped: Skipped[] = [];
  if (!Array.isArray(json)) return { records, skipped: [{ id: '(response)', reason: 'expected an array' }] };
  for (const item of json as Json[]) {
    const gameId = String(item.gameId ?? '');
    const season = asNumber(item.season);
    const week = asNumber(item.week);
    const seasonType = item.seasonType;
    if (!gameId || season === null || week === null || (seasonType !== 'regular' && seasonType !== 'postseason')) {
      skipped.push({ id: gameId || '(no id)', reason: 'gameId, season, week or season type missing' });
      continue;
    }
    const spread = asNumber(item.spread);
    records.push({
      gameId,
      season,
      week,
      seasonType,
      // Already the sportsbook convention; negate(negate()) only normalises −0.
      homeSpread: spread === null ? null : negate(negate(spread)),
      homeWinProbability: asNumber(field(item, 'homeWinProbability', 'homeWinProb')),
    });
  }
  return { records, skipped };
}
