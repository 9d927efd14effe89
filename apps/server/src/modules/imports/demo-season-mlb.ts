import { calendarWeek, teamRegistry } from '@pass/domain';
import {
  addDays,
  dateOnly,
  DAY_MS,
  DEMO_BOOKS,
  DEMO_SOURCE,
  HOUR_MS,
  kickoffAt,
  normalCdf,
  Rng,
  roundHalf,
  toAmerican,
} from './demo-model.js';
import type { EventFields, QuoteRow } from './imports.repository.js';
import type { IncomingGame } from './imports.service.js';

/**
 * The MLB demo season (docs/decisions/010): the real 30 clubs from the last Thursday of March to late
 * September, 162 games each in series of two to four games, off days and an All-Star break, then the
 * postseason through the World Series (decision 065);
 * moneylines, run lines (±1.5) and totals from a seeded rating model quoted by three books the day before
 * and an hour before first pitch; finals for the games already played.
 */

const MLB = 'baseball_mlb';
/**
 * Three books, each quoting a game when its lines open and again only where they moved by first pitch: a
 * season is 2,430 games, and its quotes are what the first run spends its time writing (decision 010).
 */
const MLB_BOOKS = DEMO_BOOKS.slice(0, 3);
/** How long after first pitch a demo game is final. */
const GAME_LENGTH_MS = 3 * HOUR_MS;
/** 2.25% on each side: the "20-cent line" (−120 / +100) of a pick'em game. */
const VIG = 0.0225;

/** The model, in runs: team strength and offence spreads, the home edge, and a game's noise. */
const MODEL = {
  ratingSd: 0.5,
  offenseSd: 0.45,
  homeEdge: 0.2,
  /** The two starters' edge for the day, home view. */
  pitchingSd: 0.4,
  baseTotal: 8.6,
  marginSd: 4.2,
  totalSd: 4.4,
  runsSd: 2.9,
};

/**
 * Hours each club's local time is behind US Eastern time during the season. Arizona keeps standard time
 * all year, which in summer is Pacific daylight time.
 */
const HOURS_BEHIND_EASTERN: Readonly<Record<string, number>> = {
  CWS: 1,
  KC: 1,
  MIN: 1,
  HOU: 1,
  TEX: 1,
  CHC: 1,
  MIL: 1,
  STL: 1,
  COL: 2,
  ARI: 3,
  LAD: 3,
  LAA: 3,
  SD: 3,
  SF: 3,
  SEA: 3,
  ATH: 3,
};

// ---------------------------------------------------------------------------------------------------------
// The calendar

/** Opening day: the last Thursday of March (March 30 2023, March 28 2024, March 27 2025, March 26 2026). */
export function mlbOpeningDay(season: number): Date {
  const march31 = new Date(Date.UTC(season, 2, 31));
  return addDays(march31, -((march31.getUTCDay() - 4 + 7) % 7));
}

/** The All-Star Game: the Tuesday from July 11 to 17 (July 16 2024, July 15 2025, July 14 2026). */
export function mlbAllStarGame(season: number): Date {
  const july11 = new Date(Date.UTC(season, 6, 11));
  return addDays(july11, (2 - july11.getUTCDay() + 7) % 7);
}

/** The days of one series slot: every club plays one series over them, one game a day. */
type SeriesSlot = Date[];

const SEASON_WEEKS = 26;

/**
 * The series slots of a season, every club playing in every slot, so every club plays the same games:
 * a four-game opening series (Thursday to Sunday), then 26 weeks from the Monday after, each a midweek
 * series and a weekend series (Friday to Sunday). A usual week is Tuesday to Thursday with Monday off
 * (6 games); two weeks have a Monday-to-Thursday series and three have two two-game series (7 games);
 * the All-Star week has only its weekend. That is 55 series and 4 + 3 + 20·6 + 5·7 = 162 games.
 */
