import type {
  AccountUser,
  InvitationListResponse,
  InvitationPreview,
  JoinWithNewAccountBody,
  InvitationRefusal,
  InvitationView,
  InviteManyResult,
  PoolDetail,
  PoolInvitationRefusalsQuery,
  PoolInvitationRefusalsResponse,
  ShareLinkResponse,
  SportKey,
} from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import {
  canJoin,
  displayName,
  canonicalEmail,
  instantMs,
  joiningClosesAt,
  parseAddressList,
  refuseInvitation,
  refuseInvitationRate,
  refuseNewGuest,
  type ListedAddress,
  type PoolLimits,
  poolRulesSummary,
} from '@pass/domain';
import { AppError } from '../../errors.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';
import type { AuthDeps } from '../auth/auth-context.js';
import * as authService from '../auth/auth.service.js';
import { hashSecret, randomSecret } from '../auth/crypto.js';
import { sourceOf } from '../auth/login-limits.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { poolInvitationMail, poolRemovedMail } from '../mail/templates.js';
import * as repository from './invitations.repository.js';
import type { InvitationRow } from './invitations.repository.js';
import * as poolsRepository from './pools.repository.js';
import type { PoolRow } from './pools.repository.js';
import {
  getPool,
  iso,
  poolFields,
  poolStatuses,
  refuseSuspended,
  requireLifeguard,
  requireMembership,
  settingsOf,
} from './pools.service.js';

/**
 * Invitations and membership (DESIGN.md section 6): the Lifeguard invites by email (mailed through the
 * outbox) or by a shareable link; a member accepts with the link's token; a guest leaves; the Lifeguard
 * removes a guest. Every refusal names its reason (InvitationRefusal).
 */

export interface InvitationsContext {
  db: Database;
  limits: PoolLimits;
  mailer: Mailer;
  publicUrl: string;
}

/** An emailed invitation works for a week, and never past the close of joining. */
const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

const MESSAGES: Record<InvitationRefusal, string> = {
  expired: 'This invitation has expired: ask the Lifeguard for a new one',
  used: 'This invitation has already been used',
  revoked: 'This link has been replaced by a newer one: ask the Lifeguard for it',
  pool_full: 'This pool is full',
  joining_closed: "Joining has closed: guests may join until the end of the pool's first week",
  pool_ended: 'This pool has ended',
  pool_suspended: 'This pool is suspended by the admin: it takes no new guests or invitations until that is lifted',
  removed: 'The Lifeguard has removed you from this pool: ask them for a new invitation',
  account_exists: authService.ACCOUNT_EXISTS_MESSAGE,
  account_suspended: 'The account of this address is suspended by the admin: it cannot join pools',
  invitation_limit: 'This address has had the most invitations allowed',
  already_member: 'This address belongs to a member of the pool already',
};

/** A refusal with its reason: 409, the field it concerns, and the reason for the web's error page. */
function refuse(reason: InvitationRefusal, field = 'body.token', message = MESSAGES[reason]): never {
  throw new AppError('CONFLICT', message, [{ field, message, reason }]);
}

function toView(row: InvitationRow): InvitationView {
  return {
    id: row.id,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    used_at: iso(row.usedAt),
    revoked_at: iso(row.revokedAt),
  };
}

const acceptUrl = (publicUrl: string, token: string) => `${publicUrl}/pool-party/accept/${token}`;

/** What stops anyone joining the pool now, whatever the invitation: ended, joining closed. */
function joiningRefusal(pool: PoolRow, now: Date): InvitationRefusal | null {
  if (pool.suspendedAt !== null) return 'pool_suspended';
  if (pool.endedAt !== null) return 'pool_ended';
  if (!canJoin(settingsOf(pool), now)) return 'joining_closed';
  return null;
}

/** When joining closes for the pool (the end of its first week). */
const closesAt = (pool: PoolRow) => new Date(instantMs(joiningClosesAt(settingsOf(pool))!));

/** What inviting one address to a pool came to: the invitation and its mail, or the refusal's reason. */
export type InviteOutcome =
  { invitation: InvitationRow; mail: MailMessage } | { refused: InvitationRefusal; message: string };

/**
 * Invites one address to a pool inside the caller's transaction, which holds the Lifeguard's row and the pool's
 * row: the limits checked in turn (joining closed or pool ended, pool full, already a member, the fourth
 * invitation to the address), the invitation stored when none refuses. The mail is for the caller to send once
 * the transaction has committed, and a refusal for the caller to answer or report.
 */
