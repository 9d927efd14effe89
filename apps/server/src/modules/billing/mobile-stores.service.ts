import type { BillingSubscription, GooglePlayPushBody } from '@pass/contracts';
import { billingPlans, billingSubscriptions, users, type Database, type DbExecutor } from '@pass/db';
import { MEMBERSHIP_TERMS } from '@pass/domain';
import type { JWSTransactionDecodedPayload } from '@apple/app-store-server-library';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { AppleVerificationError, type AppStoreVerifier } from '../../providers/apple/app-store-verifier.js';
import {
  GooglePlayError,
  type GooglePlayClient,
  type SubscriptionPurchaseV2,
} from '../../providers/google-play/google-play-client.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';
import {
  findPlanByMobileId,
  hasEvent,
  markPaymentRefunded,
  recordEvent,
  recordPayment,
  type BillingPlanRow,
} from './billing.repository.js';
import { saveSubscriptionState, toSubscriptionView } from './billing.service.js';

/**
 * Subscriptions sold in the app stores (decision 047). Each arrives as a notification the store signs (Apple)
 * or as a push that says only that something changed (Google, whose purchase is then fetched with our own
 * credentials); it is linked to the member whose billing id the purchase carries (Apple's `appAccountToken`,
 * Google's `obfuscatedExternalAccountId`), and kept once by the notification's id.
 */

/** The purchase's account, which the app sets to the member's billing id; anything else names no member. */
async function findOwner(db: DbExecutor, billingId: string | undefined): Promise<{ id: number } | null> {
  if (!billingId || !z.uuid().safeParse(billingId).success) return null;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.billingId, billingId.toLowerCase()));
  return owner ?? null;
}

// App Store.

/** The App Store's subscription statuses (`data.status`); access in ACTIVE and in the billing grace period. */
const APPLE_STATUS: Record<number, string> = {
  1: 'ACTIVE',
  2: 'EXPIRED',
  3: 'BILLING_RETRY',
  4: 'GRACE_PERIOD',
  5: 'REVOKED',
};
const APPLE_ACCESS = new Set(['ACTIVE', 'GRACE_PERIOD']);

/**
 * `POST /billing/apple/notifications`: verified against the configured root certificates (anything else is
 * refused, audited and changes nothing), kept once by `notificationUUID`, then the subscription it names
 * (`originalTransactionId`) is stored for the member whose billing id is its `appAccountToken`. A notification
 * signed before the stored state is kept but changes nothing.
 */
export async function receiveAppleNotification(
  db: Database,
  verifier: AppStoreVerifier,
  signedPayload: string,
  now: Date,
  audit: AuditContext,
): Promise<{ duplicate: boolean }> {
  let verified;
  try {
    verified = await verifier.verifyNotification(signedPayload);
  } catch (error) {
    if (!(error instanceof AppleVerificationError)) throw error;
    await recordAuditEvent(db, audit, 'billing_webhook_refused', null, { provider: 'apple', reason: error.reason });
    throw AppError.badRequest('body.signedPayload', 'is not a notification signed by the App Store');
  }
  const { notification, transaction, renewal } = verified;
  const eventId = notification.notificationUUID;
  if (!eventId) throw AppError.badRequest('body.signedPayload', 'has no notificationUUID');
  return db.transaction(async (tx) => {
    // Kept first, so a second delivery at the same moment waits for this one and then finds it.
    const fresh = await recordEvent(
      tx,
      {
        provider: 'apple',
        eventId,
        eventType: [notification.notificationType, notification.subtype].filter(Boolean).join('.') || 'UNKNOWN',
        subscriptionId: transaction?.originalTransactionId ?? null,
      },
      now,
    );
    if (!fresh) return { duplicate: true };
    // TEST and summary notifications carry no subscription.
    if (!transaction) return { duplicate: false };
    const owner = await findOwner(tx, transaction.appAccountToken ?? renewal?.appAccountToken);
    if (!owner) throw AppError.badRequest('body.signedPayload', 'names no PA$$ account (appAccountToken)');
    const plan = transaction.productId ? await findPlanByMobileId(tx, transaction.productId) : undefined;
    if (!plan) throw AppError.badRequest('body.signedPayload', 'is not a subscription to a PA$$ plan');
    if (!transaction.originalTransactionId) {
      throw AppError.badRequest('body.signedPayload', 'has no originalTransactionId');
    }
    const signedAt = notification.signedDate ? new Date(notification.signedDate) : now;
    const status = appleStatus(notification.data?.status, transaction, signedAt);
    const { row } = await saveSubscriptionState(
      tx,
      {
        platform: 'mobile',
        store: 'apple',
        subscriptionId: transaction.originalTransactionId,
        ownerId: owner.id,
        plan,
        access: APPLE_ACCESS.has(status),
        providerStatus: status,
        nextBillingAt: transaction.expiresDate ? new Date(transaction.expiresDate) : null,
        providerUpdatedAt: signedAt,
        cancelled: renewal?.autoRenewStatus === 0,
        field: 'body.signedPayload',
        recordedAt: now,
      },
      audit,
    );
    await recordApplePayment(tx, row.id, transaction, signedAt);
    return { duplicate: false };
  });
}

