/**
 * American, decimal and implied-probability prices, and the conversions between them.
 *
 * Invalid input throws an `OddsError` rather than returning a Result: a bad price here means a bug or an
 * unchecked import upstream, not a branch a caller can usefully continue on. Callers at the edges (imports,
 * request bodies) check with `isAmericanPrice` first, or let the schema reject the value.
 *
 * The conversions are exact floating-point maths, never rounded: rounding belongs to display and to money
 * (see `profitCents`), and rounding here would break round trips. The exception is `decimalToAmerican`, the
 * whole price a book quotes, for prices that arrive in decimal; `decimalToAmericanExact` is its exact form.
 */

export type OddsErrorCode =
  | 'not_a_number'
  | 'inside_even_money'
  | 'decimal_out_of_range'
  | 'probability_out_of_range'
  | 'price_not_whole'
  | 'stake_not_cents';

/** A price, probability or stake that the odds maths cannot work with. */
export class OddsError extends RangeError {
  override readonly name = 'OddsError';
  readonly code: OddsErrorCode;

  constructor(code: OddsErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * An American price is valid at ±100 (even money) and beyond. Prices strictly between −100 and +100 do not
 * exist: −100 and +100 are the same price, and anything between would mean a negative profit.
 */
export function isAmericanPrice(american: number): boolean {
  return Number.isFinite(american) && Math.abs(american) >= 100;
}

/** A price as books quote it: a whole American price (−110, +240). */
export function isWholeAmericanPrice(american: number): boolean {
  return Number.isInteger(american) && isAmericanPrice(american);
}

/** Throws an `OddsError` unless `american` is a valid American price. */
export function assertAmericanPrice(american: number): void {
  if (!Number.isFinite(american)) throw new OddsError('not_a_number', `American price ${american} is not a number`);
  if (Math.abs(american) < 100) {
    throw new OddsError('inside_even_money', `American price ${american} lies strictly between −100 and +100`);
  }
}

/** Throws an `OddsError` unless `american` is a valid American price and a safe whole number, as money needs. */
export function assertWholeAmericanPrice(american: number): void {
  assertAmericanPrice(american);
  if (!Number.isSafeInteger(american)) {
    throw new OddsError('price_not_whole', `American price ${american} is not a whole number`);
  }
}

/** A price as books print it, signed: +150, -110. */
export function americanPriceText(american: number): string {
  return american > 0 ? `+${american}` : String(american);
}

/** −110 → 1.9091 (1 + 100/110); +150 → 2.5; ±100 → 2. */
export function americanToDecimal(american: number): number {
  assertAmericanPrice(american);
  return american > 0 ? 1 + american / 100 : 1 + 100 / -american;
}

/** A decimal price kept as an exact fraction, so that money worked out from it loses no cent to floating point. */
export interface DecimalFraction {
  numerator: bigint;
  denominator: bigint;
}

/** A whole American price's decimal price as an exact fraction: +150 is 250/100, −110 is 210/110. */
export function americanToDecimalFraction(american: number): DecimalFraction {
  assertWholeAmericanPrice(american);
  const price = BigInt(american);
  return price > 0n ? { numerator: 100n + price, denominator: 100n } : { numerator: 100n - price, denominator: -price };
}

/**
 * 2.5 → +150; 1.9091 → −110. Decimal 2 is even money and comes back as +100, the form books print. The result
 * is not rounded: a fair line may well be −123.45. (`decimalToAmerican` rounds to the whole price a book would
 * quote; this one keeps the maths exact so conversions round-trip.)
 */
export function decimalToAmericanExact(decimal: number): number {
  assertDecimalPrice(decimal);
  return decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1);
}

/**
 * 2.5 → +150; 1.4 → −250; 1.9091 → −110: the nearest whole price, as a book quotes one, for prices that arrive
 * in decimal (The Odds API with `oddsFormat=decimal`, a sportsbook's export, a parlay's product). Halves round
 * up (−110.5 is −110, +110.5 is +111). Never inside ±100: the exact price is +100 or more, or −100 or less, and
 * so is its rounding.
 */
export function decimalToAmerican(decimal: number): number {
  return Math.round(decimalToAmericanExact(decimal));
}

/** −110 → 0.5238 (110/210); +150 → 0.4. The book's probability, vig included. */
export function americanToImplied(american: number): number {
  assertAmericanPrice(american);
  return american > 0 ? 100 / (american + 100) : -american / (-american + 100);
}

/** 0.4 → +150; 0.5 → +100; 0.6 → −150. */
export function impliedToAmerican(probability: number): number {
  return decimalToAmericanExact(impliedToDecimal(probability));
}

export function decimalToImplied(decimal: number): number {
  assertDecimalPrice(decimal);
  return 1 / decimal;
}

export function impliedToDecimal(probability: number): number {
  // 0 and 1 have no price: a sure thing pays nothing and an impossible one pays infinitely.
  if (!Number.isFinite(probability) || probability <= 0 || probability >= 1) {
    throw new OddsError('probability_out_of_range', `Probability ${probability} is not strictly between 0 and 1`);
  }
  return 1 / probability;
}

function assertDecimalPrice(decimal: number): void {
  if (!Number.isFinite(decimal)) throw new OddsError('not_a_number', `Decimal price ${decimal} is not a number`);
  // A decimal price of 1 or less returns at most the stake: no American price corresponds to it.
  if (decimal <= 1) throw new OddsError('decimal_out_of_range', `Decimal price ${decimal} is not above 1`);
}
