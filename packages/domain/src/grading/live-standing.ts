import { positionOf, type EventResult, type GradableEntry } from './grade-entry.js';

/**
 * Where an entry stands while its game is played (docs/decisions/066): the margin its position would be graded
 * on if the game ended now, in words a bettor uses. Shown beside the score, never graded: only a final is.
 */
export interface LiveStanding {
  /** ahead: would win if the game ended now; behind: would lose; level: would push (or a moneyline tied). */
  state: 'ahead' | 'behind' | 'level';
  /** How far from the line, always ≥ 0. */
  margin: number;
  /** "covering by 3.5", "not covering by 2", "leading by 7", "trailing by 3", "tied", "over by 6", "8 to go". */
  words: string;
}

const amount = (value: number) => String(Math.round(Math.abs(value) * 10) / 10);

/** The standing of an entry in a game under way with both scores known; null otherwise. */
export function liveStanding(entry: GradableEntry, result: EventResult): LiveStanding | null {
  if (result.status !== 'in_progress' || result.homeScore === null || result.awayScore === null) return null;
  const position = positionOf(entry, result);
  if (position.market === 'total') {
    const combined = result.homeScore + result.awayScore;
    const over = combined - position.line;
    if (position.side === 'over') {
      if (over > 0) return { state: 'ahead', margin: over, words: `over by ${amount(over)}` };
      if (over === 0) return { state: 'level', margin: 0, words: 'on the total' };
      return { state: 'behind', margin: -over, words: `${amount(over)} to go` };
    }
    if (over < 0) return { state: 'ahead', margin: -over, words: `under by ${amount(over)}` };
    if (over === 0) return { state: 'level', margin: 0, words: 'on the total' };
    return { state: 'behind', margin: over, words: `over by ${amount(over)}` };
  }
  const lead =
    position.team === result.homeTeam ? result.homeScore - result.awayScore : result.awayScore - result.homeScore;
  const margin = lead + position.line;
  if (position.line === 0) {
    if (lead > 0) return { state: 'ahead', margin: lead, words: `leading by ${amount(lead)}` };
    if (lead < 0) return { state: 'behind', margin: -lead, words: `trailing by ${amount(lead)}` };
    return { state: 'level', margin: 0, words: 'tied' };
  }
  if (margin > 0) return { state: 'ahead', margin, words: `covering by ${amount(margin)}` };
  if (margin < 0) return { state: 'behind', margin: -margin, words: `not covering by ${amount(margin)}` };
  return { state: 'level', margin: 0, words: 'on the number' };
}
