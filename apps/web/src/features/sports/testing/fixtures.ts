import type {
  AlmanacResponse,
  BookEvent,
  BookEventsResponse,
  BookHistoryResponse,
  BookQuote,
  ImportRun,
  ImportSourceStatus,
  SeasonWeek,
  SeasonWeeksResponse,
  SportTeam,
  TeamsResponse,
  TeamTrend,
  Tip,
  TipsResponse,
} from '@pass/contracts';

/** Small answers of the sports API for component tests. */

export const team = (abbv: string, name: string, division: string): SportTeam => ({
  abbv,
  name,
  nickname: name.split(' ').pop() ?? null,
  aka: [],
  conference: division.split(' ')[0] ?? null,
  division,
});

export const TEAMS: SportTeam[] = [
  team('KC', 'Kansas City Chiefs', 'AFC West'),
  team('DEN', 'Denver Broncos', 'AFC West'),
  team('BUF', 'Buffalo Bills', 'AFC East'),
  team('MIA', 'Miami Dolphins', 'AFC East'),
  team('DAL', 'Dallas Cowboys', 'NFC East'),
  team('PHI', 'Philadelphia Eagles', 'NFC East'),
];

export const teamsResponse: TeamsResponse = { sport: 'americanfootball_nfl', teams: TEAMS, opponents: [] };

export const week = (number: number): SeasonWeek => ({
  number,
  label: `Week ${number}`,
  season_type: 'regular',
  start: `2026-09-${String(9 + number * 7).padStart(2, '0')}`,
  end: `2026-09-${String(15 + number * 7).padStart(2, '0')}`,
  games: 2,
});

export const weeksResponse: SeasonWeeksResponse = {
  sport: 'americanfootball_nfl',
  season: 2026,
  weeks: [week(1), week(2)],
};

export const quote = (
  book: string,
  market: BookQuote['market'],
  outcome: string,
  price: number,
  point: number | null = null,
): BookQuote => ({
  book,
  market,
  outcome,
  price,
  point,
  fetched_at: '2026-09-20T12:00:00.000Z',
  quoted_at: null,
});

export function event(id: number, away: string, home: string, overrides: Partial<BookEvent> = {}): BookEvent {
  return {
    event_id: id,
    sport: 'americanfootball_nfl',
    season: 2026,
    week: 2,
    yr_week: 202602,
    season_type: 'regular',
    kickoff: '2026-09-20T17:00:00.000Z',
    game_date: '2026-09-20',
    home_team: home,
    away_team: away,
    neutral_site: false,
    status: 'scheduled',
    event_scores: { home: null, away: null },
    is_demo: false,
    odds: [
      quote('betus', 'spreads', home, -110, -3.5),
      quote('betus', 'spreads', away, -110, 3.5),
      quote('betus', 'totals', 'Over', -110, 44.5),
      quote('betus', 'totals', 'Under', -110, 44.5),
      quote('betus', 'h2h', home, -170),
      quote('betus', 'h2h', away, 145),
    ],
    ...overrides,
  };
}

export const eventsResponse = (weekNumber: number, events: BookEvent[]): BookEventsResponse => ({
  sport: 'americanfootball_nfl',
  season: 2026,
  week: week(weekNumber),
  next_week: weekNumber + 1,
  book: null,
  events,
});

