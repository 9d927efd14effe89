import { BetKind, BetType, type BetTypeValue } from '../enums.js';

/**
 * The type of a spread follows its line (docs/decisions/035-parlays.md): the line is from the picked team's
 * side, so a negative line is the favourite's and a positive one the underdog's; a pick'em (0) may be called
 * either. Teasers likewise: tease_fav for a favourite's line, tease_dog for an underdog's. The server refuses
 * a type that contradicts its line; the entry form derives the type from the line with the same rule.
 */

const FAVOURITE_TYPES: readonly number[] = [BetType.favored, BetType.tease_fav];
const UNDERDOG_TYPES: readonly number[] = [BetType.underdog, BetType.tease_dog];

/**
 * The type a spread line implies: favored below 0, underdog above 0; the teaser types when `teaser` is set.
 * Null where the line does not decide (a pick'em, no line, or a kind whose type is not a side of a spread).
 */
export function betTypeOfLine(kind: number, line: number | null | undefined, teaser = false): BetTypeValue | null {
  if (kind !== BetKind.spread || line === null || line === undefined || !Number.isFinite(line) || line === 0) {
    return null;
  }
  if (line < 0) return teaser ? BetType.tease_fav : BetType.favored;
  return teaser ? BetType.tease_dog : BetType.underdog;
}

/**
 * Why a type contradicts its line, or null when it does not: a favourite type with a positive spread, an
 * underdog type with a negative one. Only spreads are checked: a moneyline's and a total's line says nothing
 * of who is favoured.
 */
export function betTypeLineConflict(kind: number, type: number, line: number | null | undefined): string | null {
  if (kind !== BetKind.spread || line === null || line === undefined || !Number.isFinite(line) || line === 0) {
    return null;
  }
  if (line > 0 && FAVOURITE_TYPES.includes(type)) {
    return `a positive spread (+${line}) is the underdog's: the type must be ${type === BetType.tease_fav ? '6 (tease_dog)' : '3 (underdog)'}`;
  }
  if (line < 0 && UNDERDOG_TYPES.includes(type)) {
    return `a negative spread (${line}) is the favourite's: the type must be ${type === BetType.tease_dog ? '7 (tease_fav)' : '4 (favored)'}`;
  }
  return null;
}
