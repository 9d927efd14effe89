import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addToSetOf } from '../../lib/collections.js';

/**
 * Hot public reads (schedules with odds, weeks, teams) are served as serialised JSON bytes with an ETag
 * (DESIGN.md section 8): building a week of odds per request costs a join and a serialisation, sending
 * cached bytes costs neither. Entries are keyed by the request's path and query and grouped by sport, so an
 * import that changes a sport's data clears that sport's entries, on every instance when Redis is set. The time
 * limit bounds staleness where an import ran in another process (the CLI against a shared PostgreSQL) and where
 * "now" decides the answer (the current week).
 */
export interface CachedBody {
  body: Buffer;
  etag: string;
  expiresAt: number;
}

const DEFAULT_TTL_MS = 60_000;
const MAX_ENTRIES = 1000;

export class SportsCache {
  private readonly entries = new Map<string, CachedBody & { sport: string }>();
  private readonly building = new Map<string, Promise<CachedBody>>();

  constructor(private readonly ttlMs = DEFAULT_TTL_MS) {}

  get(key: string, now = performance.now()): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** `ttlMs` overrides the cache's limit for this entry (a read that only an import changes keeps longer). */
  set(key: string, sport: string, value: unknown, now = performance.now(), ttlMs = this.ttlMs): CachedBody {
    const body = Buffer.from(JSON.stringify(value));
    const entry = {
      sport,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      expiresAt: now + ttlMs,
    };
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * The entry, else built once: requests that come while it is being built (a page's and the start's warming,
   * two visitors) wait for the same build instead of each running it; a failed build is not kept.
   */
  async getOrBuild(key: string, sport: string, build: () => Promise<unknown>, ttlMs?: number): Promise<CachedBody> {
    const entry = this.get(key);
    if (entry) return entry;
    let pending = this.building.get(key);
    if (!pending) {
      pending = build()
        .then((value) => this.set(key, sport, value, performance.now(), ttlMs))
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  invalidate(sport: string): void {
    for (const [key, entry] of this.entries) if (entry.sport === sport) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** True when an If-None-Match header names this ETag (a list, weak or `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/** Sends cached bytes with their ETag, to be revalidated on each use: 304 when the client holds the same. */
export function replyCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  visibility: 'public' | 'private' = 'public',
) {
  reply.header('etag', entry.etag);
  reply.header('cache-control', `${visibility}, max-age=0, must-revalidate`);
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.body);
}

/**
 * The caches serving each database: the importers writing to a database clear them without being wired to
 * the routes, and two apps on two databases (tests) never share entries.
 */
const caches = new WeakMap<object, Set<SportCleared>>();

/** What a cache of a sport's data does when the data changes: drops what it built from it. */
export interface SportCleared {
  invalidate(sport: string): void;
}

export function registerSportsCache(db: object, cache: SportCleared): () => void {
  const set = addToSetOf(caches, db, cache);
  return () => set.delete(cache);
}

/** The instance-signals topic a cleared sport is told on; its message is the sport's key. */
export const SPORTS_CHANGED = 'sports-changed';

const observers = new WeakMap<object, Set<(sport: string) => void>>();

/**
 * Calls `listener` each time a change made in this process clears a sport for the database: the app tells
 * the other instances through it (lib/instance-signals.ts), so theirs are cleared too.
 */
export function onSportsInvalidated(db: object, listener: (sport: string) => void): () => void {
  const set = addToSetOf(observers, db, listener);
  return () => set.delete(listener);
}

/**
 * Clears a sport's entries in every cache serving the database. A clearing that came from another instance
 * (`fromAnotherInstance`) is not passed on again.
 */
export function invalidateSportsCaches(
  db: object,
  sport: string,
  options: { fromAnotherInstance?: boolean } = {},
): void {
  for (const cache of caches.get(db) ?? []) cache.invalidate(sport);
  if (options.fromAnotherInstance) return;
  for (const listener of observers.get(db) ?? []) listener(sport);
}
