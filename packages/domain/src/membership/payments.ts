import { centsOfDollarDigits } from '../odds/money.js';
import { MEMBERSHIP_TERMS } from './plans.js';

/**
 * A payment a provider reports, as PA$$ can keep it: whole cents that fit the `integer` column, in the one
 * currency the plans are sold in. Anything else is not kept as revenue; the event is refused and shown to the
 * admin, since the provider's word cannot be corrected here.
 */

/** The largest amount a payment row holds: PostgreSQL's `integer`. */
export const MAX_PAYMENT_CENTS = 2_147_483_647;

export type PaymentAmount =
  { ok: true; amountCents: number; currency: string } | { ok: false; reason: 'amount' | 'currency'; message: string };

/** PayPal's money value: digits, then at most two decimals (`"15.00"`, `"20"`). */
const MONEY_VALUE = /^(\d{1,20})(?:\.(\d{1,2}))?$/;

export function parsePaymentAmount(value: unknown, currency: unknown): PaymentAmount {
  if (currency !== MEMBERSHIP_TERMS.currency) {
    return {
      ok: false,
      reason: 'currency',
      message: `currency ${describe(currency)} is not ${MEMBERSHIP_TERMS.currency}, the plans' currency`,
    };
  }
  const match = typeof value === 'string' ? MONEY_VALUE.exec(value) : null;
  if (!match) return { ok: false, reason: 'amount', message: `amount ${describe(value)} is not a money value` };
  // Whole cents from the digits themselves: no floating point between PayPal's text and the column.
  const amountCents = centsOfDollarDigits(match[1]!, match[2]);
  if (amountCents > MAX_PAYMENT_CENTS) {
    return { ok: false, reason: 'amount', message: `amount ${describe(value)} is more than a payment can hold` };
  }
  return { ok: true, amountCents, currency: MEMBERSHIP_TERMS.currency };
}

/** A provider's value quoted for the admin, cut short: it came from outside. */
function describe(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? 'missing' : JSON.stringify(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
