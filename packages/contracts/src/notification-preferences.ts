import { z } from 'zod';

/**
 * What PA$$ may send a member (`GET` and `PUT /api/user/notifications`): the pool mails are on until turned
 * off, push is off until turned on (and reaches only the devices the member turned it on for).
 */
export const NotificationPreferences = z.object({
  /** Mail 24 hours and 1 hour before a pool week's first lock while picks are missing. */
  mail_pick_reminder: z.boolean(),
  /** The weekly results mail after a pool week's last game. */
  mail_pool_results: z.boolean(),
  push_pick_reminder: z.boolean(),
  push_pool_results: z.boolean(),
  push_chat_mention: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const NotificationPreferencesResponse = z.object({ data: NotificationPreferences });
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponse>;

/** A partial update: the switches given change, the others stay. */
export const UpdateNotificationPreferencesBody = NotificationPreferences.partial().refine(
  (body) => Object.keys(body).length > 0,
  { message: 'must change at least one of ' + NotificationPreferences.keyof().options.join(', ') },
);
export type UpdateNotificationPreferencesBody = z.infer<typeof UpdateNotificationPreferencesBody>;

/** The mails a one-click unsubscribe link can turn off. */
export const UnsubscribeKind = z.enum(['pick_reminder', 'pool_results']);
export type UnsubscribeKind = z.infer<typeof UnsubscribeKind>;

/** `?token=` of the unsubscribe address: signed by the server over the member and the kind of mail. */
export const UnsubscribeQuery = z.object({
  token: z.string().min(1, 'is required').max(200, 'is too long'),
});
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;

/** RFC 8058: a mail client's one-click POST carries exactly this (form-encoded); the web page sends the same. */
export const UnsubscribeBody = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: 'must be One-Click' }),
});
export type UnsubscribeBody = z.infer<typeof UnsubscribeBody>;

export const UnsubscribeResponse = z.object({
  data: z.object({ kind: UnsubscribeKind, unsubscribed: z.literal(true) }),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;
