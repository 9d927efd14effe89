import type { SportKey } from '@pass/contracts';
import { pools, poolMailSends, users, type Database, type DbExecutor } from '@pass/db';
import { displayName, poolWeekNumbers, poolWeekWindow, weekEnd, type Sport } from '@pass/domain';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Mailer, StoredMail } from '../mail/mailer.js';
import { poolPickReminderMail, poolResultsMail, poolStragglersMail } from '../mail/templates.js';
import type { PoolRow } from '../pools/pools.repository.js';
import { currentMembers, poolPagePath, poolWeekOf } from '../pools/pools.service.js';
import { weekResultsSummary } from '../pools/standings.service.js';
import { weekPickStatus } from '../pools/weeks.service.js';
import { listPreferences } from './preferences.service.js';
import { noPushNotifier, type PushKind, type PushMessage, type PushNotifier } from './push-notifier.js';
import { signUnsubscribeToken, unsubscribeKey, unsubscribePageUrl, unsubscribeUrl } from './unsubscribe-token.js';

/**
 * The pool mails (DESIGN.md section 6; decision 042), run by the scheduler under its advisory lock: a pick
 * reminder 24 hours and 1 hour before a pool week's first lock to each member (the Lifeguard and the active
 * guests) without a pick for every slate game, and the weekly results once every slate game of the week is
 * decided. The same events go to the push notifier, which applies the member's push switches itself.
 *
 * Exactly once: each (pool, week, member, kind) key is taken in pool_mail_sends in the transaction that
 * stores the mail in the outbox, and the mail goes to SMTP only after that transaction commits. A second run,
 * a run on another instance or a run after a restart finds the key taken and sends nothing.
 */

export type PoolMailKind = (typeof poolMailSends.$inferSelect)['kind'];
type ReminderKind = Exclude<PoolMailKind, 'weekly_results' | 'lifeguard_summary'>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long before the week's first lock each reminder's window opens; it closes at the lock. */
export const REMINDER_LEAD_MS: Record<ReminderKind, number> = { reminder_24h: 24 * HOUR_MS, reminder_1h: HOUR_MS };

/**
 * The weeks looked at: from this long before a week's first day (its 24 hour reminder may fall the day
 * before) to this long after its end (results of a week whose last game ended while the server was down).
 */
const LOOK_BEFORE_WEEK_MS = 3 * DAY_MS;
const LOOK_AFTER_WEEK_MS = 3 * DAY_MS;

export interface PoolMailOptions {
  db: Database;
  mailer: Mailer;
  /** The web app's public address: links in the mails. */
  publicUrl: string;
  push?: PushNotifier;
  log?: (message: string) => void;
}

/** The reminder whose window `now` is in, before a first lock at `firstLock`: the 1 hour one wins once open. */
export function reminderDue(firstLock: Date, now: Date): ReminderKind | null {
  const ahead = firstLock.getTime() - now.getTime();
  if (ahead <= 0) return null;
  if (ahead <= REMINDER_LEAD_MS.reminder_1h) return 'reminder_1h';
  if (ahead <= REMINDER_LEAD_MS.reminder_24h) return 'reminder_24h';
  return null;
}

/** The pool weeks near `now`: a week's reminders and results can only be due then. */
function weeksNear(pool: PoolRow, now: Date): { number: number; label: string }[] {
  const settings = { sport: pool.sport as Sport, season: pool.season, startWeek: pool.startWeek };
  return poolWeekNumbers(settings).flatMap((number) => {
    const week = poolWeekOf(pool, number);
    if (!week) return [];
    const from = Date.parse(poolWeekWindow(week, []).start) - LOOK_BEFORE_WEEK_MS;
    const until = Date.parse(weekEnd(week)) + LOOK_AFTER_WEEK_MS;
    return now.getTime() >= from && now.getTime() <= until ? [{ number, label: week.label }] : [];
  });
}

/** What one (pool, week, kind) sends to one member. */
interface Recipient {
  userId: number;
  mail: (
    account: { email: string; username: string; name: string | null },
    unsubscribe: { api: string; page: string },
  ) => ReturnType<typeof poolPickReminderMail>;
  push: PushMessage;
}

