import { describe, expect, it } from 'vitest';
import { MAX_PAYMENT_CENTS, parsePaymentAmount } from './payments.js';

describe('a reported payment as PA$$ keeps it', () => {
  it('keeps dollars and cents in US dollars as whole cents', () => {
    expect(parsePaymentAmount('15.00', 'USD')).toEqual({ ok: true, amountCents: 1500, currency: 'USD' });
    expect(parsePaymentAmount('20', 'USD')).toEqual({ ok: true, amountCents: 2000, currency: 'USD' });
    expect(parsePaymentAmount('0.1', 'USD')).toEqual({ ok: true, amountCents: 10, currency: 'USD' });
    expect(parsePaymentAmount('21474836.47', 'USD')).toEqual({
      ok: true,
      amountCents: MAX_PAYMENT_CENTS,
      currency: 'USD',
    });
  });

  it('refuses an amount the column cannot hold or that is not money', () => {
    for (const value of ['21474836.48', '99999999999999999999', '1e20', '-5.00', '15.001', 'NaN', '', 15, undefined]) {
      expect(parsePaymentAmount(value, 'USD')).toMatchObject({ ok: false, reason: 'amount' });
    }
  });

  it('refuses any currency but the plans’ own', () => {
    for (const currency of ['EUR', 'usd', '', undefined, 7, 'USD\n']) {
      expect(parsePaymentAmount('15.00', currency)).toMatchObject({ ok: false, reason: 'currency' });
    }
  });
});