/**
 * The charge a signed transaction records, for the admin's revenue: kept once by Apple's transaction id (every
 * notification carries the latest transaction, so most repeat one already kept). A free month costs nothing and
 * is not a payment; a refunded transaction marks its payment refunded. Apple gives prices in thousandths.
 */
async function recordApplePayment(
  tx: DbExecutor,
  subscriptionRowId: number,
  transaction: JWSTransactionDecodedPayload,
  signedAt: Date,
): Promise<void> {
  if (!transaction.transactionId || !transaction.price || transaction.price <= 0) return;
  await recordPayment(tx, {
    provider: 'apple',
    providerPaymentId: transaction.transactionId,
    subscriptionRowId,
    amountCents: Math.round(transaction.price / 10),
    currency: transaction.currency ?? MEMBERSHIP_TERMS.currency,
    paidAt: transaction.purchaseDate ? new Date(transaction.purchaseDate) : signedAt,
  });
  if (transaction.revocationDate) {
    await markPaymentRefunded(tx, 'apple', transaction.transactionId, new Date(transaction.revocationDate));
  }
}

/** The status Apple gives, or, in a notification without one, what the transaction's dates say. */
function appleStatus(
  status: number | undefined,
  transaction: { expiresDate?: number; revocationDate?: number },
  signedAt: Date,
): string {
  if (status !== undefined && APPLE_STATUS[status]) return APPLE_STATUS[status];
  if (transaction.revocationDate) return 'REVOKED';
  return transaction.expiresDate && transaction.expiresDate > signedAt.getTime() ? 'ACTIVE' : 'EXPIRED';
}

// Google Play.

/** A real-time developer notification, the JSON inside the Pub/Sub message. */
const DeveloperNotification = z.object({
  version: z.string().optional(),
  packageName: z.string(),
  eventTimeMillis: z.union([z.string(), z.number()]).optional(),
  subscriptionNotification: z
    .object({
      version: z.string().optional(),
      notificationType: z.number().int(),
      purchaseToken: z.string().min(1).max(1000),
      subscriptionId: z.string().optional(),
    })
    .optional(),
  testNotification: z.object({ version: z.string().optional() }).optional(),
});

function decodeNotification(data: string): z.infer<typeof DeveloperNotification> {
  try {
    return DeveloperNotification.parse(JSON.parse(Buffer.from(data, 'base64').toString('utf8')));
  } catch {
    throw AppError.badRequest('body.message.data', 'is not a Google Play developer notification');
  }
}

/** Google could not be asked: the push is not kept, and the 503 makes Pub/Sub deliver it again. */
function googleUnavailable(error: unknown): AppError {
  const reason = error instanceof GooglePlayError ? error.message : String(error);
  return new AppError('UNAVAILABLE', `Google Play could not be asked just now (${reason})`);
}

async function fetchPurchase(play: GooglePlayClient, purchaseToken: string): Promise<SubscriptionPurchaseV2 | null> {
  try {
    return await play.getSubscription(purchaseToken);
  } catch (error) {
    if (error instanceof GooglePlayError && error.notFound) return null;
    throw googleUnavailable(error);
  }
}