function mlbCalendar(season: number, rng: Rng): SeriesSlot[] {
  const opening = mlbOpeningDay(season);
  const firstMonday = addDays(opening, 4);
  const allStarWeek = Math.round((mlbAllStarGame(season).getTime() - DAY_MS - firstMonday.getTime()) / (7 * DAY_MS));
  const regularWeeks = Array.from({ length: SEASON_WEEKS }, (_, week) => week).filter((week) => week !== allStarWeek);
  const sevenGameWeeks = rng.shuffle(regularWeeks).slice(0, 5);
  const fourGameWeeks = new Set(sevenGameWeeks.slice(0, 2));
  const twoSeriesWeeks = new Set(sevenGameWeeks.slice(2));

  const slots: SeriesSlot[] = [[0, 1, 2, 3].map((day) => addDays(opening, day))];
  for (let week = 0; week < SEASON_WEEKS; week++) {
    const monday = addDays(firstMonday, week * 7);
    const days = (...offsets: number[]) => offsets.map((offset) => addDays(monday, offset));
    if (week !== allStarWeek) {
      if (fourGameWeeks.has(week)) slots.push(days(0, 1, 2, 3));
      else if (twoSeriesWeeks.has(week)) slots.push(days(0, 1), days(2, 3));
      else slots.push(days(1, 2, 3));
    }
    slots.push(days(4, 5, 6));
  }
  return slots;
}

// ---------------------------------------------------------------------------------------------------------
// Who plays whom

type Pair = [string, string];

const pairKey = ([a, b]: Pair) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * Who a team's partner is at position i + shift of another group of five: over five shifts, each team of
 * one group meets each team of the other once.
 */
const latin = (x: readonly string[], y: readonly string[], shift: number): Pair[] =>
  x.map((team, index) => [team, y[(index + shift) % 5]!]);

/**
 * The 55 rounds of series, each pairing all 30 clubs, after the shape of the balanced schedule:
 *
 * - 20 division rounds: in each, four teams of every division play two division series and the fifth
 *   plays the fifth of a division of the other league, so over five rounds each division's teams meet
 *   once; four such blocks give 16 division series a team;
 * - 30 league rounds: two divisions of a league play each other (five rounds, every pair once) while the
 *   third meets a division of the other league; every arrangement twice gives 20 same-league series;
 * - 5 interleague rounds with the remaining pairing of the divisions.
 *
 * A team thus plays 16 division, 20 league and 19 interleague series.
 */
function mlbSeriesRounds(rng: Rng): Pair[][] {
  const teams = teamRegistry.teams(MLB);
  const division = (league: string, region: string) =>
    rng.shuffle(teams.filter((team) => team.division === `${league} ${region}`).map((team) => team.abbr));
  const regions = ['East', 'Central', 'West'];
  const al = regions.map((region) => division('AL', region));
  const nl = regions.map((region) => division('NL', region));
  if ([...al, ...nl].some((members) => members.length !== 5)) {
    throw new Error('The MLB demo schedule needs six divisions of five clubs');
  }
  const rounds: Pair[][] = [];

  // In round r the team at r sits out of its division's games (circle method for five).
  const divisionGames = (members: readonly string[], sitter: number): Pair[] => [
    [members[(sitter + 1) % 5]!, members[(sitter + 4) % 5]!],
    [members[(sitter + 2) % 5]!, members[(sitter + 3) % 5]!],
  ];
  const crossDivision = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 1, 2],
  ];
  crossDivision.forEach((cross, block) => {
    for (let round = 0; round < 5; round++) {
      const nlSitter = (round + block) % 5;
      rounds.push([
        ...al.flatMap((members) => divisionGames(members, round)),
        ...nl.flatMap((members) => divisionGames(members, nlSitter)),
        ...al.map((members, k): Pair => [members[round]!, nl[cross[k]!]![nlSitter]!]),
      ]);
    }
  });

  const others = (left: number) => [0, 1, 2].filter((index) => index !== left) as [number, number];
  for (const offset of [0, 1]) {
    for (let k = 0; k < 3; k++) {
      const [x, y] = others(k);
      const j = (k + offset) % 3;
      const [u, v] = others(j);
      for (let shift = 0; shift < 5; shift++) {
        rounds.push([
          ...latin(al[x]!, al[y]!, shift),
          ...latin(nl[u]!, nl[v]!, shift),
          ...latin(al[k]!, nl[j]!, shift),
        ]);
      }
    }
  }

  for (let shift = 0; shift < 5; shift++) {
    rounds.push([0, 1, 2].flatMap((k) => latin(al[k]!, nl[(k + 2) % 3]!, shift)));
  }
  return rounds;
}

