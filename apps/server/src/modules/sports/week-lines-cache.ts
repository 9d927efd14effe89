import type { JsonRead } from '@pass/db';
import { sql } from 'drizzle-orm';
import { registerSportsCache } from './sports-cache.js';

/**
 * A sport week's games with their lines of record, kept per database for the reads that ask for the same week
 * again and again (a pool's members submitting their sheets, each answer showing the week's games and lines).
 *
 * A line of record changes only when a quote filed before kickoff comes in, so an entry read as of one moment
 * holds for every moment until the week's next such quote (`untilMs`); a change to the sport's data (an import,
 * a result, on any instance with Redis: sports-cache.ts) drops the sport's entries, and a read that began before
 * the change is not kept. The time limit bounds what an import from another process without Redis leaves.
 */

const TTL_MS = 60_000;
const MAX_ENTRIES = 200;

interface Entry<T> {
  sport: string;
  /** The moments (ms) the value holds for: from the one it was read as of, until the week's next quote. */
  fromMs: number;
  untilMs: number;
  expiresAt: number;
  value: T;
}

/** What a read of a week gives: the value, and the moment of the week's next quote (null: none known). */
export interface WeekLinesRead<T> {
  value: T;
  nextQuoteAt: Date | null;
}

export class WeekLinesCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Raised by each change to a sport: a read that began under an older one is not kept. */
  private readonly generations = new Map<string, number>();

  /**
   * `read` as of `asOf` through the cache: the value kept for that moment, with no statement (a `null` column
   * in the statement it shares), else the read itself, its value kept once it is read.
   */
  through(key: string, sport: string, asOf: Date, read: JsonRead<WeekLinesRead<T>>): JsonRead<T> {
    const at = asOf.getTime();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > performance.now() && entry.fromMs <= at && at < entry.untilMs) {
      return { expression: sql`null`, read: () => entry.value };
    }
    const generation = this.generations.get(sport) ?? 0;
    return {
      expression: read.expression,
      read: (raw) => {
        const { value, nextQuoteAt } = read.read(raw);
        if ((this.generations.get(sport) ?? 0) === generation) {
          this.keep(key, {
            sport,
            fromMs: at,
            untilMs: nextQuoteAt === null ? Number.POSITIVE_INFINITY : nextQuoteAt.getTime(),
            expiresAt: performance.now() + TTL_MS,
            value,
          });
        }
        return value;
      },
    };
  }

  invalidate(sport: string): void {
    this.generations.set(sport, (this.generations.get(sport) ?? 0) + 1);
    for (const [key, entry] of this.entries) if (entry.sport === sport) this.entries.delete(key);
  }

  private keep(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }
}

const cachesByDatabase = new WeakMap<object, WeekLinesCache<unknown>>();

/** The database's cache (`db` the handle the importers clear the sports caches of), made on first use. */
export function weekLinesCacheOf<T>(db: object): WeekLinesCache<T> {
  let cache = cachesByDatabase.get(db);
  if (!cache) {
    cache = new WeekLinesCache<unknown>();
    cachesByDatabase.set(db, cache);
    registerSportsCache(db, cache);
  }
  return cache as WeekLinesCache<T>;
}