/**
 * `POST /billing/google/notifications`: the push's token was checked by the route; the notification is kept
 * once by its `messageId`, and the purchase it names is fetched from Google and that state applied, whatever
 * the notification said (so order and duplicates do not matter).
 */
export async function receiveGooglePlayNotification(
  db: Database,
  play: GooglePlayClient,
  envelope: GooglePlayPushBody,
  now: Date,
  audit: AuditContext,
): Promise<{ duplicate: boolean }> {
  const notification = decodeNotification(envelope.message.data);
  if (notification.packageName !== play.packageName) {
    throw AppError.badRequest('body.message.data', 'is about another app');
  }
  const subscription = notification.subscriptionNotification;
  const eventType = subscription
    ? `subscription.${subscription.notificationType}`
    : notification.testNotification
      ? 'test'
      : 'other';
  if (await hasEvent(db, 'google', envelope.message.messageId)) return { duplicate: true };
  const purchase = subscription ? await fetchPurchase(play, subscription.purchaseToken) : null;
  if (subscription && !purchase) throw AppError.badRequest('body.message.data', 'Google Play has no such purchase');
  return db.transaction(async (tx) => {
    const fresh = await recordEvent(
      tx,
      {
        provider: 'google',
        eventId: envelope.message.messageId,
        eventType,
        subscriptionId: subscription?.purchaseToken ?? null,
      },
      now,
    );
    if (!fresh) return { duplicate: true };
    if (subscription && purchase) {
      const { row, plan } = await applyGooglePurchase(
        tx,
        subscription.purchaseToken,
        purchase,
        now,
        'body.message.data',
        audit,
      );
      // A renewal is a charge of the plan's price; Google names it by its order id.
      if (subscription.notificationType === GOOGLE_RENEWED && row.status === 'ACTIVE' && purchase.latestOrderId) {
        await recordPayment(tx, {
          provider: 'google',
          providerPaymentId: purchase.latestOrderId,
          subscriptionRowId: row.id,
          amountCents: plan.monthlyPriceCents,
          currency: MEMBERSHIP_TERMS.currency,
          paidAt: now,
        });
      }
    }
    return { duplicate: false };
  });
}

/** Google's SUBSCRIPTION_RENEWED notification: an active subscription was charged again. */
const GOOGLE_RENEWED = 2;

/** Google Play's states that give access; a cancelled subscription keeps it until its paid time ends. */
const GOOGLE_ACCESS = new Set(['ACTIVE', 'IN_GRACE_PERIOD']);

/** Stores Google's state of a purchase for the member whose billing id it carries; refused when it names none. */
async function applyGooglePurchase(
  tx: DbExecutor,
  purchaseToken: string,
  purchase: SubscriptionPurchaseV2,
  now: Date,
  field: string,
  audit: AuditContext,
) {
  const owner = await findOwner(tx, purchase.externalAccountIdentifiers?.obfuscatedExternalAccountId);
  if (!owner) throw AppError.badRequest(field, 'names no PA$$ account (obfuscatedExternalAccountId)');
  let plan: BillingPlanRow | undefined;
  for (const item of purchase.lineItems) plan ??= await findPlanByMobileId(tx, item.productId);
  if (!plan) throw AppError.badRequest(field, 'is not a subscription to a PA$$ plan');
  const expiries = purchase.lineItems
    .map((item) => (item.expiryTime ? new Date(item.expiryTime) : null))
    .filter((date): date is Date => date !== null && !Number.isNaN(date.getTime()));
  const expiresAt = expiries.length > 0 ? new Date(Math.max(...expiries.map((date) => date.getTime()))) : null;
  const state = purchase.subscriptionState.replace(/^SUBSCRIPTION_STATE_/, '');
  const paidUp = state === 'CANCELED' && expiresAt !== null && expiresAt > now;
  // An upgrade, downgrade or resubscription gets a new token naming the one it replaces, which gives no more access.
  if (purchase.linkedPurchaseToken) await markReplaced(tx, purchase.linkedPurchaseToken, owner.id, now);
  const saved = await saveSubscriptionState(
    tx,
    {
      platform: 'mobile',
      store: 'google',
      subscriptionId: purchaseToken,
      ownerId: owner.id,
      plan,
      access: GOOGLE_ACCESS.has(state) || paidUp,
      providerStatus: state,
      nextBillingAt: expiresAt,
      // The state was just fetched from Google: it is the newest there is.
      providerUpdatedAt: now,
      cancelled:
        state === 'CANCELED' || purchase.lineItems.some((item) => item.autoRenewingPlan?.autoRenewEnabled === false),
      field,
      recordedAt: now,
    },
    audit,
  );
  return { ...saved, plan };
}