export async function inviteWithin(
  tx: DbExecutor,
  context: Pick<InvitationsContext, 'limits' | 'publicUrl'>,
  input: { pool: PoolRow; inviterId: number; inviterName: string; email: string; now: Date },
): Promise<InviteOutcome> {
  const { pool } = input;
  const closed = joiningRefusal(pool, input.now);
  if (closed) return { refused: closed, message: MESSAGES[closed] };
  const full = refuseNewGuest(await poolsRepository.countGuests(tx, pool.id), context.limits);
  if (full) return { refused: 'pool_full', message: full.message };
  if (await poolsRepository.isMemberByEmail(tx, pool.id, input.email)) {
    return { refused: 'already_member', message: MESSAGES.already_member };
  }
  // Counted per mailbox, not per spelling: `Pat+1@`, `p.a.t@gmail.com` and `PAT@googlemail.com` are one person.
  const mailbox = canonicalEmail(input.email);
  const sentToMailbox = (await repository.listMailedInvitations(tx, input.inviterId)).filter(
    (sent) => canonicalEmail(sent.email) === mailbox,
  ).length;
  const over = refuseInvitation(sentToMailbox, context.limits);
  if (over) return { refused: 'invitation_limit', message: over.message };
  const token = randomSecret();
  const expiresAt = new Date(Math.min(input.now.getTime() + INVITATION_TTL_MS, closesAt(pool).getTime()));
  const invitation = await repository.insertInvitation(tx, {
    poolId: pool.id,
    inviterId: input.inviterId,
    email: input.email,
    tokenHash: hashSecret(token),
    createdAt: input.now,
    expiresAt,
  });
  const mail = poolInvitationMail(
    input.email,
    input.inviterName,
    pool.name,
    acceptUrl(context.publicUrl, token),
    expiresAt,
    poolRulesSummary(settingsOf(pool)),
  );
  return { invitation, mail };
}

/** The field a refused invitation is about: the pool (closed, full) or the address. */
const inviteField = (reason: InvitationRefusal) =>
  reason === 'already_member' || reason === 'invitation_limit' ? 'body.email' : 'params.id';

/** A refused fourth invitation to an address, kept for the admin (who may suspend the pool). */
export const recordInvitationRefused = (
  db: DbExecutor,
  audit: AuditContext,
  input: { userId: number; poolId: number; email: string },
) => recordAuditEvent(db, audit, 'pool_invitation_refused', input.userId, { poolId: input.poolId, email: input.email });

export async function invite(
  context: InvitationsContext,
  input: { poolId: number; userId: number; name: string; email: string; now: Date; audit: AuditContext },
): Promise<InvitationView> {
  const { db } = context;
  const outcome = await db.transaction(async (tx) => {
    // The Lifeguard's row first, as creating a pool does: invitations sent at once are counted in turn.
    await poolsRepository.lockLifeguard(tx, input.userId);
    const { pool } = await requireLifeguard(tx, input.poolId, input.userId, { lock: 'update' });
    // A Lifeguard writes to addresses of their choosing: at a rate a person invites friends, never in bulk.
    const sent = await repository.listMailedInvitations(tx, input.userId);
    const tooMany = refuseInvitationRate(
      sent.map((invitation) => invitation.createdAt),
      input.now,
    );
    if (tooMany) {
      const waitSeconds = Math.max(1, Math.ceil((tooMany.retryAt.getTime() - input.now.getTime()) / 1000));
      throw AppError.rateLimited(waitSeconds, tooMany.message);
    }
    const result = await inviteWithin(tx, context, {
      pool,
      inviterId: input.userId,
      inviterName: input.name,
      email: input.email,
      now: input.now,
    });
    // Refused before anything was stored; the fourth invitation is answered once recorded, below.
    if ('refused' in result && result.refused !== 'invitation_limit') {
      refuse(result.refused, inviteField(result.refused), result.message);
    }
    return result;
  });
  if ('refused' in outcome) {
    // Outside the refused transaction, so that it stays.
    await recordInvitationRefused(db, input.audit, { userId: input.userId, poolId: input.poolId, email: input.email });
    refuse('invitation_limit', 'body.email', outcome.message);
  }
  // Into the outbox once the invitation is stored (the mailer marks delivery on the database, not on a
  // finished transaction).
  await context.mailer.send(db, outcome.mail);
  return toView(outcome.invitation);
}

