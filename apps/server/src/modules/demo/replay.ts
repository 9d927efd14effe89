import type { ReplayClv, ReplayEntry, ReplayLines, ReplayStrategy, StatsTotals } from '@pass/contracts';
import { BetKind, BetMode, BetType, centsToDollars, Status } from '@pass/domain';
import { totalsOf, type AggregateRow } from '../ledger/stats.service.js';

/**
 * The replay's strategy and sums, pure: which entries a week gets from its games and lines, and the totals of
 * graded entries, summed as the ledger's statistics query sums a member's (docs/decisions/011).
 */

export const PICKS_PER_WEEK = 4;
export const BET_STAKE_CENTS = 10_000;
const BET_STAKE_DOLLARS = centsToDollars(BET_STAKE_CENTS);

export const STRATEGY: ReplayStrategy = {
  key: 'home-underdogs',
  name: 'Home underdogs',
  summary: `Each week, pick up to ${PICKS_PER_WEEK} home underdogs against the spread, and put a simulated $${BET_STAKE_DOLLARS} on the biggest of them to win outright.`,
  rules: [
    'Lines are the ones on record the day before kickoff (one book per game: the consensus where there is one, else betus); sources that file only the closing line give the close.',
    `The picks: home teams getting points, the most points first, up to ${PICKS_PER_WEEK} a week; neutral-site games have no home team and are left out. Each scores +5 for a cover, −5 for a loss, 0 for a push.`,
    `The bet: $${BET_STAKE_DOLLARS} (simulated) on the moneyline of the week's biggest home underdog; a win pays at its price.`,
    'Every entry is graded when its game is final, with the same rules, closing line and totals as a member’s picks and bets.',
  ],
  picks_per_week: PICKS_PER_WEEK,
  bet_stake_cents: BET_STAKE_CENTS,
};

/** One quote the strategy saw: a market and outcome of one game. */
export interface TakenQuote {
  eventId: number;
  book: string;
  market: 'h2h' | 'spreads' | 'totals';
  outcome: string;
  price: number;
  point: number | null;
}

