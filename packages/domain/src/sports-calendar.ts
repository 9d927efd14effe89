import { nflOpeningThursday } from './calendar.js';
import type { Sport } from './enums.js';

/**
 * The sports calendar: one week number per game for every sport, used by the importers (events.week), every
 * sports endpoint, the ledger (yr_week) and the pools. Decision record 024.
 *
 * - NFL: weeks 1–17 (1–18 from 2021) as the schedule numbers them; the playoffs continue the count:
 *   Wild Card, Divisional Round, Conference Championships, Super Bowl (nflverse numbers them so too).
 * - College: regular-season weeks as the schedule numbers them (a "week 0" game is week 1); every bowl is
 *   the week after the last regular-season week ("Bowls"), every College Football Playoff game the week
 *   after that ("Playoff").
 * - MLB: Monday-to-Sunday weeks by the game's local date, week 1 being the week of the season's first game.
 */

const DAY_MS = 86_400_000;

export type SeasonType = 'regular' | 'postseason';

/** What kind of college postseason game: a bowl (or another postseason game) or a College Football Playoff game. */
export type CollegePostseasonKind = 'bowl' | 'playoff';

/** A game as the calendar needs it. */
export interface CalendarGame {
  sport: Sport;
  season: number;
  seasonType: SeasonType;
  /** The game's local (US schedule) date, YYYY-MM-DD. */
  date: string;
  /** The week the source gives (nflverse, CFBD, ESPN), or a week this calendar gave before; null if none. */
  sourceWeek: number | null;
  /** College postseason only: bowl or playoff, where known. */
  postseason?: CollegePostseasonKind | null | undefined;
}

export interface CalendarWeek {
  number: number;
  label: string;
  seasonType: SeasonType;
  /** First day (YYYY-MM-DD). */
  start: string;
  /** Last day (YYYY-MM-DD), inclusive. */
  end: string;
}

const dayOf = (date: string) => Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Day 0 (1970-01-01) was a Thursday: 0 = Thursday … 6 = Wednesday. */
const weekdayFromThursday = (day: number) => ((day % 7) + 7) % 7;
const MONDAY = 4;
const SATURDAY = 2;

// ---------------------------------------------------------------------------------------------------------
// NFL

/** The last regular-season week: 17 until 2020, 18 from 2021 (the 17-game schedule). */
export function nflLastRegularWeek(season: number): number {
  return season >= 2021 ? 18 : 17;
}

const NFL_PLAYOFF_ROUNDS = ['Wild Card', 'Divisional Round', 'Conference Championships', 'Super Bowl'] as const;

/** A week by date: Thursday to Wednesday from the opening Thursday; the playoffs end at the Super Bowl's week. */
function nflWeekByDate(season: number, day: number): number {
  const opening = Math.floor(nflOpeningThursday(season).getTime() / DAY_MS);
  const week = Math.floor((day - opening) / 7) + 1;
  return Math.min(Math.max(week, 1), nflLastRegularWeek(season) + NFL_PLAYOFF_ROUNDS.length);
}

function nflWeek(game: CalendarGame): number {
  const last = nflLastRegularWeek(game.season);
  const week = game.sourceWeek;
  if (game.seasonType === 'postseason') {
    if (week !== null && week > last && week <= last + NFL_PLAYOFF_ROUNDS.length) return week;
    return Math.max(last + 1, nflWeekByDate(game.season, dayOf(game.date)));
  }
  return week !== null && week >= 1 ? week : nflWeekByDate(game.season, dayOf(game.date));
}

// ---------------------------------------------------------------------------------------------------------
// College football

/** The Saturday before Labor Day (the first Monday of September): the Saturday of week 1. */
function collegeWeekOneSaturday(season: number): number {
  return Math.floor(nflOpeningThursday(season).getTime() / DAY_MS) - 5;
}

