import { centsToDollars } from '@pass/domain';

/**
 * Money on screen. Every API answer carries money in whole cents (decision 018); screens show it here, at
 * display, through the domain's conversions (`packages/domain/src/odds/money.ts`).
 */

/** Cents as dollars: 12345 → "$123.45", −500 → "−$5.00"; signed, a gain shows its plus: "+$40.50". */
export function dollars(cents: number | null, { signed = false } = {}): string {
  if (cents === null) return '—';
  const text = `$${centsToDollars(Math.abs(cents)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (cents < 0) return `−${text}`;
  return signed && cents > 0 ? `+${text}` : text;
}
