import { americanToImplied, impliedToAmerican } from './american-odds.js';

/** A two-way market with the bookmaker's margin taken out. */
export interface FairTwoWay {
  /** Fair probabilities of each side; they sum to 1. */
  first: number;
  second: number;
  /** The book's margin: the implied probabilities' sum minus 1 (−110/−110 → 0.0476). */
  overround: number;
}

/**
 * Removes the vig from a two-way market (spread sides, over/under, a moneyline without a draw) by the
 * proportional method: each side's implied probability divided by their sum. It is the simplest method and
 * the one most trackers use; it spreads the margin evenly, which slightly favours longshots compared with
 * methods such as Shin's, a difference far below what a two-way football or baseball price can show.
 */
export function removeVig(firstAmerican: number, secondAmerican: number): FairTwoWay {
  const first = americanToImplied(firstAmerican);
  const second = americanToImplied(secondAmerican);
  const sum = first + second;
  return { first: first / sum, second: second / sum, overround: sum - 1 };
}

/** The fair American prices of both sides (−110/−110 → +100/+100), unrounded like every conversion here. */
export function fairAmericanLines(firstAmerican: number, secondAmerican: number): { first: number; second: number } {
  const fair = removeVig(firstAmerican, secondAmerican);
  return { first: impliedToAmerican(fair.first), second: impliedToAmerican(fair.second) };
}
