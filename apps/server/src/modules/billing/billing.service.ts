import type {
  BillingPlan,
  BillingPlatform,
  BillingSubscription,
  CheckSubscriptionsRequiredResponse,
  PayPalSubscribeBody,
} from '@pass/contracts';
import { billingSubscriptions, users, type Database, type DbExecutor } from '@pass/db';
import {
  bookTitle,
  collegeAccess,
  isOnSaleAt,
  isSubscriptionActive,
  MEMBERSHIP_TERMS,
  parsePaymentAmount,
  priceSentence,
  priceTierAt,
  saleWindowAt,
  syncAddOnsMissing,
  type CollegeAccess,
} from '@pass/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors.js';
import { PayPalError, type PayPalClient } from '../../providers/paypal/paypal-client.js';
import type { PayPalSubscription, PayPalWebhookEvent } from '../../providers/paypal/paypal-types.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';
import { decideMemberSyncAccess } from '../sync/sync-accounts.service.js';
import {
  ensurePlans,
  findPlanByPayPalId,
  findSubscription,
  hasEvent,
  listPlanRows,
  listUserSubscriptions,
  lockSubscription,
  recordEvent,
  recordPayment,
  type BillingPlanRow,
  type BillingSubscriptionRow,
} from './billing.repository.js';
import { activePlanCounts, toStatuses } from './active-plans.service.js';

/**
 * Billing (decision 045): the plans on sale, and subscriptions confirmed with the provider. A client's word
 * grants nothing: PayPal's answer to our own request is what is stored, and every later change arrives the same
 * way (a verified webhook makes the server ask PayPal again).
 */

/** The plans on sale at `now` (the early-subscriber price before October 1), those the platform sells. */
export async function listPlans(db: DbExecutor, now: Date, platform?: BillingPlatform): Promise<BillingPlan[]> {
  await ensurePlans(db);
  const tier = priceTierAt(now);
  return (await listPlanRows(db))
    .filter((row) => row.priceTier === tier)
    .filter((row) => (platform === 'paypal' ? row.paypalPlanId : platform === 'mobile' ? row.mobilePlanId : true))
    .map((row) => ({
      code: row.code,
      name: row.name,
      description: row.description,
      price_tier: row.priceTier,
      monthly_price_cents: row.monthlyPriceCents,
      currency: MEMBERSHIP_TERMS.currency,
      trial_months: MEMBERSHIP_TERMS.trialMonths,
      price_text: priceSentence(row.code, row.priceTier),
      on_sale_from: saleWindowAt(row.priceTier, now).from.toISOString(),
      on_sale_until: saleWindowAt(row.priceTier, now).until.toISOString(),
      paypal: { plan_id: row.paypalPlanId },
      mobile: { plan_id: row.mobilePlanId },
    }));
}

