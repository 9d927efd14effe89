import { easternToUtc, impliedToAmerican } from '@pass/domain';

/**
 * What every demo season generator shares: seeded randomness that gives the same numbers on every
 * machine, the books that quote demo games, dates in US Eastern time, and turning a model's chances
 * into American prices.
 */

export const DEMO_SOURCE = 'demo';
/** Real US bookmaker keys of The Odds API (history/fixtures/the-odds-api/bookmakers_us.csv). */
export const DEMO_BOOKS = [
  'betus',
  'draftkings',
  'fanduel',
  'betmgm',
  'williamhill_us',
  'bovada',
  'mybookieag',
  'betrivers',
] as const;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const STANDARD_PRICE = -110;

// ---------------------------------------------------------------------------------------------------------
// Seeded randomness

/** FNV-1a: a string to a 32-bit seed. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index++) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast, and the same sequence on every machine. */
export class Rng {
  private state: number;

  constructor(seed: string) {
    this.state = hashString(seed);
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  normal(mean = 0, sd = 1): number {
    const u = Math.max(this.next(), 1e-12);
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let index = out.length - 1; index > 0; index--) {
      const other = this.int(index + 1);
      [out[index], out[other]] = [out[other]!, out[index]!];
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Dates and prices

export const dateOnly = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

export function kickoffAt(day: Date, time: string): Date {
  return easternToUtc(dateOnly(day), time)!;
}

export const roundHalf = (value: number) => Math.round(value * 2) / 2;
/** −0 and 0 are one line. */
export const clean = (value: number) => (Object.is(value, -0) ? 0 : value);

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 through erf). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/**
 * An implied probability (vig included) to an American price as the demo's books quote it: held between 1.5%
 * and 98.5%, then rounded to a multiple of 5 (the domain's `decimalToAmerican` rounds to 1; a demo line reads
 * like a printed one). Never inside ±100, since the exact price never is.
 */
export function toAmerican(probability: number): number {
  const p = Math.min(0.985, Math.max(0.015, probability));
  return Math.round(impliedToAmerican(p) / 5) * 5;
}

/** Moneylines consistent with a home spread (sportsbook sign): win chance from the spread, 4.5% of vig. */
export function moneylinesForSpread(homeSpread: number, marginSd: number): { home: number; away: number } {
  const homeWins = normalCdf(-homeSpread / marginSd);
  return { home: toAmerican(homeWins + 0.0225), away: toAmerican(1 - homeWins + 0.0225) };
}