/** The rounds in a random order in which no two teams meet in consecutive series. */
function orderRounds(rng: Rng, rounds: readonly Pair[][]): Pair[][] {
  const remaining = rng.shuffle(rounds);
  const ordered: Pair[][] = [];
  let previous = new Set<string>();
  while (remaining.length > 0) {
    const index = remaining.findIndex((round) => round.every((pair) => !previous.has(pairKey(pair))));
    const [round] = remaining.splice(Math.max(0, index), 1);
    ordered.push(round!);
    previous = new Set(round!.map(pairKey));
  }
  return ordered;
}

// ---------------------------------------------------------------------------------------------------------
// The schedule

/** A game of the MLB demo schedule, before lines and results. */
export interface MlbFixture {
  home: string;
  away: string;
  kickoff: Date;
  /** The home club's local date of the game. */
  gameDate: string;
  /** 1 for the first game of its series. */
  seriesGame: number;
  seriesLength: number;
  /** A postseason game: its winner is drawn with the series, and its score agrees. */
  postseason?: { winner: string };
}

/** "19:05" local plus hours behind Eastern → the Eastern wall-clock time. */
function easternTime(local: string, hoursBehind: number): string {
  const [hours, minutes] = local.split(':');
  return `${String(Number(hours) + hoursBehind).padStart(2, '0')}:${minutes}`;
}

/**
 * The season's games: the calendar's slots filled with the rounds, the club with fewer home games so far
 * hosting (the last meeting's visitor when even). First pitches at the home club's usual local times:
 * evenings on weekdays, some afternoon games on the last day of a midweek series, afternoons on Sunday.
 */
export function mlbDemoSchedule(season: number, seed: string): MlbFixture[] {
  const rng = new Rng(`${seed}|${MLB}|${season}|schedule`);
  const slots = mlbCalendar(season, rng);
  const rounds = orderRounds(rng, mlbSeriesRounds(rng));
  if (slots.length !== rounds.length) throw new Error('The MLB demo calendar and rounds disagree');

  const clubs = teamRegistry.teams(MLB).map((team) => team.abbr);
  const nightTime = new Map(clubs.map((club) => [club, rng.pick(['19:05', '19:10', '18:40', '19:07'])]));
  const saturdayTime = new Map(clubs.map((club) => [club, rng.pick(['16:05', '16:10', '18:15', '19:15'])]));
  const sundayTime = new Map(clubs.map((club) => [club, rng.pick(['13:35', '13:10', '13:40', '13:05'])]));

  const homeGames = new Map<string, number>();
  const lastHost = new Map<string, string>();
  const fixtures: MlbFixture[] = [];
  slots.forEach((days, slotIndex) => {
    for (const pair of rounds[slotIndex]!) {
      const [a, b] = pair;
      const homeA = homeGames.get(a) ?? 0;
      const homeB = homeGames.get(b) ?? 0;
      const previous = lastHost.get(pairKey(pair));
      const aHosts = homeA !== homeB ? homeA < homeB : previous ? previous === b : rng.next() < 0.5;
      const [home, away] = aHosts ? [a, b] : [b, a];
      homeGames.set(home, (homeGames.get(home) ?? 0) + days.length);
      lastHost.set(pairKey(pair), home);
      const getawayDayGame = rng.next() < 0.5;
      days.forEach((day, index) => {
        const weekday = day.getUTCDay();
        const last = index === days.length - 1;
        const local =
          weekday === 0
            ? sundayTime.get(home)!
            : weekday === 6
              ? saturdayTime.get(home)!
              : last && getawayDayGame && weekday !== 5
                ? '13:10'
                : nightTime.get(home)!;
        fixtures.push({
          home,
          away,
          kickoff: kickoffAt(day, easternTime(local, HOURS_BEHIND_EASTERN[home] ?? 0)),
          gameDate: dateOnly(day),
          seriesGame: index + 1,
          seriesLength: days.length,
        });
      });
    }
  });
  const lastDay = fixtures.reduce((last, fixture) => (fixture.gameDate > last ? fixture.gameDate : last), '');
  return [...fixtures, ...mlbPostseason(season, seed, new Date(`${lastDay}T00:00:00Z`), nightTime)];
}

