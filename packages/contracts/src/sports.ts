import { SPORTS } from '@pass/domain';
import { z } from 'zod';
import { idParam, SingleLine } from './boundary.js';

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

/** The divisions below FBS (CFBD's names): the college teams outside the league that FBS teams play. */
export const OutsideDivision = z.enum(['fcs', 'ii', 'iii']);
export type OutsideDivision = z.infer<typeof OutsideDivision>;

/**
 * A team outside the sport's league that plays its teams: a college team never in FBS (an FCS opponent). Named
 * in game rows; it has no conference, no standings and no team page.
 */
export const OutsideTeam = z.object({
  abbv: z.string(),
  name: z.string(),
  nickname: z.string().nullable(),
  classification: OutsideDivision,
});
export type OutsideTeam = z.infer<typeof OutsideTeam>;

/** The league's teams (college: FBS), and apart from them the teams outside it that they play (empty for the pros). */
export const TeamsResponse = z.object({ sport: SportKey, teams: z.array(SportTeam), opponents: z.array(OutsideTeam) });
export type TeamsResponse = z.infer<typeof TeamsResponse>;

/**
 * A week of a season, numbered and named by the sports calendar (decision 024): college "Bowls" and "Playoff"
 * after the regular season, the NFL's playoff rounds, MLB Monday to Sunday. Dates are US dates.
 */
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
  extra: SingleLine.optional(),
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

/**
 * Where a game's line of record comes from (DESIGN.md section 6, decision record 034): the source file's closing
 * line (`closing`, with its `provider`), the median of the books' last quotes before kickoff (`median`), or no
 * line (`none`). `label` is what a screen shows: "closing line from nflverse".
 */
export const LineSource = z.object({
  kind: z.enum(['closing', 'median', 'none']),
  provider: z.string().nullable(),
  books: z.number().int(),
  label: z.string(),
});
export type LineSource = z.infer<typeof LineSource>;

/**
 * The one line a past game is shown and graded against everywhere, from the home side (a negative spread is the
 * home favourite), with its source and, once final, the result against it.
 */
export const LineOfRecord = z.object({
  home_spread: z.number().nullable(),
  total: z.number().nullable(),
  home_moneyline: z.number().int().nullable(),
  away_moneyline: z.number().int().nullable(),
  source: LineSource,
  /** Final games: the side that covered the spread, or push; null without a spread or a final. */
  covered: z.enum(['home', 'away', 'push']).nullable(),
  /** Final games: where the final landed against the total; null without a total or a final. */
  over_under: z.enum(['over', 'under', 'push']).nullable(),
});
export type LineOfRecord = z.infer<typeof LineOfRecord>;

/** How many games of a response were graded against each kind of line, for a screen's caption. */
export const LineSourceCount = z.object({
  kind: LineSource.shape.kind,
  provider: z.string().nullable(),
  label: z.string(),
  games: z.number().int(),
});
export type LineSourceCount = z.infer<typeof LineSourceCount>;

/** A game under way as its source last showed it. */
export const LiveGameState = z.object({
  period: z.number().int().nullable(),
  clock: z.string().nullable(),
  detail: z.string(),
  /** When the source showed it (ISO time). */
  as_of: z.string().nullable(),
});
export type LiveGameState = z.infer<typeof LiveGameState>;

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
  /**
   * A game under way (docs/decisions/066): the quarter or inning, the football clock, the source's line and
   * when the source showed it. Null unless `in_progress`; schedules and week views send it.
   */
  live: LiveGameState.nullable().optional(),
  /** A game of the generated demo season (PASS_SEED), to be shown as such. The server always sends it. */
  is_demo: z.boolean().optional(),
  /** MLB, in a week's events: the game's place in its series (game 2 of 3); absent elsewhere. */
  series: z.object({ game: z.number().int(), of: z.number().int() }).optional(),
  /**
   * Still `scheduled` past its time (six hours after kickoff, or from the day after its date without one):
   * shown as "Result not reported", not as a game to come. The server always sends it, by its clock.
   */
  result_missing: z.boolean().optional(),
  odds: z.array(BookQuote),
  /** A game that has kicked off: its line of record and source (the schedule, history and line history send it). */
  line_of_record: LineOfRecord.optional(),
});
export type BookEvent = z.infer<typeof BookEvent>;

