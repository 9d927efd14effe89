import type { NotificationPreferences, UnsubscribeKind, UpdateNotificationPreferencesBody } from '@pass/contracts';
import { notificationPreferences, type DbExecutor } from '@pass/db';
import { inArray, sql } from 'drizzle-orm';

/**
 * A member's notification switches (decision 042). No row means the defaults: the pool mails on (each
 * carries a one-click unsubscribe), push off until the member turns it on.
 */

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  mail_pick_reminder: true,
  mail_pool_results: true,
  push_pick_reminder: false,
  push_pool_results: false,
  push_chat_mention: false,
};

type PreferenceRow = typeof notificationPreferences.$inferSelect;

const toPreferences = (row: PreferenceRow): NotificationPreferences => ({
  mail_pick_reminder: row.mailPickReminder,
  mail_pool_results: row.mailPoolResults,
  push_pick_reminder: row.pushPickReminder,
  push_pool_results: row.pushPoolResults,
  push_chat_mention: row.pushChatMention,
});

/** The column of each switch, by its API name. */
const COLUMN_OF = {
  mail_pick_reminder: 'mailPickReminder',
  mail_pool_results: 'mailPoolResults',
  push_pick_reminder: 'pushPickReminder',
  push_pool_results: 'pushPoolResults',
  push_chat_mention: 'pushChatMention',
} as const satisfies Record<keyof NotificationPreferences, keyof PreferenceRow>;

/** The mail switch a one-click unsubscribe turns off. */
const MAIL_SWITCH_OF: Record<UnsubscribeKind, keyof NotificationPreferences> = {
  pick_reminder: 'mail_pick_reminder',
  pool_results: 'mail_pool_results',
};

/** Each member's switches, by user id (the defaults for those without a row). */
export async function listPreferences(
  db: DbExecutor,
  userIds: readonly number[],
): Promise<Map<number, NotificationPreferences>> {
  const found = new Map<number, NotificationPreferences>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
  for (const row of rows) found.set(row.userId, toPreferences(row));
  return new Map(userIds.map((id) => [id, found.get(id) ?? DEFAULT_PREFERENCES]));
}

export async function getPreferences(db: DbExecutor, userId: number): Promise<NotificationPreferences> {
  return (await listPreferences(db, [userId])).get(userId)!;
}

/**
 * Changes the switches given and keeps the others: one upsert, so two changes at once each keep what the
 * other did not touch.
 */
export async function updatePreferences(
  db: DbExecutor,
  userId: number,
  changes: UpdateNotificationPreferencesBody,
  now: Date,
): Promise<NotificationPreferences> {
  const set: Partial<Record<(typeof COLUMN_OF)[keyof NotificationPreferences], boolean>> = {};
  for (const [field, column] of Object.entries(COLUMN_OF) as [keyof NotificationPreferences, PreferenceColumn][]) {
    const value = changes[field];
    if (value !== undefined) set[column] = value;
  }
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...set, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...set, updatedAt: sql`excluded.updated_at` },
    })
    .returning();
  return toPreferences(row!);
}

type PreferenceColumn = (typeof COLUMN_OF)[keyof NotificationPreferences];

/** Turns one kind of pool mail off (the one-click unsubscribe). */
export function turnOffMail(db: DbExecutor, userId: number, kind: UnsubscribeKind, now: Date) {
  return updatePreferences(db, userId, { [MAIL_SWITCH_OF[kind]]: false }, now);
}
