import type { Database } from '@pass/db';
import {
  collegeLastRegularWeek,
  nflLastRegularWeek,
  nflOpeningThursday,
  seasonForDate,
  teamRegistry,
  type Sport,
} from '@pass/domain';
import {
  addDays,
  clean,
  dateOnly,
  DAY_MS,
  DEMO_BOOKS,
  DEMO_SOURCE,
  HOUR_MS,
  kickoffAt,
  moneylinesForSpread,
  normalCdf,
  Rng,
  roundHalf,
  STANDARD_PRICE,
} from './demo-model.js';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import { mlbDemoGames } from './demo-season-mlb.js';
import type { EventFields, QuoteRow } from './imports.repository.js';
import { runImport, writeGames, type ImportOptions, type ImportSummary, type IncomingGame } from './imports.service.js';

/**
 * The generated demo season (DESIGN.md section 5, "First run"): the current season's real calendar, the
 * real teams, kickoffs on the usual days and times, lines from a seeded rating model quoted by several
 * books with a few snapshots each (so line history exists), and finals for the games already played.
 *
 * Everything but the status and which snapshots exist depends on the seed and the season only: the same
 * seed gives the same schedule, lines and scores, and a run at a later `now` only adds finals and later
 * quotes. Games are keyed in event_source_keys under source `demo` by a stable id, and marked is_demo.
 * Football is generated here, baseball in demo-season-mlb.ts; what both use is in demo-model.ts.
 */

export { DEMO_BOOKS, DEMO_SOURCE, moneylinesForSpread, Rng } from './demo-model.js';
export const DEFAULT_DEMO_SEED = 'pass-demo';
/** The sports the demo generator knows. */
export const DEMO_SPORTS = [
  'americanfootball_nfl',
  'americanfootball_ncaaf',
  'baseball_mlb',
] as const satisfies readonly Sport[];
export type DemoSport = (typeof DEMO_SPORTS)[number];
type FootballDemoSport = Exclude<DemoSport, 'baseball_mlb'>;

export const isDemoSport = (sport: string): sport is DemoSport => (DEMO_SPORTS as readonly string[]).includes(sport);

/** How long after kickoff a demo game is final. */
const GAME_LENGTH_MS = 3.5 * HOUR_MS;

// ---------------------------------------------------------------------------------------------------------
// Schedules

interface Matchup {
  home: string;
  away: string;
}

/** A game of the generated schedule, before lines and results. */
export interface DemoFixture {
  week: number;
  home: string;
  away: string;
  kickoff: Date;
  /** US Eastern date of the kickoff. */
  gameDate: string;
  /** Postseason weeks (college bowls and playoff, the NFL playoffs); regular when absent. */
  seasonType?: 'regular' | 'postseason';
  /** Played at neutral site: no home edge. */
  neutral?: boolean;
  /**
   * The team that wins, where the schedule already depends on it (a playoff bracket drawn ahead): the
   * game's score is made to agree.
   */
  winner?: string;
}

/** The 1-factorisation of four teams: three rounds of two games. */
const FOUR_TEAM_ROUNDS: [number, number][][] = [
  [
    [0, 1],
    [2, 3],
  ],
  [
    [0, 2],
    [1, 3],
  ],
  [
    [0, 3],
    [1, 2],
  ],
];

/**
 * The NFL's 17-game formula as 17 perfect matchings of the 32 teams: the division twice (6), a division
 * of the same conference (4), a division of the other conference (4), the same-place teams of the two
 * other divisions of the conference (2) and a same-place team of another division of the other
 * conference (1). Each matching is a round in which every team plays once.
 */
