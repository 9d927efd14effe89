import type { ReplayEntry, ReplaySeason } from '@pass/contracts';
import { describe, expect, it } from 'vitest';
import { defaultSeason } from './demo.service.js';
import {
  BET_STAKE_CENTS,
  chooseWeekEntries,
  clvOfEntries,
  linesOf,
  NO_LINES,
  totalsOfEntries,
  type CandidateGame,
} from './replay.js';

let nextId = 1;
function game(homeSpread: number | null, options: Partial<CandidateGame> & { homePrice?: number | null } = {}) {
  const id = nextId++;
  return {
    id,
    homeTeam: `H${id}`,
    neutralSite: false,
    kickoffAt: '2024-09-15T17:00:00.000Z',
    gameDate: '2024-09-15',
    ...options,
    lines: { ...NO_LINES, home_spread: homeSpread, home_price: options.homePrice ?? null },
  };
}

describe('chooseWeekEntries', () => {
  it('picks the home underdogs with the most points, at most four, and bets $100 on the biggest', () => {
    const games = [
      game(3, { homePrice: 130 }),
      game(-7),
      game(7.5, { homePrice: 290 }),
      game(1),
      game(2.5),
      game(6),
      game(10, { neutralSite: true, homePrice: 400 }),
      game(null),
    ];
    const entries = chooseWeekEntries(games);
    expect(entries.map((entry) => [entry.betMode, entry.betKind, entry.betTeam, entry.line, entry.price])).toEqual([
      [1, 3, games[2]!.homeTeam, 7.5, null],
      [1, 3, games[5]!.homeTeam, 6, null],
      [1, 3, games[0]!.homeTeam, 3, null],
      [1, 3, games[4]!.homeTeam, 2.5, null],
      [3, 1, games[2]!.homeTeam, null, 290],
    ]);
    expect(entries.at(-1)!.stakeCents).toBe(BET_STAKE_CENTS);
  });

  it('breaks a tie on the line by the longer moneyline, then the earlier kickoff', () => {
    const late = game(3.5, { homePrice: 150, kickoffAt: '2024-09-15T20:25:00.000Z' });
    const short = game(3.5, { homePrice: 142 });
    const early = game(3.5, { homePrice: 150 });
    expect(chooseWeekEntries([short, late, early]).map((entry) => entry.eventId)).toEqual([
      early.id,
      late.id,
      short.id,
      early.id,
    ]);
  });

  it('bets on the first underdog that has a moneyline, and makes no entry in a week without underdogs', () => {
    const noPrice = game(4);
    const priced = game(3, { homePrice: 125 });
    expect(chooseWeekEntries([noPrice, priced]).at(-1)).toMatchObject({ betMode: 3, eventId: priced.id });
    expect(chooseWeekEntries([game(-3), game(0), game(null)])).toEqual([]);
  });
});

describe('linesOf', () => {
  it('reads each side’s spread, deriving a missing side from the other', () => {
    const quote = (market: 'h2h' | 'spreads' | 'totals', outcome: string, price: number, point: number | null) => ({
      eventId: 1,
      book: 'betus',
      market,
      outcome,
      price,
      point,
    });
    expect(
      linesOf({ homeTeam: 'NE', awayTeam: 'SEA' }, [
        quote('spreads', 'SEA', -110, -3.5),
        quote('h2h', 'NE', 142, null),
        quote('totals', 'Under', -105, 40.5),
      ]),
    ).toEqual({
      ...NO_LINES,
      book: 'betus',
      home_spread: 3.5,
      away_spread: -3.5,
      away_spread_price: -110,
      home_price: 142,
      total: 40.5,
      under_price: -105,
    });
  });
});

const entry = (overrides: Partial<ReplayEntry>): ReplayEntry => ({
  event_id: 1,
  bet_mode: 1,
  bet_kind: 3,
  bet_type: 3,
  bet_team: 'NE',
  line: 3.5,
  price: null,
  stake_cents: null,
  status: 8,
  outcome: 'win',
  reward: 5,
  closing_line: 3.5,
  closing_price: -110,
  clv: 0,
  ...overrides,
});
const bet = (overrides: Partial<ReplayEntry>) =>
  entry({ bet_mode: 3, bet_kind: 1, line: null, price: 150, stake_cents: 10_000, closing_line: null, ...overrides });

describe('totalsOfEntries', () => {
  it('counts only graded entries, and stakes no void bet', () => {
    const totals = totalsOfEntries([
      entry({ outcome: 'win', reward: 5 }),
      entry({ outcome: 'push', reward: 0 }),
      entry({ status: 1, outcome: null, reward: null }),
      bet({ outcome: 'win', reward: 15_000 }),
      bet({ outcome: 'void', reward: 0 }),
      bet({ outcome: 'loss', reward: -10_000 }),
    ]);
    expect(totals).toEqual({
      entries: 5,
      wins: 2,
      losses: 1,
      pushes: 1,
      voids: 1,
      record: '2-1-1',
      picks: { count: 2, points: 5 },
      bets: { count: 3, staked_cents: 20_000, profit_cents: 5_000, roi: 0.25, units: 0.5 },
    });
  });

  it('averages CLV per kind over the entries that have one', () => {
    expect(
      clvOfEntries([entry({ clv: 1.5 }), entry({ clv: -0.5 }), entry({ clv: null }), bet({ clv: 0.0213 })]),
    ).toEqual({
      spread: { count: 2, average: 0.5 },
      totals: { count: 0, average: null },
      moneyline: { count: 1, average: 0.0213 },
    });
  });
});

describe('defaultSeason', () => {
  const season = (value: number, complete: boolean, isDemo: boolean): ReplaySeason => ({
    season: value,
    complete,
    is_demo: isDemo,
    finals: 100,
  });

  it('takes the most recent completed season, real data before demo data', () => {
    expect(defaultSeason([season(2026, false, false), season(2025, true, true), season(2024, true, false)])).toEqual(
      season(2024, true, false),
    );
    expect(defaultSeason([season(2025, true, false), season(2024, true, false)])?.season).toBe(2025);
  });

  it('falls back to a season in progress, real first, and to nothing without seasons', () => {
    expect(defaultSeason([season(2026, false, true), season(2025, false, false)])?.season).toBe(2025);
    expect(defaultSeason([])).toBeUndefined();
  });
});