export function toSubscriptionView(row: BillingSubscriptionRow, plan: BillingPlanRow): BillingSubscription {
  return {
    status: row.status,
    paypal_subscription_status: row.paypalSubscriptionStatus,
    mobile_subscription_status: row.mobileSubscriptionStatus,
    plan_name: plan.name,
    billing_platform: row.billingPlatform,
    subscription_id: row.subscriptionId,
    sportsbook: row.sportsbook,
    plan_id: row.billingPlatform === 'paypal' ? plan.paypalPlanId : plan.mobilePlanId,
    active: isSubscriptionActive(toStatuses(row)),
    next_billing_at: row.nextBillingAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listMemberSubscriptions(db: DbExecutor, userId: number): Promise<BillingSubscription[]> {
  return (await listUserSubscriptions(db, userId)).map(({ subscription, plan }) =>
    toSubscriptionView(subscription, plan),
  );
}

/** Whether a member may see college football now: the free month, an active membership, or the admin flag. */
export async function memberCollegeAccess(
  db: DbExecutor,
  user: { id: number; createdAt: Date; isAdmin: boolean },
  now: Date,
): Promise<CollegeAccess> {
  return collegeAccess({
    signedUpAt: user.createdAt,
    now,
    isAdmin: user.isAdmin,
    subscriptions: await listMemberSubscriptions(db, user.id),
  });
}

/** PayPal could not be asked: the member is told to keep the id for support; a webhook grants it later. */
function paypalUnavailable(subscriptionId: string, error: unknown): AppError {
  const reason = error instanceof PayPalError ? error.message : String(error);
  return new AppError(
    'UNAVAILABLE',
    `PayPal could not confirm subscription ${subscriptionId} just now (${reason}). It will be applied as soon as PayPal tells us; if it is not, contact support with the subscription id.`,
  );
}

async function fetchFromPayPal(paypal: PayPalClient, subscriptionId: string): Promise<PayPalSubscription | null> {
  try {
    return await paypal.getSubscription(subscriptionId);
  } catch (error) {
    if (error instanceof PayPalError && error.notFound) return null;
    throw paypalUnavailable(subscriptionId, error);
  }
}

/**
 * `POST /billing/paypal/subscribe`: the member's PayPal window approved a subscription; PA$$ asks PayPal for
 * it and stores it only if it is one of our plans, names the caller's billing id, is ACTIVE and is bound to no
 * one else. Asking again with the same id answers the same subscription and changes nothing.
 */
export async function subscribeWithPayPal(
  db: Database,
  paypal: PayPalClient,
  user: { id: number; billingId: string },
  body: PayPalSubscribeBody,
  now: Date,
  audit: AuditContext,
): Promise<BillingSubscription> {
  if (body.billing_id !== user.billingId) throw AppError.badRequest('body.billing_id', 'is not your billing id');
  await ensurePlans(db);
  const subscription = await fetchFromPayPal(paypal, body.subscription_id);
  if (!subscription) throw AppError.badRequest('body.subscription_id', 'PayPal has no such subscription');
  if (subscription.custom_id !== user.billingId) {
    throw AppError.badRequest('body.subscription_id', 'was not made for your account');
  }
  const plan = await findPlanByPayPalId(db, subscription.plan_id);
  if (!plan) throw AppError.badRequest('body.subscription_id', 'is not a subscription to a PA$$ plan');
  // The plan id is the buyer's page's choice: a tier past its window is refused, unless this subscription was
  // already kept (a repeat of a purchase made in time answers as before).
  if (!isOnSaleAt(plan.priceTier, now) && !(await findSubscription(db, 'paypal', subscription.id))) {
    await cancelOffSaleSubscription(paypal, subscription.id);
    throw AppError.badRequest('body.subscription_id', offSaleMessage(plan, now));
  }
  if (subscription.status !== 'ACTIVE') {
    throw new AppError('CONFLICT', `body.subscription_id: is ${subscription.status} at PayPal, not ACTIVE`, [
      { field: 'body.subscription_id', message: `is ${subscription.status} at PayPal, not ACTIVE` },
    ]);
  }
  const row = await applyPayPalSubscription(db, subscription, now, now, audit);
  if (!row) throw AppError.badRequest('body.subscription_id', 'was not made for your account');
  const keptPlan = (await listPlanRows(db)).find((candidate) => candidate.id === row.planId)!;
  return toSubscriptionView(row, keptPlan);
}

function offSaleMessage(plan: BillingPlanRow, at: Date): string {
  const { from, until } = saleWindowAt(plan.priceTier, at);
  return `is to the ${plan.priceTier} price of ${plan.name}, on sale from ${from.toISOString()} until ${until.toISOString()}, not now`;
}

/** Cancels at PayPal a subscription refused as off sale, so its buyer is never charged for what PA$$ did not grant. */
async function cancelOffSaleSubscription(paypal: PayPalClient, subscriptionId: string): Promise<void> {
  try {
    await paypal.cancelSubscription(subscriptionId, OFF_SALE_REASON);
  } catch {
    // Best effort: the refusal stands, and the subscription is never granted here (see applyPayPalSubscription).
  }
}

const OFF_SALE_REASON = 'The plan was no longer on sale when it was bought';

/**
 * Stores PayPal's state of a subscription for the member whose billing id it carries (`custom_id`), in one
 * transaction that locks the row: a state older than the one stored is ignored (deliveries out of order), an
 * id bound to another member is refused, and a change of access is audited. Null when the subscription is not
 * ours to keep (another plan, a billing id no member has, or a first sight of a plan bought off sale).
 * `purchasedAt` decides whether a subscription not kept yet was bought while its tier was on sale.
 */
export async function applyPayPalSubscription(
  db: Database,
  subscription: PayPalSubscription,
  now: Date,
  purchasedAt: Date,
  audit: AuditContext,
): Promise<BillingSubscriptionRow | null> {
  return db.transaction(async (tx) => {
    const plan = await findPlanByPayPalId(tx, subscription.plan_id);
    const [owner] = subscription.custom_id
      ? await tx.select({ id: users.id }).from(users).where(eq(users.billingId, subscription.custom_id))
      : [];
    if (!plan || !owner) return null;
    // A subscription first seen here, bought outside its tier's window, is never granted.
    if (!isOnSaleAt(plan.priceTier, purchasedAt) && !(await findSubscription(tx, 'paypal', subscription.id))) {
      return null;
    }
    const updatedAt = subscription.status_update_time ? new Date(subscription.status_update_time) : now;
    const { row } = await saveSubscriptionState(
      tx,
      {
        platform: 'paypal',
        store: null,
        subscriptionId: subscription.id,
        ownerId: owner.id,
        plan,
        access: subscription.status === 'ACTIVE',
        providerStatus: subscription.status,
        nextBillingAt: subscription.billing_info?.next_billing_time
          ? new Date(subscription.billing_info.next_billing_time)
          : null,
        providerUpdatedAt: updatedAt,
        cancelled: subscription.status === 'CANCELLED',
        field: 'body.subscription_id',
        recordedAt: now,
      },
      audit,
    );
    return row;
  });
}

/** A provider's word on a subscription, as PA$$ keeps it (PayPal's, the App Store's or Google Play's). */
export interface SubscriptionState {
  platform: 'paypal' | 'mobile';
  store: 'apple' | 'google' | null;
  /** The provider's id: PayPal's `I-…`, Apple's original transaction id, Google's purchase token. */
  subscriptionId: string;
  ownerId: number;
  plan: BillingPlanRow;
  /** Whether the provider's state gives access; PA$$'s status is then ACTIVE, else the provider's status. */
  access: boolean;
  providerStatus: string;
  nextBillingAt: Date | null;
  /** When the provider's state was made; a state older than the stored one is ignored. */
  providerUpdatedAt: Date;
  /** The subscription will not renew (cancelled by the member or the provider). */
  cancelled: boolean;
  /** The request field a subscription bound to another member is reported against. */
  field: string;
  /** The server clock's now: when PA$$ stored this state (the row's created and updated times). */
  recordedAt: Date;
}

/**
 * Stores a provider's state of a subscription for its member, in the caller's transaction, locking the row: a
 * state older than the stored one is ignored (deliveries out of order), an id bound to another member is
 * refused, and a change of access is audited (`billing_access_granted` / `billing_access_lost`).
 */
export async function saveSubscriptionState(
  tx: DbExecutor,
  state: SubscriptionState,
  audit: AuditContext,
): Promise<{ row: BillingSubscriptionRow; applied: boolean }> {
  const existing = await lockSubscription(tx, state.platform, state.subscriptionId);
  if (existing && existing.userId !== state.ownerId) {
    throw new AppError('CONFLICT', `${state.field}: is already bound to another account`, [
      { field: state.field, message: 'is already bound to another account' },
    ]);
  }
  if (existing?.providerUpdatedAt && existing.providerUpdatedAt > state.providerUpdatedAt) {
    return { row: existing, applied: false };
  }
  const values = {
    planId: state.plan.id,
    status: state.access ? 'ACTIVE' : state.providerStatus,
    ...(state.platform === 'paypal'
      ? { paypalSubscriptionStatus: state.providerStatus }
      : { mobileSubscriptionStatus: state.providerStatus }),
    nextBillingAt: state.nextBillingAt,
    providerUpdatedAt: state.providerUpdatedAt,
    cancelledAt: state.cancelled ? (existing?.cancelledAt ?? state.providerUpdatedAt) : null,
    updatedAt: state.recordedAt,
  };
  const [row] = existing
    ? await tx.update(billingSubscriptions).set(values).where(eq(billingSubscriptions.id, existing.id)).returning()
    : await tx
        .insert(billingSubscriptions)
        .values({
          ...values,
          userId: state.ownerId,
          billingPlatform: state.platform,
          store: state.store,
          subscriptionId: state.subscriptionId,
          createdAt: state.recordedAt,
        })
        .returning();
  const wasActive = existing ? isSubscriptionActive(toStatuses(existing)) : false;
  const isActive = isSubscriptionActive(toStatuses(row!));
  if (wasActive !== isActive) {
    await recordAuditEvent(tx, audit, isActive ? 'billing_access_granted' : 'billing_access_lost', state.ownerId, {
      platform: state.platform,
      ...(state.store ? { store: state.store } : {}),
      // A purchase token is a credential of sorts: its start is enough to find it.
      subscriptionId: state.store === 'google' ? `${state.subscriptionId.slice(0, 12)}…` : state.subscriptionId,
      plan: state.plan.code,
      status: state.providerStatus,
    });
  }
  return { row: row!, applied: true };
}

/** The headers PayPal signs a webhook with; each must be there for the signature to be checked. */
export interface PayPalTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

/**
 * When a subscription a webhook names was bought: PayPal's creation time (asked of PayPal by the server, so not
 * the buyer's word), else the server clock; a webhook can arrive days after the purchase it announces.
 */
function paypalPurchaseTime(subscription: PayPalSubscription, now: Date): Date {
  const created = subscription.create_time ? new Date(subscription.create_time) : null;
  return created && !Number.isNaN(created.getTime()) ? created : now;
}

/** The subscription a webhook is about: the resource itself, or the subscription a sale belongs to. */
function subscriptionIdOf(event: PayPalWebhookEvent): string | null {
  const resource = event.resource;
  if (event.event_type.startsWith('BILLING.SUBSCRIPTION.')) return typeof resource.id === 'string' ? resource.id : null;
  return typeof resource.billing_agreement_id === 'string' ? resource.billing_agreement_id : null;
}

/**
 * A PayPal webhook: checked with PayPal's verify-webhook-signature call (anything but SUCCESS is refused and
 * changes nothing), kept by its event id (a duplicate is answered and changes nothing), then the subscription
 * it names is fetched from PayPal and that state applied, whatever the event said. When PayPal cannot be asked,
 * the event is not kept and the error makes PayPal deliver it again.
 */
export async function receivePayPalWebhook(
  db: Database,
  paypal: PayPalClient,
  webhookId: string,
  transmission: PayPalTransmission,
  event: PayPalWebhookEvent,
  now: Date,
  audit: AuditContext,
): Promise<{ duplicate: boolean }> {
  let verified: string;
  try {
    verified = (
      await paypal.verifyWebhookSignature({
        auth_algo: transmission.authAlgo,
        cert_url: transmission.certUrl,
        transmission_id: transmission.transmissionId,
        transmission_sig: transmission.transmissionSig,
        transmission_time: transmission.transmissionTime,
        webhook_id: webhookId,
        webhook_event: event,
      })
    ).verification_status;
  } catch (error) {
    throw paypalUnavailable(event.id, error);
  }
  if (verified !== 'SUCCESS') {
    await recordAuditEvent(db, audit, 'billing_webhook_refused', null, { provider: 'paypal', eventId: event.id });
    throw AppError.badRequest('headers.paypal-transmission-sig', 'PayPal did not verify this webhook');
  }
  const subscriptionId = subscriptionIdOf(event);
  if (await hasEvent(db, 'paypal', event.id)) return { duplicate: true };
  const subscription = subscriptionId ? await fetchFromPayPal(paypal, subscriptionId) : null;
  if (subscription) await applyPayPalSubscription(db, subscription, now, paypalPurchaseTime(subscription, now), audit);
  const sale =
    subscriptionId && event.event_type === 'PAYMENT.SALE.COMPLETED' ? saleOf(event, subscriptionId, now) : null;
  const fresh = await db.transaction(async (tx) => {
    const recorded = await recordEvent(
      tx,
      {
        provider: 'paypal',
        eventId: event.id,
        eventType: event.event_type,
        subscriptionId,
        error: sale && !sale.ok ? sale.message : null,
      },
      now,
    );
    if (recorded && sale?.ok) {
      const row = await findSubscription(tx, 'paypal', sale.subscriptionId);
      await recordPayment(tx, { ...sale.payment, subscriptionRowId: row?.id ?? null });
    }
    return recorded;
  });
  return { duplicate: !fresh };
}

/**
 * A completed sale's payment, for the admin's revenue; refused (kept as the event's error, shown to the admin,
 * and answered 2xx so PayPal does not retry for days) when its amount or currency is not one a payment can hold.
 */
function saleOf(
  event: PayPalWebhookEvent,
  subscriptionId: string,
  now: Date,
):
  | { ok: true; subscriptionId: string; payment: Omit<Parameters<typeof recordPayment>[1], 'subscriptionRowId'> }
  | { ok: false; message: string } {
  const saleId = event.resource.id;
  if (typeof saleId !== 'string' || saleId.length === 0 || saleId.length > 100) {
    return { ok: false, message: 'refused: the sale has no usable id' };
  }
  const amount = event.resource.amount as { total?: unknown; currency?: unknown } | undefined;
  const parsed = parsePaymentAmount(amount?.total, amount?.currency);
  if (!parsed.ok) return { ok: false, message: `refused: ${parsed.message}` };
  const created = typeof event.create_time === 'string' ? new Date(event.create_time) : null;
  return {
    ok: true,
    subscriptionId,
    payment: {
      provider: 'paypal',
      providerPaymentId: saleId,
      amountCents: parsed.amountCents,
      currency: parsed.currency,
      paidAt: created && !Number.isNaN(created.getTime()) ? created : now,
    },
  };
}

/** What PayPal is told when a member cancels from PA$$. */
const CANCEL_REASON = 'Cancelled by the member in PA$$';

/**
 * `POST /billing/paypal/cancel/{billingId}/{subscriptionId}` (decision 046): `billingId` must be the caller's own
 * and `subscriptionId` one of the caller's PayPal subscriptions, else 404 and nothing changes. PayPal cancels
 * first; then the subscription is fetched again and PayPal's state applied, as a webhook would. PayPal out of
 * reach: 503, nothing changed here.
 */
export async function cancelPayPalSubscription(
  db: Database,
  paypal: PayPalClient | null,
  user: { id: number; billingId: string },
  params: { billingId: string; subscriptionId: string },
  now: Date,
  audit: AuditContext,
): Promise<BillingSubscription> {
  const notYours = () => AppError.notFound('No such subscription of yours');
  if (params.billingId !== user.billingId) throw notYours();
  const row = await findSubscription(db, 'paypal', params.subscriptionId);
  if (!row || row.userId !== user.id) throw notYours();
  if (!paypal) throw new AppError('UNAVAILABLE', 'PayPal is not set up on this server');
  try {
    await paypal.cancelSubscription(params.subscriptionId, CANCEL_REASON);
  } catch (error) {
    // Already cancelled or expired at PayPal: nothing to cancel there; PayPal's state is applied below.
    const settled = error instanceof PayPalError && error.issue === 'SUBSCRIPTION_STATUS_INVALID';
    if (!settled) throw paypalCancelUnavailable(params.subscriptionId, error);
  }
  let subscription: PayPalSubscription;
  try {
    subscription = await paypal.getSubscription(params.subscriptionId);
  } catch (error) {
    throw paypalCancelUnavailable(params.subscriptionId, error);
  }
  const applied = (await applyPayPalSubscription(db, subscription, now, now, audit)) ?? row;
  const plan = (await listPlanRows(db)).find((candidate) => candidate.id === applied.planId)!;
  return toSubscriptionView(applied, plan);
}

function paypalCancelUnavailable(subscriptionId: string, error: unknown): AppError {
  const reason = error instanceof PayPalError ? error.message : String(error);
  return new AppError(
    'UNAVAILABLE',
    `PayPal could not be reached to cancel subscription ${subscriptionId} (${reason}). Nothing was changed; try again in a few minutes.`,
  );
}

/**
 * `GET /billing/check-subscriptions-required` (decision 046): the member's subscriptions, their linked sportsbook
 * accounts (none until bet sync arrives), and the plans they need and lack: the membership (the tier on sale)
 * when no membership subscription is active; an add-on only for each linked book beyond what the active
 * subscriptions cover. Subscriptions are required only once a linked account's grace has ended uncovered.
 */
export async function checkSubscriptionsRequired(
  db: DbExecutor,
  userId: number,
  now: Date,
): Promise<CheckSubscriptionsRequiredResponse['data']> {
  await ensurePlans(db);
  const subscriptions = await listMemberSubscriptions(db, userId);
  const rows = await listUserSubscriptions(db, userId);
  const active = rows.filter(({ subscription }) => isSubscriptionActive(toStatuses(subscription)));
  const hasMembership = active.some(({ plan }) => plan.code === 'member');
  const decided = await decideMemberSyncAccess(db, userId, now);
  const betsyncAccounts: CheckSubscriptionsRequiredResponse['data']['betsync_accounts'] = decided.map(
    ({ account, decision }) => ({
      betsync_account_id: account.publicId,
      betsync_book_name: bookTitle(account.book),
      betsync_account_access: decision.access,
      created_at: account.createdAt.toISOString(),
      grace_days_remaining: decision.graceDaysRemaining,
      covered: decision.covered,
    }),
  );
  // Add-ons for the books beyond what the membership (once bought) and the active add-ons cover.
  const addOnsMissing = syncAddOnsMissing(betsyncAccounts.length, await activePlanCounts(db, userId));
  const tier = priceTierAt(now);
  const onSale = (await listPlanRows(db)).filter((row) => row.priceTier === tier);
  const planView = (row: BillingPlanRow) => ({
    code: row.code,
    name: row.name,
    paypal: { plan_id: row.paypalPlanId },
    mobile: { plan_id: row.mobilePlanId },
  });
  const missing = [
    ...(hasMembership ? [] : onSale.filter((row) => row.code === 'member').map(planView)),
    ...onSale
      .filter((row) => row.code === 'add_on')
      .flatMap((row) => Array.from({ length: addOnsMissing }, () => planView(row))),
  ];
  // Required once a linked account's grace has ended without a subscription covering it.
  const graceEndedUncovered = decided.some(({ decision }) => !decision.access);
  return {
    subscriptions_required: graceEndedUncovered,
    betsync_accounts: betsyncAccounts,
    billing_subscriptions: subscriptions,
    missing_subscriptions: missing,
  };
}