function nflRounds(rng: Rng): { rounds: Matchup[][]; divisionRounds: number[] } {
  const divisions = new Map<string, string[]>();
  for (const team of teamRegistry.teams('americanfootball_nfl')) {
    divisions.set(team.division!, [...(divisions.get(team.division!) ?? []), team.abbr]);
  }
  // A division's order stands for last season's finish, which decides the same-place games.
  const ordered = new Map([...divisions].map(([name, teams]) => [name, rng.shuffle(teams)]));
  const conference = (name: 'AFC' | 'NFC') =>
    rng.shuffle([...ordered.keys()].filter((key) => key.startsWith(name))).map((key) => ordered.get(key)!);
  const afc = conference('AFC');
  const nfc = conference('NFC');

  const rounds: Matchup[][] = [];
  const divisionRounds: number[] = [];
  const pairs: [string, string][][] = [];
  for (const home of [true, false]) {
    for (const round of FOUR_TEAM_ROUNDS) {
      divisionRounds.push(rounds.length);
      rounds.push(
        [...afc, ...nfc].flatMap((teams) =>
          round.map(([a, b]) => (home ? { home: teams[a]!, away: teams[b]! } : { home: teams[b]!, away: teams[a]! })),
        ),
      );
    }
  }
  // Whole-division pairings: in-conference (A–B, C–D) and across (AFC k – NFC k).
  for (let shift = 0; shift < 4; shift++) {
    const round: [string, string][] = [];
    const divisionPairs: [string[], string[]][] = [
      [afc[0]!, afc[1]!],
      [afc[2]!, afc[3]!],
      [nfc[0]!, nfc[1]!],
      [nfc[2]!, nfc[3]!],
    ];
    for (const [x, y] of divisionPairs) {
      for (let i = 0; i < 4; i++) round.push([x[i]!, y[(i + shift) % 4]!]);
    }
    pairs.push(round);
  }
  for (let shift = 0; shift < 4; shift++) {
    const round: [string, string][] = [];
    for (let k = 0; k < 4; k++) for (let i = 0; i < 4; i++) round.push([afc[k]![i]!, nfc[k]![(i + shift) % 4]!]);
    pairs.push(round);
  }
  // Same place, in conference: A–C and B–D, then A–D and B–C.
  for (const [first, second] of [
    [2, 3],
    [3, 2],
  ] as const) {
    const round: [string, string][] = [];
    for (const conf of [afc, nfc]) {
      for (let i = 0; i < 4; i++) {
        round.push([conf[0]![i]!, conf[first]![i]!], [conf[1]![i]!, conf[second]![i]!]);
      }
    }
    pairs.push(round);
  }
  // The 17th game: same place, a division of the other conference other than the full pairing.
  {
    const round: [string, string][] = [];
    for (let k = 0; k < 4; k++) for (let i = 0; i < 4; i++) round.push([afc[k]![i]!, nfc[(k + 1) % 4]![i]!]);
    pairs.push(round);
  }
  // Home and away of the non-division games: the team with fewer home games so far hosts.
  const homes = new Map<string, number>();
  const withHome = pairs.map((round) =>
    rng.shuffle(round).map(([a, b]) => {
      const ha = homes.get(a) ?? 0;
      const hb = homes.get(b) ?? 0;
      const aHosts = ha < hb || (ha === hb && rng.next() < 0.5);
      const game = aHosts ? { home: a, away: b } : { home: b, away: a };
      homes.set(game.home, (homes.get(game.home) ?? 0) + 1);
      return game;
    }),
  );
  rounds.push(...withHome);
  return { rounds, divisionRounds };
}

/**
 * Spreads byes over a block of rounds: a perfect matching P is drawn from the block's games (each round's
 * games alternate with P's along even cycles, so swapping a cycle keeps P perfect); P's games move to one
 * extra round, and each team's bye falls in the round its P game came from. `rounds.length + 1` rounds
 * come back, each team playing in all but one.
 */
function spreadByes(rng: Rng, rounds: Matchup[][]): Matchup[][] {
  type Edge = Matchup & { origin: number };
  let chosen: Edge[] = rounds[0]!.map((game) => ({ ...game, origin: 0 }));
  for (let origin = 1; origin < rounds.length; origin++) {
    const partner = new Map<string, Edge>();
    const current = new Map<string, Edge>();
    for (const edge of chosen) {
      current.set(edge.home, edge);
      current.set(edge.away, edge);
    }
    for (const game of rounds[origin]!) {
      const edge = { ...game, origin };
      partner.set(game.home, edge);
      partner.set(game.away, edge);
    }
    const visited = new Set<string>();
    const next: Edge[] = [];
    for (const start of current.keys()) {
      if (visited.has(start)) continue;
      // Walk the alternating cycle through `start`.
      const cycleChosen = new Set<Edge>();
      const cycleOther = new Set<Edge>();
      let team = start;
      let useChosen = true;
      while (!visited.has(team) || !useChosen) {
        visited.add(team);
        const edge = useChosen ? current.get(team)! : partner.get(team)!;
        (useChosen ? cycleChosen : cycleOther).add(edge);
        team = edge.home === team ? edge.away : edge.home;
        useChosen = !useChosen;
      }
      // Reservoir-like odds keep each round's share of byes about even.
      next.push(...(rng.next() < 1 / (origin + 1) ? cycleOther : cycleChosen));
    }
    chosen = next;
  }
  const moved = new Set(chosen.map((edge) => `${edge.origin}|${edge.home}|${edge.away}`));
  const out = rounds.map((round, origin) => round.filter((game) => !moved.has(`${origin}|${game.home}|${game.away}`)));
  out.push(chosen.map(({ home, away }) => ({ home, away })));
  return out;
}

/** Thursday 8:15 PM, Sunday 1:00 / 4:05 / 4:25 / 8:20 PM, Monday 8:15 PM (US Eastern). */
function nflKickoffs(rng: Rng, week: number, thursday: Date, games: Matchup[]): DemoFixture[] {
  const sunday = addDays(thursday, 3);
  const monday = addDays(thursday, 4);
  const order = rng.shuffle(games);
  const slots: { day: Date; time: string }[] =
    week === 18
      ? [{ day: sunday, time: '20:20' }]
      : [
          { day: thursday, time: '20:15' },
          { day: monday, time: '20:15' },
          { day: sunday, time: '20:20' },
          { day: sunday, time: '16:25' },
          { day: sunday, time: '16:25' },
          { day: sunday, time: '16:05' },
          { day: sunday, time: '16:05' },
          { day: sunday, time: '16:25' },
        ];
  if (week === 18) for (let i = 0; i < 5; i++) slots.push({ day: sunday, time: '16:25' });
  return order.map((game, index) => {
    const slot = slots[index] ?? { day: sunday, time: '13:00' };
    const kickoff = kickoffAt(slot.day, slot.time);
    return { week, home: game.home, away: game.away, kickoff, gameDate: dateOnly(slot.day) };
  });
}

