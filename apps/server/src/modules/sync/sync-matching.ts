import type { SyncLeg } from '@pass/contracts';
import {
  easternDateOf,
  easternToUtc,
  seasonForDate,
  SPORTS,
  teamRegistry,
  type Sport,
  type Team,
  type TeamNameMatch,
} from '@pass/domain';
import type { LedgerEvent } from '../ledger/ledger-event.js';

/**
 * Which game a synced leg is on (decision 051; by time, docs/decisions/076-sync-matching-by-time.md): the sport,
 * both teams through the team registry, then the time. A bet is placed before its game starts (live bets aside), so:
 *
 * - When the book gives the game's start (FanDuel, JSON slips), the game starting within an hour of it is the game;
 *   a game known only by its date is the game when it is the only one between the teams on that Eastern date.
 *   Otherwise the game nearest the start within 36 h, as the importers match The Odds API's events.
 * - When it does not (DraftKings), the first game between the teams not yet started when the bet was placed (up to
 *   36 h after, or on the next date), and for games known only by their date, the game of the bet's Eastern date,
 *   else of the next date. A game perhaps under way when the bet was placed (a live bet?) beside a later one, two
 *   games of one date without start times (a doubleheader) or a game with a start beside one without on the same
 *   date are a question for the member, never a guess: the bet is refused naming the games it could be. With
 *   nothing else, a game that started up to 6 hours before the bet was placed is the game (a live bet), and in
 *   football, the one game between the teams in the week after the bet (a line taken early in the week).
 */

const MATCH_WINDOW_HOURS = 36;
/** The games loaded around a bet: the window, or the end of the day after the one it was placed on. */
export const LOAD_WINDOW_HOURS = 48;
/**
 * How long before its game a football bet may be placed without the book's start: the books post next week's lines
 * as soon as this week's games end, and two football teams never meet twice within a week. Baseball teams play
 * series on consecutive days, so a baseball bet keeps the 36 h window.
 */
export const FOOTBALL_AHEAD_HOURS = 7 * 24;
/** How long before the bet was placed its game may have started (a bet placed live). */
const LIVE_HOURS = 6;
/** How long after its start a game may still be under way: a bet placed then may be a live bet on it. */
const UNDER_WAY_HOURS = 4;
/** Within this of the start the book gives, a stored start is that game's (a doubleheader's games start hours apart). */
const SAME_START_MS = 3_600_000;
/** Before this Eastern time, a bet may be a live bet on the previous evening's game. */
const SMALL_HOURS_END = '03:00';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A game's start for matching: its kickoff, or for a game known only by its date, 7 pm US Eastern that day. */
export function matchTime(event: Pick<LedgerEvent, 'kickoffAt' | 'gameDate'>): number {
  return event.kickoffAt?.getTime() ?? Date.parse(`${event.gameDate}T23:00:00Z`);
}

