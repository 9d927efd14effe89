import { BetMode } from '../enums.js';

/**
 * The kind of money an entry is, so real money is never summed with play money (decision 078): `real` a bet or
 * parlay the member staked at a book (recorded by hand or synced), `teller` a bet against the teller's paper bankroll, `simulated` everything else: simulated bets and parlays, the demo's entries, and
 * picks, which score points and stake no money whatever they are marked. The statistics' SQL
 * (apps/server/src/modules/ledger/stats.repository.ts) applies the same rule.
 */
export type MoneyKind = 'real' | 'simulated' | 'teller';

/** The kinds of money in the order screens show them: real money first. */
export const MONEY_KINDS: readonly MoneyKind[] = ['real', 'simulated', 'teller'];

export interface MoneyKindFacts {
  /** A pick's mode, or a bet's; a parlay is a bet. */
  betMode: number;
  isSimulated: boolean;
  /** Where the entry came from: the ledger's `source` ('manual', 'teller', 'sync', 'demo'). */
  source: string;
}

export function moneyKindOf({ betMode, isSimulated, source }: MoneyKindFacts): MoneyKind {
  if (source === 'teller') return 'teller';
  const pick = betMode === BetMode.pick_on || betMode === BetMode.pick_against;
  return !pick && !isSimulated ? 'real' : 'simulated';
}