/** The second Saturday of December: Army–Navy, the last regular-season game. */
function secondSaturdayOfDecember(season: number): number {
  const december1 = dayOf(`${season}-12-01`);
  return december1 + ((SATURDAY - weekdayFromThursday(december1) + 7) % 7) + 7;
}

/**
 * The last regular-season week: the week of Army–Navy, counted in Saturdays from week 1 (16 in 2024 and
 * 2025, 15 in 2022 and 2023, as CFBD and ESPN number them).
 */
export function collegeLastRegularWeek(season: number): number {
  return (secondSaturdayOfDecember(season) - collegeWeekOneSaturday(season)) / 7 + 1;
}

export const collegeBowlsWeek = (season: number) => collegeLastRegularWeek(season) + 1;
export const collegePlayoffWeek = (season: number) => collegeLastRegularWeek(season) + 2;

/**
 * College Football Playoff games by ESPN event id (= CFBD id), for sources without a game's name: the
 * sportsdataverse schedules have no notes column. CFBD's `notes` name the rest.
 */
const COLLEGE_PLAYOFF_GAME_IDS = new Set([
  // 2024: first round, quarterfinals, semifinals (the final is not in the stored files; its notes name it).
  '401677176',
  '401677177',
  '401677178',
  '401677179',
  '401677181',
  '401677182',
  '401677183',
  '401677184',
  '401677189',
  '401677191',
  // 2025: first round, quarterfinals (Cotton, Orange, Rose, Sugar), semifinals (Fiesta, Peach), final.
  '401779840',
  '401779841',
  '401779842',
  '401779843',
  '401769070',
  '401769071',
  '401769072',
  '401769073',
  '401769074',
  '401769075',
  '401769076',
]);

const PLAYOFF_NOTES = /college football playoff|\bCFP\b|national championship/i;
/** FCS, Division II and III title games are named "… Championship" too; they are not the CFP. */
const OTHER_DIVISION_NOTES = /\b(FCS|Division I{2,3}|NAIA)\b/i;

/** Bowl or playoff, from the game's name (CFBD `notes`) or, without one, the known playoff game ids. */
export function collegePostseasonKind(game: {
  sourceId?: string | null;
  notes?: string | null;
}): CollegePostseasonKind {
  const notes = game.notes ?? '';
  if (PLAYOFF_NOTES.test(notes) && !OTHER_DIVISION_NOTES.test(notes)) return 'playoff';
  if (game.sourceId && COLLEGE_PLAYOFF_GAME_IDS.has(game.sourceId)) return 'playoff';
  return 'bowl';
}

/** A regular-season week by date: Tuesday to Monday around the week's Saturday (week 0 folded into 1). */
function collegeWeekByDate(season: number, day: number): number {
  const firstSaturday = collegeWeekOneSaturday(season);
  // The Tuesday before week 1's Saturday starts week 1; each later Tuesday starts the next week.
  const week = Math.floor((day - (firstSaturday - 4)) / 7) + 1;
  return Math.min(Math.max(week, 1), collegeBowlsWeek(season));
}

function collegeWeek(game: CalendarGame): number {
  const last = collegeLastRegularWeek(game.season);
  const week = game.sourceWeek;
  if (game.seasonType === 'postseason') {
    // A week this calendar gave before keeps its kind; a source's own postseason week (CFBD: 1) does not say.
    const kind = game.postseason ?? (week === last + 2 ? 'playoff' : 'bowl');
    return kind === 'playoff' ? last + 2 : last + 1;
  }
  if (week !== null) return Math.max(week, 1);
  return collegeWeekByDate(game.season, dayOf(game.date));
}

// ---------------------------------------------------------------------------------------------------------
// MLB

/**
 * The first game of each season (local date), overseas openers included: 2019 Tokyo, 2024 Seoul, 2025
 * Tokyo. Seasons not listed open on the last Thursday of March, as most do.
 */
