import type { RemindResponse, SportKey } from '@pass/contracts';
import type { Database } from '@pass/db';
import { displayName, missesOpenPicks, nextReminderAt, REMINDER_RULES, reminderStatus } from '@pass/domain';
import { AppError } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Mailer, StoredMail } from '../mail/mailer.js';
import { poolLifeguardReminderMail } from '../mail/templates.js';
import { listPreferences } from '../notifications/preferences.service.js';
import { noPushNotifier, type PushMessage, type PushNotifier } from '../notifications/push-notifier.js';
import {
  signUnsubscribeToken,
  unsubscribeKey,
  unsubscribePageUrl,
  unsubscribeUrl,
} from '../notifications/unsubscribe-token.js';
import * as poolsRepository from './pools.repository.js';
import { poolPagePath, refuseEnded, requireLifeguard } from './pools.service.js';
import * as repository from './reminders.repository.js';
import { requirePoolWeek } from './slates.service.js';
import { missingRowsOf, type MissingRow } from './weeks.service.js';

/**
 * The Lifeguard reminds members missing picks of a week, now (decision 079-lifeguard-remind-and-remove): a mail
 * (unless the member turned pick reminder mails off) and a push (where they turned it on), each logged in
 * pool_reminders. A member is reminded of a week at most once in 6 hours, a Lifeguard sends at most 50 an hour
 * and makes at most 6 remind requests a minute (REMINDER_RULES). Nothing sent names a pick.
 */

export interface RemindContext {
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  push?: PushNotifier;
  log?: (message: string) => void;
}

const HOUR_MS = 3_600_000;

const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');

/** The members a remind request names that are no current member of the pool: a 400 naming each. */
function refuseStrangers(memberIds: readonly number[], rows: readonly MissingRow[]): void {
  const known = new Set(rows.map((row) => row.memberId));
  const fields = memberIds.flatMap((id, index) =>
    known.has(id)
      ? []
      : [{ field: `body.member_ids.${index}`, message: 'is not a member of this pool', reason: 'not_member' }],
  );
  if (fields.length > 0) throw new AppError('BAD_REQUEST', 'Only members of the pool can be reminded', fields);
}

