import type { DemoReplayResponse, ReplayEntry, ReplayGame, ReplayWeek, StatsResponse } from '@pass/contracts';
import { AmericanPrice, StakeDollars } from '@pass/contracts';
import {
  BetKind,
  BetType,
  centsToDollars,
  dollarsToCents,
  gradeEntry,
  GradingError,
  OddsError,
  type BetKindValue,
  type BetModeValue,
} from '@pass/domain';
import { americanPrice, isBet, line, signedNumber } from '../../../lib/bet-format';
import { dollars } from '../../../lib/money';

export { isReplaySport, REPLAY_SPORTS } from './replay-sports';

/** The weeks as the stats screen's reward chart reads them (a member's `by_week`). */
export function byWeekOf(weeks: readonly ReplayWeek[]): StatsResponse['by_week'] {
  return weeks.map((week) => ({ ...week.totals, yr_week: week.yr_week, nbr: week.number }));
}

export interface CumulativePoint {
  label: string;
  /** Pick points so far. */
  points: number;
  /** Bet profit so far, in dollars. */
  profit: number;
}

/** The season's running totals week by week, as the server summed them. */
export function cumulativeOf(weeks: readonly ReplayWeek[]): CumulativePoint[] {
  return weeks.map((week) => ({
    label: `W${week.number}`,
    points: week.running.picks.points,
    profit: centsToDollars(week.running.bets.profit_cents),
  }));
}

/** A replay game by id, else the first game of the last week that has one (the newest sample). */
export function sampleGameOf(replay: DemoReplayResponse, eventId?: number): ReplayGame | undefined {
  const games = replay.weeks.flatMap((week) => week.games);
  return (
    (eventId === undefined ? undefined : games.find((game) => game.event_id === eventId)) ??
    [...replay.weeks].reverse().find((week) => week.games.length > 0)?.games[0]
  );
}

/** What an entry holds, in words: "IND +3" for a spread, "IND to win at +130" for a moneyline. */
export function entryHeadline(entry: Pick<ReplayEntry, 'bet_kind' | 'bet_team' | 'line' | 'price'>): string {
  if (entry.bet_kind === BetKind.moneyline) return `${entry.bet_team} to win at ${americanPrice(entry.price)}`;
  return `${entry.bet_team} ${line(entry.line)}`;
}

/** A graded result in words: "Won +5 pts", "Lost −$100.00", "Push", or the game still to come. */
export function resultText(entry: Pick<ReplayEntry, 'bet_mode' | 'outcome' | 'reward'>): string {
  if (entry.outcome === null || entry.reward === null) return 'Not played yet';
  const amount = isBet(entry.bet_mode) ? dollars(entry.reward, { signed: true }) : `${signedNumber(entry.reward)} pts`;
  if (entry.outcome === 'win') return `Won ${amount}`;
  if (entry.outcome === 'loss') return `Lost ${amount}`;
  return entry.outcome === 'push' ? 'Push' : 'Void';
}

/** The final score as "HOU 29 – 27 IND", or null before the game is final. */
export function scoreText(game: ReplayGame): string | null {
  const { home, away } = game.event_scores;
  if (game.status !== 'final' || home === null || away === null) return null;
  return `${game.away_team} ${away} – ${home} ${game.home_team}`;
}

// ---------------------------------------------------------------------------------------------------------
// The demo's entry form: graded on the spot with the domain's grading, never saved

export interface DemoDraft {
  mode: BetModeValue;
  kind: BetKindValue;
  /** A team abbreviation, or Over / Under for totals. */
  side: string;
  line: string;
  price: string;
  /** Dollars. */
  stake: string;
  multiplier: 1 | 2 | 3;
}

/** The line and price the replay saw for a side of a game. */
export function quoteFor(
  game: ReplayGame,
  kind: BetKindValue,
  side: string,
): { line: number | null; price: number | null } {
  const { lines } = game;
  const home = side === game.home_team;
  if (kind === BetKind.totals) {
    return { line: lines.total, price: side === 'Under' ? lines.under_price : lines.over_price };
  }
  if (kind === BetKind.moneyline) return { line: null, price: home ? lines.home_price : lines.away_price };
  return home
    ? { line: lines.home_spread, price: lines.home_spread_price }
    : { line: lines.away_spread, price: lines.away_spread_price };
}

export type DemoGrade =
  | { kind: 'graded'; outcome: 'win' | 'loss' | 'push' | 'void'; reward: number }
  | { kind: 'pending' }
  | { kind: 'invalid'; fields: Partial<Record<'line' | 'price' | 'stake' | 'side', string>> };

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/**
 * Grades a demo entry against the game's result with the same rules as the server (domain `gradeEntry`):
 * nothing is sent or saved. Bad input comes back field by field, as the server would name it.
 */
export function gradeDemoDraft(draft: DemoDraft, game: ReplayGame): DemoGrade {
  const bet = isBet(draft.mode);
  const fields: Extract<DemoGrade, { kind: 'invalid' }>['fields'] = {};
  const lineValue = draft.line.trim() === '' ? null : Number(draft.line);
  if (draft.kind !== BetKind.moneyline && (lineValue === null || !Number.isFinite(lineValue)))
    fields.line = 'is required: a number of points';
  else if (lineValue !== null && draft.kind !== BetKind.moneyline && !Number.isInteger(lineValue * 2))
    fields.line = 'must be a whole or half point';
  let price: number | null = null;
  let stakeCents: number | null = null;
  if (bet) {
    const priceResult = AmericanPrice.safeParse(draft.price.trim() === '' ? undefined : Number(draft.price));
    if (priceResult.success) price = priceResult.data;
    else fields.price = firstIssue(priceResult) ?? 'is required';
    const stakeResult = StakeDollars.safeParse(draft.stake.trim() === '' ? undefined : Number(draft.stake));
    if (stakeResult.success) stakeCents = dollarsToCents(stakeResult.data);
    else fields.stake = firstIssue(stakeResult) ?? 'is required';
  }
  if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };
  const type =
    draft.kind === BetKind.totals
      ? draft.side === 'Under'
        ? BetType.under
        : BetType.over
      : draft.kind === BetKind.moneyline
        ? BetType.to_win
        : (lineValue ?? 0) < 0
          ? BetType.favored
          : BetType.underdog;
  try {
    const grade = gradeEntry(
      {
        mode: draft.mode,
        kind: draft.kind,
        type,
        team: draft.kind === BetKind.totals ? null : draft.side,
        line: draft.kind === BetKind.moneyline ? null : lineValue,
        ...(bet ? { price, stake: stakeCents } : { multiplier: draft.multiplier }),
      },
      {
        status: game.status,
        homeTeam: game.home_team,
        awayTeam: game.away_team,
        homeScore: game.event_scores.home,
        awayScore: game.event_scores.away,
      },
    );
    return grade ? { kind: 'graded', ...grade } : { kind: 'pending' };
  } catch (error) {
    if (error instanceof GradingError) return { kind: 'invalid', fields: { side: error.message } };
    if (error instanceof OddsError) return { kind: 'invalid', fields: { price: error.message } };
    throw error;
  }
}
