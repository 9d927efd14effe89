import type { SyncLeg } from '@pass/contracts';
import { seasonForDate, SPORTS, teamRegistry, type Sport, type Team, type TeamNameMatch } from '@pass/domain';
import type { LedgerEvent } from '../ledger/ledger-event.js';

/**
 * Which game a synced leg is on (decision 051), by the rule the importers use for The Odds API's events: the
 * sport, both teams through the team registry, and the kickoff within 36 hours of the game's start as the book
 * gives it. A book that gives no start (DraftKings' export) leaves only the time the bet was placed: then the
 * one game between the teams from 6 hours before it (a live bet) to 36 hours after it is the game, and two such
 * games (a series, a doubleheader) are a question for the member, not a guess.
 */

export const MATCH_WINDOW_HOURS = 36;
/** How long before the bet was placed its game may have started (a bet placed live). */
const LIVE_HOURS = 6;
const HOUR_MS = 3_600_000;

/** A game's start for matching: its kickoff, or for a game known only by its date, 7 pm US Eastern that day. */
export function matchTime(event: Pick<LedgerEvent, 'kickoffAt' | 'gameDate'>): number {
  return event.kickoffAt?.getTime() ?? Date.parse(`${event.gameDate}T23:00:00Z`);
}

/** The two teams a book's game name holds: "Away @ Home", "Away at Home", "Home vs Away", "A v B". */
export function splitGame(name: string): [string, string] | undefined {
  const parts = name.split(/\s+(?:@|at|vs\.?|v\.?)\s+|\s*@\s*/i).map((part) => part.trim());
  return parts.length === 2 && parts[0] !== '' && parts[1] !== '' ? [parts[0]!, parts[1]!] : undefined;
}

const pairKey = (sport: string, a: string, b: string) => (a < b ? `${sport}|${a}|${b}` : `${sport}|${b}|${a}`);

/** The stored games, looked up by sport and pair of teams. */
export class GameIndex {
  private readonly byPair = new Map<string, LedgerEvent[]>();

  constructor(events: readonly LedgerEvent[]) {
    for (const event of events) {
      const key = pairKey(event.sport, event.homeTeam, event.awayTeam);
      const games = this.byPair.get(key);
      if (games) games.push(event);
      else this.byPair.set(key, [event]);
    }
  }

  between(sport: string, a: string, b: string): readonly LedgerEvent[] {
    return this.byPair.get(pairKey(sport, a, b)) ?? [];
  }
}

export type LegMatch =
  | {
      matched: true;
      event: LedgerEvent;
      sport: Sport;
      /** The picked team as the game names it; null for a total. */ team: string | null;
    }
  | { matched: false; reason: string };

const shownTime = (time: number) => new Date(time).toISOString().replace(':00.000Z', 'Z');

function pickGame(
  games: readonly LedgerEvent[],
  leg: Pick<SyncLeg, 'event' | 'event_start'>,
  placedAt: string,
): LegMatch | { matched: false; reason: string } {
  const label = `"${leg.event}"`;
  if (games.length === 0) return { matched: false, reason: `${label}: no game between these teams is stored` };
  const nearestOf = (at: number) =>
    [...games].sort((a, b) => Math.abs(matchTime(a) - at) - Math.abs(matchTime(b) - at))[0]!;
  if (leg.event_start) {
    const start = Date.parse(leg.event_start);
    const within = games
      .filter((game) => Math.abs(matchTime(game) - start) <= MATCH_WINDOW_HOURS * HOUR_MS)
      .sort((a, b) => Math.abs(matchTime(a) - start) - Math.abs(matchTime(b) - start));
    const [first, second] = within;
    if (!first) {
      return {
        matched: false,
        reason: `${label}: no game between these teams within ${MATCH_WINDOW_HOURS} h of ${shownTime(start)}; the nearest starts ${shownTime(matchTime(nearestOf(start)))}`,
      };
    }
    if (second && Math.abs(matchTime(second) - start) - Math.abs(matchTime(first) - start) < 60_000) {
      return {
        matched: false,
        reason: `${label}: two games between these teams on ${first.gameDate} (a doubleheader): record it by hand`,
      };
    }
    return { matched: true, event: first, sport: first.sport as Sport, team: null };
  }
  const placed = Date.parse(placedAt);
  const within = games.filter(
    (game) =>
      matchTime(game) >= placed - LIVE_HOURS * HOUR_MS && matchTime(game) <= placed + MATCH_WINDOW_HOURS * HOUR_MS,
  );
  if (within.length === 1) return { matched: true, event: within[0]!, sport: within[0]!.sport as Sport, team: null };
  if (within.length === 0) {
    return {
      matched: false,
      reason: `${label}: the book gives no start, and no game between these teams starts within ${MATCH_WINDOW_HOURS} h of the bet (placed ${shownTime(placed)}); the nearest starts ${shownTime(matchTime(nearestOf(placed)))}`,
    };
  }
  return {
    matched: false,
    reason: `${label}: the book gives no start, and ${within.length} games between these teams start near the bet (${within.map((game) => game.gameDate).join(', ')}): record it by hand`,
  };
}