/**
 * The NFL's season: 18 weeks from the opening Thursday, 17 games per team, one bye in weeks 5–14, then the
 * playoffs through the Super Bowl.
 */
export function nflDemoSchedule(season: number, seed: string): DemoFixture[] {
  const rng = new Rng(`${seed}|americanfootball_nfl|${season}|schedule`);
  const { rounds, divisionRounds } = nflRounds(rng);
  // Week 18 is all division games, as in the real schedule.
  const last = divisionRounds[3 + rng.int(3)]!;
  const others = rng.shuffle(rounds.filter((_, index) => index !== last));
  const byeBlock = rng.shuffle(spreadByes(rng, others.slice(0, 9)));
  const full = others.slice(9);
  const weeks = [...full.slice(0, 4), ...byeBlock, ...full.slice(4), rounds[last]!];
  const opening = nflOpeningThursday(season);
  const regular = weeks.flatMap((games, index) => nflKickoffs(rng, index + 1, addDays(opening, index * 7), games));
  return [...regular, ...nflPlayoffs(season, seed, opening)];
}

/**
 * The NFL playoffs after the 18 weeks (decision 065), on the sports calendar's weeks: seven teams a
 * conference, the four division winners seeded first and three wild cards, taken by the demo's seeded
 * ratings. Wild Card weekend (2–7, 3–6, 4–5 at the better seed, Saturday to Monday), the Divisional Round
 * (the first seed hosts the lowest seed left), the Conference Championships and, two weeks later, the Super
 * Bowl at a neutral site on the second Sunday of February. The bracket is drawn ahead from the seed, each
 * winner with the model's chance of winning, and those games' scores agree with it.
 */
function nflPlayoffs(season: number, seed: string, opening: Date): DemoFixture[] {
  const sport = 'americanfootball_nfl';
  const rng = new Rng(`${seed}|${sport}|${season}|playoffs`);
  const { power } = ratingsFor(sport, season, seed);
  const model = MODELS[sport];
  const rating = (team: string) => power.get(team) ?? 0;
  const byRating = (teams: readonly string[]) => [...teams].sort((a, b) => rating(b) - rating(a) || (a < b ? -1 : 1));
  const last = nflLastRegularWeek(season);
  const fixtures: DemoFixture[] = [];
  const play = (week: number, day: Date, time: string, home: string, away: string, neutral = false) => {
    const margin = rating(home) - rating(away) + (neutral ? 0 : model.homeEdge);
    const winner = rng.next() < normalCdf(margin / model.marginSd) ? home : away;
    fixtures.push({
      week,
      home,
      away,
      kickoff: kickoffAt(day, time),
      gameDate: dateOnly(day),
      seasonType: 'postseason',
      neutral,
      winner,
    });
    return winner;
  };
  const thursday = (week: number) => addDays(opening, (week - 1) * 7);

  const conferences = (['AFC', 'NFC'] as const).map((conference) => {
    const divisions = new Map<string, string[]>();
    for (const team of teamRegistry.teams(sport)) {
      if (!team.division!.startsWith(conference)) continue;
      divisions.set(team.division!, [...(divisions.get(team.division!) ?? []), team.abbr]);
    }
    const winners = byRating([...divisions.values()].map((teams) => byRating(teams)[0]!));
    const wildCards = byRating(teamRegistry.teams(sport).map((team) => team.abbr))
      .filter((team) => teamRegistry.get(sport, team)!.division!.startsWith(conference) && !winners.includes(team))
      .slice(0, 3);
    return [...winners, ...wildCards];
  });

  // Wild Card weekend: Saturday 4:30 and 8:15, Sunday 1:00, 4:30 and 8:15, Monday 8:15 PM.
  const wildCard = last + 1;
  const wildCardSlots = rng.shuffle([
    [2, '16:30'],
    [2, '20:15'],
    [3, '13:00'],
    [3, '16:30'],
    [3, '20:15'],
    [4, '20:15'],
  ] as const);
  const divisional = last + 2;
  const divisionalSlots = rng.shuffle([
    [2, '16:30'],
    [2, '20:15'],
    [3, '15:00'],
    [3, '18:30'],
  ] as const);
  const championships = last + 3;
  const champions = conferences.map((seeds, index) => {
    const wildCardWinners = [
      [2, 7],
      [3, 6],
      [4, 5],
    ].map(([better, worse]) => {
      const [day, time] = wildCardSlots[index * 3 + better! - 2]!;
      return play(wildCard, addDays(thursday(wildCard), day), time, seeds[better! - 1]!, seeds[worse! - 1]!);
    });
    // The top seed hosts the lowest seed left, the other two the better seed of theirs.
    const left = [...wildCardWinners].sort((a, b) => seeds.indexOf(a) - seeds.indexOf(b));
    const pairs: [string, string][] = [
      [seeds[0]!, left[2]!],
      [left[0]!, left[1]!],
    ];
    const divisionalWinners = pairs.map(([home, away], game) => {
      const [day, time] = divisionalSlots[index * 2 + game]!;
      return play(divisional, addDays(thursday(divisional), day), time, home, away);
    });
    const [home, away] = [...divisionalWinners].sort((a, b) => seeds.indexOf(a) - seeds.indexOf(b));
    return play(championships, addDays(thursday(championships), 3), index === 0 ? '15:00' : '18:30', home!, away!);
  });
  // The Super Bowl, two weeks on; the AFC champion is the home team in odd-numbered Super Bowls.
  const superBowlSunday = addDays(thursday(championships), 17);
  const afcHome = (season - 1965) % 2 === 1;
  const [afc, nfc] = champions as [string, string];
  play(last + 4, superBowlSunday, '18:30', afcHome ? afc : nfc, afcHome ? nfc : afc, true);
  return fixtures;
}

