import type { DbExecutor } from '@pass/db';
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

export async function recordPageView(
  db: DbExecutor,
  visit: { route: string; query: Record<string, string | string[]>; at: Date },
): Promise<void> {
  await segmentsRepository.incrementPageView(db, {
    route: visit.route,
    query: normalizeSegmentQuery(visit.query),
    day: visit.at.toISOString().slice(0, 10),
  });
}

export { listPageViews } from './segments.repository.js';
