import { SPORTS } from '@pass/domain';
import { z } from 'zod';

/** Sport keys are The Odds API's. */
export const SportKey = z.enum(SPORTS);
export type SportKey = z.infer<typeof SportKey>;

const Season = z.coerce.number({ message: 'must be a year' }).int('must be a whole year').min(1900).max(2200);

export const SportParams = z.object({ sport: SportKey });
export type SportParams = z.infer<typeof SportParams>;

/** The specification's Team: abbreviation, name, also-known-as, conference and division. */
export const SportTeam = z.object({
  abbv: z.string(),
  name: z.string(),
  nickname: z.string().nullable(),
  aka: z.array(z.string()),
  conference: z.string().nullable(),
  division: z.string().nullable(),
});
export type SportTeam = z.infer<typeof SportTeam>;

export const TeamsQuery = z.object({ season_year: Season.optional() });
export type TeamsQuery = z.infer<typeof TeamsQuery>;

export const TeamsResponse = z.object({ sport: SportKey, teams: z.array(SportTeam) });
export type TeamsResponse = z.infer<typeof TeamsResponse>;

/** A week of a season: football weeks run Thursday to Wednesday around their games; dates are US Eastern. */
export const SeasonWeek = z.object({
  number: z.number().int(),
  label: z.string(),
  season_type: z.enum(['regular', 'postseason']),
  /** First day (YYYY-MM-DD). */
  start: z.string(),
  /** Last day (YYYY-MM-DD), inclusive. */
  end: z.string(),
  games: z.number().int(),
});
export type SeasonWeek = z.infer<typeof SeasonWeek>;

export const SeasonWeeksParams = z.object({ season: Season, sport: SportKey });
export type SeasonWeeksParams = z.infer<typeof SeasonWeeksParams>;

export const SeasonWeeksResponse = z.object({ sport: SportKey, season: z.number().int(), weeks: z.array(SeasonWeek) });
export type SeasonWeeksResponse = z.infer<typeof SeasonWeeksResponse>;

export const SeasonYearQuery = z.object({ season_year: Season.optional() });
export type SeasonYearQuery = z.infer<typeof SeasonYearQuery>;

/** The specification's current-week object, which includes the season. */
export const CurrentWeekResponse = SeasonWeek.extend({ sport: SportKey, season: z.number().int() });
export type CurrentWeekResponse = z.infer<typeof CurrentWeekResponse>;

export const BookParams = z.object({
  sport: SportKey,
  /** A week number, or a bookmaker key (`betus`). */
  extra: z.string().optional(),
});
export type BookParams = z.infer<typeof BookParams>;

export const BookQuote = z.object({
  book: z.string(),
  market: z.enum(['h2h', 'spreads', 'totals']),
  /** A team abbreviation, or Over / Under. */
  outcome: z.string(),
  /** American odds. */
  price: z.number().int(),
  /** Spread (negative = favourite) or total; null for moneylines. */
  point: z.number().nullable(),
  fetched_at: z.string(),
  quoted_at: z.string().nullable(),
});
export type BookQuote = z.infer<typeof BookQuote>;

/** The specification's event: event_id, yr_week, teams and event_scores, with kickoff, status and quotes. */
export const BookEvent = z.object({
  event_id: z.number().int(),
  sport: SportKey,
  season: z.number().int(),
  week: z.number().int().nullable(),
  /** season × 100 + week, e.g. 202217. */
  yr_week: z.number().int().nullable(),
  season_type: z.enum(['regular', 'postseason']),
  kickoff: z.string().nullable(),
  game_date: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  neutral_site: z.boolean(),
  status: z.enum(['scheduled', 'in_progress', 'final', 'postponed', 'cancelled']),
  event_scores: z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() }),
  odds: z.array(BookQuote),
});
export type BookEvent = z.infer<typeof BookEvent>;

export const BookEventsResponse = z.object({
  sport: SportKey,
  season: z.number().int(),
  week: SeasonWeek.nullable(),
  book: z.string().nullable(),
  events: z.array(BookEvent),
});
export type BookEventsResponse = z.infer<typeof BookEventsResponse>;

export const BookHistoryQuery = z.object({ season: Season.optional() });
export type BookHistoryQuery = z.infer<typeof BookHistoryQuery>;

/** Past events with their finals and closing lines (`odds` holds the closing quote per book). */
export const BookHistoryResponse = z.object({
  sport: SportKey,
  season: z.number().int(),
  week: z.number().int().nullable(),
  book: z.string().nullable(),
  events: z.array(BookEvent),
});
export type BookHistoryResponse = z.infer<typeof BookHistoryResponse>;