/**
 * College football, smaller: the FBS power conferences of the season, 12 Saturdays from the Saturday
 * before Labor Day, conference round robins by the circle method and power-conference opponents to fill
 * the weeks. Kickoffs at noon, 3:30 and 7:30 PM Eastern, a few on Thursday and Friday nights.
 */
export const NCAAF_DEMO_CONFERENCES = ['SEC', 'Big Ten', 'Big 12', 'ACC'];
/** The Saturdays of the schedule's first part; rivalry week, the championships and the postseason follow. */
const NCAAF_WEEKS = 12;

export function ncaafDemoSchedule(season: number, seed: string): DemoFixture[] {
  const rng = new Rng(`${seed}|americanfootball_ncaaf|${season}|schedule`);
  const teams = teamRegistry
    .teams('americanfootball_ncaaf')
    .filter((team) => NCAAF_DEMO_CONFERENCES.includes(teamRegistry.conferenceIn(team, season) ?? ''));
  const byConference = new Map<string, string[]>();
  for (const team of teams) {
    const conference = teamRegistry.conferenceIn(team, season)!;
    byConference.set(conference, [...(byConference.get(conference) ?? []), team.abbr]);
  }
  // Circle method per conference: round r pairs position i with position n-1-i around a fixed first team.
  const weeks: Matchup[][] = Array.from({ length: NCAAF_WEEKS }, () => []);
  const conferenceRounds = 8;
  const playing = Array.from({ length: NCAAF_WEEKS }, () => new Set<string>());
  const firstConferenceWeek = NCAAF_WEEKS - conferenceRounds;
  const circles = new Map<string, (string | null)[]>();
  for (const [conference, members] of byConference) {
    const list: (string | null)[] = rng.shuffle(members);
    if (list.length % 2 === 1) list.push(null);
    circles.set(conference, list);
    const n = list.length;
    for (let round = 0; round < Math.min(conferenceRounds, n - 1); round++) {
      const rotated = [list[0]!, ...list.slice(1).map((_, i) => list[1 + ((i + round) % (n - 1))]!)];
      for (let i = 0; i < n / 2; i++) {
        const a = rotated[i];
        const b = rotated[n - 1 - i];
        if (!a || !b) continue;
        const game = (round + i) % 2 === 0 ? { home: a, away: b } : { home: b, away: a };
        weeks[firstConferenceWeek + round]!.push(game);
        playing[firstConferenceWeek + round]!.add(a).add(b);
      }
    }
  }
  // Early weeks and open dates: power-conference opponents from other conferences, paired at random.
  const conferenceOf = new Map(teams.map((team) => [team.abbr, teamRegistry.conferenceIn(team, season)!]));
  const met = new Set<string>();
  for (let week = 0; week < NCAAF_WEEKS; week++) {
    const free = rng.shuffle(teams.map((team) => team.abbr).filter((abbr) => !playing[week]!.has(abbr)));
    // One open date each in the conference weeks: a team without a conference game that week rests.
    if (week >= firstConferenceWeek) continue;
    while (free.length >= 2) {
      const a = free.pop()!;
      const index = free.findIndex((b) => conferenceOf.get(b) !== conferenceOf.get(a) && !met.has(`${a}|${b}`));
      if (index < 0) continue;
      const [b] = free.splice(index, 1);
      met.add(`${a}|${b}`).add(`${b}|${a}`);
      weeks[week]!.push(rng.next() < 0.5 ? { home: a, away: b! } : { home: b!, away: a });
    }
  }
  // Week 1 is the Saturday before Labor Day: the opening Thursday minus five days.
  const firstSaturday = addDays(nflOpeningThursday(season), -5);
  const regular = weeks.flatMap((games, index) => {
    const saturday = addDays(firstSaturday, index * 7);
    return rng.shuffle(games).map((game, slot): DemoFixture => {
      const day = slot === 0 ? addDays(saturday, -2) : slot === 1 ? addDays(saturday, -1) : saturday;
      const time = slot < 2 ? '19:30' : (['12:00', '15:30', '19:30'] as const)[slot % 3]!;
      return {
        week: index + 1,
        home: game.home,
        away: game.away,
        kickoff: kickoffAt(day, time),
        gameDate: dateOnly(day),
      };
    });
  });
  return [...regular, ...ncaafLateSeason(season, seed, firstSaturday, circles)];
}

