import type { BetEntry } from '@pass/contracts';
import {
  americanPriceText,
  BetKind,
  BetMode,
  BetType,
  liveStanding,
  moneyKindOf,
  Status,
  type BetKindValue,
  type LiveStanding,
  type MoneyKind,
} from '@pass/domain';
import { dollars } from './money';
import { sportWords } from './sport-words';

/**
 * How an entry reads on screen: the specification's enumerations in words, prices, lines and rewards. Shared by
 * the screens of the ledger, the stats, the teller, the demo replay and the member's home.
 */

/** The specification's enumerations in words. */
export const MODE_WORDS: Record<number, string> = {
  [BetMode.pick_on]: 'Pick on',
  [BetMode.pick_against]: 'Pick against',
  [BetMode.bet_on]: 'Bet on',
  [BetMode.bet_against]: 'Bet against',
};
export const KIND_WORDS: Record<number, string> = {
  [BetKind.moneyline]: 'Moneyline',
  [BetKind.totals]: 'Totals',
  [BetKind.spread]: 'Spread',
};

/** A bet's kind in its sport's words: a baseball spread is the run line. */
export function kindText(kind: number, sport: string): string {
  return kind === BetKind.spread ? sportWords(sport).spread : (KIND_WORDS[kind] ?? '');
}
export const TYPE_WORDS: Record<number, string> = {
  [BetType.over]: 'Over',
  [BetType.under]: 'Under',
  [BetType.underdog]: 'Underdog',
  [BetType.favored]: 'Favored',
  [BetType.to_win]: 'To win',
  [BetType.tease_dog]: 'Teaser (underdog)',
  [BetType.tease_fav]: 'Teaser (favored)',
};
export const STATUS_WORDS: Record<number, string> = {
  [Status.unknown]: 'Unknown',
  [Status.open]: 'Open',
  [Status.confirmed]: 'Confirmed',
  [Status.pending]: 'Pending',
  [Status.closed]: 'Closed',
  [Status.rejected]: 'Rejected',
  [Status.canceled]: 'Canceled',
  [Status.deleted]: 'Deleted',
  [Status.completed]: 'Completed',
};

export const SPORT_WORDS: Record<string, string> = {
  americanfootball_nfl: 'Pro football',
  americanfootball_ncaaf: 'College football',
  baseball_mlb: 'Baseball',
};

/** The kinds of money in words (docs/decisions/078-real-money-apart): the teller's bankroll is paper. */
export const MONEY_WORDS: Record<MoneyKind, string> = {
  real: 'Real money',
  simulated: 'Simulated',
  teller: 'Paper',
};

/** What each kind of money holds, for a hint under its name. */
export const MONEY_HINTS: Record<MoneyKind, string> = {
  real: 'Bets you staked at a book',
  simulated: 'Simulated bets and picks',
  teller: "The teller's $1,000 paper bankroll",
};

/** An entry's kind of money: real, simulated or the teller's paper. */
export const entryMoney = (entry: Pick<BetEntry, 'bet_mode' | 'is_simulated' | 'source'>): MoneyKind =>
  moneyKindOf({ betMode: entry.bet_mode, isSimulated: entry.is_simulated, source: entry.source });

export const isPick = (mode: number) => mode === BetMode.pick_on || mode === BetMode.pick_against;
export const isBet = (mode: number) => mode === BetMode.bet_on || mode === BetMode.bet_against;

/** Grading state in words: open, in play, won, lost, push, void, canceled, rejected. */
export function gradingState(entry: Pick<BetEntry, 'status' | 'outcome'>): string {
  if (entry.outcome === 'win') return 'Won';
  if (entry.outcome === 'loss') return 'Lost';
  if (entry.outcome === 'push') return 'Push';
  if (entry.outcome === 'void') return 'Void';
  if (entry.status === Status.open) return 'Open';
  if (entry.status === Status.pending) return 'In play';
  return STATUS_WORDS[entry.status] ?? 'Unknown';
}

export const signedNumber = (value: number | null, digits = 0): string =>
  value === null ? '—' : `${value > 0 ? '+' : ''}${value.toFixed(digits)}`;

export const americanPrice = (price: number | null): string => (price === null ? '—' : americanPriceText(price));

/** A spread's line as a bettor reads it: "+3", "-3.5", "PK" at 0. */
export const line = (value: number | null): string =>
  value === null ? '—' : value === 0 ? 'PK' : value > 0 ? `+${value}` : String(value);

/**
 * An entry's line by its kind: a spread signed (`line`), a total as the points it names ("47.5", never "+47.5"),
 * none for a moneyline.
 */
export const lineOfKind = (kind: BetKindValue, value: number | null): string =>
  kind === BetKind.moneyline ? '—' : kind === BetKind.totals ? (value === null ? '—' : String(value)) : line(value);

/** A pick's reward in points, a bet's in dollars. */
export function rewardText(entry: Pick<BetEntry, 'bet_mode' | 'reward'>): string {
  if (entry.reward === null) return '—';
  return isPick(entry.bet_mode) ? `${signedNumber(entry.reward)} pts` : dollars(entry.reward, { signed: true });
}

export const gameText = (event: { away_team: string; home_team: string }) => `${event.away_team} @ ${event.home_team}`;

/** The side an entry holds: its team, or Over / Under for totals. */
export function sideText(entry: Pick<BetEntry, 'bet_kind' | 'bet_type' | 'bet_team'>): string {
  if (entry.bet_kind === BetKind.totals) return entry.bet_type === BetType.under ? 'Under' : 'Over';
  return entry.bet_team ?? '—';
}

/**
 * Where an entry stands while its game is played ("covering by 3.5", "under by 6", "leading by 7"), by the
 * same rule the server grades with; null before and after the game, or for an entry that cannot be graded.
 */
export function entryLiveStanding(
  entry: Pick<BetEntry, 'bet_mode' | 'bet_kind' | 'bet_type' | 'bet_team' | 'line' | 'teaser_points' | 'event'>,
): LiveStanding | null {
  try {
    return liveStanding(
      {
        mode: entry.bet_mode,
        kind: entry.bet_kind,
        type: entry.bet_type,
        team: entry.bet_team,
        line: entry.line,
        ...(entry.teaser_points === null ? {} : { teaserPoints: entry.teaser_points }),
      },
      {
        status: entry.event.status,
        homeTeam: entry.event.home_team,
        awayTeam: entry.event.away_team,
        homeScore: entry.event.event_scores.home,
        awayScore: entry.event.event_scores.away,
      },
    );
  } catch {
    return null;
  }
}