const MLB_FIRST_GAME: Record<number, string> = {
  2015: '2015-04-05',
  2016: '2016-04-03',
  2017: '2017-04-02',
  2018: '2018-03-29',
  2019: '2019-03-20',
  2020: '2020-07-23',
  2021: '2021-04-01',
  2022: '2022-04-07',
  2023: '2023-03-30',
  2024: '2024-03-20',
  2025: '2025-03-18',
};

/** The local date of a season's first game. */
export function mlbFirstGameDate(season: number): string {
  const known = MLB_FIRST_GAME[season];
  if (known) return known;
  const march31 = dayOf(`${season}-03-31`);
  // Thursday is 0 in weekdayFromThursday: step back to the last Thursday on or before March 31.
  return dateOf(march31 - weekdayFromThursday(march31));
}

/** The Monday on or before a day. */
const mondayOf = (day: number) => day - ((weekdayFromThursday(day) - MONDAY + 7) % 7);

function mlbWeek(game: Pick<CalendarGame, 'season' | 'date'>): number {
  const first = mondayOf(dayOf(mlbFirstGameDate(game.season)));
  return Math.max(1, Math.floor((mondayOf(dayOf(game.date)) - first) / 7) + 1);
}

// ---------------------------------------------------------------------------------------------------------
// One numbering for every sport

/**
 * The week of a game. Idempotent: a game whose `sourceWeek` is already this calendar's week keeps it, so
 * a stored week can be read through it again (old rows get the new numbering as far as their fields tell).
 */
export function calendarWeek(game: CalendarGame): number {
  switch (game.sport) {
    case 'americanfootball_nfl':
      return nflWeek(game);
    case 'americanfootball_ncaaf':
      return collegeWeek(game);
    case 'baseball_mlb':
      return mlbWeek(game);
  }
}

/** Whether a week of the season is a postseason week (for MLB the calendar alone cannot say: regular). */
export function weekSeasonType(sport: Sport, season: number, week: number): SeasonType {
  if (sport === 'americanfootball_nfl') return week > nflLastRegularWeek(season) ? 'postseason' : 'regular';
  if (sport === 'americanfootball_ncaaf') return week > collegeLastRegularWeek(season) ? 'postseason' : 'regular';
  return 'regular';
}

/** A week's name: "Week 7", the NFL's round names, "Bowls" and "Playoff" for college. */
export function weekLabel(sport: Sport, season: number, week: number): string {
  if (sport === 'americanfootball_nfl') {
    const round = NFL_PLAYOFF_ROUNDS[week - nflLastRegularWeek(season) - 1];
    if (round) return round;
  }
  if (sport === 'americanfootball_ncaaf') {
    if (week === collegeBowlsWeek(season)) return 'Bowls';
    if (week === collegePlayoffWeek(season)) return 'Playoff';
  }
  return `Week ${week}`;
}

/** A short name for narrow columns and charts: "W7", "WC", "SB", "Bowl", "CFP". */
export function weekShortLabel(sport: Sport, season: number, week: number): string {
  const label = weekLabel(sport, season, week);
  const short: Record<string, string> = {
    'Wild Card': 'WC',
    'Divisional Round': 'Div',
    'Conference Championships': 'Conf',
    'Super Bowl': 'SB',
    Bowls: 'Bowl',
    Playoff: 'CFP',
  };
  return short[label] ?? `W${week}`;
}

/** The third Monday of January after the season: the college national championship is played by then. */
function thirdMondayOfJanuary(season: number): number {
  const january1 = dayOf(`${season + 1}-01-01`);
  return january1 + ((MONDAY - weekdayFromThursday(january1) + 7) % 7) + 14;
}

/** Calendars worked out, by sport and season; a few seasons of three sports at most, in practice. */
const calendars = new Map<string, readonly CalendarWeek[]>();
const CALENDARS_KEPT = 64;

/**
 * A season's weeks with their names and usual dates, from the rules alone (the games of a season may
 * widen a week: an early week-0 game, a bowl on Army–Navy Saturday). Worked out once per sport and season
 * and shared, frozen: a standings answer or a pool's week asks for it, and a result reaches thousands of pools.
 */