/** The circle method's round `round` of a conference (its list padded to an even length with null). */
function circleRound(list: readonly (string | null)[], round: number): Matchup[] {
  const n = list.length;
  const rotated = [list[0]!, ...list.slice(1).map((_, i) => list[1 + ((i + round) % (n - 1))]!)];
  const games: Matchup[] = [];
  for (let i = 0; i < n / 2; i++) {
    const a = rotated[i];
    const b = rotated[n - 1 - i];
    if (!a || !b) continue;
    games.push((round + i) % 2 === 0 ? { home: a, away: b } : { home: b, away: a });
  }
  return games;
}

/** The fourth Thursday of November. */
function thanksgiving(season: number): Date {
  const november1 = new Date(Date.UTC(season, 10, 1));
  return addDays(november1, ((4 - november1.getUTCDay() + 7) % 7) + 21);
}

/**
 * The end of the college season on the real calendar (decision 065), after the twelve Saturdays above:
 *
 * - rivalry week, the week of Thanksgiving: each conference's next round, one game on Thanksgiving night,
 *   four on the Friday, the rest on Saturday;
 * - the conference championships the Saturday after, at a neutral site, between the two teams of each
 *   conference the demo's seeded ratings rank highest;
 * - Army–Navy on the second Saturday of December, the last regular-season week;
 * - the bowls (week "Bowls"): sixteen games from the Saturday after Army–Navy to January 2 between the
 *   best-rated teams outside the playoff, neighbours in the ranking from different conferences;
 * - the College Football Playoff (week "Playoff"): the four conference champions and the eight best-rated
 *   other teams, seeded by rating; a first round at the better seeds' stadiums the weekend after Army–Navy,
 *   quarterfinals on December 31 and January 1, semifinals on January 8 and 9 and the final on the third
 *   Monday of January, at neutral sites.
 *
 * The bracket is drawn ahead from the seed, each winner with the model's chance of winning, and those games'
 * scores agree with it; the regular season's games never depend on it. The weeks are the sports calendar's.
 */
