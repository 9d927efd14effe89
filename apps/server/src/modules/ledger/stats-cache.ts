/**
 * A member's statistics are served as the JSON bytes they were built as, kept per member, sport, season
 * and variant at the member's ledger version (docs/decisions/009). The version lives in the database and is
 * raised with every change to the member's entries, so an entry is current exactly when its version is the
 * one the database holds now: several server instances each keep their own cache and none serves a stale
 * answer. The cache is bounded by entries and by bytes; the least recently used go first.
 */
export interface CachedStats {
  /** The ledger version the answer was built at. */
  version: number;
  body: Buffer;
  /**
   * For an answer time alone changes (a pool's standings at its next lock): the stretch it holds for, from
   * `from` until just before `until` (epoch milliseconds). Without them it holds at any time.
   */
  from?: number;
  until?: number;
}

/** Whether an answer holds at `at` (any time when either is not given). */
function holdsAt(entry: CachedStats, at: number | undefined): boolean {
  if (at === undefined || entry.from === undefined || entry.until === undefined) return true;
  return entry.from <= at && at < entry.until;
}

export interface StatsCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** A screen's answer is about 20 KB, one with the summary rows about 250 KB (100,000 entries over ten seasons). */
export const DEFAULT_STATS_CACHE_LIMITS: StatsCacheLimits = { maxEntries: 5000, maxBytes: 64 * 1024 * 1024 };

export class StatsCache {
  private readonly entries = new Map<string, CachedStats>();
  private readonly building = new Map<string, { version: number; promise: Promise<CachedStats> }>();
  private totalBytes = 0;

  constructor(private readonly limits: StatsCacheLimits = DEFAULT_STATS_CACHE_LIMITS) {}

  /**
   * The answer cached under `key` if it was built at exactly `version` (and holds at `at`, when given); it
   * becomes the most recently used.
   */
  get(key: string, version: number, at?: number): CachedStats | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version || !holdsAt(entry, at)) return undefined;
    // A Map iterates in insertion order: re-inserting makes the entry the last to be evicted.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * The version of the answer cached under `key` if it holds at `at`; undefined when none does. Not a use: the
   * answer's place among the least recently used stays.
   */
  versionHeld(key: string, at?: number): number | undefined {
    const entry = this.entries.get(key);
    return entry && holdsAt(entry, at) ? entry.version : undefined;
  }

  /**
   * Keeps an answer, unless one built at a later version (or at the same version for a later stretch of time)
   * is already kept; then evicts down to the limits.
   */
  set(key: string, value: CachedStats): void {
    const existing = this.entries.get(key);
    if (existing) {
      if (existing.version > value.version) return;
      if (existing.version === value.version && (existing.from ?? 0) > (value.from ?? 0)) return;
      this.remove(key, existing);
    }
    if (value.body.length > this.limits.maxBytes) return;
    this.entries.set(key, value);
    this.totalBytes += value.body.length;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.totalBytes <= this.limits.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  /**
   * The answer at `version`: the cached one, else built by `build`. Requests that miss together share one
   * build, as long as it started at their version or a later one (its answer is then never older than theirs)
   * and its answer holds at `at`, when given (else it is built again).
   */
  resolve(key: string, version: number, build: () => Promise<CachedStats>, at?: number): Promise<CachedStats> {
    const cached = this.get(key, version, at);
    if (cached) return Promise.resolve(cached);
    const pending = this.building.get(key);
    if (pending && pending.version >= version) {
      return pending.promise.then((value) => (holdsAt(value, at) ? value : this.build(key, version, build)));
    }
    return this.build(key, version, build);
  }

  private build(key: string, version: number, build: () => Promise<CachedStats>): Promise<CachedStats> {
    const promise = build()
      .then((value) => {
        this.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.building.get(key)?.promise === promise) this.building.delete(key);
      });
    this.building.set(key, { version, promise });
    return promise;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  private remove(key: string, entry: CachedStats): void {
    this.entries.delete(key);
    this.totalBytes -= entry.body.length;
  }
}
