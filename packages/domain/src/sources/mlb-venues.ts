/**
 * Where MLB games are played, as facts: each club's home time zone, and the season's special venues (games
 * at neither club's park) that a source without a park column cannot tell us.
 */

/**
 * The IANA time zone of each club's home park (2025: the Athletics in Sacramento, the Rays at Steinbrenner
 * Field in Tampa, both in the zone they played in before). Arizona keeps standard time all year.
 */
export const MLB_HOME_TIME_ZONES: Readonly<Record<string, string>> = {
  BAL: 'America/New_York',
  BOS: 'America/New_York',
  NYY: 'America/New_York',
  TB: 'America/New_York',
  TOR: 'America/Toronto',
  CWS: 'America/Chicago',
  CLE: 'America/New_York',
  DET: 'America/Detroit',
  KC: 'America/Chicago',
  MIN: 'America/Chicago',
  HOU: 'America/Chicago',
  LAA: 'America/Los_Angeles',
  ATH: 'America/Los_Angeles',
  SEA: 'America/Los_Angeles',
  TEX: 'America/Chicago',
  ATL: 'America/New_York',
  MIA: 'America/New_York',
  NYM: 'America/New_York',
  PHI: 'America/New_York',
  WSH: 'America/New_York',
  CHC: 'America/Chicago',
  CIN: 'America/New_York',
  MIL: 'America/Chicago',
  PIT: 'America/New_York',
  STL: 'America/Chicago',
  ARI: 'America/Phoenix',
  COL: 'America/Denver',
  LAD: 'America/Los_Angeles',
  SD: 'America/Los_Angeles',
  SF: 'America/Los_Angeles',
};

/** The zone the schedule is read in when the park is unknown. */
export const US_EASTERN = 'America/New_York';

export interface MlbSpecialVenue {
  season: number;
  /** The Stats API game id. */
  gamePk: string;
  /** The local date the game was played on (YYYY-MM-DD). */
  date: string;
  /** The designated home and away clubs (Stats API abbreviations). */
  home: string;
  away: string;
  venue: string;
  timeZone: string;
  /** At neither club's home park. */
  neutral: boolean;
}

/**
 * The 2025 regular season's games away from both clubs' parks. The Stats API export in history/ has no
 * park column, so these are facts, each checked against its row in `mlb/statsapi/games_2025.csv` (game_pk,
 * teams, date, score). Sources: MLB's announcements and game stories on mlb.com: the Tokyo Series (Cubs and
 * Dodgers at the Tokyo Dome, March 18–19, 2025; 7:05 pm in Tokyo, the same date in UTC); the MLB Speedway
 * Classic (Braves at Reds at Bristol Motor Speedway, Tennessee, scheduled for August 2, postponed by rain and
 * played on Sunday August 3, 2025, Braves 4–2); the Little League Classic (Mariners at Mets at Bowman Field,
 * Williamsport, Pennsylvania, August 17, 2025, Mets 7–3). No London, Mexico City or Seoul games in 2025.
 */
export const MLB_SPECIAL_VENUES: readonly MlbSpecialVenue[] = [
  {
    season: 2025,
    gamePk: '778563',
    date: '2025-03-18',
    home: 'CHC',
    away: 'LAD',
    venue: 'Tokyo Dome, Tokyo',
    timeZone: 'Asia/Tokyo',
    neutral: true,
  },
  {
    season: 2025,
    gamePk: '778564',
    date: '2025-03-19',
    home: 'CHC',
    away: 'LAD',
    venue: 'Tokyo Dome, Tokyo',
    timeZone: 'Asia/Tokyo',
    neutral: true,
  },
  {
    season: 2025,
    gamePk: '776907',
    date: '2025-08-03',
    home: 'CIN',
    away: 'ATL',
    venue: 'Bristol Motor Speedway, Bristol, Tennessee',
    timeZone: 'America/New_York',
    neutral: true,
  },
  {
    season: 2025,
    gamePk: '776707',
    date: '2025-08-17',
    home: 'NYM',
    away: 'SEA',
    venue: 'Bowman Field, Williamsport, Pennsylvania',
    timeZone: 'America/New_York',
    neutral: true,
  },
];

/** The special venue of a Stats API game, by its game id and teams (a mismatch means the facts are not this game's). */
export function specialVenueOf(
  game: { sourceId: string; home: string; away: string },
  venues: readonly MlbSpecialVenue[] = MLB_SPECIAL_VENUES,
): MlbSpecialVenue | undefined {
  return venues.find((venue) => venue.gamePk === game.sourceId && venue.home === game.home && venue.away === game.away);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateInZone(instant: string | Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** The zone an MLB game is played in: its special venue's, else the home club's park, else US Eastern. */
export function mlbGameTimeZone(game: { sourceId?: string; home: string; away: string }): string {
  const venue = game.sourceId === undefined ? undefined : specialVenueOf({ ...game, sourceId: game.sourceId });
  return venue?.timeZone ?? MLB_HOME_TIME_ZONES[game.home] ?? US_EASTERN;
}

/**
 * The local (official) date of an MLB game from its UTC first pitch: the date at the venue, as the Stats
 * API's `officialDate` gives it (a 7:10 pm Houston first pitch is 00:10 UTC the next day).
 */
export function mlbLocalDate(game: { sourceId?: string; home: string; away: string; kickoff: string }): string {
  return dateInZone(game.kickoff, mlbGameTimeZone(game));
}