function ncaafLateSeason(
  season: number,
  seed: string,
  firstSaturday: Date,
  circles: ReadonlyMap<string, readonly (string | null)[]>,
): DemoFixture[] {
  const sport = 'americanfootball_ncaaf';
  const rng = new Rng(`${seed}|${sport}|${season}|late-season`);
  const { power } = ratingsFor(sport, season, seed);
  const model = MODELS[sport];
  const weekOfSaturday = (saturday: Date) =>
    Math.round((saturday.getTime() - firstSaturday.getTime()) / (7 * DAY_MS)) + 1;
  const fixture = (
    week: number,
    day: Date,
    time: string,
    game: Matchup,
    extra: Pick<DemoFixture, 'seasonType' | 'neutral' | 'winner'> = {},
  ): DemoFixture => ({
    week,
    home: game.home,
    away: game.away,
    kickoff: kickoffAt(day, time),
    gameDate: dateOnly(day),
    ...extra,
  });
  const rating = (team: string) => power.get(team) ?? 0;
  const byRating = (teams: readonly string[]) => [...teams].sort((a, b) => rating(b) - rating(a) || (a < b ? -1 : 1));
  /** The winner, drawn with the model's chance. */
  const draw = (game: Matchup, neutral: boolean) => {
    const margin = rating(game.home) - rating(game.away) + (neutral ? 0 : model.homeEdge);
    return rng.next() < normalCdf(margin / model.marginSd) ? game.home : game.away;
  };
  const fixtures: DemoFixture[] = [];

  // Rivalry week.
  const rivalrySaturday = addDays(thanksgiving(season), 2);
  const rivalryWeek = weekOfSaturday(rivalrySaturday);
  const rivalryGames = rng.shuffle([...circles.values()].flatMap((list) => circleRound(list, 8)));
  rivalryGames.forEach((game, slot) => {
    const friday = addDays(rivalrySaturday, -1);
    if (slot === 0) fixtures.push(fixture(rivalryWeek, addDays(rivalrySaturday, -2), '19:30', game));
    else if (slot <= 4)
      fixtures.push(fixture(rivalryWeek, friday, ['12:00', '15:30', '15:30', '19:30'][slot - 1]!, game));
    else fixtures.push(fixture(rivalryWeek, rivalrySaturday, ['12:00', '15:30', '19:30'][slot % 3]!, game));
  });

  // Conference championships.
  const championshipSaturday = addDays(rivalrySaturday, 7);
  const champions: string[] = [];
  const times: Record<string, string> = { 'Big 12': '12:00', SEC: '16:00', ACC: '20:00', 'Big Ten': '20:00' };
  for (const [conference, list] of circles) {
    const [home, away] = byRating(list.filter((team): team is string => team !== null));
    const game = { home: home!, away: away! };
    const winner = draw(game, true);
    champions.push(winner);
    fixtures.push(
      fixture(rivalryWeek + 1, championshipSaturday, times[conference] ?? '12:00', game, { neutral: true, winner }),
    );
  }

  // Army–Navy, the last regular-season week.
  const lastWeek = collegeLastRegularWeek(season);
  const armyNavySaturday = addDays(firstSaturday, (lastWeek - 1) * 7);
  if (power.has('ARMY') && power.has('NAVY')) {
    const game = season % 2 === 0 ? { home: 'ARMY', away: 'NAVY' } : { home: 'NAVY', away: 'ARMY' };
    fixtures.push(fixture(lastWeek, armyNavySaturday, '15:00', game, { neutral: true }));
  }

  // The playoff field and the bowls.
  const demoTeams = byRating([...circles.values()].flat().filter((team): team is string => team !== null));
  const others = demoTeams.filter((team) => !champions.includes(team));
  const seeds = byRating([...champions, ...others.slice(0, 8)]);
  const conferenceOf = new Map(
    [...circles].flatMap(([conference, list]) => list.flatMap((team) => (team ? [[team, conference] as const] : []))),
  );
  const bowlTeams = demoTeams.filter((team) => !seeds.includes(team)).slice(0, 32);
  const bowls: Matchup[] = [];
  while (bowlTeams.length >= 2) {
    const a = bowlTeams.shift()!;
    const index = bowlTeams.findIndex((b) => conferenceOf.get(b) !== conferenceOf.get(a));
    const [b] = bowlTeams.splice(Math.max(0, index), 1);
    bowls.push(rng.next() < 0.5 ? { home: a, away: b! } : { home: b!, away: a });
  }
  const day = (month: number, date: number) => new Date(Date.UTC(month === 0 ? season + 1 : season, month, date));
  const bowlSaturday = addDays(armyNavySaturday, 7);
  const bowlDays = [
    bowlSaturday,
    bowlSaturday,
    bowlSaturday,
    day(11, 22),
    day(11, 23),
    day(11, 26),
    day(11, 26),
    day(11, 27),
    day(11, 29),
    day(11, 30),
    day(11, 30),
    day(11, 31),
    day(11, 31),
    day(0, 1),
    day(0, 2),
    day(0, 2),
  ];
  const bowlWeek = lastWeek + 1;
  bowls.forEach((game, index) => {
    const date = bowlDays[index % bowlDays.length]!;
    const sameDay = bowlDays.slice(0, index).filter((other) => other.getTime() === date.getTime()).length;
    fixtures.push(
      fixture(bowlWeek, date, ['12:00', '15:30', '19:30'][sameDay % 3]!, game, {
        seasonType: 'postseason',
        neutral: true,
      }),
    );
  });

  // The playoff: first round at the better seed's stadium, then neutral sites.
  const playoffWeek = lastWeek + 2;
  const play = (game: Matchup, date: Date, time: string, neutral: boolean) => {
    const winner = draw(game, neutral);
    fixtures.push(fixture(playoffWeek, date, time, game, { seasonType: 'postseason', neutral, winner }));
    return winner;
  };
  const seeded = (rank: number) => seeds[rank - 1]!;
  const firstRound = [
    play({ home: seeded(8), away: seeded(9) }, addDays(bowlSaturday, -1), '20:00', false),
    play({ home: seeded(5), away: seeded(12) }, bowlSaturday, '12:00', false),
    play({ home: seeded(6), away: seeded(11) }, bowlSaturday, '16:00', false),
    play({ home: seeded(7), away: seeded(10) }, bowlSaturday, '20:00', false),
  ];
  const [w89, w512, w611, w710] = firstRound as [string, string, string, string];
  const quarterfinals = [
    play({ home: seeded(1), away: w89 }, day(0, 1), '17:00', true),
    play({ home: seeded(4), away: w512 }, day(11, 31), '19:30', true),
    play({ home: seeded(2), away: w710 }, day(0, 1), '20:30', true),
    play({ home: seeded(3), away: w611 }, day(0, 1), '13:00', true),
  ];
  const [q1, q4, q2, q3] = quarterfinals as [string, string, string, string];
  const semifinals = [
    play({ home: q1, away: q4 }, day(0, 8), '19:30', true),
    play({ home: q2, away: q3 }, day(0, 9), '19:30', true),
  ];
  const january1 = day(0, 1);
  const thirdMonday = addDays(january1, ((1 - january1.getUTCDay() + 7) % 7) + 14);
  play({ home: semifinals[0]!, away: semifinals[1]! }, thirdMonday, '19:30', true);
  return fixtures;
}

// ---------------------------------------------------------------------------------------------------------
// Lines and results

interface SportModel {
  /** The books quoting the sport's games. */
  books: readonly string[];
  /**
   * How many of the books post lookahead lines for the whole season (the NFL's first three); the others
   * open six days before kickoff.
   */
  lookaheadBooks: number;
  /** Spread of team ratings (points). */
  ratingSd: number;
  homeEdge: number;
  baseTotal: number;
  offenseSd: number;
  marginSd: number;
  totalSd: number;
}