/**
 * The postseason (decision 065): six clubs a league by the demo's seeded ratings, the three division winners
 * seeded first (the best two with a bye) and three wild cards. The Wild Card Series (best of three, all at the
 * better seed) from the Tuesday after the season, the Division Series (best of five, 2-2-1) from the
 * Saturday, the League Championship Series (best of seven, 2-3-2) from the Sunday after, and the World Series
 * (best of seven, 2-3-2, the better-rated club at home first) from the Friday after that, ending by October
 * 31. Each game's winner is drawn ahead with the model's chance, a series stops when a club has won it, and
 * the games' scores agree. First pitches in the evening at the home club's usual time.
 */
function mlbPostseason(
  season: number,
  seed: string,
  lastRegularDay: Date,
  nightTime: ReadonlyMap<string, string>,
): MlbFixture[] {
  const rng = new Rng(`${seed}|${MLB}|${season}|postseason`);
  const { power } = mlbRatings(season, seed);
  const rating = (team: string) => power.get(team) ?? 0;
  const byRating = (teams: readonly string[]) => [...teams].sort((a, b) => rating(b) - rating(a) || (a < b ? -1 : 1));
  const fixtures: MlbFixture[] = [];

  /** A series: `better` hosts the games where `homes` says true; days are offsets from the last regular day. */
  const series = (better: string, worse: string, days: readonly number[], homes: readonly boolean[]) => {
    const needed = Math.floor(days.length / 2) + 1;
    const wins = new Map([
      [better, 0],
      [worse, 0],
    ]);
    const games: MlbFixture[] = [];
    for (let index = 0; index < days.length && Math.max(...wins.values()) < needed; index++) {
      const [home, away] = homes[index] ? [better, worse] : [worse, better];
      const margin = rating(home) - rating(away) + MODEL.homeEdge;
      const winner = rng.next() < normalCdf(margin / MODEL.marginSd) ? home : away;
      wins.set(winner, wins.get(winner)! + 1);
      const day = addDays(lastRegularDay, days[index]!);
      games.push({
        home,
        away,
        kickoff: kickoffAt(day, easternTime(nightTime.get(home)!, HOURS_BEHIND_EASTERN[home] ?? 0)),
        gameDate: dateOnly(day),
        seriesGame: index + 1,
        seriesLength: 0,
        postseason: { winner },
      });
    }
    for (const game of games) game.seriesLength = games.length;
    fixtures.push(...games);
    return wins.get(better)! >= needed ? better : worse;
  };
  const twoThreeTwo = [true, true, false, false, false, true, true];

  const champions = (['AL', 'NL'] as const).map((league) => {
    const clubs = teamRegistry.teams(MLB).filter((team) => team.division!.startsWith(`${league} `));
    const divisions = new Map<string, string[]>();
    for (const team of clubs) divisions.set(team.division!, [...(divisions.get(team.division!) ?? []), team.abbr]);
    const winners = byRating([...divisions.values()].map((teams) => byRating(teams)[0]!));
    const wildCards = byRating(clubs.map((team) => team.abbr).filter((team) => !winners.includes(team))).slice(0, 3);
    const seeds = [...winners, ...wildCards];
    const wildCard = [2, 3, 4];
    const w36 = series(seeds[2]!, seeds[5]!, wildCard, [true, true, true]);
    const w45 = series(seeds[3]!, seeds[4]!, wildCard, [true, true, true]);
    const division = [6, 7, 9, 10, 12];
    const divisionHomes = [true, true, false, false, true];
    const d1 = series(seeds[0]!, w45, division, divisionHomes);
    const d2 = series(seeds[1]!, w36, division, divisionHomes);
    const [better, worse] = [d1, d2].sort((a, b) => seeds.indexOf(a) - seeds.indexOf(b));
    return series(better!, worse!, [14, 15, 17, 18, 19, 21, 22], twoThreeTwo);
  });
  const [better, worse] = byRating(champions);
  series(better!, worse!, [26, 27, 29, 30, 31, 33, 34], twoThreeTwo);
  return fixtures;
}