export const BookEventsResponse = z.object({
  sport: SportKey,
  season: z.number().int(),
  week: SeasonWeek.nullable(),
  /** The number of the season's week after this one (the games a bet can be recorded on next); null after the last. */
  next_week: z.number().int().nullable(),
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

// ---------------------------------------------------------------------------------------------------------
// Line history, standings, almanac and tips

export const LineHistoryParams = z.object({
  eventId: idParam('an event id'),
});
export type LineHistoryParams = z.infer<typeof LineHistoryParams>;

/** One book's quotes of one outcome of one market, oldest first. */
export const LineSeries = z.object({
  book: z.string(),
  market: z.enum(['h2h', 'spreads', 'totals']),
  outcome: z.string(),
  quotes: z.array(
    z.object({
      price: z.number().int(),
      point: z.number().nullable(),
      fetched_at: z.string(),
      quoted_at: z.string().nullable(),
    }),
  ),
});
export type LineSeries = z.infer<typeof LineSeries>;

/** Every quote of an event by book and market over time (`event.odds` holds the latest per book). */
export const LineHistoryResponse = z.object({
  event: BookEvent,
  series: z.array(LineSeries),
});
export type LineHistoryResponse = z.infer<typeof LineHistoryResponse>;

export const SeasonQuery = z.object({ season: Season.optional() });
export type SeasonQuery = z.infer<typeof SeasonQuery>;

export const WinLossTie = z.object({
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
});
export type WinLossTie = z.infer<typeof WinLossTie>;

/** A team's line in the standings, from the season's final regular-season games. */
export const StandingRow = z.object({
  team: z.string(),
  name: z.string(),
  games: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  /** (wins + ties / 2) / games, 0 before the first game. */
  pct: z.number(),
  points_for: z.number().int(),
  points_against: z.number().int(),
  point_diff: z.number().int(),
  division_record: WinLossTie,
  conference_record: WinLossTie,
  /** The current run of results, e.g. W3 or L1; null before the first game. */
  streak: z.string().nullable(),
});
export type StandingRow = z.infer<typeof StandingRow>;

export const StandingsGroup = z.object({
  conference: z.string(),
  /** Null where the conference has no divisions (most of college football). */
  division: z.string().nullable(),
  /** Best first: pct, then head-to-head, division pct, conference pct and point difference. */
  teams: z.array(StandingRow),
});
export type StandingsGroup = z.infer<typeof StandingsGroup>;

export const StandingsResponse = z.object({
  sport: SportKey,
  season: z.number().int(),
  groups: z.array(StandingsGroup),
});
export type StandingsResponse = z.infer<typeof StandingsResponse>;

/** A query flag: `true` or `false`, absent meaning false. */
const QueryFlag = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .optional()
  .transform((value) => value === 'true');

/** The almanac's query: a season, else every season without the generated demo season unless asked. */
export const AlmanacQuery = z.object({ season: Season.optional(), include_demo: QueryFlag });
export type AlmanacQuery = z.infer<typeof AlmanacQuery>;

export const AlmanacParams = z.object({
  sport: SportKey,
  /** An abbreviation, name or alias (`KC`, `Chiefs`, `OAK`). */
  team: SingleLine.min(1).max(60),
});
export type AlmanacParams = z.infer<typeof AlmanacParams>;

/** Against-the-spread record: wins, losses and pushes at the closing line. */
export const AtsRecord = z.object({ wins: z.number().int(), losses: z.number().int(), pushes: z.number().int() });
export type AtsRecord = z.infer<typeof AtsRecord>;

export const OverUnderRecord = z.object({
  overs: z.number().int(),
  unders: z.number().int(),
  pushes: z.number().int(),
});
export type OverUnderRecord = z.infer<typeof OverUnderRecord>;

/**
 * The reward of backing (`pick_on`, `bet_on`) or fading (`pick_against`, `bet_against`) the team every
 * game at the closing line: picks against the spread score +5 / −5 / 0 points; bets stake
 * `bet_stake_cents` on the closing moneyline, and their reward is the profit in whole cents, as the
 * ledger's (a win's profit rounded to the cent, a loss the stake, a tie 0).
 */
export const AlmanacReward = z.object({
  pick_on: z.number().int(),
  pick_against: z.number().int(),
  bet_on: z.number().int(),
  bet_against: z.number().int(),
});
export type AlmanacReward = z.infer<typeof AlmanacReward>;

export const AlmanacRecord = z.object({
  games: z.number().int(),
  straight_up: WinLossTie,
  ats: AtsRecord,
  over_under: OverUnderRecord,
  reward: AlmanacReward,
});
export type AlmanacRecord = z.infer<typeof AlmanacRecord>;

/** One game of the team with its closing line (the consensus, from the team's side) and results. */
export const AlmanacGame = z.object({
  event_id: z.number().int(),
  season: z.number().int(),
  week: z.number().int().nullable(),
  yr_week: z.number().int().nullable(),
  season_type: z.enum(['regular', 'postseason']),
  kickoff: z.string().nullable(),
  game_date: z.string(),
  opponent: z.string(),
  /** The opponent's name in that season ("Northern Arizona Lumberjacks"). */
  opponent_name: z.string(),
  /** The division of an opponent outside the league (an FCS team), which has no team page; null otherwise. */
  opponent_outside: OutsideDivision.nullable(),
  home: z.boolean(),
  /** Played at neither team's park (bowls, the London and Tokyo series): "vs", not "@". */
  neutral_site: z.boolean(),
  /** A game of the generated demo season, marked as such wherever it is shown. */
  is_demo: z.boolean(),
  score_for: z.number().int(),
  score_against: z.number().int(),
  /** The team's closing spread (negative = favourite). */
  spread: z.number().nullable(),
  total: z.number().nullable(),
  moneyline: z.number().int().nullable(),
  opponent_moneyline: z.number().int().nullable(),
  straight_up: z.enum(['W', 'L', 'T']),
  ats: z.enum(['W', 'L', 'P']).nullable(),
  over_under: z.enum(['O', 'U', 'P']).nullable(),
  reward: AlmanacReward,
  /** Where the game's line of record (spread, total, moneylines) comes from. The server always sends it. */
  line_source: LineSource.optional(),
});
export type AlmanacGame = z.infer<typeof AlmanacGame>;

export const AlmanacResponse = z.object({
  sport: SportKey,
  team: z.string(),
  name: z.string(),
  /** The season asked for; null for the team's whole history. */
  season: z.number().int().nullable(),
  /**
   * Whether games of the generated demo season are among these (a demo season asked for, or every season
   * with `include_demo=true`); every season leaves them out by default.
   */
  includes_demo: z.boolean(),
  /** The stake of each bet the rewards count, in cents ($100). */
  bet_stake_cents: z.number().int(),
  totals: AlmanacRecord,
  seasons: z.array(AlmanacRecord.extend({ season: z.number().int() })),
  /** Game by game (week by week), oldest first. */
  games: z.array(AlmanacGame),
  /** The sources of the games' lines, most games first. The server always sends it. */
  line_sources: z.array(LineSourceCount).optional(),
});
export type AlmanacResponse = z.infer<typeof AlmanacResponse>;

/** A run of the same result, most recent game last: `W` 4 is four wins in a row. */
export const Streak = z.object({ result: z.enum(['W', 'L', 'T', 'P']), length: z.number().int() });
export type Streak = z.infer<typeof Streak>;

export const TeamTrend = z.object({
  team: z.string(),
  name: z.string(),
  games: z.number().int(),
  straight_up: WinLossTie,
  ats: AtsRecord,
  over_under: OverUnderRecord,
  /** Current straight-up run (W, L or T), null before the first game. */
  su_streak: Streak.nullable(),
  /** Current against-the-spread run (W, L or P = push), null without a game at a closing line. */
  ats_streak: Streak.nullable(),
});
export type TeamTrend = z.infer<typeof TeamTrend>;

/** One trend worth telling, with the figures behind it. */
export const Tip = z.object({
  team: z.string(),
  kind: z.enum(['su_streak', 'ats_streak', 'ats_record', 'over_under_record']),
  text: z.string(),
  figures: z.object({
    wins: z.number().int(),
    losses: z.number().int(),
    pushes: z.number().int(),
    games: z.number().int(),
    pct: z.number(),
  }),
});
export type Tip = z.infer<typeof Tip>;

export const TipsResponse = z.object({
  sport: SportKey,
  season: z.number().int(),
  /** Strongest trends first. */
  tips: z.array(Tip),
  teams: z.array(TeamTrend),
  /** The sources of the lines the records are counted against, most games first. The server always sends it. */
  line_sources: z.array(LineSourceCount).optional(),
});
export type TipsResponse = z.infer<typeof TipsResponse>;