/**
 * Invites a pasted list of addresses at once (the Lifeguard's "invite the floor"): each entry answered in its
 * order, sent or why not (not an address, listed earlier, a member already, the pool full or closed, the fourth
 * invitation to the address, or past the Lifeguard's invitations an hour or a day). One transaction holds the
 * Lifeguard's and the pool's rows, as a single invitation does; the mails go once it has committed.
 */
export async function inviteMany(
  context: InvitationsContext,
  input: { poolId: number; userId: number; name: string; addresses: string; now: Date; audit: AuditContext },
): Promise<InviteManyResult[]> {
  const { db } = context;
  const listed = parseAddressList(input.addresses);
  const outcomes = await db.transaction(async (tx) => {
    await poolsRepository.lockLifeguard(tx, input.userId);
    const { pool } = await requireLifeguard(tx, input.poolId, input.userId, { lock: 'update' });
    const sentAt = (await repository.listMailedInvitations(tx, input.userId)).map((sent) => sent.createdAt);
    const results: {
      listed: ListedAddress;
      outcome: InviteOutcome | { status: InviteManyResult['status']; message: string };
    }[] = [];
    for (const entry of listed) {
      if (entry.email === null) {
        results.push({ listed: entry, outcome: { status: 'invalid', message: entry.problem ?? 'Not an address' } });
        continue;
      }
      if (entry.problem !== null) {
        results.push({ listed: entry, outcome: { status: 'listed_earlier', message: 'Listed earlier: invited once' } });
        continue;
      }
      const tooMany = refuseInvitationRate(sentAt, input.now);
      if (tooMany) {
        results.push({ listed: entry, outcome: { status: 'rate_limited', message: tooMany.message } });
        continue;
      }
      const outcome = await inviteWithin(tx, context, {
        pool,
        inviterId: input.userId,
        inviterName: input.name,
        email: entry.email,
        now: input.now,
      });
      if (!('refused' in outcome)) sentAt.push(input.now);
      results.push({ listed: entry, outcome });
    }
    return results;
  });
  const answered: InviteManyResult[] = [];
  for (const { listed: entry, outcome } of outcomes) {
    if ('status' in outcome) {
      answered.push({ entry: entry.entry, email: entry.email, status: outcome.status, message: outcome.message });
    } else if ('refused' in outcome) {
      if (outcome.refused === 'invitation_limit') {
        await recordInvitationRefused(db, input.audit, {
          userId: input.userId,
          poolId: input.poolId,
          email: entry.email!,
        });
      }
      answered.push({
        entry: entry.entry,
        email: entry.email,
        status: manyStatus(outcome.refused),
        message: outcome.message,
      });
    } else {
      // Into the outbox once the invitations are stored, as a single invitation is.
      await context.mailer.send(db, outcome.mail);
      answered.push({ entry: entry.entry, email: entry.email, status: 'sent', message: null });
    }
  }
  return answered;
}

/** A refusal of inviteWithin as a list entry's status (the refusals an invitation can meet). */
function manyStatus(refused: InvitationRefusal): InviteManyResult['status'] {
  switch (refused) {
    case 'already_member':
    case 'pool_full':
    case 'invitation_limit':
    case 'pool_ended':
    case 'pool_suspended':
    case 'joining_closed':
      return refused;
    default:
      throw new Error(`An invitation cannot be refused as ${refused}`);
  }
}

export async function listInvitations(
  db: Database,
  input: { poolId: number; userId: number },
): Promise<InvitationListResponse> {
  const { pool } = await requireLifeguard(db, input.poolId, input.userId);
  return { data: (await repository.listInvitations(db, pool.id)).map(toView) };
}

/** A new shareable link for the pool (the one before stops working), valid until joining closes. */
export async function makeShareLink(
  context: Pick<InvitationsContext, 'db' | 'publicUrl'>,
  input: { poolId: number; userId: number; now: Date },
): Promise<ShareLinkResponse['data']> {
  return context.db.transaction(async (tx) => {
    const { pool } = await requireLifeguard(tx, input.poolId, input.userId, { lock: 'update' });
    const closed = joiningRefusal(pool, input.now);
    if (closed) refuse(closed, 'params.id');
    await repository.revokeLinks(tx, pool.id, input.now);
    const token = randomSecret();
    const invitation = await repository.insertInvitation(tx, {
      poolId: pool.id,
      inviterId: input.userId,
      email: null,
      tokenHash: hashSecret(token),
      createdAt: input.now,
      expiresAt: closesAt(pool),
    });
    return { ...toView(invitation), token, url: acceptUrl(context.publicUrl, token) };
  });
}

