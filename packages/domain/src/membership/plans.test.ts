import { describe, expect, it } from 'vitest';
import {
  MEMBERSHIP_TERMS,
  PLANS,
  formatPrice,
  isOnSaleAt,
  isPayPalPage,
  priceSentence,
  priceTierAt,
  saleWindowAt,
} from './plans.js';

describe('the membership plans', () => {
  it('names the two plans as the specification does', () => {
    expect(PLANS.member.name).toBe('PA$$ Sync Member Plan');
    expect(PLANS.add_on.name).toBe('PA$$ Sync Add-On Account');
  });

  it('sells the early-subscriber price until the last moment before October 1, UTC, every year', () => {
    expect(priceTierAt(new Date('2026-01-01T00:00:00Z'))).toBe('early');
    expect(priceTierAt(new Date('2026-09-30T23:59:59.999Z'))).toBe('early');
    expect(priceTierAt(new Date('2026-10-01T00:00:00Z'))).toBe('regular');
    expect(priceTierAt(new Date('2026-12-31T23:59:59Z'))).toBe('regular');
    expect(priceTierAt(new Date('2027-02-08T12:00:00Z'))).toBe('early');
  });

  it('sells each tier only inside its window, one tier at every moment of the year', () => {
    const cutoff = new Date('2026-10-01T00:00:00Z');
    const before = new Date(cutoff.getTime() - 1000);
    const after = new Date(cutoff.getTime() + 1000);
    expect(isOnSaleAt('early', before)).toBe(true);
    expect(isOnSaleAt('early', after)).toBe(false);
    expect(isOnSaleAt('regular', before)).toBe(false);
    expect(isOnSaleAt('regular', after)).toBe(true);
    expect(saleWindowAt('early', after)).toEqual({ from: new Date('2026-01-01T00:00:00Z'), until: cutoff });
    expect(saleWindowAt('regular', after)).toEqual({ from: cutoff, until: new Date('2027-01-01T00:00:00Z') });
    for (const at of ['2026-01-01T00:00:00Z', '2026-06-15T08:00:00Z', '2026-12-31T23:59:59.999Z']) {
      const moment = new Date(at);
      expect([isOnSaleAt('early', moment), isOnSaleAt('regular', moment)].filter(Boolean)).toHaveLength(1);
    }
  });

  it('says the price with the trial first', () => {
    expect(MEMBERSHIP_TERMS.monthlyPriceCents.regular).toBe(2000);
    expect(priceSentence('regular')).toBe('Free for 1 month, then $20 a month');
    expect(priceSentence('early')).toBe('Free for 1 month, then $15 a month');
    expect(formatPrice(1550)).toBe('$15.50');
  });
});

describe("the pages with PayPal's buttons", () => {
  it.each([
    '/subscribe',
    '/subscribe/',
    '/college/subscribe',
    '/campaign/pass-pool-party/signup-for-free',
    '/user/profile',
  ])('%s is one', (path) => expect(isPayPalPage(path)).toBe(true));
  it.each(['/', '/subscribe/more', '/user/bets', '/college/football/schedule', '/SUBSCRIBE'])('%s is not', (path) =>
    expect(isPayPalPage(path)).toBe(false),
  );
});
