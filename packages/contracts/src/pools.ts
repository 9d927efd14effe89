import {
  ADDRESS_LIST_MAX,
  MAX_SURVIVOR_STRIKES,
  DEFAULT_PICKS,
  MAX_DROP_WORST_WEEKS,
  MIN_SEASON,
  parseAddressList,
  POOL_DEFAULTS,
  standingsIfEndedNow,
  Status,
  type RankedRow,
} from '@pass/domain';
import { z } from 'zod';
import { AccountUser, DisplayName, Email, Password, Username } from './auth.js';
import { idField, idParam, SingleLine, Text } from './boundary.js';
import { SportKey } from './sports.js';

/**
 * Pool Party (DESIGN.md section 6; decision records 026 and 027). The schemas check shapes and types; the
 * pool rules (packages/domain/src/pools) check the settings themselves and answer 400 with each field and
 * its reason (`reason` on the field error: `required`, `too_long`, `bad_colour`, `out_of_range`,
 * `pool_started`, ...). A member who is not in a pool gets 404 for the pool and everything in it.
 */

const Colour = SingleLine.max(20, 'must be a #rrggbb colour');

/** Every setting of a pool, as a new pool is created with them. */
export const PoolSettingsBody = z.object({
  name: SingleLine.max(200, `must be at most ${POOL_DEFAULTS.maxNameLength} characters`),
  /** The icon's key (the web app's icon set). */
  icon: SingleLine.max(40, 'must be an icon key'),
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
  /**
   * Confidence points: each week a member ranks their picks 1..N and a win scores its rank (a loss, a push and a
   * missed pick 0); no double or triple play with it. Left out: off.
   */
  confidence: z.boolean().optional(),
  /**
   * Last Man Standing strikes (0–3): a survivor goes out at the loss, push or missed week after them. Left out: 0.
   * Needs Last Man Standing (400 `lms_off`).
   */
  survivor_strikes: z
    .number({ error: 'must be a whole number of strikes' })
    .int('must be a whole number of strikes')
    .min(0)
    .max(MAX_SURVIVOR_STRIKES)
    .optional(),
  /**
   * The last week a member who went out may buy back in Last Man Standing (by picking in the week after); null or
   * left out: no buy-back. A week of the pool before its last (400 `out_of_range`); needs Last Man Standing.
   */
  survivor_buy_back_week: z
    .number({ error: 'must be a week number' })
    .int('must be a week number')
    .min(1)
    .max(60)
    .nullable()
    .optional(),
  /**
   * How many of each member's lowest-scoring complete weeks leave their season total (0 to 3; at least one week
   * always stays in). Left out: 0.
   */
  drop_worst_weeks: z
    .number({ error: 'must be a whole number of weeks' })
    .int('must be a whole number of weeks')
    .min(0, `must be from 0 to ${MAX_DROP_WORST_WEEKS}`)
    // The pool rules refuse more than MAX_DROP_WORST_WEEKS with their reason (`out_of_range`).
    .max(52, `must be from 0 to ${MAX_DROP_WORST_WEEKS}`)
    .optional(),
  /**
   * The side a member is given on a game they have not picked when it locks: `none` (a missed pick), the
   * `favourites` or the `home` teams. Left out: none.
   */
  default_picks: z.enum(DEFAULT_PICKS, { error: 'must be none, favourites or home' }).optional(),
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
  /** Whether the pool scores confidence points. */
  confidence: z.boolean(),
  /** Last Man Standing strikes allowed (0: out at the first). */
  survivor_strikes: z.number().int(),
  /** The last week a member may go out in and buy back (null: no buy-back). */
  survivor_buy_back_week: z.number().int().nullable(),
  /** How many of each member's worst complete weeks leave their season total. */
  drop_worst_weeks: z.number().int(),
  /** The side given on a game left unpicked at its lock. */
  default_picks: z.enum(DEFAULT_PICKS),
  id: z.number().int(),
  /** 1 open, 2 confirmed (its first game has locked), 4 closed (ended by the Lifeguard), 8 completed. */
  status: PoolStatusField,
  /** The caller's role in the pool. */
  role: PoolRole,
  /** The Lifeguard's username and how they are shown (`displayName`: their name if set, else the username). */
  lifeguard: z.object({ username: z.string(), name: z.string() }),
  /** Current members, the Lifeguard included. */
  member_count: z.number().int(),
  /** Whether the pool's first game has locked: the scoring rules stay as they are from then on. */
  started: z.boolean(),
  /** The end of the pool's first week: guests may join until then. */
  joining_closes_at: z.string().nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  /**
   * Set while the admin has suspended the pool (decision 049): it is read-only for everyone until lifted,
   * and the pool's page shows a banner with the admin's reason.
   */
  suspended: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type PoolSummary = z.infer<typeof PoolSummary>;

export const PoolMemberView = z.object({
  id: z.number().int(),
  username: z.string(),
  /** How the member is shown (`displayName`): their name if set, else the username. */
  name: z.string(),
  role: PoolRole,
  joined_at: z.string(),
});
export type PoolMemberView = z.infer<typeof PoolMemberView>;

/** One pool with its current members. */
export const PoolDetail = PoolSummary.extend({ members: z.array(PoolMemberView) });
export type PoolDetail = z.infer<typeof PoolDetail>;

export const PoolResponse = z.object({ data: PoolDetail });
export type PoolResponse = z.infer<typeof PoolResponse>;

/** The caller's place in a pool's season standings (the standings page's own answer). */
export const PoolStanding = z.object({
  /** Members equal on every tiebreak share a rank (1, 1, 3). */
  rank: z.number().int(),
  /** How many members the standings rank. */
  of: z.number().int(),
  /** Season points. */
  points: z.number(),
});
export type PoolStanding = z.infer<typeof PoolStanding>;

/** A pool in the caller's list: its summary and the caller's place in its standings. */
export const PoolListItem = PoolSummary.extend({ standing: PoolStanding.nullable() });
export type PoolListItem = z.infer<typeof PoolListItem>;

export const PoolListResponse = z.object({ data: z.array(PoolListItem) });
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
  'pool_suspended',
  'removed',
  'invitation_limit',
  'already_member',
  'account_exists',
  'account_suspended',
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
 * A pasted list of addresses to invite at once (domain `parseAddressList`: commas, semicolons or lines; bare or
 * `Name <address>`), at most ADDRESS_LIST_MAX entries.
 */
export const InviteManyBody = z.object({
  addresses: Text.max(20_000, 'must be at most 20,000 characters')
    .refine((value) => parseAddressList(value).length > 0, 'lists no address')
    .refine(
      (value) => parseAddressList(value).length <= ADDRESS_LIST_MAX,
      `lists more than ${ADDRESS_LIST_MAX} addresses: send at most ${ADDRESS_LIST_MAX} at a time`,
    ),
});
export type InviteManyBody = z.infer<typeof InviteManyBody>;

/** What became of each entry of the list, in its order. */
export const InviteManyResult = z.object({
  entry: z.string(),
  email: z.string().nullable(),
  status: z.enum([
    'sent',
    'invalid',
    'listed_earlier',
    'already_member',
    'pool_full',
    'invitation_limit',
    'rate_limited',
    'pool_ended',
    'pool_suspended',
    'joining_closed',
  ]),
  /** Why it was not sent, in words; null when sent. */
  message: z.string().nullable(),
});
export type InviteManyResult = z.infer<typeof InviteManyResult>;

export const InviteManyResponse = z.object({ data: z.object({ results: z.array(InviteManyResult) }) });
export type InviteManyResponse = z.infer<typeof InviteManyResponse>;

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

/**
 * `POST /api/pools/invitation`: what an accept link invites to, for its page, before anyone signs in: the pool,
 * its Lifeguard and rules, the address the invitation was mailed to (null for a shareable link, and once the
 * invitation can no longer be used), why it cannot be used now (null when it can), and whether the caller, when
 * signed in, is in the pool already. 404 for an unknown token. The token goes in the body, kept out of logged URLs.
 */
export const InvitationPreview = z.object({
  pool: PoolSettingsBody.extend({
    id: z.number().int(),
    member_count: z.number().int(),
    joining_closes_at: z.string().nullable(),
  }),
  /** The pool's Lifeguard: the display name when they gave one, else null, and the username. */
  lifeguard: z.object({ username: z.string(), name: z.string().nullable() }),
  /** The invited address, proved by the token: an account made with it from this page needs no confirmation. */
  email: z.string().nullable(),
  refusal: InvitationRefusal.nullable(),
  /** Whether the signed-in caller is a current member of the pool (false for a visitor). */
  member: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const InvitationPreviewResponse = z.object({ data: InvitationPreview });
export type InvitationPreviewResponse = z.infer<typeof InvitationPreviewResponse>;

/**
 * `POST /api/pools/accept/new-account`: a visitor joins from an invitation's page by creating their account
 * there, under the rules of sign-up. Without `email`, or with the invited address, the account takes the
 * invited address as confirmed (the mailed token proves it), is signed in and joins the pool at once (201).
 * With another address (or from a shareable link, which names none) it is a normal sign-up: the confirmation
 * mail goes to that address and nothing is joined yet (202).
 */
export const JoinWithNewAccountBody = z.object({
  token: AcceptInvitationBody.shape.token,
  username: Username,
  password: Password,
  name: DisplayName.optional(),
  email: Email.optional(),
});
export type JoinWithNewAccountBody = z.infer<typeof JoinWithNewAccountBody>;

/** 201: the account made, signed in (the session cookie set) and in the pool. */
export const JoinedWithNewAccountResponse = z.object({ data: z.object({ user: AccountUser, pool: PoolDetail }) });
export type JoinedWithNewAccountResponse = z.infer<typeof JoinedWithNewAccountResponse>;

/** 202: another address than the invited one: its confirmation mail is sent, as sign-up's is. */
export const JoinVerificationSentResponse = z.object({
  data: z.object({ status: z.literal('verification_sent'), email: z.string() }),
});
export type JoinVerificationSentResponse = z.infer<typeof JoinVerificationSentResponse>;

/**
 * `POST /api/pools/{id}/again`: next season's pool from one whose season is over (its Lifeguard). 201 with the
 * new pool and what became of each invitation to the old pool's current members (by username: the addresses
 * stay private); 200 with the pool made before and `invitations: null` when the pool was already run again
 * (a retried click makes nothing twice). 409 with the reason: `season_not_over`, `next_season_closed` (that
 * season's first week is over: no one could join) or `pool_limit`.
 */
export const RunAgainResponse = z.object({
  data: PoolDetail,
  invitations: z
    .object({
      sent: z.array(z.object({ username: z.string() })),
      refused: z.array(z.object({ username: z.string(), reason: InvitationRefusal, message: z.string() })),
    })
    .nullable(),
});
export type RunAgainResponse = z.infer<typeof RunAgainResponse>;

export const PoolMemberParams = z.object({ id: idParam('a pool id'), memberId: idParam('a member id') });
export type PoolMemberParams = z.infer<typeof PoolMemberParams>;

// ---------------------------------------------------------------------------------------------------------
// Weeks: slates and picks

export const PoolWeekParams = z.object({
  id: idParam('a pool id'),
  week: z.coerce
    .number({ error: 'must be a week number' })
    .int('must be a week number')
    .min(1, 'must be a week number')
    .max(60, 'must be a week number'),
});
export type PoolWeekParams = z.infer<typeof PoolWeekParams>;

/**
 * The Lifeguard's slate for a week: `games_per_week` games of the pool week (every playable one when the week
 * has fewer), none started, called off or (in an `ats` pool) without a line, published before the week's
 * first kickoff. Publishing again before then replaces the slate; picks of games no longer on it are dropped.
 */
export const PublishSlateBody = z.object({
  event_ids: z
    .array(idField('an event id'))
    .min(1, 'must hold at least one game')
    .max(POOL_DEFAULTS.maxGamesPerWeek, `must hold at most ${POOL_DEFAULTS.maxGamesPerWeek} games`),
});
export type PublishSlateBody = z.infer<typeof PublishSlateBody>;

const Team = SingleLine.trim().min(1, 'is required').max(10, 'must be a team abbreviation');

export const PoolPickBody = z.object({
  event_id: idField('an event id'),
  /** The team picked: the game's home or away abbreviation. */
  team: Team,
  /** At most one pick a week, where the pool allows it. */
  play: z.enum(['double', 'triple']).nullable().optional(),
  /**
   * In a confidence pool, the pick's rank this week: a whole number from 1 to the slate's size, each used once
   * (400 `confidence_used`, `confidence_out_of_range`, `confidence_required`); none elsewhere (`confidence_off`).
   */
  confidence: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(POOL_DEFAULTS.maxGamesPerWeek, `must be at most ${POOL_DEFAULTS.maxGamesPerWeek}`)
    .nullable()
    .optional(),
});

/**
 * A member's picks for a week, sent whole with an `Idempotency-Key` header: the picks of open games as they
 * should now be (a game left out has no pick), the Last Man Standing team and the tiebreaker. The picks of
 * locked games may be left out (they stay as they are) but not changed: a change is refused with the game
 * named. The same key with the same body again returns the sheet as stored; with another body, 409.
 */
export const SubmitPicksBody = z.object({
  picks: z.array(PoolPickBody).max(POOL_DEFAULTS.maxGamesPerWeek, 'must hold at most one pick per slate game'),
  lms_team: Team.nullable().optional(),
  tiebreaker: z
    .number({ error: 'must be a whole number of points' })
    .int('must be a whole number of points')
    .min(0, 'must be 0 or more')
    .max(999, 'must be at most 999')
    .nullable()
    .optional(),
});
export type SubmitPicksBody = z.infer<typeof SubmitPicksBody>;

export const SlateGameView = z.object({
  event_id: z.number().int(),
  home_team: z.string(),
  away_team: z.string(),
  kickoff: z.string(),
  status: z.enum(['scheduled', 'in_progress', 'final', 'postponed', 'cancelled']),
  home_score: z.number().int().nullable(),
  away_score: z.number().int().nullable(),
  /** The spread frozen at publish, home side (−3: home favoured by 3); null in `straight` pools. */
  frozen_home_spread: z.number().nullable(),
  /**
   * The closing spread, home side: the line of record as it stood when the game locked (decision 029); null
   * until the game has locked, and always in `straight` pools.
   */
  closing_home_spread: z.number().nullable(),
  /**
   * Where the frozen spread came from ("median of 6 books", "nflverse's line") and when it was frozen (the slate's
   * publication): null in `straight` pools, without a line, and for a slate not stored yet (it freezes on
   * publication). The slate's lines explained (decision 084).
   */
  frozen_line_source: z.string().nullable(),
  frozen_at: z.string().nullable(),
  /** The game's line of record now, home side, beside the frozen one; null without a line and in `straight` pools. */
  current_home_spread: z.number().nullable(),
  /** Whether its picks are locked now (kickoff reached, or the game under way). */
  locked: z.boolean(),
});
export type SlateGameView = z.infer<typeof SlateGameView>;

export const SheetView = z.object({
  member_id: z.number().int(),
  username: z.string(),
  /** How the member is shown (`displayName`): their name if set, else the username. */
  name: z.string(),
  /** Another member's picks appear as their games lock. */
  picks: z.array(
    z.object({
      event_id: z.number().int(),
      team: z.string(),
      play: z.enum(['double', 'triple']).nullable(),
      /** The pick's confidence in a confidence pool (null elsewhere); shown with the pick, once its game locks. */
      confidence: z.number().int().nullable(),
      /**
       * Closing line value in points: the frozen spread taken against the close, from the picked side
       * (positive: a better number than the close); null until the close is known, and in `straight` pools.
       */
      clv: z.number().nullable(),
    }),
  ),
  lms_team: z.string().nullable(),
  tiebreaker: z.number().int().nullable(),
  /** The member's own last submission (the Lifeguard's edits do not move it). */
  submitted_at: z.string().nullable(),
});
export type SheetView = z.infer<typeof SheetView>;

export const PoolWeekView = z.object({
  pool: z.object({ id: z.number().int(), name: z.string() }),
  week: z.number().int(),
  label: z.string(),
  /** The week's window: its slate's first kickoff to midnight US Pacific after its last day. */
  window: z.object({ start: z.string(), end: z.string() }),
  /** The week's first kickoff: the Lifeguard chooses the slate before it. */
  slate_deadline: z.string().nullable(),
  /** `lifeguard` or `auto` once stored; null while the slate shown is only the automatic choice so far. */
  slate_source: z.enum(['lifeguard', 'auto']).nullable(),
  /**
   * Whether the week's games are the generated demo season's: a season without real games (a fresh install)
   * still plays, and the screens say so (docs/decisions/028).
   */
  demo: z.boolean(),
  games: z.array(SlateGameView),
  /**
   * Until the slate deadline, every game of the week the slate may be chosen from, by kickoff, with its line
   * of record now (what publishing would freeze; null: no line yet, so not for an `ats` slate). Empty after.
   */
  choices: z.array(
    z.object({
      event_id: z.number().int(),
      home_team: z.string(),
      away_team: z.string(),
      kickoff: z.string(),
      status: z.enum(['scheduled', 'in_progress', 'final', 'postponed', 'cancelled']),
      home_spread: z.number().nullable(),
    }),
  ),
  /** Each current member's sheet, as the caller may see it (their own whole). */
  sheets: z.array(SheetView),
  /**
   * The Last Man Standing teams the caller has used in earlier weeks of the season (a pick on a void game is
   * not used; one still to be played is), which they may not take again; empty in a pool without it.
   */
  lms_used_teams: z.array(z.string()),
  /**
   * The Last Man Standing choices of the week: every team playing it (slate games and the week's survivor-only
   * games), first by kickoff, with its game, kickoff, frozen line from the team's side (`ats` pools; null
   * elsewhere), whether the caller has used it and whether its game has locked. Empty in a pool without it.
   */
  lms_choices: z.array(
    z.object({
      team: z.string(),
      event_id: z.number().int(),
      opponent: z.string(),
      home: z.boolean(),
      kickoff: z.string(),
      on_slate: z.boolean(),
      frozen_spread: z.number().nullable(),
      frozen_line_source: z.string().nullable(),
      used: z.boolean(),
      locked: z.boolean(),
    }),
  ),
  /**
   * The caller's Last Man Standing standing before this week: whether they may pick this week (standing, or
   * buying back), the week they went out, strikes used of those allowed, the week they bought back. Null in a
   * pool without it.
   */
  lms_status: z
    .object({
      may_pick: z.boolean(),
      /** Out, and this week's pick would be the buy-back. */
      buy_back: z.boolean(),
      out_week: z.number().int().nullable(),
      strikes_used: z.number().int(),
      strikes_allowed: z.number().int(),
      bought_back_in: z.number().int().nullable(),
    })
    .nullable(),
});
export type PoolWeekView = z.infer<typeof PoolWeekView>;

export const PoolWeekResponse = z.object({ data: PoolWeekView });
export type PoolWeekResponse = z.infer<typeof PoolWeekResponse>;

// ---------------------------------------------------------------------------------------------------------
// The Lifeguard's tools

export const PoolWeekMemberParams = PoolWeekParams.extend({ memberId: idParam('a member id') });
export type PoolWeekMemberParams = z.infer<typeof PoolWeekMemberParams>;

/** One change the Lifeguard made to a member's sheet, as the whole pool sees it. */
export const PoolEditView = z.object({
  id: z.number().int(),
  week: z.number().int().nullable(),
  /** Whose sheet changed, and who changed it, as they are shown (`displayName`). */
  member: z.string(),
  editor: z.string().nullable(),
  event_id: z.number().int().nullable(),
  field: z.enum(['pick', 'lms_team', 'tiebreaker']),
  /** Null while `hidden`. */
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** Another member's edit whose games have not all locked: what the pick was and became is not shown yet. */
  hidden: z.boolean(),
  created_at: z.string(),
});
export type PoolEditView = z.infer<typeof PoolEditView>;
export const PoolEditListResponse = z.object({ data: z.array(PoolEditView) });
export type PoolEditListResponse = z.infer<typeof PoolEditListResponse>;

export const MissingPicksResponse = z.object({
  pool: z.object({ id: z.number().int(), name: z.string() }),
  week: z.number().int(),
  data: z.array(
    z.object({
      member_id: z.number().int(),
      username: z.string(),
      /** How the member is shown (`displayName`): their name if set, else the username. */
      name: z.string(),
      /** Open slate games the member has no pick for. */
      missing_event_ids: z.array(z.number().int()),
      missing_tiebreaker: z.boolean(),
      missing_lms_team: z.boolean(),
      /** When the Lifeguard last reminded the member of this week (null: never). */
      reminded_at: z.string().nullable(),
    }),
  ),
});
export type MissingPicksResponse = z.infer<typeof MissingPicksResponse>;

/**
 * The Lifeguard reminds members missing picks of the week, now: the members named, or without `member_ids`
 * every member missing a pick they can still make. A member id of no current member is a 400.
 */
export const RemindBody = z.object({
  member_ids: z
    .array(idField('a member id'))
    .min(1, 'must name at least one member')
    .max(POOL_DEFAULTS.maxGuestsPerPool + 1, `must name at most ${POOL_DEFAULTS.maxGuestsPerPool + 1} members`)
    .refine((ids) => new Set(ids).size === ids.length, 'must name each member once')
    .optional(),
});
export type RemindBody = z.infer<typeof RemindBody>;

/**
 * What reminding one member came to: `sent` (a mail, unless they turned pick reminder mails off, and a push
 * where they turned it on), `not_missing` (nothing left they can pick), `reminded_recently` (reminded of this week
 * within 6 hours), `rate_limited` (the Lifeguard's reminders of the last hour are spent).
 */
export const ReminderStatus = z.enum(['sent', 'not_missing', 'reminded_recently', 'rate_limited']);
export type ReminderStatus = z.infer<typeof ReminderStatus>;

export const RemindResponse = z.object({
  data: z.object({
    week: z.number().int(),
    results: z.array(
      z.object({
        member_id: z.number().int(),
        username: z.string(),
        name: z.string(),
        status: ReminderStatus,
        /** The member's latest reminder of the week, this one included when sent. */
        reminded_at: z.string().nullable(),
        /** When the member may be reminded of the week again (null: now). */
        next_reminder_at: z.string().nullable(),
        /** Whether a mail went (a member may have turned pick reminder mails off, or have no verified address). */
        mailed: z.boolean(),
      }),
    ),
  }),
});
export type RemindResponse = z.infer<typeof RemindResponse>;

export const AnnouncementBody = z.object({
  body: Text.trim().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
});
export type AnnouncementBody = z.infer<typeof AnnouncementBody>;

export const AnnouncementView = z.object({
  id: z.number().int(),
  body: z.string(),
  /** The Lifeguard who posted it, as they are shown (`displayName`). */
  author: z.string().nullable(),
  created_at: z.string(),
});
export const AnnouncementResponse = z.object({ data: AnnouncementView });
export type AnnouncementResponse = z.infer<typeof AnnouncementResponse>;
export const AnnouncementListResponse = z.object({ data: z.array(AnnouncementView) });
export type AnnouncementListResponse = z.infer<typeof AnnouncementListResponse>;

// ---------------------------------------------------------------------------------------------------------
// Standings: derived from the picks and the games' results on every change, never stored

const PoolRef = z.object({ id: z.number().int(), name: z.string() });

export const PoolStandingRow = z.object({
  member_id: z.number().int(),
  username: z.string(),
  /** How the member is shown (`displayName`): their name if set, else the username. */
  name: z.string(),
  /** Members equal on points, wins, tiebreaker error and submission time share a rank (1, 1, 3). */
  rank: z.number().int(),
  points: z.number(),
  wins: z.number().int(),
  losses: z.number().int(),
  pushes: z.number().int(),
  /** Summed |guess − actual| of each week's last slate game. */
  tiebreaker_error: z.number(),
});
export type PoolStandingRow = z.infer<typeof PoolStandingRow>;

export const PoolStandingsResponse = z.object({
  data: z.object({
    pool: PoolRef,
    rows: z.array(
      PoolStandingRow.extend({
        /** The member's closing line value averaged over their graded picks; null when none has one. */
        avg_clv: z.number().nullable(),
        /**
         * The weeks left out of `points` in a pool that drops each member's worst weeks, in week order (empty in
         * other pools). Wins and the tiebreaker still count them.
         */
        dropped_weeks: z.array(z.number().int()),
      }),
    ),
    /** Null in a pool without Last Man Standing. */
    last_man_standing: z
      .object({
        survivors: z.array(z.number().int()),
        eliminated: z.array(z.object({ member_id: z.number().int(), week: z.number().int() })),
        /** The last one standing, or the survivors who share the win; empty until decided. */
        winners: z.array(z.number().int()),
      })
      .nullable(),
  }),
});
export type PoolStandingsResponse = z.infer<typeof PoolStandingsResponse>;

/**
 * The survivor board of a Last Man Standing pool: every current member standing or out (the week out), strikes
 * used of those allowed, the week they bought back in, and their team of each week. Another member's team is
 * shown once its game has locked (reveal at lock); the caller's own always.
 */
export const SurvivorBoardResponse = z.object({
  data: z.object({
    pool: PoolRef,
    /** Strikes a survivor may take before the one that puts them out. */
    strikes_allowed: z.number().int(),
    /** The last week a member may go out in and buy back (null: no buy-back). */
    buy_back_week: z.number().int().nullable(),
    /** The last one standing, or the survivors who share the win; empty until decided. */
    winners: z.array(z.number().int()),
    members: z.array(
      z.object({
        member_id: z.number().int(),
        username: z.string(),
        name: z.string(),
        alive: z.boolean(),
        /** The week the member went out (the latest, after a buy-back); null while standing. */
        out_week: z.number().int().nullable(),
        strikes_used: z.number().int(),
        /** The week the member bought back in; null if not. */
        bought_back_in: z.number().int().nullable(),
        weeks: z.array(
          z.object({
            week: z.number().int(),
            /** Null without a team, or while another member's team's game has not locked. */
            team: z.string().nullable(),
            /** How the week went for the member; null while hidden. */
            outcome: z.enum(['advanced', 'carried', 'eliminated', 'no_pick', 'pending']).nullable(),
            /** Another member's team not yet shown (its game has not locked). */
            hidden: z.boolean(),
          }),
        ),
      }),
    ),
  }),
});
export type SurvivorBoardResponse = z.infer<typeof SurvivorBoardResponse>;

export const GradedPickView = z.object({
  event_id: z.number().int(),
  /** Null when the member made no pick, or while another member's pick is hidden (its game not locked). */
  team: z.string().nullable(),
  multiplier: z.number().int(),
  /** The pick's confidence in a confidence pool: what a win scores (null without a visible pick, and elsewhere). */
  confidence: z.number().int().nullable(),
  /** A default pick the pool gave at the lock (the member had not picked the game). */
  auto: z.boolean(),
  outcome: z.enum(['win', 'loss', 'push', 'void', 'missed', 'pending', 'not_member']),
  points: z.number(),
});

export const WeeklyResultsResponse = z.object({
  data: z.object({
    pool: PoolRef,
    weeks: z.array(
      z.object({
        week: z.number().int(),
        complete: z.boolean(),
        winners: z.array(z.number().int()),
        rows: z.array(
          PoolStandingRow.extend({
            /**
             * The member is no longer in the pool (removed, or left): their rows stay in the weeks they were in,
             * so a past week adds up; they are in no week after and not in the season standings.
             */
            removed: z.boolean(),
            picks: z.array(GradedPickView),
          }),
        ),
      }),
    ),
  }),
});
export type WeeklyResultsResponse = z.infer<typeof WeeklyResultsResponse>;

export const HeadToHeadParams = z.object({
  id: idParam('a pool id'),
  a: idParam('a member id'),
  b: idParam('a member id'),
});
export type HeadToHeadParams = z.infer<typeof HeadToHeadParams>;

export const HeadToHeadResponse = z.object({
  data: z.object({
    pool: PoolRef,
    a: z.object({ member_id: z.number().int(), username: z.string(), name: z.string(), weeks_won: z.number().int() }),
    b: z.object({ member_id: z.number().int(), username: z.string(), name: z.string(), weeks_won: z.number().int() }),
    tied: z.number().int(),
    weeks: z.array(
      z.object({
        week: z.number().int(),
        a_points: z.number(),
        b_points: z.number(),
        winner: z.enum(['a', 'b', 'tie']),
      }),
    ),
    /** Locked games only: where both members' picks are visible. */
    games: z.array(
      z.object({
        week: z.number().int(),
        event_id: z.number().int(),
        a_team: z.string().nullable(),
        b_team: z.string().nullable(),
        /** Each side's confidence in a confidence pool (null without a pick, and elsewhere). */
        a_confidence: z.number().int().nullable(),
        b_confidence: z.number().int().nullable(),
        /** Each side's pick was a default pick the pool gave at the lock. */
        a_auto: z.boolean(),
        b_auto: z.boolean(),
        agree: z.boolean(),
      }),
    ),
    agreed: z.number().int(),
    disagreed: z.number().int(),
  }),
});
export type HeadToHeadResponse = z.infer<typeof HeadToHeadResponse>;

export const PointsPossibleResponse = z.object({
  data: z.object({
    pool: PoolRef,
    week: z.number().int(),
    rows: z.array(
      z.object({
        member_id: z.number().int(),
        username: z.string(),
        name: z.string(),
        week_points: z.number(),
        /** The most the member can still add this week: every remaining game played and won. */
        remaining: z.number(),
        week_possible: z.number(),
        season_points: z.number(),
        season_possible: z.number(),
      }),
    ),
  }),
});
export type PointsPossibleResponse = z.infer<typeof PointsPossibleResponse>;

/** `confidence`: the season replayed under confidence scoring, each week's picks ranked by their spreads. */
export const WhatIfRuleField = z.enum(['straight', 'half_point_push', 'no_plays', 'confidence', 'ended_now']);

/** `rules`: the changes, comma-separated (`straight,no_plays`). */
export const WhatIfQuery = z.object({
  rules: Text.max(100)
    .transform((value) => value.split(',').map((rule) => rule.trim()))
    .pipe(z.array(WhatIfRuleField).min(1, 'must name at least one rule')),
});
export type WhatIfQuery = z.infer<typeof WhatIfQuery>;

export const WhatIfResponse = z.object({
  data: z.object({
    pool: PoolRef,
    rules: z.array(WhatIfRuleField),
    rows: z.array(
      z.object({
        member_id: z.number().int(),
        username: z.string(),
        name: z.string(),
        actual: PoolStandingRow.omit({ member_id: true, username: true, name: true }),
        what_if: PoolStandingRow.omit({ member_id: true, username: true, name: true }),
        /** Places gained (positive) or lost under the other rules. */
        rank_change: z.number().int(),
      }),
    ),
  }),
});
export type WhatIfResponse = z.infer<typeof WhatIfResponse>;

/**
 * What a standings screen works out the standings "if the games ended now" from, in the browser, as live scores
 * move (decision 072): the totals of the weeks no game under way can change, and the weeks still being played
 * with the picks the caller may see (every pick of a game that has locked, their own whole). Read again when a
 * game locks or ends, never per score.
 */
export const LiveStandingsResponse = z.object({
  data: z.object({
    pool: PoolRef,
    /** The server's clock when this was read: the instant the browser grades at. */
    as_of: z.string(),
    win_basis: z.enum(['ats', 'straight']),
    /** Whether the pool scores confidence points. */
    confidence: z.boolean(),
    /** How many of each member's worst complete weeks leave their total. */
    drop_worst_weeks: z.number().int(),
    /** The side given on a game left unpicked at its lock. */
    default_picks: z.enum(DEFAULT_PICKS),
    members: z.array(z.object({ member_id: z.number().int(), username: z.string(), joined_at: z.string() })),
    settled_weeks: z.array(
      z.object({
        week: z.number().int(),
        /** Whether any slate game of the week is decided: the latest such week's submissions break ties. */
        started: z.boolean(),
        members: z.array(
          z.object({
            member_id: z.number().int(),
            points: z.number(),
            wins: z.number().int(),
            losses: z.number().int(),
            pushes: z.number().int(),
            tiebreaker_error: z.number().nullable(),
            submitted_at: z.string().nullable(),
            /** The week may be one of the member's dropped weeks (complete, and the member in it throughout). */
            droppable: z.boolean(),
          }),
        ),
      }),
    ),
    open_weeks: z.array(
      z.object({
        week: z.number().int(),
        window: z.object({ start: z.string(), end: z.string() }),
        games: z.array(
          z.object({
            event_id: z.number().int(),
            home_team: z.string(),
            away_team: z.string(),
            kickoff: z.string(),
            /** When its picks locked, if before its current kickoff (null: at kickoff). */
            locked_at: z.string().nullable(),
            status: z.enum(['scheduled', 'in_progress', 'final', 'postponed', 'cancelled']),
            home_score: z.number().int().nullable(),
            away_score: z.number().int().nullable(),
            frozen_home_spread: z.number().nullable(),
            /** The closing spread, home side, once recorded: a straight pool's favourite for a default pick. */
            closing_home_spread: z.number().nullable(),
          }),
        ),
        sheets: z.array(
          z.object({
            member_id: z.number().int(),
            picks: z.array(
              z.object({
                event_id: z.number().int(),
                team: z.string(),
                play: z.enum(['double', 'triple']).nullable(),
                confidence: z.number().int().nullable(),
              }),
            ),
            tiebreaker: z.number().int().nullable(),
            submitted_at: z.string().nullable(),
          }),
        ),
      }),
    ),
  }),
});
export type LiveStandingsResponse = z.infer<typeof LiveStandingsResponse>;

/** A game's latest live state, as a live frame or a week's view gives it. */
export interface GameScoreNow {
  event_id: number;
  status: LiveStandingsResponse['data']['open_weeks'][number]['games'][number]['status'];
  home_score: number | null;
  away_score: number | null;
}

/**
 * The standings if the games under way ended now, from a live-standings answer and the games' latest live
 * states (a game not among them keeps the state it had when the answer was read): the domain's
 * standingsIfEndedNow at the answer's own instant.
 */
export function standingsIfEndedNowOf(
  base: LiveStandingsResponse['data'],
  live: readonly GameScoreNow[] = [],
): RankedRow[] {
  const latest = new Map(live.map((game) => [game.event_id, game]));
  return standingsIfEndedNow({
    members: base.members.map((member) => ({ id: String(member.member_id), joinedAt: member.joined_at })),
    winBasis: base.win_basis,
    confidence: base.confidence,
    defaultPicks: base.default_picks,
    dropWorstWeeks: base.drop_worst_weeks,
    settled: base.settled_weeks.map((week) => ({
      week: week.week,
      started: week.started,
      members: week.members.map((row) => ({
        memberId: String(row.member_id),
        points: row.points,
        wins: row.wins,
        losses: row.losses,
        pushes: row.pushes,
        tiebreakerError: row.tiebreaker_error,
        submittedAt: row.submitted_at,
        droppable: row.droppable,
      })),
    })),
    open: base.open_weeks.map((week) => ({
      week: week.week,
      window: week.window,
      slate: week.games.map((game) => {
        const now = latest.get(game.event_id) ?? game;
        return {
          id: String(game.event_id),
          home: game.home_team,
          away: game.away_team,
          kickoff: game.kickoff,
          lockedAt: game.locked_at,
          status: now.status,
          homeScore: now.home_score,
          awayScore: now.away_score,
          frozenHomeSpread: game.frozen_home_spread,
          closingHomeSpread: game.closing_home_spread,
        };
      }),
      sheets: week.sheets.map((sheet) => ({
        memberId: String(sheet.member_id),
        picks: sheet.picks.map((pick) => ({
          gameId: String(pick.event_id),
          team: pick.team,
          play: pick.play,
          confidence: pick.confidence,
        })),
        tiebreaker: sheet.tiebreaker,
        submittedAt: sheet.submitted_at,
      })),
    })),
    now: new Date(base.as_of),
  });
}