/**
 * What a book's team name picks in a game: the team it names when that team plays in it; when the name is
 * several teams' ("LA"), the one of them that plays in it. Two of them in the game (the Rams at the Chargers)
 * are the candidates; none, undefined. The date (the game's start or the bet's time) says which season's names
 * are read.
 */
export function teamOfGame(
  sport: Sport,
  name: string,
  event: Pick<LedgerEvent, 'homeTeam' | 'awayTeam'>,
  date: string,
): TeamNameMatch | undefined {
  const match = teamRegistry.resolveName(sport, name, { date });
  if (!match) return undefined;
  const inGame = ('team' in match ? [match.team] : match.candidates).filter(
    (team) => team.abbr === event.homeTeam || team.abbr === event.awayTeam,
  );
  if (inGame.length === 0) return undefined;
  return inGame.length === 1 ? { team: inGame[0]! } : { candidates: inGame };
}

/** "the Los Angeles Rams or the Los Angeles Chargers", as of the season of `date`. */
function teamList(teams: readonly Team[], date: string): string {
  const names = [...new Set(teams)].map(
    (team) => `the ${teamRegistry.nameIn(team, seasonForDate(team.sport, new Date(date)))}`,
  );
  return names.length <= 2 ? names.join(' or ') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Why a name several teams go by is refused: the teams it could be. */
const couldBe = (name: string, teams: readonly Team[], date: string) =>
  `"${name}" could be ${teamList(teams, date)}: the book's name does not say which, so record it by hand or choose its game`;

/** The game and picked team of a leg, or why none could be told. */
export function matchLeg(leg: SyncLeg, placedAt: string, games: GameIndex): LegMatch {
  const teams = splitGame(leg.event);
  if (!teams) return { matched: false, reason: `"${leg.event}" does not name two teams ("Away @ Home")` };
  const sports = leg.sport ? [leg.sport] : SPORTS;
  // Names are read as of the game's season: "LA" was only the Rams in 2016.
  const date = leg.event_start ?? placedAt;
  const found: LegMatch[] = [];
  const misses: string[] = [];
  // The names that are several teams' of a sport both names are teams of: never guessed at. A sport where one of
  // the teams they could be has a game that fits is a contender, so no other sport's game is taken for sure.
  const ambiguous = new Map<string, Team[]>();
  let contested = false;
  for (const sport of sports) {
    const [a, b] = teams.map((name) => teamRegistry.resolveName(sport, name, { date }));
    if (!a || !b) {
      if (leg.sport) {
        const unknown = teams.filter((_, index) => ![a, b][index]);
        misses.push(`${unknown.map((name) => `"${name}"`).join(' and ')}: not a team of ${sport} PA$$ knows`);
      }
      continue;
    }
    if (!('team' in a) || !('team' in b)) {
      const [aTeams, bTeams] = [a, b].map((match) => ('team' in match ? [match.team] : match.candidates));
      for (const [index, match] of [a, b].entries()) {
        if ('candidates' in match) {
          const name = teams[index]!;
          ambiguous.set(name, [...(ambiguous.get(name) ?? []), ...match.candidates]);
        }
      }
      contested ||= aTeams!.some((home) =>
        bTeams!.some(
          (away) => home !== away && pickGame(games.between(sport, home.abbr, away.abbr), leg, placedAt).matched,
        ),
      );
      continue;
    }
    const picked = pickGame(games.between(sport, a.team.abbr, b.team.abbr), leg, placedAt);
    if (!picked.matched) {
      misses.push(picked.reason);
      continue;
    }
    let team: string | null = null;
    if (leg.market !== 'total') {
      const selected = teamOfGame(sport, leg.selection, picked.event, date);
      if (!selected) {
        misses.push(`the selection "${leg.selection}" is not either team of "${leg.event}"`);
        continue;
      }
      if ('candidates' in selected) {
        misses.push(`the selection ${couldBe(leg.selection, selected.candidates, date)}`);
        continue;
      }
      team = selected.team.abbr;
    }
    found.push({ ...picked, team });
  }
  if (found.length === 1 && !contested) return found[0]!;
  if (found.length > 1)
    return {
      matched: false,
      reason: `"${leg.event}" names games of ${found.length} sports: the book's league is needed`,
    };
  if (ambiguous.size > 0) {
    return {
      matched: false,
      reason: [...ambiguous].map(([name, candidates]) => couldBe(name, candidates, date)).join('; '),
    };
  }
  return { matched: false, reason: misses[0] ?? `"${leg.event}": its teams are not teams PA$$ knows` };
}