type FoundInvitation = { invitation: InvitationRow; pool: PoolRow };

/**
 * Why the invitation cannot bring this member (or a new account: no member row) into its pool now, in this
 * order: the pool suspended or ended, the member removed from it (by an invitation made before the removal), the
 * invitation used, replaced or expired, joining closed, the pool full. Null when it can.
 */
async function joinRefusal(
  db: DbExecutor,
  found: FoundInvitation,
  existing: poolsRepository.MemberRow | null,
  now: Date,
  limits: PoolLimits,
): Promise<{ reason: InvitationRefusal; message: string } | null> {
  const { invitation, pool } = found;
  const plain = (reason: InvitationRefusal) => ({ reason, message: MESSAGES[reason] });
  if (pool.suspendedAt !== null) return plain('pool_suspended');
  if (pool.endedAt !== null) return plain('pool_ended');
  // A removed guest comes back only through an invitation made after the removal, not a link they kept.
  if (existing?.removedAt && invitation.createdAt <= existing.removedAt) return plain('removed');
  if (invitation.usedAt !== null) return plain('used');
  if (invitation.revokedAt !== null) return plain('revoked');
  if (!canJoin(settingsOf(pool), now)) return plain('joining_closed');
  if (invitation.expiresAt <= now) return plain('expired');
  const full = refuseNewGuest(await poolsRepository.countGuests(db, pool.id), limits);
  if (full) return { reason: 'pool_full', message: full.message };
  return null;
}

const isCurrentMember = (member: poolsRepository.MemberRow | null) =>
  member !== null && member.leftAt === null && member.removedAt === null;

/** Joins the member to the invitation's pool as a guest (back, if they had left), using the invitation up. */
async function joinWithin(
  tx: DbExecutor,
  found: FoundInvitation,
  userId: number,
  existing: poolsRepository.MemberRow | null,
  now: Date,
): Promise<void> {
  const { invitation, pool } = found;
  if (existing) await poolsRepository.rejoin(tx, existing.id);
  else await poolsRepository.insertMember(tx, { poolId: pool.id, userId, role: 'guest', joinedAt: now });
  await repository.markInvitationUsed(tx, invitation.id, userId, now);
  await poolsRepository.bumpVersion(tx, pool.id);
}

/**
 * A member accepts an invitation with its token. Refusals: an unknown token (404), then `joinRefusal`'s.
 * A current member accepting again gets the pool; a guest who left, or was removed and invited again, comes back.
 */
export async function accept(
  context: Pick<InvitationsContext, 'db' | 'limits'>,
  input: { userId: number; token: string; now: Date },
): Promise<PoolDetail> {
  const poolId = await context.db.transaction(async (tx) => {
    const found = await repository.findInvitationForUpdate(tx, hashSecret(input.token));
    if (!found) throw AppError.notFound(UNKNOWN_INVITATION);
    const existing = await poolsRepository.findMemberRow(tx, found.pool.id, input.userId);
    if (isCurrentMember(existing)) return found.pool.id;
    const refusal = await joinRefusal(tx, found, existing, input.now, context.limits);
    if (refusal) refuse(refusal.reason, 'body.token', refusal.message);
    await joinWithin(tx, found, input.userId, existing, input.now);
    return found.pool.id;
  });
  return getPool(context.db, poolId, input.userId, input.now);
}

const UNKNOWN_INVITATION = 'No such invitation: check the link you were sent';

/**
 * What an accept link invites to, for its page: the pool, its Lifeguard and rules, the invited address while the
 * invitation can be used, why it cannot be (null when it can), and whether the caller is in the pool already.
 */
