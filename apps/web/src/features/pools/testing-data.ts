import type { PoolDetail, PoolListItem, PoolSummary } from '@pass/contracts';

/** A pool as `GET /api/pools` lists it; override what a test needs. */
export function poolSummary(overrides: Partial<PoolSummary> = {}): PoolSummary {
  return {
    id: 7,
    name: 'Office Splash',
    icon: 'wave',
    icon_color: '#ffffff',
    icon_background: '#0277bd',
    sport: 'americanfootball_nfl',
    season: 2025,
    start_week: 3,
    games_per_week: 10,
    win_basis: 'ats',
    double_play: true,
    triple_play: false,
    last_man_standing: true,
    confidence: false,
    survivor_strikes: 0,
    survivor_buy_back_week: null,
    drop_worst_weeks: 0,
    default_picks: 'none',
    status: 1,
    role: 'lifeguard',
    lifeguard: { username: 'pat', name: 'pat' },
    member_count: 4,
    started: false,
    joining_closes_at: '2025-09-23T07:00:00.000Z',
    created_at: '2025-09-01T12:00:00.000Z',
    ended_at: null,
    suspended: null,
    ...overrides,
  };
}

/** A pool as `GET /api/pools` lists it, with the caller's place in its standings (none by default). */
export function poolListItem(overrides: Partial<PoolListItem> = {}): PoolListItem {
  return { ...poolSummary(overrides), standing: null, ...overrides };
}

export function poolDetail(overrides: Partial<PoolDetail> = {}): PoolDetail {
  return { ...poolSummary(overrides), members: [], ...overrides };
}

/** A 400 with field errors, as the pool rules answer. */
export function fieldErrors(fields: { field: string; message: string; reason?: string }[]) {
  return { error: { code: 'BAD_REQUEST', message: 'The pool settings are not valid', fields } };
}

/** A 409 refusal with its reason, as the invitations answer. */
export function refusal(reason: string, message: string, field = 'body.token') {
  return { error: { code: 'CONFLICT', message, fields: [{ field, message, reason }] } };
}