/** Runs once: every mail due now, each sent once. Returns how many mails were stored for delivery. */
export async function sendPoolMails(options: PoolMailOptions, now: Date): Promise<{ mails: number; pushes: number }> {
  const { db } = options;
  const active = await db.select().from(pools).where(isNull(pools.endedAt));
  const totals = { mails: 0, pushes: 0 };
  const failures: string[] = [];
  for (const pool of active) {
    for (const week of weeksNear(pool, now)) {
      // One pool week failing (a game's data) does not keep the others' mails back.
      try {
        const sent = await sendWeekMails(options, pool, week, now);
        totals.mails += sent.mails;
        totals.pushes += sent.pushes;
      } catch (error) {
        failures.push(`pool ${pool.id} week ${week.number}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  if (failures.length > 0) throw new Error(`pool mails: ${failures.join('; ')}`);
  return totals;
}

async function sendWeekMails(
  options: PoolMailOptions,
  pool: PoolRow,
  week: { number: number; label: string },
  now: Date,
): Promise<{ mails: number; pushes: number }> {
  const totals = { mails: 0, pushes: 0 };
  const weekPath = poolPagePath(pool.sport as SportKey, pool.id, week.number);
  const weekUrl = `${base(options.publicUrl)}${weekPath}`;

  // Reading the week may store its automatic slate and its locks, as a member's read would: in a transaction.
  const status = await options.db.transaction((tx) => weekPickStatus(tx, pool, week.number, now));
  const reminder = status ? reminderDue(status.firstLock, now) : null;
  if (status && reminder) {
    const slateSize = Math.max(0, ...status.missing.map((member) => member.eventIds.length));
    const hours = reminder === 'reminder_1h' ? 1 : 24;
    const recipients: Recipient[] = status.missing
      .filter((member) => member.eventIds.length > 0)
      .map((member) => ({
        userId: member.userId,
        mail: (account, unsubscribe) =>
          poolPickReminderMail(account.email, {
            username: displayName(account),
            poolName: pool.name,
            weekLabel: week.label,
            hours,
            firstLock: status.firstLock,
            missing: member.eventIds.length,
            slateSize,
            confidence: pool.confidence,
            defaultPicks: pool.defaultPicks,
            url: weekUrl,
            unsubscribe,
          }),
        push: {
          title: `${pool.name}: picks lock in ${hours === 1 ? '1 hour' : '24 hours'}`,
          body: `You have no pick yet for ${member.eventIds.length} of the ${week.label} games.`,
          url: weekPath,
          tag: `pool-${pool.id}-week-${week.number}-reminder`,
        },
      }));
    const sent = await sendOnce(options, { pool, week: week.number, kind: reminder, recipients, now });
    totals.mails += sent.mails;
    totals.pushes += sent.pushes;
    // With the week's first reminder, the Lifeguard hears who has not picked yet, once (decision 083).
    const summary = await sendStragglersSummary(options, {
      pool,
      week,
      hours,
      firstLock: status.firstLock,
      missing: status.missing,
      slateSize,
      url: `${weekUrl}&tab=members`,
      path: `${weekPath}&tab=members`,
      now,
    });
    totals.mails += summary.mails;
    totals.pushes += summary.pushes;
  }

  const results = await options.db.transaction((tx) => weekResultsSummary(tx, pool, week.number, now));
  if (results) {
    const members = await currentMembers(options.db, [pool.id]);
    const userOf = new Map(members.map((member) => [member.id, member.userId]));
    const recipients: Recipient[] = results.members.flatMap((row) => {
      const userId = userOf.get(row.memberId);
      if (userId === undefined) return [];
      return [
        {
          userId,
          mail: (account, unsubscribe) =>
            poolResultsMail(account.email, {
              username: displayName(account),
              poolName: pool.name,
              weekLabel: week.label,
              weekPoints: row.weekPoints,
              weekRank: row.weekRank,
              of: results.of,
              winners: results.winners,
              seasonRank: row.seasonRank,
              seasonPoints: row.seasonPoints,
              url: `${base(options.publicUrl)}${poolPagePath(pool.sport as SportKey, pool.id)}`,
              unsubscribe,
            }),
          push: {
            title: `${pool.name}: ${week.label} results`,
            body: `You scored ${row.weekPoints} points, ranked ${row.weekRank} of ${results.of}.`,
            url: poolPagePath(pool.sport as SportKey, pool.id),
            tag: `pool-${pool.id}-week-${week.number}-results`,
          },
        },
      ];
    });
    const sent = await sendOnce(options, { pool, week: week.number, kind: 'weekly_results', recipients, now });
    totals.mails += sent.mails;
    totals.pushes += sent.pushes;
  }
  return totals;
}

/**
 * The Lifeguard's "who hasn't picked" summary of a week (decision 083): the members other than the Lifeguard
 * still missing picks, when there are any; sent once a week (its own key), under the Lifeguard's pick reminder
 * switches, with the first reminder run of the week.
 */
async function sendStragglersSummary(
  options: PoolMailOptions,
  input: {
    pool: PoolRow;
    week: { number: number; label: string };
    hours: 24 | 1;
    firstLock: Date;
    missing: readonly { memberId: number; userId: number; eventIds: number[] }[];
    slateSize: number;
    url: string;
    path: string;
    now: Date;
  },
): Promise<{ mails: number; pushes: number }> {
  const { pool, week } = input;
  const members = await currentMembers(options.db, [pool.id]);
  const lifeguard = members.find((member) => member.role === 'lifeguard');
  const memberOf = new Map(members.map((member) => [member.id, member]));
  const stragglers = input.missing.flatMap((entry) => {
    const member = memberOf.get(entry.memberId);
    if (!member || member.role === 'lifeguard' || entry.eventIds.length === 0) return [];
    return [{ name: displayName(member), missing: entry.eventIds.length }];
  });
  if (!lifeguard || stragglers.length === 0) return { mails: 0, pushes: 0 };
  const names = stragglers.map((member) => member.name);
  const recipient: Recipient = {
    userId: lifeguard.userId,
    mail: (account, unsubscribe) =>
      poolStragglersMail(account.email, {
        username: displayName(account),
        poolName: pool.name,
        weekLabel: week.label,
        hours: input.hours,
        firstLock: input.firstLock,
        stragglers,
        members: members.length,
        slateSize: input.slateSize,
        url: input.url,
        unsubscribe,
      }),
    push: {
      title: `${pool.name}: ${names.length === 1 ? '1 member' : `${names.length} members`} still to pick`,
      body: `No picks yet for ${week.label}: ${names.join(', ')}.`,
      url: input.path,
      tag: `pool-${pool.id}-week-${week.number}-stragglers`,
    },
  };
  return sendOnce(options, {
    pool,
    week: week.number,
    kind: 'lifeguard_summary',
    recipients: [recipient],
    now: input.now,
  });
}

const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');

/**
 * Takes each recipient's key for (pool, week, kind) and stores the mails of the keys it took, in one
 * transaction; then hands the mails to SMTP and the events to the push notifier. A key already taken (an
 * earlier or concurrent run) sends nothing. The key is taken whether or not the member wants the mail, so
 * the push event, too, goes out once.
 */
async function sendOnce(
  options: PoolMailOptions,
  input: { pool: PoolRow; week: number; kind: PoolMailKind; recipients: readonly Recipient[]; now: Date },
): Promise<{ mails: number; pushes: number }> {
  const { db, mailer } = options;
  if (input.recipients.length === 0) return { mails: 0, pushes: 0 };
  const mailKind = input.kind === 'weekly_results' ? 'pool_results' : 'pick_reminder';
  const pushKind: PushKind = mailKind;
  const key = await unsubscribeKey(db);

  const { stored, notified } = await db.transaction(async (tx) => {
    const taken = await takeKeys(tx, input);
    if (taken.length === 0) return { stored: [] as StoredMail[], notified: [] as Recipient[] };
    const wanted = await listPreferences(
      tx,
      taken.map((recipient) => recipient.userId),
    );
    const accounts = await tx
      .select({ id: users.id, email: users.email, username: users.username, name: users.name })
      .from(users)
      .where(
        and(
          inArray(
            users.id,
            taken.map((recipient) => recipient.userId),
          ),
          isNotNull(users.emailVerifiedAt),
        ),
      );
    const accountOf = new Map(accounts.map((account) => [account.id, account]));
    const mails: StoredMail[] = [];
    for (const recipient of taken) {
      const preferences = wanted.get(recipient.userId)!;
      const on = mailKind === 'pool_results' ? preferences.mail_pool_results : preferences.mail_pick_reminder;
      const account = accountOf.get(recipient.userId);
      if (!on || !account) continue;
      const token = signUnsubscribeToken(key, recipient.userId, mailKind);
      const mail = await mailer.store(
        tx,
        recipient.mail(account, {
          api: unsubscribeUrl(options.publicUrl, token),
          page: unsubscribePageUrl(options.publicUrl, token),
        }),
      );
      await tx
        .update(poolMailSends)
        .set({ outboxId: mail.id })
        .where(
          and(
            eq(poolMailSends.poolId, input.pool.id),
            eq(poolMailSends.week, input.week),
            eq(poolMailSends.userId, recipient.userId),
            eq(poolMailSends.kind, input.kind),
          ),
        );
      mails.push(mail);
    }
    return { stored: mails, notified: taken };
  });

  // Committed: now, and only now, SMTP and the devices hear of it.
  mailer.deliver(db, stored);
  const push = options.push ?? noPushNotifier;
  for (const recipient of notified) {
    await push.notify(recipient.userId, pushKind, recipient.push).catch((error: unknown) => {
      options.log?.(`pool mails: push to member ${recipient.userId} failed: ${String(error)}`);
    });
  }
  return { mails: stored.length, pushes: notified.length };
}

/** The recipients whose key this run took (in its transaction); the others were sent to already. */
async function takeKeys(
  tx: DbExecutor,
  input: { pool: PoolRow; week: number; kind: PoolMailKind; recipients: readonly Recipient[]; now: Date },
): Promise<Recipient[]> {
  const rows = await tx
    .insert(poolMailSends)
    .values(
      input.recipients.map((recipient) => ({
        poolId: input.pool.id,
        week: input.week,
        userId: recipient.userId,
        kind: input.kind,
        createdAt: input.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: poolMailSends.userId });
  const taken = new Set(rows.map((row) => row.userId));
  return input.recipients.filter((recipient) => taken.has(recipient.userId));
}
