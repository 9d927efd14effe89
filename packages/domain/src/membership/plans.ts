import { centsToDollars, centsToDollarsText } from '../odds/money.js';

/**
 * The sync membership's plans and prices (DESIGN.md section 6; the specification's plans and constants):
 * the one place the trial, the price and the early-subscriber price are written. Pages, legal texts, the
 * PayPal provisioning and the admin read them from here.
 */

export type PlanCode = 'member' | 'add_on';
/** Which price a plan carries: the early-subscriber price is sold before October 1 (decision 045). */
export type PriceTier = 'regular' | 'early';

export interface PlanInfo {
  code: PlanCode;
  name: string;
  description: string;
}

export const PLANS: Record<PlanCode, PlanInfo> = {
  member: {
    code: 'member',
    name: 'PA$$ Sync Member Plan',
    description: 'Sportsbook sync for up to 2 sportsbooks, and college football all season.',
  },
  add_on: {
    code: 'add_on',
    name: 'PA$$ Sync Add-On Account',
    description: 'Sync one more sportsbook account.',
  },
};

/**
 * Cents a month after the free trial, by plan and price tier (decision 074): an add-on, one more sportsbook, is
 * priced well below the membership it adds to (two books and college football).
 */
export const PLAN_MONTHLY_PRICE_CENTS: Record<PlanCode, Record<PriceTier, number>> = {
  member: { regular: 2000, early: 1500 },
  add_on: { regular: 500, early: 400 },
};

export function monthlyPriceCents(code: PlanCode, tier: PriceTier): number {
  return PLAN_MONTHLY_PRICE_CENTS[code][tier];
}

/** What a member's subscription to the membership is called. */
export const MEMBER_SUBSCRIPTION_NAME = 'PA$$ Sync Member';

export const MEMBERSHIP_TERMS = {
  currency: 'USD',
  /** The free trial before the first payment. */
  trialMonths: 1,
  /** The early-subscriber price is sold to purchases before this month and day (UTC) of the year. */
  earlyPriceUntil: { month: 10, day: 1 },
  /** Sportsbook accounts the membership syncs; each add-on syncs one more. */
  booksInMembership: 2,
  /** Days a newly linked sportsbook account syncs before it needs a subscription. */
  syncGraceDays: 5,
} as const;

interface MonthDay {
  month: number;
  day: number;
}

/**
 * When each price tier is on sale within a year, UTC: from `from` (inclusive) until `until` (exclusive; null is
 * the year's end). Together they cover the year once, so exactly one tier is on sale at any moment; a checkout
 * for a tier outside its window is refused whatever plan id the buyer's page chose.
 */
export const PRICE_TIER_WINDOWS: Record<PriceTier, { from: MonthDay; until: MonthDay | null }> = {
  early: { from: { month: 1, day: 1 }, until: MEMBERSHIP_TERMS.earlyPriceUntil },
  regular: { from: MEMBERSHIP_TERMS.earlyPriceUntil, until: null },
};

/** The tier's sale window in the year of `at`: `until` is the first moment it is no longer sold. */
export function saleWindowAt(tier: PriceTier, at: Date): { from: Date; until: Date } {
  const year = at.getUTCFullYear();
  const { from, until } = PRICE_TIER_WINDOWS[tier];
  return {
    from: new Date(Date.UTC(year, from.month - 1, from.day)),
    until: new Date(until ? Date.UTC(year, until.month - 1, until.day) : Date.UTC(year + 1, 0, 1)),
  };
}

/** Whether a plan of this tier may be bought at `at`. */
export function isOnSaleAt(tier: PriceTier, at: Date): boolean {
  const { from, until } = saleWindowAt(tier, at);
  return at.getTime() >= from.getTime() && at.getTime() < until.getTime();
}

/** The price tier sold at this moment: early before October 1 of the year, regular from then to the year's end. */
export function priceTierAt(at: Date): PriceTier {
  return isOnSaleAt('early', at) ? 'early' : 'regular';
}

/** "$20" or "$15.50": a whole-dollar price without cents. */
export function formatPrice(cents: number): string {
  const dollars = centsToDollars(cents);
  return `$${Number.isInteger(dollars) ? dollars : centsToDollarsText(cents)}`;
}

/** The trial as the pages say it: "1 month". */
export function trialText(): string {
  const months = MEMBERSHIP_TERMS.trialMonths;
  return `${months} month${months === 1 ? '' : 's'}`;
}

/** A plan's price as the pages say it: "Free for 1 month, then $20 a month". */
export function priceSentence(code: PlanCode, tier: PriceTier): string {
  return `Free for ${trialText()}, then ${formatPrice(monthlyPriceCents(code, tier))} a month`;
}

/**
 * The sync offer in one paragraph, the same wherever it is told (the subscribe page, the profile's sportsbooks,
 * the home's sync notice): the free days of a new link, the membership's trial and price, the add-on's.
 */
export function syncOfferText(tier: PriceTier): string {
  const days = MEMBERSHIP_TERMS.syncGraceDays;
  return (
    `Each sportsbook you link syncs free for its first ${days} days. ` +
    `The ${PLANS.member.name} keeps up to ${MEMBERSHIP_TERMS.booksInMembership} syncing and opens college football ` +
    `all season: ${priceSentence('member', tier).replace(/^F/, 'f')}. ` +
    `Each ${PLANS.add_on.name} syncs one more: ${priceSentence('add_on', tier).replace(/^F/, 'f')}.`
  );
}

/**
 * The app stores' product ids, one per plan and price tier (decision 047): the App Store and Google Play
 * products are created with these ids, so one id names the same plan in both stores and in `billing_plans`.
 * Both stores accept lower-case letters, digits, dots and underscores.
 */
export const MOBILE_PRODUCT_IDS: Record<PlanCode, Record<PriceTier, string>> = {
  member: { early: 'pass.sync.member.early', regular: 'pass.sync.member.regular' },
  add_on: { early: 'pass.sync.add_on.early', regular: 'pass.sync.add_on.regular' },
};

/**
 * The pages that show PayPal's buttons (decision 046): only their documents get a content security policy that
 * lets PayPal's script, frames and calls in; every other page keeps the strict one.
 */
export const PAYPAL_PAGES = [
  '/subscribe',
  '/college/subscribe',
  '/campaign/pass-pool-party/signup-for-free',
  '/user/profile',
] as const;

/** Whether a page's path (without its query) is one of PAYPAL_PAGES; a trailing slash is the same page. */
export function isPayPalPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PAYPAL_PAGES as readonly string[]).includes(path);
}
