import { ECDH } from 'node:crypto';
import type { PushSubscriptionBody } from '@pass/contracts';
import type { DbExecutor } from '@pass/db';
import { AppError } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import * as repository from './push.repository.js';
import { PUSH_DEVICES_MAX, type PushDelivery, type WebPushNotifier } from './web-push-notifier.js';

/** A member's push devices (decision 044): each device subscribes, unsubscribes and asks for a test push. */

/** The longest User-Agent kept with a device, to tell the member's devices apart. */
const USER_AGENT_MAX = 300;

/** A member may ask for this many test pushes in each window. */
export const PUSH_TEST_RATE = { pushes: 5, windowMs: 60_000 } as const;

/** Whether the key is a point of P-256; one that is not could never be encrypted to. */
function isCurvePoint(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

function requirePushServiceEndpoint(notifier: WebPushNotifier, endpoint: string): void {
  if (!notifier.acceptsEndpoint(endpoint)) {
    throw AppError.badRequest('body.endpoint', 'must be an address of a browser’s push service');
  }
}

function requirePushOn(notifier: WebPushNotifier): void {
  if (notifier.publicKey === null) {
    throw new AppError('CONFLICT', 'Push notifications are not turned on on this server', [
      { field: 'push', message: 'is not configured', reason: 'push_disabled' },
    ]);
  }
}

/**
 * Stores the caller's device, or takes the device over from whoever had it (one browser, one subscription:
 * the member now signed in on it gets its pushes). 400 for an endpoint off the push services' hosts, 409 when
 * push is off, 400 for a key off the curve. A member keeps at most PUSH_DEVICES_MAX devices, the newest.
 */
export async function saveDevice(
  db: DbExecutor,
  notifier: WebPushNotifier,
  input: { userId: number; body: PushSubscriptionBody; userAgent: string | undefined; now: Date },
): Promise<{ endpoint: string; createdAt: Date; created: boolean }> {
  const { endpoint, keys } = input.body;
  // Before anything else: the server never connects where a member points it, only to the push services.
  requirePushServiceEndpoint(notifier, endpoint);
  requirePushOn(notifier);
  if (!isCurvePoint(keys.p256dh)) throw AppError.badRequest('body.keys.p256dh', 'must be a point of the P-256 curve');
  const saved = await repository.upsertDevice(db, {
    userId: input.userId,
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
    userAgent: input.userAgent ? [...input.userAgent].slice(0, USER_AGENT_MAX).join('') : null,
    now: input.now,
  });
  // A member's pushes go to a bounded number of devices: a new one past the cap replaces their oldest.
  await repository.keepNewestDevices(db, input.userId, PUSH_DEVICES_MAX, endpoint);
  return { endpoint, ...saved };
}

/**
 * Removes the caller's own device; 400 for an endpoint no device could have (off the push services' hosts, so
 * an address never answers as another kind of field), 404 when the endpoint is not one of theirs.
 */
export async function deleteDevice(
  db: DbExecutor,
  notifier: WebPushNotifier,
  input: { userId: number; endpoint: string },
): Promise<void> {
  requirePushServiceEndpoint(notifier, input.endpoint);
  if (!(await repository.deleteOwnDevice(db, input.userId, input.endpoint))) {
    throw AppError.notFound('No such device of yours');
  }
}

/** A test push to each of the caller's devices, whatever kinds they opted in to. 409 when push is off. */
export async function sendTestPush(
  notifier: WebPushNotifier,
  limiter: RateLimiter,
  userId: number,
): Promise<PushDelivery> {
  requirePushOn(notifier);
  const rate = await limiter.hit(`push-test:${userId}`, PUSH_TEST_RATE.windowMs);
  if (rate.count > PUSH_TEST_RATE.pushes) {
    throw AppError.rateLimited(
      rate.retryAfterSeconds,
      `At most ${PUSH_TEST_RATE.pushes} test notifications a minute; wait ${rate.retryAfterSeconds} s`,
    );
  }
  return notifier.sendToDevices(userId, {
    title: 'PA$$ notifications work',
    body: 'This device will show the notifications you turn on.',
    url: '/user/profile',
    tag: 'push-test',
  });
}