// ---------------------------------------------------------------------------------------------------------
// Lines and results

/** A book's line on a game: moneylines, the favourite's run line (−1.5) and the total, with prices. */
interface BaseballLine {
  h2h: { home: number; away: number };
  /** The team giving 1.5 runs, and the prices of −1.5 and +1.5. */
  runLine: { favourite: string; underdog: string; favouritePrice: number; underdogPrice: number };
  total: { point: number; over: number; under: number };
}

/** A book's prices from its view of the game: the home margin and the total it expects, in runs. */
function priceLine(home: string, away: string, margin: number, total: number): BaseballLine {
  const homeWins = normalCdf(margin / MODEL.marginSd);
  const homeFavoured = margin >= 0;
  const favouriteCovers = normalCdf((Math.abs(margin) - 1.5) / MODEL.marginSd);
  const point = roundHalf(total);
  const over = normalCdf((total - point) / MODEL.totalSd);
  return {
    h2h: { home: toAmerican(homeWins + VIG), away: toAmerican(1 - homeWins + VIG) },
    runLine: {
      favourite: homeFavoured ? home : away,
      underdog: homeFavoured ? away : home,
      favouritePrice: toAmerican(favouriteCovers + VIG),
      underdogPrice: toAmerican(1 - favouriteCovers + VIG),
    },
    total: { point, over: toAmerican(over + VIG), under: toAmerican(1 - over + VIG) },
  };
}

/** When the books were read: the day before (lines open) and an hour before first pitch. */
const snapshotTimes = (kickoff: Date) => [
  new Date(kickoff.getTime() - 20 * HOUR_MS),
  new Date(kickoff.getTime() - HOUR_MS),
];

/** A game's stable demo id: sport, season, the home club's date and the teams (one game a day per club). */
export const mlbDemoKey = (season: number, fixture: Pick<MlbFixture, 'gameDate' | 'home' | 'away'>) =>
  `${MLB}:${season}:${fixture.gameDate}:${fixture.away}@${fixture.home}`;

interface Ratings {
  power: Map<string, number>;
  offense: Map<string, number>;
}

