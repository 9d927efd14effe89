import { z } from 'zod';

/**
 * Web Push (decision 044): a member's devices subscribe with the server's VAPID public key and hand the
 * browser's PushSubscription (its JSON) to the server, which pushes pick reminders, pool results and chat
 * mentions to them as the member opted in. What a device receives is `PushPayload`.
 */

/** The longest push service address kept; real ones are under 500 characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2000;

/**
 * The push service's address for the device: an https URL (RFC 8030), never one with credentials in it.
 */
export const PushEndpoint = z
  .string()
  .max(PUSH_ENDPOINT_MAX_LENGTH, `must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`)
  .pipe(z.url({ protocol: /^https$/, hostname: /^[^\s]+$/, error: 'must be the push service’s https URL' }))
  .refine((value) => !/^https:\/\/[^/?#]*@/i.test(value), { message: 'must not carry a user name or password' });

/**
 * The device's P-256 public key as the browser gives it: 65 bytes (an uncompressed point, first byte 4) in
 * base64url, padding allowed. That it is a point of the curve is checked by the server.
 */
export const PushP256dh = z
  .string()
  .regex(/^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]=?$/, {
    message: 'must be a P-256 public key: 65 bytes (an uncompressed point) in base64url',
  })
  .transform((value) => value.replace(/=+$/, ''));

/** The device's authentication secret: 16 bytes in base64url, padding allowed. */
export const PushAuth = z
  .string()
  .regex(/^[A-Za-z0-9_-]{21}[AQgw](==)?$/, { message: 'must be 16 bytes in base64url' })
  .transform((value) => value.replace(/=+$/, ''));

/** `PushSubscription.toJSON()` as the browser gives it. */
export const PushSubscriptionBody = z.object({
  endpoint: PushEndpoint,
  /** When the browser says the subscription ends; kept for nothing (the push service answers 410 then). */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: PushP256dh, auth: PushAuth }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const DeletePushSubscriptionBody = z.object({ endpoint: PushEndpoint });
export type DeletePushSubscriptionBody = z.infer<typeof DeletePushSubscriptionBody>;

/** The VAPID public key a device subscribes with; null when the server has push turned off. */
export const PushPublicKeyResponse = z.object({
  data: z.object({ public_key: z.string().nullable() }),
});
export type PushPublicKeyResponse = z.infer<typeof PushPublicKeyResponse>;

export const PushSubscriptionResponse = z.object({
  data: z.object({ endpoint: z.string(), created_at: z.string() }),
});
export type PushSubscriptionResponse = z.infer<typeof PushSubscriptionResponse>;

export const PushSubscriptionDeletedResponse = z.object({ data: z.object({ endpoint: z.string() }) });
export type PushSubscriptionDeletedResponse = z.infer<typeof PushSubscriptionDeletedResponse>;

/**
 * What a test push did: devices it reached, and devices it did not (gone, refused or unreachable: which one is
 * kept to the server's logs, so the answer says nothing of how a push service behaved).
 */
export const PushTestResponse = z.object({
  data: z.object({ sent: z.number().int(), failed: z.number().int() }),
});
export type PushTestResponse = z.infer<typeof PushTestResponse>;

/** What a device receives in a push, and shows as a notification that opens `url` when tapped. */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** An address of the app (a path), opened on a tap. */
  url: z.string(),
  /** Notifications with the same tag replace each other on the device. */
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayload>;
