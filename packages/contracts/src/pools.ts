import { MIN_SEASON, POOL_DEFAULTS, Status } from '@pass/domain';
import { z } from 'zod';
import { Email } from './auth.js';
import { idParam, Text } from './boundary.js';
import { SportKey } from './sports.js';

/**
 * Pool Party (DESIGN.md section 6; decision records 026 and 027). The schemas check shapes and types; the
 * pool rules (packages/domain/src/pools) check the settings themselves and answer 400 with each field and
 * its reason (`reason` on the field error: `required`, `too_long`, `bad_colour`, `out_of_range`,
 * `pool_started`, ...). A member who is not in a pool gets 404 for the pool and everything in it.
 */

const Colour = Text.max(20, 'must be a #rrggbb colour');

/** Every setting of a pool, as a new pool is created with them. */
export const PoolSettingsBody = z.object({
  name: Text.max(200, `must be at most ${POOL_DEFAULTS.maxNameLength} characters`),
  /** The icon's key (the web app's icon set). */
  icon: Text.max(40, 'must be an icon key'),
  icon_color: Colour,
  icon_background: Colour,
  sport: SportKey,
  season: z
    .number({ error: 'must be a season year' })
    .int('must be a season year')
    .min(MIN_SEASON, `must be ${MIN_SEASON} or later`)
    .max(2100, 'must be a season year'),
  /** The sport week (sports calendar) the pool starts in. */
  start_week: z.number({ error: 'must be a week number' }).int('must be a week number').min(1).max(60),
  games_per_week: z
    .number({ error: 'must be a whole number of games' })
    .int('must be a whole number of games')
    .min(POOL_DEFAULTS.minGamesPerWeek)
    .max(POOL_DEFAULTS.maxGamesPerWeek),
  /** `ats`: against the spread frozen at publish; `straight` ("$ Line"): the winner outright. */
  win_basis: z.enum(['ats', 'straight']),
  double_play: z.boolean(),
  triple_play: z.boolean(),
  last_man_standing: z.boolean(),
});
export type PoolSettingsBody = z.infer<typeof PoolSettingsBody>;

export const CreatePoolBody = PoolSettingsBody;
export type CreatePoolBody = z.infer<typeof CreatePoolBody>;

/**
 * A change of settings: any of them. Name and icon can always change; the rules that change scoring only
 * until the pool's first game locks (400 `pool_started` on each such field after it).
 */
export const UpdatePoolBody = PoolSettingsBody.partial().refine((body) => Object.keys(body).length > 0, {
  message: 'must change at least one setting',
});
export type UpdatePoolBody = z.infer<typeof UpdatePoolBody>;

export const PoolParams = z.object({ id: idParam('a pool id') });
export type PoolParams = z.infer<typeof PoolParams>;

export const PoolRole = z.enum(['lifeguard', 'guest']);
export type PoolRole = z.infer<typeof PoolRole>;

export const PoolStatusField = z.literal([Status.open, Status.confirmed, Status.closed, Status.completed], {
  error: 'must be a pool status',
});

/** A pool as its members see it in a list. */
export const PoolSummary = PoolSettingsBody.extend({
  id: z.number().int(),
  /** 1 open, 2 confirmed (its first game has locked), 4 closed (ended by the Lifeguard), 8 completed. */
  status: PoolStatusField,
  /** The caller's role in the pool. */
  role: PoolRole,
  lifeguard: z.object({ username: z.string() }),
  /** Current members, the Lifeguard included. */
  member_count: z.number().int(),
  /** Whether the pool's first game has locked: the scoring rules stay as they are from then on. */
  started: z.boolean(),
  /** The end of the pool's first week: guests may join until then. */
  joining_closes_at: z.string().nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
});
export type PoolSummary = z.infer<typeof PoolSummary>;

export const PoolMemberView = z.object({
  id: z.number().int(),
  username: z.string(),
  role: PoolRole,
  joined_at: z.string(),
});
export type PoolMemberView = z.infer<typeof PoolMemberView>;

/** One pool with its current members. */
export const PoolDetail = PoolSummary.extend({ members: z.array(PoolMemberView) });
export type PoolDetail = z.infer<typeof PoolDetail>;

export const PoolResponse = z.object({ data: PoolDetail });
export type PoolResponse = z.infer<typeof PoolResponse>;

export const PoolListResponse = z.object({ data: z.array(PoolSummary) });
export type PoolListResponse = z.infer<typeof PoolListResponse>;

// ---------------------------------------------------------------------------------------------------------
// Invitations and membership

/** Why an invitation cannot be used, or cannot be sent: each refusal names one. */
export const InvitationRefusal = z.enum([
  'expired',
  'used',
  'revoked',
  'pool_full',
  'joining_closed',
  'pool_ended',
  'removed',
  'invitation_limit',
  'already_member',
]);
export type InvitationRefusal = z.infer<typeof InvitationRefusal>;

/**
 * An invitation to an email address: mailed (through the outbox) with its accept link,
 * `/pool-party/accept/{token}`. A Lifeguard may send one address at most 3 invitations across all of their
 * pools; the fourth is refused (409 `invitation_limit`) and recorded for the admin.
 */
export const InviteBody = z.object({ email: Email });
export type InviteBody = z.infer<typeof InviteBody>;

export const InvitationView = z.object({
  id: z.number().int(),
  /** Null for the shareable link. */
  email: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type InvitationView = z.infer<typeof InvitationView>;

export const InvitationResponse = z.object({ data: InvitationView });
export type InvitationResponse = z.infer<typeof InvitationResponse>;

export const InvitationListResponse = z.object({ data: z.array(InvitationView) });
export type InvitationListResponse = z.infer<typeof InvitationListResponse>;

/**
 * The pool's shareable link, shown once to its Lifeguard: making a new one revokes the one before. It works
 * for any number of members until joining closes (the end of the pool's first week).
 */
export const ShareLinkResponse = z.object({
  data: InvitationView.extend({ token: z.string(), url: z.string() }),
});
export type ShareLinkResponse = z.infer<typeof ShareLinkResponse>;

/** The token of an accept link (`/pool-party/accept/{token}`), mailed or shared. */
export const AcceptInvitationBody = z.object({
  token: Text.min(1, 'is required').max(200, 'is not an invitation token'),
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const PoolMemberParams = z.object({ id: idParam('a pool id'), memberId: idParam('a member id') });
export type PoolMemberParams = z.infer<typeof PoolMemberParams>;
