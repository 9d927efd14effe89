/**
 * The parts of PayPal's REST v1 objects that PA$$ reads or sends (PayPal's OpenAPI files in
 * `../shared/contracts/paypal` hold the whole of them; the test fake checks its answers against those).
 */

export type PayPalSubscriptionStatus =
  'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PayPalSubscription {
  id: string;
  plan_id: string;
  status: PayPalSubscriptionStatus;
  status_update_time?: string;
  custom_id?: string;
  start_time?: string;
  create_time?: string;
  subscriber?: { email_address?: string };
  billing_info?: {
    outstanding_balance?: PayPalMoney;
    next_billing_time?: string;
    failed_payments_count?: number;
    last_payment?: { amount: PayPalMoney; time: string };
  };
}

export interface PayPalProductRequest {
  name: string;
  description?: string;
  type: 'PHYSICAL' | 'DIGITAL' | 'SERVICE';
  category?: string;
}

export interface PayPalProduct {
  id: string;
  name: string;
  description?: string;
  create_time?: string;
}

export interface PayPalBillingCycle {
  tenure_type: 'REGULAR' | 'TRIAL';
  sequence: number;
  total_cycles: number;
  frequency: { interval_unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; interval_count: number };
  pricing_scheme?: { fixed_price: PayPalMoney };
}

export interface PayPalPlanRequest {
  product_id: string;
  name: string;
  description?: string;
  status?: 'CREATED' | 'ACTIVE' | 'INACTIVE';
  billing_cycles: PayPalBillingCycle[];
  payment_preferences: {
    auto_bill_outstanding?: boolean;
    payment_failure_threshold?: number;
    setup_fee_failure_action?: 'CONTINUE' | 'CANCEL';
  };
}

export interface PayPalPlan {
  id: string;
  product_id: string;
  name: string;
  status: 'CREATED' | 'ACTIVE' | 'INACTIVE';
  description?: string;
  billing_cycles?: PayPalBillingCycle[];
  create_time?: string;
}

/** The body of `POST /v1/notifications/verify-webhook-signature`. */
export interface PayPalWebhookVerification {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: unknown;
}

/** A webhook's envelope. */
export interface PayPalWebhookEvent {
  id: string;
  event_type: string;
  resource_type?: string;
  create_time?: string;
  resource: Record<string, unknown>;
}