/** The member's Google subscription that a newer purchase replaced: kept, with no access, as REPLACED. */
async function markReplaced(tx: DbExecutor, purchaseToken: string, ownerId: number, now: Date): Promise<void> {
  await tx
    .update(billingSubscriptions)
    .set({ status: 'REPLACED', mobileSubscriptionStatus: 'REPLACED', updatedAt: now })
    .where(
      and(
        eq(billingSubscriptions.billingPlatform, 'mobile'),
        eq(billingSubscriptions.subscriptionId, purchaseToken),
        eq(billingSubscriptions.userId, ownerId),
      ),
    );
}

// Cancelling.

/** Where a member cancels an App Store subscription: only they can, in their Apple ID's settings. */
export const APPLE_SUBSCRIPTIONS_URL = 'https://apps.apple.com/account/subscriptions';

/**
 * `POST /billing/mobile/cancel/{billingId}/{subscriptionId}`: the caller's own store subscription only (any
 * other is 404 and changes nothing). Google's is cancelled at Google, then fetched again and applied: it stops
 * renewing and access stays until the paid time ends. Apple lets no server cancel one: the member is told where
 * to do it.
 */
export async function cancelMobileSubscription(
  db: Database,
  play: GooglePlayClient | null,
  user: { id: number; billingId: string },
  params: { billingId: string; subscriptionId: string },
  now: Date,
  audit: AuditContext,
): Promise<BillingSubscription> {
  if (params.billingId !== user.billingId) throw AppError.notFound('No such subscription');
  const [found] = await db
    .select({ subscription: billingSubscriptions, plan: billingPlans })
    .from(billingSubscriptions)
    .innerJoin(billingPlans, eq(billingPlans.id, billingSubscriptions.planId))
    .where(
      and(
        eq(billingSubscriptions.billingPlatform, 'mobile'),
        eq(billingSubscriptions.subscriptionId, params.subscriptionId),
        eq(billingSubscriptions.userId, user.id),
      ),
    );
  if (!found) throw AppError.notFound('No such subscription');
  const { subscription, plan } = found;
  if (subscription.store === 'apple') {
    throw new AppError(
      'CONFLICT',
      `An App Store subscription can only be cancelled by you, in your Apple ID's subscriptions: open ${APPLE_SUBSCRIPTIONS_URL} (or Settings > your name > Subscriptions on your iPhone) and cancel PA$$ Sync there. Access stays until the end of the period you paid for.`,
    );
  }
  if (!play) throw new AppError('UNAVAILABLE', 'Google Play is not set up on this server');
  try {
    await play.cancelSubscription(plan.mobilePlanId ?? '', subscription.subscriptionId);
  } catch (error) {
    if (error instanceof GooglePlayError && error.status !== undefined && error.status < 500) {
      throw new AppError('CONFLICT', `Google Play did not cancel this subscription (${error.message})`);
    }
    throw googleUnavailable(error);
  }
  const purchase = await fetchPurchase(play, subscription.subscriptionId);
  if (!purchase) throw AppError.notFound('Google Play no longer has this subscription');
  const { row } = await db.transaction((tx) =>
    applyGooglePurchase(tx, subscription.subscriptionId, purchase, now, 'params.subscriptionId', audit),
  );
  const [current] = await db.select().from(billingPlans).where(eq(billingPlans.id, row.planId));
  return toSubscriptionView(row, current ?? plan);
}