export async function previewInvitation(
  context: Pick<InvitationsContext, 'db' | 'limits'>,
  input: { token: string; userId: number | null; now: Date },
): Promise<InvitationPreview> {
  const { db } = context;
  const found = await repository.findInvitation(db, hashSecret(input.token));
  if (!found) throw AppError.notFound(UNKNOWN_INVITATION);
  const { pool, invitation } = found;
  const existing = input.userId === null ? null : await poolsRepository.findMemberRow(db, pool.id, input.userId);
  const member = isCurrentMember(existing);
  const refusal = member ? null : await joinRefusal(db, found, existing, input.now, context.limits);
  const lifeguard = await repository.getLifeguard(db, pool.lifeguardId);
  return {
    pool: {
      ...poolFields(pool),
      member_count: (await poolsRepository.countGuests(db, pool.id)) + 1,
      joining_closes_at: joiningClosesAt(settingsOf(pool)) ?? null,
    },
    lifeguard: { username: lifeguard?.username ?? '', name: lifeguard?.name ?? null },
    email: refusal === null && !member ? invitation.email : null,
    refusal: refusal?.reason ?? null,
    member,
  };
}

/** How often one source may try to join with a new account: it hashes a password and may send a mail. */
export const NEW_ACCOUNT_JOIN_RATE = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

export type JoinWithNewAccountResult =
  | { status: 'joined'; user: AccountUser; pool: PoolDetail; sessionId: string }
  | { status: 'verification_sent'; email: string };

/** A refusal of the invited address's owner: a member of the pool already, suspended, or an account to log in to. */
async function refuseAddressOwner(db: DbExecutor, poolId: number, email: string, now: Date): Promise<void> {
  const owner = await authService.getEmailOwner(db, email, now);
  if (!owner) return;
  if (isCurrentMember(await poolsRepository.findMemberRow(db, poolId, owner.id)))
    refuse('already_member', 'body.email');
  if (owner.suspendedAt !== null) refuse('account_suspended', 'body.email');
  refuse('account_exists', 'body.email');
}

/**
 * A visitor joins from the invitation's page by creating their account there (decision: join in one step). The
 * invitation is checked first, before any work; then, for the invited address, sign-up's own checks and hashing
 * (auth.service), and one transaction that takes the invitation again under its lock, checks it and the address
 * once more, writes the account with its address confirmed (the token was mailed to it), joins the pool and
 * starts the session. Another address (or a shareable link, which names none) is a normal sign-up: its
 * confirmation mail goes out and nothing is joined yet. Each refusal changes nothing.
 */
export async function joinWithNewAccount(
  context: Pick<InvitationsContext, 'db' | 'limits'> & { auth: AuthDeps },
  input: {
    body: JoinWithNewAccountBody;
    ip: string;
    currentSession: string | undefined;
    now: Date;
    audit: AuditContext;
  },
): Promise<JoinWithNewAccountResult> {
  const { db, auth } = context;
  const { body, now } = input;
  const rate = await auth.limiter.hit(`join-new-account:ip:${sourceOf(input.ip)}`, NEW_ACCOUNT_JOIN_RATE.windowMs);
  if (rate.count > NEW_ACCOUNT_JOIN_RATE.limit) {
    throw AppError.rateLimited(rate.retryAfterSeconds, 'Too many new accounts from here. Try again later.');
  }
  const tokenHash = hashSecret(body.token);
  const found = await repository.findInvitation(db, tokenHash);
  if (!found) throw AppError.notFound(UNKNOWN_INVITATION);
  const early = await joinRefusal(db, found, null, now, context.limits);
  if (early) refuse(early.reason, 'body.token', early.message);
  const invited = found.invitation.email;
  const email = body.email ?? invited;
  if (email === null) throw AppError.badRequest('body.email', 'is required: this link was not mailed to an address');
  if (invited === null || email.toLowerCase() !== invited.toLowerCase()) {
    await authService.register(auth, input.audit, {
      username: body.username,
      email,
      password: body.password,
      ...(body.name === undefined ? {} : { name: body.name }),
    });
    return { status: 'verification_sent', email };
  }
  await refuseAddressOwner(db, found.pool.id, invited, now);
  const account = await authService.prepareProvedAccount(auth, { ...body, email: invited });
  const joined = await db
    .transaction(async (tx) => {
      const locked = await repository.findInvitationForUpdate(tx, tokenHash);
      if (!locked) throw AppError.notFound(UNKNOWN_INVITATION);
      const refusal = await joinRefusal(tx, locked, null, now, context.limits);
      if (refusal) refuse(refusal.reason, 'body.token', refusal.message);
      await refuseAddressOwner(tx, locked.pool.id, invited, now);
      const created = await authService.createProvedAccount(tx, input.audit, account, {
        currentSession: input.currentSession,
        proof: 'pool_invitation',
      });
      await joinWithin(tx, locked, created.user.id, null, now);
      return { ...created, poolId: locked.pool.id };
    })
    .catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      return authService.refuseTakenAccount(error);
    });
  return {
    status: 'joined',
    user: authService.toAccountUser(joined.user, auth.now()),
    pool: await getPool(db, joined.poolId, joined.user.id, now),
    sessionId: joined.sessionId,
  };
}