export const almanacResponse: AlmanacResponse = {
  sport: 'americanfootball_nfl',
  team: 'KC',
  name: 'Kansas City Chiefs',
  season: 2026,
  includes_demo: false,
  bet_stake_cents: 10_000,
  totals: {
    games: 2,
    straight_up: { wins: 1, losses: 1, ties: 0 },
    ats: { wins: 2, losses: 0, pushes: 0 },
    over_under: { overs: 1, unders: 0, pushes: 1 },
    reward: { pick_on: 10, pick_against: -10, bet_on: 4_050, bet_against: -7_425 },
  },
  seasons: [],
  line_sources: [
    { kind: 'median', provider: null, label: "median of the books' last quotes before kickoff", games: 2 },
  ],
  games: [
    {
      event_id: 1,
      season: 2026,
      week: 1,
      yr_week: 202601,
      season_type: 'regular',
      kickoff: '2026-09-13T20:25:00.000Z',
      game_date: '2026-09-13',
      opponent: 'DEN',
      opponent_name: 'Denver Broncos',
      opponent_outside: null,
      home: true,
      neutral_site: false,
      is_demo: false,
      score_for: 27,
      score_against: 20,
      spread: -3.5,
      total: 44.5,
      moneyline: -170,
      opponent_moneyline: 145,
      straight_up: 'W',
      ats: 'W',
      over_under: 'O',
      reward: { pick_on: 5, pick_against: -5, bet_on: 5_882, bet_against: -10_000 },
    },
    {
      event_id: 2,
      season: 2026,
      week: 2,
      yr_week: 202602,
      season_type: 'regular',
      kickoff: '2026-09-20T20:25:00.000Z',
      game_date: '2026-09-20',
      opponent: 'BUF',
      opponent_name: 'Buffalo Bills',
      opponent_outside: null,
      home: false,
      neutral_site: false,
      is_demo: false,
      score_for: 21,
      score_against: 24,
      spread: 6.5,
      total: 45,
      moneyline: 220,
      opponent_moneyline: -260,
      straight_up: 'L',
      ats: 'W',
      over_under: 'P',
      reward: { pick_on: 5, pick_against: -5, bet_on: -10_000, bet_against: 3_846 },
    },
  ],
};

export const tip = (team: string, kind: Tip['kind'], text: string, figures: Partial<Tip['figures']> = {}): Tip => ({
  team,
  kind,
  text,
  figures: { wins: 0, losses: 0, pushes: 0, games: 0, pct: 0, ...figures },
});

export const teamTrend = (team: string, name: string, overrides: Partial<TeamTrend> = {}): TeamTrend => ({
  team,
  name,
  games: 9,
  straight_up: { wins: 5, losses: 4, ties: 0 },
  ats: { wins: 6, losses: 3, pushes: 0 },
  over_under: { overs: 6, unders: 2, pushes: 1 },
  su_streak: { result: 'L', length: 1 },
  ats_streak: { result: 'W', length: 3 },
  ...overrides,
});

export const tipsResponse = (tips: Tip[], teams: TeamTrend[] = [], season = 2026): TipsResponse => ({
  sport: 'americanfootball_nfl',
  season,
  tips,
  teams,
});

export const historyResponse = (
  weekNumber: number | null,
  events: BookEvent[],
  season = 2026,
): BookHistoryResponse => ({
  sport: 'americanfootball_nfl',
  season,
  week: weekNumber,
  book: null,
  events,
});

/** A final with its closing line at one book: the home side's spread and the total. */
export function final(
  id: number,
  away: string,
  home: string,
  scores: { away: number; home: number },
  line: { book?: string; homeSpread: number; total: number; homePrice?: number; awayPrice?: number },
  overrides: Partial<BookEvent> = {},
): BookEvent {
  const book = line.book ?? 'consensus';
  return event(id, away, home, {
    status: 'final',
    event_scores: scores,
    odds: [
      quote(book, 'spreads', home, -110, line.homeSpread),
      quote(book, 'spreads', away, -110, -line.homeSpread),
      quote(book, 'totals', 'Over', -110, line.total),
      quote(book, 'totals', 'Under', -110, line.total),
      quote(book, 'h2h', home, line.homePrice ?? -170),
      quote(book, 'h2h', away, line.awayPrice ?? 145),
    ],
    ...overrides,
  });
}

export const importRun = (id: number, overrides: Partial<ImportRun> = {}): ImportRun => ({
  id,
  source: 'demo',
  trigger: 'first-run',
  status: 'succeeded',
  started_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  finished_at: new Date(Date.now() - 2 * 3_600_000 + 5_000).toISOString(),
  added: 272,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  error: null,
  detail: null,
  ...overrides,
});

export const importSource = (source: string, overrides: Partial<ImportSourceStatus> = {}): ImportSourceStatus => ({
  source,
  last_run: null,
  last_success: null,
  last_error: null,
  counts: { runs: 0, succeeded: 0, failed: 0, events: 0, quotes: 0 },
  ...overrides,
});