export const NO_LINES: ReplayLines = {
  book: null,
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

/** A game's lines from its quotes; spreads from each team's side (−3.5 favoured). */
export function linesOf(game: { homeTeam: string; awayTeam: string }, quotes: readonly TakenQuote[]): ReplayLines {
  const find = (market: TakenQuote['market'], outcome: string) =>
    quotes.find((quote) => quote.market === market && quote.outcome === outcome);
  const homeSpread = find('spreads', game.homeTeam);
  const awaySpread = find('spreads', game.awayTeam);
  const over = find('totals', 'Over');
  const under = find('totals', 'Under');
  // A book may quote one side only; the other side's spread is its negation.
  const negated = (point: number | null | undefined) => (point === null || point === undefined ? null : -point + 0);
  return {
    book: quotes[0]?.book ?? null,
    home_spread: homeSpread?.point ?? negated(awaySpread?.point),
    home_spread_price: homeSpread?.price ?? null,
    away_spread: awaySpread?.point ?? negated(homeSpread?.point),
    away_spread_price: awaySpread?.price ?? null,
    home_price: find('h2h', game.homeTeam)?.price ?? null,
    away_price: find('h2h', game.awayTeam)?.price ?? null,
    total: over?.point ?? under?.point ?? null,
    over_price: over?.price ?? null,
    under_price: under?.price ?? null,
  };
}

/** A game the strategy may pick. */
export interface CandidateGame {
  id: number;
  homeTeam: string;
  neutralSite: boolean;
  /** ISO time, or null when only the date is known. */
  kickoffAt: string | null;
  gameDate: string;
  lines: ReplayLines;
}

/** An entry as the strategy takes it, before grading. */
export interface ReplayDraft {
  eventId: number;
  betMode: number;
  betKind: number;
  betType: number;
  betTeam: string;
  line: number | null;
  price: number | null;
  stakeCents: number | null;
}

const kickoffKey = (game: CandidateGame) => game.kickoffAt ?? `${game.gameDate}T12:00:00.000Z`;

/**
 * A week's entries: the home underdogs with the most points, up to PICKS_PER_WEEK picks, then one simulated
 * moneyline bet on the first of them that has a moneyline. Ties go to the longer moneyline price, then the
 * earlier kickoff, then the event id, so the same data always gives the same entries.
 */
export function chooseWeekEntries(games: readonly CandidateGame[]): ReplayDraft[] {
  const underdogs = games
    .filter((game) => !game.neutralSite && game.lines.home_spread !== null && game.lines.home_spread > 0)
    .sort(
      (a, b) =>
        b.lines.home_spread! - a.lines.home_spread! ||
        (b.lines.home_price ?? -Infinity) - (a.lines.home_price ?? -Infinity) ||
        kickoffKey(a).localeCompare(kickoffKey(b)) ||
        a.id - b.id,
    )
    .slice(0, PICKS_PER_WEEK);
  const picks = underdogs.map((game): ReplayDraft => ({
    eventId: game.id,
    betMode: BetMode.pick_on,
    betKind: BetKind.spread,
    betType: BetType.underdog,
    betTeam: game.homeTeam,
    line: game.lines.home_spread,
    price: null,
    stakeCents: null,
  }));
  const betOn = underdogs.find((game) => game.lines.home_price !== null);
  if (!betOn) return picks;
  return [
    ...picks,
    {
      eventId: betOn.id,
      betMode: BetMode.bet_on,
      betKind: BetKind.moneyline,
      betType: BetType.underdog,
      betTeam: betOn.homeTeam,
      line: null,
      price: betOn.lines.home_price,
      stakeCents: BET_STAKE_CENTS,
    },
  ];
}

const isGraded = (entry: ReplayEntry) => entry.status === Status.completed && entry.outcome !== null;
const isPick = (entry: ReplayEntry) => entry.bet_mode <= BetMode.pick_against;

/** The ledger stores CLV as `real`; averaging the stored values keeps the replay's average equal to a member's. */
const storedClv = (clv: number) => Math.fround(clv);

/** The graded entries summed as the ledger's statistics query sums a member's (stats.repository aggregateStats). */
export function aggregateOf(entries: readonly ReplayEntry[]): AggregateRow {
  const graded = entries.filter(isGraded);
  const count = (predicate: (entry: ReplayEntry) => boolean) => graded.filter(predicate).length;
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const bets = graded.filter((entry) => !isPick(entry));
  const staked = bets.filter((entry) => entry.outcome !== 'void');
  const spread = graded.filter((entry) => entry.bet_kind === BetKind.spread);
  const clvOf = (kind: number) => {
    const values = graded.filter((entry) => entry.bet_kind === kind && entry.clv !== null).map((e) => e.clv!);
    return {
      count: values.length,
      average: values.length === 0 ? null : sum(values.map(storedClv)) / values.length,
    };
  };
  const clvSpread = clvOf(BetKind.spread);
  const clvTotals = clvOf(BetKind.totals);
  const clvMoneyline = clvOf(BetKind.moneyline);
  return {
    set: 'all',
    money: null,
    team: null,
    week: null,
    betMode: null,
    betKind: null,
    betType: null,
    book: null,
    heldFavored: null,
    entries: graded.length,
    wins: count((entry) => entry.outcome === 'win'),
    losses: count((entry) => entry.outcome === 'loss'),
    pushes: count((entry) => entry.outcome === 'push'),
    voids: count((entry) => entry.outcome === 'void'),
    picks: count(isPick),
    pickPoints: sum(graded.filter(isPick).map((entry) => entry.reward!)),
    bets: bets.length,
    stakedBets: staked.length,
    stakedCents: sum(staked.map((entry) => entry.stake_cents ?? 0)),
    profitCents: sum(bets.map((entry) => entry.reward!)),
    atsWins: spread.filter((entry) => entry.outcome === 'win').length,
    atsLosses: spread.filter((entry) => entry.outcome === 'loss').length,
    atsPushes: spread.filter((entry) => entry.outcome === 'push').length,
    clvSpreadCount: clvSpread.count,
    clvSpreadAverage: clvSpread.average,
    clvTotalsCount: clvTotals.count,
    clvTotalsAverage: clvTotals.average,
    clvMoneylineCount: clvMoneyline.count,
    clvMoneylineAverage: clvMoneyline.average,
  };
}

/** Four decimals, as the ledger shows averages. */
const rounded = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10_000 + 0);

export function totalsOfEntries(entries: readonly ReplayEntry[]): StatsTotals {
  return totalsOf(aggregateOf(entries));
}

export function clvOfEntries(entries: readonly ReplayEntry[]): ReplayClv {
  const row = aggregateOf(entries);
  return {
    spread: { count: row.clvSpreadCount, average: rounded(row.clvSpreadAverage) },
    totals: { count: row.clvTotalsCount, average: rounded(row.clvTotalsAverage) },
    moneyline: { count: row.clvMoneylineCount, average: rounded(row.clvMoneylineAverage) },
  };
}

/** Totals of the graded entries grouped by a key, in key order. */
export function totalsBy<K extends string | number>(
  entries: readonly ReplayEntry[],
  keyOf: (entry: ReplayEntry) => K,
): { key: K; totals: StatsTotals }[] {
  const groups = new Map<K, ReplayEntry[]>();
  for (const entry of entries.filter(isGraded)) groups.set(keyOf(entry), [...(groups.get(keyOf(entry)) ?? []), entry]);
  return [...groups.entries()]
    .sort(([a], [b]) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))))
    .map(([key, group]) => ({ key, totals: totalsOfEntries(group) }));
}