/** The Eastern calendar date a game is played on: its kickoff's, or the date a game without one is filed under. */
export function gameDay(event: Pick<LedgerEvent, 'kickoffAt' | 'gameDate'>): string {
  return event.kickoffAt ? easternDateOf(event.kickoffAt) : event.gameDate;
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
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

/**
 * Which game of a doubleheader each game is: 1 or 2 for the two (or more) games of one pair of teams on one Eastern
 * date, in order of start (a game without a start after those with one, then in the schedule's order); games alone
 * on their date have none.
 */
export function doubleheaderNumbers(games: readonly LedgerEvent[]): Map<number, number> {
  const byDay = new Map<string, LedgerEvent[]>();
  for (const game of games) {
    const key = `${pairKey(game.sport, game.homeTeam, game.awayTeam)}|${gameDay(game)}`;
    byDay.set(key, [...(byDay.get(key) ?? []), game]);
  }
  const numbers = new Map<number, number>();
  for (const sameDay of byDay.values()) {
    const distinct = [...new Map(sameDay.map((game) => [game.id, game])).values()];
    if (distinct.length < 2) continue;
    distinct
      .sort((a, b) => (a.kickoffAt?.getTime() ?? Infinity) - (b.kickoffAt?.getTime() ?? Infinity) || a.id - b.id)
      .forEach((game, index) => numbers.set(game.id, index + 1));
  }
  return numbers;
}

export type LegMatch =
  | {
      matched: true;
      event: LedgerEvent;
      sport: Sport;
      /** The picked team as the game names it; null for a total. */ team: string | null;
    }
  | { matched: false; reason: string };

type GamePick = { matched: true; event: LedgerEvent } | { matched: false; reason: string };

const shownTime = (time: number) => new Date(time).toISOString().replace(':00.000Z', 'Z');

/** How a game is told apart in a refusal: "the game of 2025-05-16", "Game 2 of 2025-05-14 (18:40 UTC)". */
function gameLabel(game: LedgerEvent, numbers: ReadonlyMap<number, number>): string {
  const number = numbers.get(game.id);
  const time = game.kickoffAt ? ` (${shownTime(game.kickoffAt.getTime()).slice(11)})` : '';
  return number === undefined ? `the game of ${gameDay(game)}${time}` : `Game ${number} of ${gameDay(game)}${time}`;
}

/** A refusal naming the games the leg could be on, for the member to choose among. */
function doubt(label: string, why: string, games: readonly LedgerEvent[], all: readonly LedgerEvent[]): GamePick {
  const numbers = doubleheaderNumbers(all);
  const listed = [...new Set(games)].sort((a, b) => matchTime(a) - matchTime(b));
  return {
    matched: false,
    reason: `${label}: ${why}: it could be ${listed.map((game) => gameLabel(game, numbers)).join(' or ')}, so choose its game`,
  };
}

const matched = (event: LedgerEvent): GamePick => ({ matched: true, event });

/** The game a leg with the book's start is on (see above). */
function pickByStart(games: readonly LedgerEvent[], label: string, eventStart: string): GamePick {
  const start = Date.parse(eventStart);
  const day = easternDateOf(new Date(start));
  const timed = games
    .filter((game) => game.kickoffAt && Math.abs(game.kickoffAt.getTime() - start) <= MATCH_WINDOW_HOURS * HOUR_MS)
    .sort((a, b) => Math.abs(a.kickoffAt!.getTime() - start) - Math.abs(b.kickoffAt!.getTime() - start));
  const [first, second] = timed;
  const distance = (game: LedgerEvent) => Math.abs(matchTime(game) - start);
  if (first && distance(first) <= SAME_START_MS) {
    if (second && distance(second) - distance(first) < 60_000) {
      return doubt(label, `two games between these teams start at ${shownTime(start)}`, [first, second], games);
    }
    return matched(first);
  }
  const datedThatDay = games.filter((game) => !game.kickoffAt && game.gameDate === day);
  const timedThatDay = timed.filter((game) => gameDay(game) === day);
  if (datedThatDay.length > 0) {
    if (datedThatDay.length === 1 && timedThatDay.length === 0) return matched(datedThatDay[0]!);
    const why =
      timedThatDay.length === 0
        ? `${datedThatDay.length} games between these teams on ${day} (a doubleheader) and no start times to tell them apart`
        : `${datedThatDay.length + timedThatDay.length} games between these teams on ${day} (a doubleheader), and the stored start is not the book's (${shownTime(start)})`;
    return doubt(label, why, [...datedThatDay, ...timedThatDay], games);
  }
  // Nothing on the book's date: the nearest game within the window, as the importers match.
  const within = games
    .filter((game) => distance(game) <= MATCH_WINDOW_HOURS * HOUR_MS)
    .sort((a, b) => distance(a) - distance(b));
  const [nearest, next] = within;
  if (!nearest) {
    const closest = [...games].sort((a, b) => distance(a) - distance(b))[0]!;
    return {
      matched: false,
      reason: `${label}: no game between these teams within ${MATCH_WINDOW_HOURS} h of ${shownTime(start)}; the nearest starts ${shownTime(matchTime(closest))}`,
    };
  }
  if (next && distance(next) - distance(nearest) < 60_000) {
    return doubt(
      label,
      `two games between these teams are as near the book's start (${shownTime(start)})`,
      [nearest, next],
      games,
    );
  }
  return matched(nearest);
}

/** The game a leg without the book's start is on, from when the bet was placed (see above). */
function pickByPlacement(games: readonly LedgerEvent[], label: string, placedAt: string): GamePick {
  const placed = Date.parse(placedAt);
  const day = easternDateOf(new Date(placed));
  const startOf = (game: LedgerEvent) => game.kickoffAt!.getTime();
  const timed = games.filter((game) => game.kickoffAt).sort((a, b) => startOf(a) - startOf(b));
  const dated = games.filter((game) => !game.kickoffAt);

  // The first game not started when the bet was placed: with a start, the earliest up to 36 h after or on the next
  // date (and any other starting at the same minute); known by its date, the bet's date's games, else the next date's.
  const upcoming = timed.filter(
    (game) =>
      startOf(game) >= placed &&
      (startOf(game) <= placed + MATCH_WINDOW_HOURS * HOUR_MS || gameDay(game) <= addDays(day, 1)),
  );
  const firstTimed = upcoming.filter((game) => startOf(game) - startOf(upcoming[0]!) < 60_000);
  const onDay = (date: string) => dated.filter((game) => game.gameDate === date);
  const firstDated = onDay(day).length > 0 ? onDay(day) : onDay(addDays(day, 1));
  const timedDay = firstTimed[0] && gameDay(firstTimed[0]);
  const datedDay = firstDated[0]?.gameDate;
  const next =
    timedDay === undefined || (datedDay !== undefined && datedDay < timedDay)
      ? firstDated
      : datedDay === undefined || timedDay < datedDay
        ? firstTimed
        : [...firstTimed, ...firstDated];

  // A game that may be under way when the bet was placed: one started in the hours before, or (in the small hours)
  // a game of the evening before known only by its date.
  const smallHours = placed < easternToUtc(day, SMALL_HOURS_END)!.getTime();
  const underWay = [
    ...timed.filter((game) => startOf(game) < placed && startOf(game) >= placed - UNDER_WAY_HOURS * HOUR_MS),
    ...(smallHours ? onDay(addDays(day, -1)) : []),
  ];

  if (next.length === 1 && underWay.length === 0) return matched(next[0]!);
  if (next.length === 0 && underWay.length === 1) return matched(underWay[0]!);
  if (next.length === 0 && underWay.length === 0) {
    const late = timed.filter(
      (game) => startOf(game) < placed - UNDER_WAY_HOURS * HOUR_MS && startOf(game) >= placed - LIVE_HOURS * HOUR_MS,
    );
    const football = games[0]!.sport !== 'baseball_mlb';
    const ahead = football
      ? timed.filter((game) => startOf(game) >= placed && startOf(game) <= placed + FOOTBALL_AHEAD_HOURS * HOUR_MS)
      : [];
    if (late.length + ahead.length === 1) return matched([...late, ...ahead][0]!);
    if (late.length + ahead.length === 0) {
      const closest = [...games].sort((a, b) => Math.abs(matchTime(a) - placed) - Math.abs(matchTime(b) - placed))[0]!;
      const until = football ? `${FOOTBALL_AHEAD_HOURS / 24} days after it` : 'the end of the next day';
      return {
        matched: false,
        reason: `${label}: the book gives no start, and no game between these teams fits the time the bet was placed (${shownTime(placed)}): none from ${LIVE_HOURS} h before it to ${until}; the nearest stored is ${gameLabel(closest, new Map())}`,
      };
    }
    return doubt(
      label,
      ahead.length === 0
        ? 'the book gives no start, and several games between these teams started shortly before the bet'
        : `the book gives no start, and ${late.length + ahead.length} games between these teams are near the time the bet was placed (${shownTime(placed)})`,
      [...late, ...ahead],
      games,
    );
  }
  if (underWay.length > 0) {
    return doubt(
      label,
      `the book gives no start, and the bet was placed (${shownTime(placed)}) while a game between these teams may have been under way (a live bet?) and before the next`,
      [...underWay, ...next],
      games,
    );
  }
  const sameDay = new Set(next.map(gameDay)).size === 1;
  const untimed = next.filter((game) => !game.kickoffAt).length;
  const apart =
    untimed === next.length
      ? 'with no start times to tell them apart'
      : untimed > 0
        ? 'not all with a start time to tell them apart'
        : 'starting at the same time';
  return doubt(
    label,
    sameDay
      ? `the book gives no start, and ${next.length} games between these teams are on ${gameDay(next[0]!)} (a doubleheader) ${apart}`
      : `the book gives no start, and ${next.length} games between these teams fit`,
    next,
    games,
  );
}

function pickGame(
  games: readonly LedgerEvent[],
  leg: Pick<SyncLeg, 'event' | 'event_start'>,
  placedAt: string,
): GamePick {
  const label = `"${leg.event}"`;
  if (games.length === 0) return { matched: false, reason: `${label}: no game between these teams is stored` };
  return leg.event_start ? pickByStart(games, label, leg.event_start) : pickByPlacement(games, label, placedAt);
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
    found.push({ matched: true, event: picked.event, sport, team });
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
