import type { DbExecutor } from '@pass/db';
import { AppError } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import * as segmentsRepository from './segments.repository.js';

// Query values under these keys can identify a person or grant access (reset tokens, OAuth codes):
// they are counted under the key alone.
const SENSITIVE_KEY = /token|code|state|nonce|email|mail|pass|secret|key|session|ident|auth|sig|phone|name/i;
const MAX_QUERY_LENGTH = 500;

/**
 * The query as it is counted: keys sorted, sensitive values replaced by `*`, at most 500 characters.
 * Two visits with the same parameters in another order count as one query.
 */
export function normalizeSegmentQuery(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const raw = query[key];
    const values = Array.isArray(raw) ? raw : [raw ?? ''];
    for (const value of values) params.append(key, SENSITIVE_KEY.test(key) ? '*' : value);
  }
  return params.toString().slice(0, MAX_QUERY_LENGTH);
}

const MINUTE_MS = 60_000;
/**
 * Distinct queries counted per route and day; further ones are counted together under OTHER_QUERIES, so the
 * table grows by at most this many rows per route a day, and every view is still in the route's total.
 */
export const MAX_QUERIES_PER_ROUTE_PER_DAY = 50;
/** Cannot be a normalized query: URLSearchParams encodes parentheses. */
export const OTHER_QUERIES = '(other queries)';

/**
 * Counts a page view, at most `perMinute` a minute from one client (by address; PAGE_VIEWS_PER_MINUTE); over
 * it, a 429 and nothing is written.
 */
export async function recordPageView(
  db: DbExecutor,
  limits: { limiter: RateLimiter; client: string; perMinute: number },
  visit: { route: string; query: Record<string, string | string[]>; at: Date },
): Promise<void> {
  const { count, retryAfterSeconds } = await limits.limiter.hit(`segments:ip:${limits.client}`, MINUTE_MS);
  if (count > limits.perMinute) {
    throw AppError.rateLimited(retryAfterSeconds, 'Too many page views reported. Try again in a minute.');
  }
  await segmentsRepository.incrementPageView(
    db,
    { route: visit.route, query: normalizeSegmentQuery(visit.query), day: visit.at.toISOString().slice(0, 10) },
    { maxQueries: MAX_QUERIES_PER_ROUTE_PER_DAY, overflowQuery: OTHER_QUERIES },
  );
}

export { listPageViews } from './segments.repository.js';