function mlbGameOf(season: number, seed: string, ratings: Ratings, fixture: MlbFixture, now: Date): IncomingGame {
  const key = mlbDemoKey(season, fixture);
  const rng = new Rng(`${seed}|${key}`);
  const margin =
    ratings.power.get(fixture.home)! -
    ratings.power.get(fixture.away)! +
    MODEL.homeEdge +
    rng.normal(0, MODEL.pitchingSd);
  const expectedTotal =
    MODEL.baseTotal + ratings.offense.get(fixture.home)! + ratings.offense.get(fixture.away)! + rng.normal(0, 0.5);

  // The market opens near the model and, in about half the games, moves by first pitch (news of the
  // lineups, the weather); each book shades it a little.
  // Totals open from about 6.5 (two aces) to 11.5 (a hitters' park).
  const open = {
    margin: margin + rng.normal(0, 0.15),
    total: Math.min(11.5, Math.max(6.5, expectedTotal + rng.normal(0, 0.4))),
  };
  const moves = rng.next() < 0.5;
  const move = { margin: rng.normal(0, 0.25), total: rng.pick([-0.5, -0.5, 0, 0.5, 0.5]) };
  const close = moves ? { margin: open.margin + move.margin, total: open.total + move.total } : open;
  const times = snapshotTimes(fixture.kickoff);
  const quotes: Omit<QuoteRow, 'eventId'>[] = [];
  for (const book of MLB_BOOKS) {
    const shadeMargin = rng.normal(0, 0.1);
    const shadeTotal = rng.pick([-0.5, 0, 0, 0, 0, 0.5]);
    let previous: BaseballLine | undefined;
    times.forEach((time, index) => {
      const market = index === 0 ? open : close;
      const follows = index === 0 || rng.next() < 0.8;
      const line =
        follows || !previous
          ? priceLine(fixture.home, fixture.away, market.margin + shadeMargin, market.total + shadeTotal)
          : previous;
      if (time > now) return;
      const fetchedAt = time.toISOString();
      const quote = (market: QuoteRow['market'], outcome: string, price: number, point: number | null) =>
        quotes.push({ book, market, outcome, price, point, quotedAt: fetchedAt, fetchedAt, source: DEMO_SOURCE });
      if (!previous || previous.h2h.home !== line.h2h.home || previous.h2h.away !== line.h2h.away) {
        quote('h2h', fixture.home, line.h2h.home, null);
        quote('h2h', fixture.away, line.h2h.away, null);
      }
      const run = line.runLine;
      const before = previous?.runLine;
      if (
        !before ||
        before.favourite !== run.favourite ||
        before.favouritePrice !== run.favouritePrice ||
        before.underdogPrice !== run.underdogPrice
      ) {
        quote('spreads', run.favourite, run.favouritePrice, -1.5);
        quote('spreads', run.underdog, run.underdogPrice, 1.5);
      }
      const total = line.total;
      if (
        !previous ||
        previous.total.point !== total.point ||
        previous.total.over !== total.over ||
        previous.total.under !== total.under
      ) {
        quote('totals', 'Over', total.over, total.point);
        quote('totals', 'Under', total.under, total.point);
      }
      previous = line;
    });
  }

  // The result, drawn whatever the clock says, shown only once the game has started. Extra innings settle
  // a tie, more often for the better team.
  let homeRuns = Math.max(0, Math.round(rng.normal((expectedTotal + margin) / 2, MODEL.runsSd)));
  let awayRuns = Math.max(0, Math.round(rng.normal((expectedTotal - margin) / 2, MODEL.runsSd)));
  const extra = rng.next() < 0.25 ? 2 : 1;
  const homeWinsExtras = rng.next() < normalCdf(margin / MODEL.marginSd);
  if (homeRuns === awayRuns) {
    if (homeWinsExtras) homeRuns += extra;
    else awayRuns += extra;
  }
  // A postseason game ends the way its series was drawn.
  const winner = fixture.postseason?.winner;
  if (winner && (homeRuns > awayRuns ? fixture.home : fixture.away) !== winner) {
    [homeRuns, awayRuns] = [awayRuns, homeRuns];
  }
  const elapsed = now.getTime() - fixture.kickoff.getTime();
  const status: EventFields['status'] = elapsed < 0 ? 'scheduled' : elapsed < GAME_LENGTH_MS ? 'in_progress' : 'final';
  const share = status === 'in_progress' ? elapsed / GAME_LENGTH_MS : 1;

  return {
    keys: [{ source: DEMO_SOURCE, key }],
    fields: {
      sport: MLB,
      season,
      // The sports calendar's Monday-to-Sunday week of the game's date, as every MLB importer stores it.
      week: calendarWeek({ sport: MLB, season, seasonType: 'regular', date: fixture.gameDate, sourceWeek: null }),
      seasonType: fixture.postseason ? 'postseason' : 'regular',
      kickoffAt: fixture.kickoff.toISOString(),
      gameDate: fixture.gameDate,
      homeTeam: fixture.home,
      awayTeam: fixture.away,
      neutralSite: false,
      status,
      homeScore: status === 'scheduled' ? null : Math.floor(homeRuns * share),
      awayScore: status === 'scheduled' ? null : Math.floor(awayRuns * share),
    },
    quotes,
  };
}

/** The MLB demo season as an importer's games (pure: no database, no clock but `now`). */
export function mlbDemoGames(season: number, seed: string, now: Date): IncomingGame[] {
  const ratings = mlbRatings(season, seed);
  return mlbDemoSchedule(season, seed).map((fixture) => mlbGameOf(season, seed, ratings, fixture, now));
}

/** The clubs' seeded strength and offence, in runs. */
function mlbRatings(season: number, seed: string): Ratings {
  const rng = new Rng(`${seed}|${MLB}|${season}|ratings`);
  const ratings: Ratings = { power: new Map(), offense: new Map() };
  for (const team of teamRegistry.teams(MLB)) {
    ratings.power.set(team.abbr, rng.normal(0, MODEL.ratingSd));
    ratings.offense.set(team.abbr, rng.normal(0, MODEL.offenseSd));
  }
  return ratings;
}
