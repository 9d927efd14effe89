import { isPayPalPage } from '@pass/domain';
import { documentStartPath } from '../../../lib/document-start';

/**
 * PayPal's browser SDK, loaded once from the server's `sdkUrl` with subscription intent
 * (`?client-id=…&vault=true&intent=subscription`), and the small part of its API the subscribe panel uses.
 */

export interface PayPalSubscriptionActions {
  subscription: { create(input: { plan_id: string; custom_id: string }): Promise<string> };
}

export interface PayPalButtonsOptions {
  style?: Record<string, string | number>;
  createSubscription(data: unknown, actions: PayPalSubscriptionActions): Promise<string>;
  onApprove(data: { subscriptionID?: string | null }): Promise<void> | void;
  onCancel?(data: unknown): void;
  onError?(error: unknown): void;
}

export interface PayPalButtons {
  render(container: HTMLElement | string): Promise<void>;
  close?(): Promise<void>;
}

export interface PayPalNamespace {
  Buttons(options: PayPalButtonsOptions): PayPalButtons;
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

/** The SDK's address for this client id, with subscription intent. */
export function payPalSdkSrc(sdkUrl: string, clientId: string): string {
  const url = new URL(sdkUrl, window.location.origin);
  url.searchParams.set('client-id', clientId);
  url.searchParams.set('vault', 'true');
  url.searchParams.set('intent', 'subscription');
  return url.toString();
}

const loads = new Map<string, Promise<PayPalNamespace>>();

/** Loads the SDK once per address; a failed load is forgotten so that a later attempt tries again. */
export function loadPayPalSdk(sdkUrl: string, clientId: string): Promise<PayPalNamespace> {
  const src = payPalSdkSrc(sdkUrl, clientId);
  let load = loads.get(src);
  if (!load) {
    load = new Promise<PayPalNamespace>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.paypalSdk = 'true';
      script.addEventListener('load', () => {
        if (window.paypal) resolve(window.paypal);
        else reject(new Error('The PayPal script loaded but offered no buttons.'));
      });
      script.addEventListener('error', () => {
        script.remove();
        reject(new Error(`The PayPal script could not be loaded from ${new URL(src).origin}.`));
      });
      document.head.appendChild(script);
    });
    load.catch(() => loads.delete(src));
    loads.set(src, load);
  }
  return load;
}

/**
 * Whether this document was loaded at a page whose content security policy lets PayPal in (decision 046):
 * the server widens it only for those pages' documents, so a page reached by in-app navigation from elsewhere
 * runs under the strict policy and must be loaded again.
 */
export function documentAllowsPayPal(): boolean {
  return isPayPalPage(documentStartPath);
}

/** Reports a failure as an error event (the specification's "reported as an error event"). */
export function reportPayPalError(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else console.error(error);
}