/** A guest leaves the pool (the Lifeguard cannot: they end it instead). */
/** The caller leaves the pool (a guest); returns the member id they had in it. */
export async function leave(db: Database, input: { poolId: number; userId: number; now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const { pool, member } = await requireMembership(tx, input.poolId, input.userId, { lock: 'update' });
    if (member.role === 'lifeguard') {
      throw new AppError('CONFLICT', 'The Lifeguard cannot leave the pool; end it instead', [
        { field: 'params.id', message: 'The Lifeguard cannot leave the pool; end it instead', reason: 'lifeguard' },
      ]);
    }
    await poolsRepository.markLeft(tx, member.id, input.now);
    await poolsRepository.bumpVersion(tx, pool.id);
    return member.id;
  });
}

/**
 * The Lifeguard removes a guest (never themselves): the guest loses the pool at once (every read and the chat
 * answer 404, their sockets close) and is told by mail, sent once the removal has committed. Their picks stay
 * in the weeks they played. An invitation made after the removal lets them back in while joining is open.
 */
export async function removeGuest(
  context: Pick<InvitationsContext, 'db' | 'mailer' | 'publicUrl'>,
  input: { poolId: number; userId: number; name: string; memberId: number; now: Date },
): Promise<void> {
  const { db } = context;
  const mail = await db.transaction(async (tx) => {
    const { pool } = await requireLifeguard(tx, input.poolId, input.userId, { lock: 'update' });
    refuseSuspended(pool);
    const member = await poolsRepository.findCurrentMember(tx, pool.id, input.memberId);
    if (!member) throw AppError.notFound('No such member of this pool');
    if (member.role === 'lifeguard') {
      throw new AppError('CONFLICT', 'The Lifeguard cannot be removed; end the pool instead', [
        { field: 'params.memberId', message: 'The Lifeguard cannot be removed', reason: 'lifeguard' },
      ]);
    }
    await poolsRepository.markRemoved(tx, member.id, input.now);
    await poolsRepository.bumpVersion(tx, pool.id);
    const account = (await poolsRepository.verifiedAccounts(tx, [member.userId])).get(member.userId);
    if (!account) return null;
    return context.mailer.store(
      tx,
      poolRemovedMail(account.email, {
        username: displayName(account),
        lifeguard: input.name,
        poolName: pool.name,
        at: input.now,
        url: `${context.publicUrl.replace(/\/$/, '')}/pool-party`,
      }),
    );
  });
  if (mail) context.mailer.deliver(db, [mail]);
}

/**
 * The admin's list of invitations refused over the per-address limit, newest first (DESIGN.md section 6:
 * "recorded for the admin, who may suspend the pool"): when, the Lifeguard and their refusals in all, the
 * pool as it is now, the address. Read from the audit log, where `invite` records each refusal.
 */
export async function listInvitationRefusals(
  db: DbExecutor,
  query: PoolInvitationRefusalsQuery,
  now: Date,
): Promise<PoolInvitationRefusalsResponse> {
  // One row more than the page tells whether another page follows.
  const rows = await repository.listInvitationRefusals(db, { limit: query.limit + 1, before: query.before });
  const page = rows.slice(0, query.limit);
  const poolIds = [...new Set(page.flatMap((row) => (row.poolId === null ? [] : [row.poolId])))];
  const pools = await poolsRepository.poolsByIds(db, poolIds);
  const byId = new Map(pools.map((pool) => [pool.id, pool]));
  const statuses = await poolStatuses(db, pools, now);
  return {
    data: page.map((row) => {
      const pool = row.poolId === null ? undefined : byId.get(row.poolId);
      return {
        id: row.id,
        at: row.createdAt.toISOString(),
        lifeguard: {
          id: row.lifeguardId,
          username: row.username,
          refusals: row.refusals,
          suspended: row.lifeguardSuspended,
        },
        pool: pool
          ? {
              id: pool.id,
              name: pool.name,
              sport: pool.sport as SportKey,
              season: pool.season,
              status: statuses.get(pool.id)!,
              suspended: pool.suspendedAt !== null,
            }
          : null,
        email: row.email,
      };
    }),
    next_before: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}
