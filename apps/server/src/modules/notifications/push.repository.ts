import { notificationPreferences, pushSubscriptions, type DbExecutor } from '@pass/db';
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { PushKind } from './push-notifier.js';

/** The SQL of members' push devices and their opt-in per kind. */

export interface DeviceRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export function listDevices(db: DbExecutor, userId: number): Promise<DeviceRow[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
}

const OPT_IN_COLUMN = {
  pick_reminder: notificationPreferences.pushPickReminder,
  pool_results: notificationPreferences.pushPoolResults,
  chat_mention: notificationPreferences.pushChatMention,
} as const satisfies Record<PushKind, unknown>;

/** Whether the member turned push on for the kind; no preferences row means off. */
export async function hasOptedIn(db: DbExecutor, userId: number, kind: PushKind): Promise<boolean> {
  const [row] = await db
    .select({ on: OPT_IN_COLUMN[kind] })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.on ?? false;
}

/** Drops a device the push service reported gone; by endpoint too, so a device re-subscribed since stays. */
export async function deleteDevice(db: DbExecutor, id: number, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function markSent(db: DbExecutor, id: number, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSentAt: at }).where(eq(pushSubscriptions.id, id));
}

/**
 * Stores a device for the member, or takes over its endpoint (the browser that subscribed is the same device,
 * now signed in as this member: it was another's until now). `created` says whether the endpoint was new.
 */
export async function upsertDevice(
  db: DbExecutor,
  device: { userId: number; endpoint: string; p256dh: string; auth: string; userAgent: string | null; now: Date },
): Promise<{ createdAt: Date; created: boolean }> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      userId: device.userId,
      endpoint: device.endpoint,
      p256dh: device.p256dh,
      auth: device.auth,
      userAgent: device.userAgent,
      createdAt: device.now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: device.userId,
        p256dh: device.p256dh,
        auth: device.auth,
        userAgent: device.userAgent,
      },
    })
    .returning({ createdAt: pushSubscriptions.createdAt, created: sql<boolean>`(xmax = 0)` });
  return row!;
}

/** Removes the member's own device by endpoint; false when they have none there. */
export async function deleteOwnDevice(db: DbExecutor, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/**
 * Drops the member's devices beyond `keep`: the device just saved stays, with the newest others (by when they
 * subscribed, then by id).
 */
export async function keepNewestDevices(db: DbExecutor, userId: number, keep: number, saved: string): Promise<void> {
  const others = and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, saved));
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(others)
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep - 1);
  await db.delete(pushSubscriptions).where(and(others, notInArray(pushSubscriptions.id, kept)));
}
