import type { BookEvent } from '@pass/contracts';
import { MAX_PARLAY_LEGS } from '@pass/domain';
import { useSyncExternalStore } from 'react';
import type { PriceChoice } from '../../../lib/bet-slip';
import { readStoredCache, writeStoredCache } from '../../../lib/stored-cache';
import { useSessionUser } from '../../../lib/use-session-user';

/**
 * The legs on the member's bet slip (docs/decisions/082-parlay-slip): every tapped price adds one, on the odds
 * boards, compare books, schedules and team pages alike. One leg is a single bet, two or more a parlay. The
 * legs are kept per member on the device (the stored cache), so they stay while the member moves between those
 * screens, or reloads, until the slip is recorded or cleared.
 */

/** Kept two days: long enough to build a weekend's parlay, short enough that a stale slip does not linger. */
const KEPT_SECONDS = 2 * 24 * 3600;

const keyFor = (userId: number) => `bet-slip:${userId}`;

/** A leg's market of one game: a second price of the same market of that game replaces the first. */
export const legKey = (leg: Pick<PriceChoice, 'event' | 'market'>) => `${leg.event.event_id}|${leg.market}`;

/** The event as the slip keeps it: only the quotes of the leg's market, so the stored slip stays small. */
function compact(choice: PriceChoice): PriceChoice {
  const event: BookEvent = {
    ...choice.event,
    odds: choice.event.odds.filter((quote) => quote.market === choice.market),
  };
  return { ...choice, event };
}

const listeners = new Set<() => void>();
/** The legs per member as last read or written, so every screen reads the same array. */
const current = new Map<number, readonly PriceChoice[]>();
const NONE: readonly PriceChoice[] = [];

function read(userId: number): readonly PriceChoice[] {
  let legs = current.get(userId);
  if (legs === undefined) {
    const kept = readStoredCache<PriceChoice[]>(keyFor(userId), { userUuid: String(userId) });
    legs = Array.isArray(kept) ? kept.slice(0, MAX_PARLAY_LEGS) : NONE;
    current.set(userId, legs);
  }
  return legs;
}

function write(userId: number, legs: readonly PriceChoice[]): void {
  current.set(userId, legs);
  writeStoredCache(keyFor(userId), legs, { userUuid: String(userId), ttlSeconds: KEPT_SECONDS });
  for (const listener of listeners) listener();
}

/** What adding a price did: added (or replaced its market's leg), or refused because the slip is full. */
export type AddResult = 'added' | 'replaced' | 'full';

/** Adds a tapped price to the member's slip: a new leg, or the new price of a market already on it. */
export function addLeg(userId: number, choice: PriceChoice): AddResult {
  const legs = read(userId);
  const key = legKey(choice);
  const at = legs.findIndex((leg) => legKey(leg) === key);
  if (at >= 0) {
    write(
      userId,
      legs.map((leg, index) => (index === at ? compact(choice) : leg)),
    );
    return 'replaced';
  }
  if (legs.length >= MAX_PARLAY_LEGS) return 'full';
  write(userId, [...legs, compact(choice)]);
  return 'added';
}

/** Puts a leg back as the member changed it on the slip (side, book, line, price). */
export function replaceLeg(userId: number, index: number, choice: PriceChoice): void {
  const legs = read(userId);
  if (index < 0 || index >= legs.length) return;
  write(
    userId,
    legs.map((leg, at) => (at === index ? compact(choice) : leg)),
  );
}

export function removeLeg(userId: number, index: number): void {
  write(
    userId,
    read(userId).filter((_, at) => at !== index),
  );
}

export function clearLegs(userId: number): void {
  write(userId, NONE);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab changed a slip: read it again.
    if (event.key === null || event.key.includes('bet-slip:')) {
      current.clear();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in member's slip: its legs and what changes them. Empty, and inert, for a visitor. */
export function useSlipLegs() {
  const user = useSessionUser();
  const userId = user?.id ?? null;
  const legs = useSyncExternalStore(
    subscribe,
    () => (userId === null ? NONE : read(userId)),
    () => NONE,
  );
  return {
    legs,
    add: (choice: PriceChoice): AddResult => (userId === null ? 'full' : addLeg(userId, choice)),
    replace: (index: number, choice: PriceChoice) => {
      if (userId !== null) replaceLeg(userId, index, choice);
    },
    remove: (index: number) => {
      if (userId !== null) removeLeg(userId, index);
    },
    clear: () => {
      if (userId !== null) clearLegs(userId);
    },
  };
}

/** Forgets the slips read so far (tests start each from the stored cache). */
export function forgetSlipLegs(): void {
  current.clear();
}