export async function remindMembers(
  context: RemindContext,
  input: { poolId: number; userId: number; name: string; week: number; memberIds?: number[]; now: Date },
): Promise<RemindResponse['data']> {
  const { db, now } = { db: context.db, now: input.now };
  const outcome = await db.transaction(async (tx) => {
    // The Lifeguard's row first, as inviting does: their reminders across pools are counted one after another.
    await poolsRepository.lockLifeguard(tx, input.userId);
    const { pool, member: lifeguard } = await requireLifeguard(tx, input.poolId, input.userId, { lock: 'update' });
    refuseEnded(pool);
    const week = requirePoolWeek(pool, input.week);
    const { view, rows } = await missingRowsOf(tx, { pool, viewerMemberId: lifeguard.id, week, now });
    if (input.memberIds) refuseStrangers(input.memberIds, rows);
    // Checked once the request is known to be the Lifeguard's and well formed: refusals above cost nothing. Counted
    // per minute of the server clock (decision 020), so the window is the one the rest of the request reads.
    const minute = Math.floor(now.getTime() / 60_000);
    const rate = await context.limiter.hit(`pool-remind:${input.userId}:${minute}`, 60_000);
    if (rate.count > REMINDER_RULES.requestsPerMinute) {
      const wait = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now.getTime()) / 1000));
      throw AppError.rateLimited(
        wait,
        `At most ${REMINDER_RULES.requestsPerMinute} reminder requests a minute; wait ${wait} s`,
      );
    }

    // Named members in the order named; otherwise every member but the caller.
    const byId = new Map(rows.map((row) => [row.memberId, row]));
    const targets = input.memberIds
      ? input.memberIds.map((id) => byId.get(id)!)
      : rows.filter((row) => row.memberId !== lifeguard.id);
    const last = await repository.lastReminders(tx, pool.id, week.number);
    let sentLastHour = await repository.countSentSince(tx, input.userId, new Date(now.getTime() - HOUR_MS));
    const preferences = await listPreferences(
      tx,
      targets.map((row) => row.userId),
    );
    const addresses = await poolsRepository.verifiedAccounts(
      tx,
      targets.map((row) => row.userId),
    );
    // Read (or made, the first time) only when a mail goes.
    let key: Buffer | null = null;
    const kickoffOf = new Map(view.games.map((game) => [game.event_id, Date.parse(game.kickoff)]));
    const openKickoffs = view.games.filter((game) => !game.locked).map((game) => Date.parse(game.kickoff));
    // A Last Man Standing team can be any team playing the week still open, off the slate too.
    const openLmsKickoffs = view.lms_choices
      .filter((choice) => !choice.locked)
      .map((choice) => Date.parse(choice.kickoff));
    const weekUrl = `${base(context.publicUrl)}${poolPagePath(pool.sport as SportKey, pool.id, week.number)}`;

    const stored: StoredMail[] = [];
    const pushes: { userId: number; message: PushMessage }[] = [];
    const results: RemindResponse['data']['results'] = [];
    for (const row of targets) {
      const missingOpen = missesOpenPicks({
        openGamesWithoutPick: row.missingEventIds.length,
        lmsTeamMissing: row.missingLmsTeam,
        openTiebreakerMissing: row.openTiebreakerMissing,
      });
      const lastAt = last.get(row.memberId) ?? null;
      const status = reminderStatus({
        missingOpen,
        lastRemindedAt: lastAt,
        sentByLifeguardLastHour: sentLastHour,
        now,
      });
      if (status !== 'sent') {
        const next = nextReminderAt(lastAt);
        results.push({
          member_id: row.memberId,
          username: row.username,
          name: row.name,
          status,
          reminded_at: lastAt?.toISOString() ?? null,
          next_reminder_at: next && next > now ? next.toISOString() : null,
          mailed: false,
        });
        continue;
      }
      // The next lock among what the member can still pick: their open games, any open game for the Last Man
      // Standing team, the week's last game for the tiebreaker.
      const locks = [
        ...row.missingEventIds.map((id) => kickoffOf.get(id)!),
        ...(row.missingLmsTeam ? openLmsKickoffs : []),
        ...(row.openTiebreakerMissing ? openKickoffs.slice(-1) : []),
      ];
      const nextLock = locks.length > 0 ? new Date(Math.min(...locks)) : null;
      const account = addresses.get(row.userId);
      let outboxId: number | null = null;
      if (account && preferences.get(row.userId)!.mail_pick_reminder) {
        key ??= await unsubscribeKey(tx);
        const token = signUnsubscribeToken(key, row.userId, 'pick_reminder');
        const mail = await context.mailer.store(
          tx,
          poolLifeguardReminderMail(account.email, {
            username: displayName(account),
            lifeguard: input.name,
            poolName: pool.name,
            weekLabel: week.label,
            missing: row.missingEventIds.length,
            slateSize: view.games.length,
            lmsTeamMissing: row.missingLmsTeam,
            tiebreakerMissing: row.openTiebreakerMissing,
            nextLock,
            confidence: pool.confidence,
            defaultPicks: pool.defaultPicks,
            url: weekUrl,
            unsubscribe: {
              api: unsubscribeUrl(context.publicUrl, token),
              page: unsubscribePageUrl(context.publicUrl, token),
            },
          }),
        );
        stored.push(mail);
        outboxId = mail.id;
      }
      await repository.insertReminder(tx, {
        poolId: pool.id,
        week: week.number,
        memberId: row.memberId,
        remindedBy: input.userId,
        outboxId,
        now,
      });
      sentLastHour += 1;
      pushes.push({
        userId: row.userId,
        message: {
          title: `${pool.name}: ${input.name} reminds you to pick`,
          body:
            row.missingEventIds.length > 0
              ? `You have no pick yet for ${row.missingEventIds.length} of the ${week.label} games.`
              : row.missingLmsTeam
                ? `You have no Last Man Standing team yet for ${week.label}.`
                : `You have no tiebreaker yet for ${week.label}.`,
          url: poolPagePath(pool.sport as SportKey, pool.id, week.number),
          tag: `pool-${pool.id}-week-${week.number}-reminder`,
        },
      });
      results.push({
        member_id: row.memberId,
        username: row.username,
        name: row.name,
        status,
        reminded_at: now.toISOString(),
        next_reminder_at: nextReminderAt(now)!.toISOString(),
        mailed: outboxId !== null,
      });
    }
    return { week: week.number, results, stored, pushes };
  });

  // Committed: now, and only now, SMTP and the devices hear of it.
  context.mailer.deliver(db, outcome.stored);
  const push = context.push ?? noPushNotifier;
  for (const { userId, message } of outcome.pushes) {
    await push.notify(userId, 'pick_reminder', message).catch((error: unknown) => {
      context.log?.(`pool reminders: push to member ${userId} failed: ${String(error)}`);
    });
  }
  return { week: outcome.week, results: outcome.results };
}