const MODELS: Record<FootballDemoSport, SportModel> = {
  americanfootball_nfl: {
    books: DEMO_BOOKS,
    lookaheadBooks: 3,
    ratingSd: 5,
    homeEdge: 1.7,
    baseTotal: 44,
    offenseSd: 2.5,
    marginSd: 13,
    totalSd: 10,
  },
  americanfootball_ncaaf: {
    books: DEMO_BOOKS.slice(0, 5),
    lookaheadBooks: 0,
    ratingSd: 9,
    homeEdge: 2.5,
    baseTotal: 52,
    offenseSd: 4,
    marginSd: 15,
    totalSd: 12,
  },
};

interface Ratings {
  power: Map<string, number>;
  offense: Map<string, number>;
}

function ratingsFor(sport: FootballDemoSport, season: number, seed: string): Ratings {
  const model = MODELS[sport];
  const rng = new Rng(`${seed}|${sport}|${season}|ratings`);
  const power = new Map<string, number>();
  const offense = new Map<string, number>();
  for (const team of teamRegistry.teams(sport)) {
    power.set(team.abbr, rng.normal(0, model.ratingSd));
    offense.set(team.abbr, rng.normal(0, model.offenseSd));
  }
  return { power, offense };
}

type Line = { spread: number; total: number };

/**
 * When the books were read: lookahead lines on March 1 of the season's year (before any game, and every
 * date of the season is after it), then six days, two days and three hours before kickoff.
 */
function snapshotTimes(season: number, kickoff: Date): Date[] {
  return [
    new Date(Date.UTC(season, 2, 1)),
    new Date(kickoff.getTime() - 6 * DAY_MS),
    new Date(kickoff.getTime() - 2 * DAY_MS),
    new Date(kickoff.getTime() - 3 * HOUR_MS),
  ];
}

/** A fixture's stable demo id: sport, season, week and teams. */
export const demoKey = (sport: string, season: number, fixture: Pick<DemoFixture, 'week' | 'home' | 'away'>) =>
  `${sport}:${season}:${fixture.week}:${fixture.away}@${fixture.home}`;

function gameOf(
  sport: FootballDemoSport,
  season: number,
  seed: string,
  ratings: Ratings,
  fixture: DemoFixture,
  now: Date,
): IncomingGame {
  const model = MODELS[sport];
  const key = demoKey(sport, season, fixture);
  const rng = new Rng(`${seed}|${key}`);
  const margin =
    ratings.power.get(fixture.home)! - ratings.power.get(fixture.away)! + (fixture.neutral ? 0 : model.homeEdge);
  const expectedTotal = model.baseTotal + ratings.offense.get(fixture.home)! + ratings.offense.get(fixture.away)!;

  // The market's line at each snapshot: an opening number near the model, then small moves.
  const times = snapshotTimes(season, fixture.kickoff);
  const market: Line[] = [];
  let line: Line = {
    spread: clean(-roundHalf(margin + rng.normal(0, 1))),
    total: roundHalf(expectedTotal + rng.normal(0, 1.5)),
  };
  for (let index = 0; index < times.length; index++) {
    if (index > 0) {
      line = {
        spread: clean(line.spread + rng.pick([-1, -0.5, 0, 0, 0, 0, 0.5, 1])),
        total: Math.max(20, line.total + rng.pick([-1, -0.5, 0, 0, 0, 0.5, 1])),
      };
    }
    market.push(line);
  }

  // Each book shades the market a little and follows its moves most of the time; a quote is stored when
  // it changes (what a feed fetched every few hours would show as the book's line history).
  const quotes: Omit<QuoteRow, 'eventId'>[] = [];
  for (const [bookIndex, book] of model.books.entries()) {
    const shadeSpread = rng.pick([-0.5, 0, 0, 0, 0.5]);
    const shadeTotal = rng.pick([-0.5, 0, 0, 0, 0.5]);
    let previous: Line | undefined;
    times.forEach((time, index) => {
      const follows = index === 0 || rng.next() < 0.75;
      const quoted: Line =
        follows || !previous
          ? { spread: clean(market[index]!.spread + shadeSpread), total: market[index]!.total + shadeTotal }
          : previous;
      // Lookahead lines are for the regular season: playoff matchups are not known in March.
      const lookahead = bookIndex < model.lookaheadBooks && fixture.seasonType !== 'postseason';
      if (time > now || time > fixture.kickoff || (index === 0 && !lookahead)) return;
      const fetchedAt = time.toISOString();
      // Literal objects of one shape: spreading a base object per quote is several times slower.
      const quote = (market: QuoteRow['market'], outcome: string, price: number, point: number | null) =>
        quotes.push({ book, market, outcome, price, point, quotedAt: fetchedAt, fetchedAt, source: DEMO_SOURCE });
      if (!previous || previous.spread !== quoted.spread) {
        const moneylines = moneylinesForSpread(quoted.spread, model.marginSd);
        quote('spreads', fixture.home, STANDARD_PRICE, quoted.spread);
        quote('spreads', fixture.away, STANDARD_PRICE, clean(-quoted.spread));
        quote('h2h', fixture.home, moneylines.home, null);
        quote('h2h', fixture.away, moneylines.away, null);
      }
      if (!previous || previous.total !== quoted.total) {
        quote('totals', 'Over', STANDARD_PRICE, quoted.total);
        quote('totals', 'Under', STANDARD_PRICE, quoted.total);
      }
      previous = quoted;
    });
  }

  // The result, drawn whatever the clock says, shown only once the game has kicked off.
  const finalMargin = margin + rng.normal(0, model.marginSd);
  const finalTotal = Math.max(10, expectedTotal + rng.normal(0, model.totalSd));
  const score = (value: number) => {
    const points = Math.max(0, Math.round(value));
    return points === 1 ? 0 : points;
  };
  let homeScore = score((finalTotal + finalMargin) / 2);
  let awayScore = score((finalTotal - finalMargin) / 2);
  // Overtime settles nearly every tie with a field goal.
  if (homeScore === awayScore && rng.next() < 0.95) {
    if (finalMargin >= 0) homeScore += 3;
    else awayScore += 3;
  }
  // A game whose winner the schedule already depends on (a bracket drawn ahead) ends the way it says.
  if (fixture.winner && (homeScore > awayScore ? fixture.home : fixture.away) !== fixture.winner) {
    [homeScore, awayScore] = [awayScore, homeScore];
  }
  if (fixture.winner && homeScore === awayScore) {
    if (fixture.winner === fixture.home) homeScore += 3;
    else awayScore += 3;
  }
  const elapsed = now.getTime() - fixture.kickoff.getTime();
  const status: EventFields['status'] = elapsed < 0 ? 'scheduled' : elapsed < GAME_LENGTH_MS ? 'in_progress' : 'final';
  const share = status === 'in_progress' ? elapsed / GAME_LENGTH_MS : 1;

  return {
    keys: [{ source: DEMO_SOURCE, key }],
    fields: {
      sport,
      season,
      week: fixture.week,
      seasonType: fixture.seasonType ?? 'regular',
      kickoffAt: fixture.kickoff.toISOString(),
      gameDate: fixture.gameDate,
      homeTeam: fixture.home,
      awayTeam: fixture.away,
      neutralSite: fixture.neutral ?? false,
      status,
      homeScore: status === 'scheduled' ? null : Math.floor(homeScore * share),
      awayScore: status === 'scheduled' ? null : Math.floor(awayScore * share),
    },
    quotes,
  };
}

