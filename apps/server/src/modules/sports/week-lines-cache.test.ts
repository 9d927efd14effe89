import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidateSportsCaches } from './sports-cache.js';
import { WeekLinesCache, weekLinesCacheOf, type WeekLinesRead } from './week-lines-cache.js';

/**
 * A week's games and lines kept between reads: for the moments until the week's next quote, dropped by a change
 * to the sport, never kept from a read that began before such a change.
 */

const at = (iso: string) => new Date(iso);

/** A read that answers `value` with the week's next quote at `nextQuoteAt`, counting the statements it runs. */
function weekRead(value: string, nextQuoteAt: string | null) {
  const read = {
    statements: 0,
    expression: sql`select 'the week'`,
    read: (): WeekLinesRead<string> => {
      read.statements += 1;
      return { value, nextQuoteAt: nextQuoteAt === null ? null : at(nextQuoteAt) };
    },
  };
  return read;
}

/** What readTogether does with the read's column once its statement has run: the read's value. */
function run<T>(read: { expression: ReturnType<typeof sql>; read: (raw: unknown) => T }) {
  return read.read('raw');
}

describe('WeekLinesCache', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers the kept value from the moment it was read until the next quote, then reads again', () => {
    const cache = new WeekLinesCache<string>();
    const first = weekRead('lines at noon', '2025-10-20T15:00:00Z');
    expect(run(cache.through('nfl|8', 'nfl', at('2025-10-20T12:00:00Z'), first))).toBe('lines at noon');

    const kept = cache.through('nfl|8', 'nfl', at('2025-10-20T14:59:59Z'), weekRead('unread', null));
    expect(kept.expression.queryChunks.map((chunk) => JSON.stringify(chunk))).toEqual([
      JSON.stringify({ value: ['null'] }),
    ]);
    expect(run(kept)).toBe('lines at noon');

    // The next quote counts from its own moment on, and a moment before the read is not known either.
    const later = weekRead('lines at three', null);
    expect(run(cache.through('nfl|8', 'nfl', at('2025-10-20T15:00:00Z'), later))).toBe('lines at three');
    expect(later.statements).toBe(1);
    const earlier = weekRead('lines at eleven', '2025-10-20T12:00:00Z');
    expect(run(cache.through('nfl|8', 'nfl', at('2025-10-20T11:00:00Z'), earlier))).toBe('lines at eleven');
    expect(earlier.statements).toBe(1);
  });

  it("drops a sport's weeks when its data changes, and keeps nothing of a read begun before the change", () => {
    const cache = new WeekLinesCache<string>();
    const noon = at('2025-10-20T12:00:00Z');
    run(cache.through('nfl|8', 'nfl', noon, weekRead('before', null)));
    run(cache.through('mlb|8', 'mlb', noon, weekRead('baseball', null)));
    cache.invalidate('nfl');
    const again = weekRead('after the import', null);
    expect(run(cache.through('nfl|8', 'nfl', noon, again))).toBe('after the import');
    expect(again.statements).toBe(1);
    // Another sport's week is kept.
    expect(run(cache.through('mlb|8', 'mlb', noon, weekRead('unread', null)))).toBe('baseball');

    // A read under way while the sport changes answers what it read but is not kept.
    cache.invalidate('nfl');
    const underWay = cache.through('nfl|8', 'nfl', noon, weekRead('read before the change', null));
    cache.invalidate('nfl');
    expect(run(underWay)).toBe('read before the change');
    const next = weekRead('read after the change', null);
    expect(run(cache.through('nfl|8', 'nfl', noon, next))).toBe('read after the change');
    expect(next.statements).toBe(1);
  });

  it('reads a week again once its time limit has passed', () => {
    const cache = new WeekLinesCache<string>();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const noon = at('2025-10-20T12:00:00Z');
    run(cache.through('nfl|8', 'nfl', noon, weekRead('first', null)));
    clock.mockReturnValue(1_000 + 59_000);
    expect(run(cache.through('nfl|8', 'nfl', noon, weekRead('unread', null)))).toBe('first');
    clock.mockReturnValue(1_000 + 60_000);
    expect(run(cache.through('nfl|8', 'nfl', noon, weekRead('a minute later', null)))).toBe('a minute later');
  });

  it("is one cache per database, cleared with the database's sports caches", () => {
    const db = {};
    const cache = weekLinesCacheOf<string>(db);
    expect(weekLinesCacheOf<string>(db)).toBe(cache);
    expect(weekLinesCacheOf<string>({})).not.toBe(cache);
    const noon = at('2025-10-20T12:00:00Z');
    run(cache.through('nfl|8', 'americanfootball_nfl', noon, weekRead('before', null)));
    invalidateSportsCaches(db, 'americanfootball_nfl');
    expect(run(cache.through('nfl|8', 'americanfootball_nfl', noon, weekRead('after', null)))).toBe('after');
  });
});
