/**
 * Money is whole cents everywhere it is kept or sent (STYLE.md; decision 018); dollars exist only where a person
 * types or reads them and where an outside system writes them. These are the conversions between the two.
 *
 * Two ways into cents, on purpose: `dollarsToCents` rounds a number of dollars (what a form or a checked request
 * body holds) to the nearest cent, while `dollarsTextToCents` reads dollars written as text by another system
 * and refuses what is not whole cents, so a book's or PayPal's figure is never rounded into a different one.
 */

/** A number of dollars to the nearest cent, halves up: 12.5 → 1250, 0.1 + 0.2 → 30. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * Whether a number of dollars is whole cents, allowing the floating-point noise of a typed decimal (19.99 × 100
 * is 1998.9999999999998). The allowance holds for what a person types: up to tens of millions of dollars.
 */
export function hasWholeCents(dollars: number): boolean {
  return Math.abs(dollarsToCents(dollars) - dollars * 100) < 1e-6;
}

/** Cents as a number of dollars: 1250 → 12.5. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Cents as dollars written with their two decimals and no symbol, as a form or an API writes them: 1250 → "12.50". */
export function centsToDollarsText(cents: number): string {
  return centsToDollars(cents).toFixed(2);
}

/**
 * Whole cents from the digits of a dollar amount, its whole dollars and its one or two decimals ("12", "5" →
 * 1250): never through a float, so 0.29 is 29 cents exactly. The caller has checked that both are digits.
 */
export function centsOfDollarDigits(wholeDollars: string, decimals = ''): number {
  return Number(wholeDollars) * 100 + Number(decimals.padEnd(2, '0'));
}

const DOLLARS_TEXT = /^\$?\s*((?:\d{1,3}(?:,\d{3})+)|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Dollars as written in an export ("12.50", "$1,204.00", "0") to cents, from the digits. Undefined for anything
 * else: a fraction of a cent ("19.999"), a sign, a formula, or more cents than a number holds exactly.
 */
export function dollarsTextToCents(text: string): number | undefined {
  const match = DOLLARS_TEXT.exec(text.trim());
  if (!match) return undefined;
  const cents = centsOfDollarDigits(match[1]!.replaceAll(',', ''), match[2]);
  return Number.isSafeInteger(cents) ? cents : undefined;
}
