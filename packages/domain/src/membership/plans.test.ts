import { describe, expect, it } from 'vitest';
import {
  PLANS,
  formatPrice,
  isOnSaleAt,
  isPayPalPage,
  monthlyPriceCents,
  priceSentence,
  syncOfferText,
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
    expect(monthlyPriceCents('member', 'regular')).toBe(2000);
    expect(priceSentence('member', 'regular')).toBe('Free for 1 month, then $20 a month');
    expect(priceSentence('member', 'early')).toBe('Free for 1 month, then $15 a month');
    expect(priceSentence('add_on', 'regular')).toBe('Free for 1 month, then $5 a month');
    expect(formatPrice(1550)).toBe('$15.50');
  });

  it('prices an add-on, one more sportsbook, below the membership in every tier', () => {
    for (const tier of ['regular', 'early'] as const) {
      expect(monthlyPriceCents('add_on', tier)).toBeLessThan(monthlyPriceCents('member', tier));
    }
  });

  it('tells the whole sync offer one way: the free days of a link, the trial, both prices', () => {
    expect(syncOfferText('regular')).toBe(
      'Each sportsbook you link syncs free for its first 5 days. The PA$$ Sync Member Plan keeps up to 2 syncing and ' +
        'opens college football all season: free for 1 month, then $20 a month. Each PA$$ Sync Add-On Account ' +
        'syncs one more: free for 1 month, then $5 a month.',
    );
    expect(syncOfferText('early')).toContain('then $15 a month');
    expect(syncOfferText('early')).toContain('then $4 a month');
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
