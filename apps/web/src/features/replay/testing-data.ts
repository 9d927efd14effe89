import type { DemoReplayResponse, ReplayEntry, ReplayGame, StatsTotals } from '@pass/contracts';
import { profitCents } from '@pass/domain';

/** A two-week replay of the demo screens' tests: 2024 weeks 1 and 2, as the server answers them. */

const noLines: ReplayGame['lines'] = {
  book: 'consensus',
  home_spread: null,
  home_spread_price: null,
  away_spread: null,
  away_spread_price: null,
  home_price: null,
  away_price: null,
  total: null,
  over_price: null,
  under_price: null,
};

function game(
  eventId: number,
  away: string,
  home: string,
  scores: { away: number | null; home: number | null },
  lines: Partial<ReplayGame['lines']>,
  kickoff = '2024-09-08T17:00:00.000Z',
): ReplayGame {
  return {
    event_id: eventId,
    kickoff,
    game_date: kickoff.slice(0, 10),
    home_team: home,
    away_team: away,
    neutral_site: false,
    status: scores.home === null ? 'scheduled' : 'final',
    event_scores: scores,
    lines: { ...noLines, ...lines },
  };
}

const pick = (eventId: number, team: string, line: number, outcome: 'win' | 'loss', clv = 0): ReplayEntry => ({
  event_id: eventId,
  bet_mode: 1,
  bet_kind: 3,
  bet_type: 3,
  bet_team: team,
  line,
  price: null,
  stake_cents: null,
  status: 8,
  outcome,
  reward: outcome === 'win' ? 5 : -5,
  closing_line: line - clv,
  closing_price: -110,
  clv,
});

const bet = (eventId: number, team: string, price: number, outcome: 'win' | 'loss'): ReplayEntry => ({
  event_id: eventId,
  bet_mode: 3,
  bet_kind: 1,
  bet_type: 3,
  bet_team: team,
  line: null,
  price,
  stake_cents: 10_000,
  status: 8,
  outcome,
  reward: outcome === 'win' ? profitCents(10_000, price) : -10_000,
  closing_line: null,
  closing_price: price,
  clv: 0,
});

export function totals(
  wins: number,
  losses: number,
  picks: { count: number; points: number },
  bets: { count: number; profit: number },
): StatsTotals {
  const staked = bets.count * 10_000;
  return {
    entries: wins + losses,
    wins,
    losses,
    pushes: 0,
    voids: 0,
    record: `${wins}-${losses}-0`,
    picks,
    bets: {
      count: bets.count,
      staked_cents: staked,
      profit_cents: bets.profit,
      roi: staked === 0 ? null : bets.profit / staked,
      units: staked === 0 ? null : bets.profit / 10_000,
    },
  };
}

const clv = (spreads: number, average: number | null): DemoReplayResponse['clv'] => ({
  spread: { count: spreads, average },
  totals: { count: 0, average: null },
  moneyline: { count: 0, average: null },
});

export const HOU_IND = game(
  501,
  'HOU',
  'IND',
  { away: 29, home: 27 },
  {
    home_spread: 3,
    home_spread_price: -110,
    away_spread: -3,
    away_spread_price: -110,
    home_price: 130,
    away_price: -155,
    total: 48.5,
    over_price: -110,
    under_price: -110,
  },
);
const MIN_NYG = game(502, 'MIN', 'NYG', { away: 28, home: 6 }, { home_spread: 1, away_spread: -1, home_price: -105 });
export const SF_MIN = game(
  601,
  'SF',
  'MIN',
  { away: 17, home: 23 },
  { home_spread: 4.5, away_spread: -4.5, home_price: 180, away_price: -220 },
  '2024-09-15T17:00:00.000Z',
);

const week1Totals = totals(1, 2, { count: 2, points: 0 }, { count: 1, profit: -10_000 });
const seasonTotals = totals(3, 2, { count: 3, points: 5 }, { count: 2, profit: 8_000 });

export const replay: DemoReplayResponse = {
  sport: 'americanfootball_nfl',
  season: 2024,
  is_demo: false,
  complete: true,
  seasons: [
    { season: 2025, is_demo: false, complete: false, finals: 193 },
    { season: 2024, is_demo: false, complete: true, finals: 285 },
  ],
  strategy: {
    key: 'home-underdogs',
    name: 'Home underdogs',
    summary: 'Each week, pick up to 4 home underdogs against the spread, and put a simulated $100 on the biggest.',
    rules: ['The picks: home teams getting points.'],
    picks_per_week: 4,
    bet_stake_cents: 10_000,
  },
  weeks: [
    {
      number: 1,
      label: 'Week 1',
      season_type: 'regular',
      start: '2024-09-05',
      end: '2024-09-11',
      yr_week: 202401,
      games: [HOU_IND, MIN_NYG],
      entries: [pick(501, 'IND', 3, 'win'), pick(502, 'NYG', 1, 'loss'), bet(501, 'IND', 130, 'loss')],
      totals: week1Totals,
      running: week1Totals,
      running_clv: clv(2, 0),
    },
    {
      number: 2,
      label: 'Week 2',
      season_type: 'regular',
      start: '2024-09-12',
      end: '2024-09-18',
      yr_week: 202402,
      games: [SF_MIN],
      entries: [pick(601, 'MIN', 4.5, 'win', 1), bet(601, 'MIN', 180, 'win')],
      totals: totals(2, 0, { count: 1, points: 5 }, { count: 1, profit: 18_000 }),
      running: seasonTotals,
      running_clv: clv(3, 0.3333),
    },
  ],
  totals: seasonTotals,
  clv: clv(3, 0.3333),
  by_kind: [
    { bet_kind: 1, ...totals(1, 1, { count: 0, points: 0 }, { count: 2, profit: 8_000 }) },
    { bet_kind: 3, ...totals(2, 1, { count: 3, points: 5 }, { count: 0, profit: 0 }) },
  ],
  by_team: [
    { team: 'IND', ...totals(1, 1, { count: 1, points: 5 }, { count: 1, profit: -10_000 }) },
    { team: 'MIN', ...totals(2, 0, { count: 1, points: 5 }, { count: 1, profit: 18_000 }) },
    { team: 'NYG', ...totals(0, 1, { count: 1, points: -5 }, { count: 0, profit: 0 }) },
  ],
};

/** The answer for a sport or season without final games. */
export const emptyReplay: DemoReplayResponse = {
  ...replay,
  season: null,
  seasons: [],
  weeks: [],
  totals: totals(0, 0, { count: 0, points: 0 }, { count: 0, profit: 0 }),
  clv: clv(0, null),
  by_kind: [],
  by_team: [],
};
