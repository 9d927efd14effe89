/**
 * The specification's enumerations with their numeric values (product spec, section 3).
 * The numbers are part of the API contract: never renumber.
 */
export const Status = {
  unknown: -1,
  open: 1,
  confirmed: 2,
  pending: 3,
  closed: 4,
  rejected: 5,
  canceled: 6,
  deleted: 7,
  completed: 8,
} as const;
export type StatusName = keyof typeof Status;
export type StatusValue = (typeof Status)[StatusName];

export const BetMode = {
  pick_on: 1,
  pick_against: 2,
  bet_on: 3,
  bet_against: 4,
} as const;
export type BetModeName = keyof typeof BetMode;
export type BetModeValue = (typeof BetMode)[BetModeName];

export const BetKind = {
  moneyline: 1,
  totals: 2,
  spread: 3,
} as const;
export type BetKindName = keyof typeof BetKind;
export type BetKindValue = (typeof BetKind)[BetKindName];

export const BetType = {
  over: 1,
  under: 2,
  underdog: 3,
  favored: 4,
  to_win: 5,
  tease_dog: 6,
  tease_fav: 7,
} as const;
export type BetTypeName = keyof typeof BetType;
export type BetTypeValue = (typeof BetType)[BetTypeName];

/** Whether a bet type is a teaser's: tease_dog or tease_fav. */
export const isTeaserType = (type: number): boolean => type === BetType.tease_dog || type === BetType.tease_fav;

/** Reverse lookup: the name of an enum value, or undefined when the number is not one of its values. */
export function enumName<E extends Record<string, number>>(enumeration: E, value: number): keyof E | undefined {
  return (Object.keys(enumeration) as (keyof E)[]).find((name) => enumeration[name] === value);
}

/** Sport keys are The Odds API's (DESIGN.md section 5). */
export const SPORTS = ['americanfootball_nfl', 'americanfootball_ncaaf', 'baseball_mlb'] as const;
export type Sport = (typeof SPORTS)[number];
export const DEFAULT_SPORT: Sport = 'americanfootball_nfl';

export function isSport(value: string): value is Sport {
  return (SPORTS as readonly string[]).includes(value);
}