export interface DemoSeasonOptions {
  sport: DemoSport;
  /** The clock: decides the season (unless given), which games are final and which quotes exist. */
  now: Date;
  season?: number;
  seed?: string;
}

/** The demo season as an importer's games (pure: no database, no clock but `now`). */
export function generateDemoSeason(options: DemoSeasonOptions): { season: number; games: IncomingGame[] } {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const { sport, now } = options;
  const season = options.season ?? seasonForDate(sport, now);
  if (sport === 'baseball_mlb') return { season, games: mlbDemoGames(season, seed, now) };
  const fixtures = sport === 'americanfootball_nfl' ? nflDemoSchedule(season, seed) : ncaafDemoSchedule(season, seed);
  const ratings = ratingsFor(sport, season, seed);
  return {
    season,
    games: fixtures.map((fixture) => gameOf(sport, season, seed, ratings, fixture, now)),
  };
}

/**
 * Writes the demo season (an import run of source `demo`): new games are added, games whose status or
 * quotes moved on since the last run are updated, the rest are left alone. Every demo event is is_demo.
 */
export async function importDemoSeason(
  db: Database,
  options: DemoSeasonOptions & ImportOptions,
): Promise<ImportSummary & { season: number }> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const { season, games } = generateDemoSeason(options);
  // Generating a season takes a moment of its own: requests that came in meanwhile go first.
  await yieldToEventLoop();
  // The generator's parameters stand for the body: the same season and seed are stored once.
  const body = JSON.stringify({ generator: 'demo-season', version: 2, sport: options.sport, season, seed });
  const summary = await runImport(
    db,
    {
      source: DEMO_SOURCE,
      location: options.location ?? `demo:${options.sport}:${season}`,
      body,
      options,
      detail: { sport: options.sport, season, now: options.now.toISOString() },
    },
    async (context) => {
      const written = await writeGames(context, {
        sport: options.sport,
        quoteSource: DEMO_SOURCE,
        keySources: [DEMO_SOURCE],
        games,
        demo: true,
        now: options.now,
        // The generator decides every status by the clock: its data is as of then.
        asOf: options.now,
      });
      return {
        added: written.added,
        updated: written.updated,
        unchanged: written.unchanged,
        skipped: [],
        changedSports: written.added + written.updated > 0 ? [options.sport] : [],
        events: written.events,
        detail: { games: games.length, quotes: games.reduce((sum, game) => sum + game.quotes.length, 0) },
      };
    },
  );
  return { ...summary, season };
}