export function seasonCalendar(sport: Sport, season: number): readonly CalendarWeek[] {
  const key = `${sport}:${season}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    calendar = Object.freeze(calendarOf(sport, season).map((week) => Object.freeze(week)));
    if (calendars.size >= CALENDARS_KEPT) calendars.clear();
    calendars.set(key, calendar);
  }
  return calendar;
}

function calendarOf(sport: Sport, season: number): CalendarWeek[] {
  const week = (number: number, start: number, end: number): CalendarWeek => ({
    number,
    label: weekLabel(sport, season, number),
    seasonType: weekSeasonType(sport, season, number),
    start: dateOf(start),
    end: dateOf(end),
  });
  if (sport === 'americanfootball_nfl') {
    const opening = Math.floor(nflOpeningThursday(season).getTime() / DAY_MS);
    const last = nflLastRegularWeek(season);
    const weeks = Array.from({ length: last + 3 }, (_, index) =>
      week(index + 1, opening + index * 7, opening + index * 7 + 6),
    );
    // The Super Bowl comes two weeks after the conference championships.
    const superBowlStart = opening + (last + 3) * 7;
    return [...weeks, week(last + 4, superBowlStart, superBowlStart + 13)];
  }
  if (sport === 'americanfootball_ncaaf') {
    const firstTuesday = collegeWeekOneSaturday(season) - 4;
    const last = collegeLastRegularWeek(season);
    const weeks = Array.from({ length: last }, (_, index) =>
      week(index + 1, firstTuesday + index * 7, firstTuesday + index * 7 + 6),
    );
    const postseasonStart = firstTuesday + last * 7;
    const postseasonEnd = thirdMondayOfJanuary(season);
    return [...weeks, week(last + 1, postseasonStart, postseasonEnd), week(last + 2, postseasonStart, postseasonEnd)];
  }
  // MLB: through the week of November 5, when the World Series is over.
  const first = mondayOf(dayOf(mlbFirstGameDate(season)));
  const count = Math.floor((mondayOf(dayOf(`${season}-11-05`)) - first) / 7) + 1;
  return Array.from({ length: count }, (_, index) => week(index + 1, first + index * 7, first + index * 7 + 6));
}

/** A week of the season's calendar by number (its usual dates); undefined past the calendar. */
export function calendarWeekOf(sport: Sport, season: number, number: number): CalendarWeek | undefined {
  return seasonCalendar(sport, season).find((week) => week.number === number);
}

// ---------------------------------------------------------------------------------------------------------
// MLB series

export interface SeriesGame {
  id: number;
  home: string;
  away: string;
  /** Local date, YYYY-MM-DD. */
  date: string;
}

/** A game's place in its series: game 2 of 3. */
export interface SeriesPosition {
  game: number;
  of: number;
}

/**
 * MLB series: the games of the same visitors at the same park on consecutive days (both games of a
 * doubleheader count). Games in the order given (kickoff order) within a day.
 */
export function mlbSeries(games: readonly SeriesGame[]): Map<number, SeriesPosition> {
  const ordered = games.map((game, index) => ({ game, index, day: dayOf(game.date) }));
  ordered.sort((a, b) => a.day - b.day || a.index - b.index);
  const open = new Map<string, { lastDay: number; ids: number[] }>();
  const series: number[][] = [];
  for (const { game, day } of ordered) {
    const key = `${game.away}@${game.home}`;
    const current = open.get(key);
    if (current && day - current.lastDay <= 1) {
      current.ids.push(game.id);
      current.lastDay = day;
    } else {
      const next = { lastDay: day, ids: [game.id] };
      open.set(key, next);
      series.push(next.ids);
    }
  }
  const positions = new Map<number, SeriesPosition>();
  for (const ids of series) ids.forEach((id, index) => positions.set(id, { game: index + 1, of: ids.length }));
  return positions;
}
