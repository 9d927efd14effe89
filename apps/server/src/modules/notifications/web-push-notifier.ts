import type https from 'node:https';
import type { PushPayload } from '@pass/contracts';
import type { Database } from '@pass/db';
import webpush from 'web-push';
import type { Config } from '../../env.js';
import type { Clock } from '../../lib/clock.js';
import { GuardedHttpsAgent, isPushServiceEndpoint, STRICT_OUTBOUND, type OutboundPolicy } from '../../lib/outbound.js';
import type { PushKind, PushMessage, PushNotifier } from './push-notifier.js';
import * as repository from './push.repository.js';

/**
 * Web Push (RFC 8030, payloads encrypted per RFC 8291, signed per RFC 8292 with the configured VAPID keys;
 * decision 044). Each push goes to every subscribed device of the member, on its own: a device the push
 * service reports gone (404, 410) is dropped, any other failure is logged and the next device still gets its
 * push. Nothing here throws to the caller.
 */

/**
 * What one round of pushes did: devices reached, and devices not reached for any reason. Why a device was not
 * reached (gone, refused, unreachable) stays in the logs: an answer that told them apart would report how the
 * far end behaved (decision 054).
 */
export interface PushDelivery {
  sent: number;
  failed: number;
}

/** How each device's push ended; only the logs and the device's row see more than sent or not. */
type PushOutcome = 'sent' | 'removed' | 'failed';

/** The most devices a member keeps: a new one past it replaces their oldest (decision 054). */
export const PUSH_DEVICES_MAX = 10;

/**
 * Where pushes may go: the push services' hosts only (lib/outbound.ts), at public addresses. Tests name their
 * local push service and allow its loopback address; production takes the default.
 */
export interface PushOutbound extends OutboundPolicy {
  extraPushHosts: readonly string[];
}

export const STRICT_PUSH_OUTBOUND: PushOutbound = { ...STRICT_OUTBOUND, extraPushHosts: [] };

export interface WebPushNotifier extends PushNotifier {
  /** The VAPID public key devices subscribe with; null when push is off (no keys configured). */
  readonly publicKey: string | null;
  /** Sends to every device of the member whatever kinds they opted in to: the device test. */
  sendToDevices(userId: number, message: PushMessage): Promise<PushDelivery>;
  /** Whether an endpoint is one this server would push to: a browser vendor's push service. */
  acceptsEndpoint(endpoint: string): boolean;
}

export interface WebPushOptions {
  db: Database;
  /** The configuration's keys and subject; null turns push off. */
  push: Config['push'];
  now: Clock;
  log: { warn(details: object, message: string): void };
  /** Where pushes may go; strict unless a test names its local push service. */
  outbound?: PushOutbound;
  /** TLS options of the connections to push services; tests trust their local service's certificate. */
  tls?: Pick<https.AgentOptions, 'ca'>;
  /** How long a push service may take to answer one push. */
  timeoutMs?: number;
}

/**
 * How long a push service keeps a push for a device that is offline (TTL, seconds), and how soon it should
 * wake the device (Urgency, RFC 8030 section 5.3). A reminder is worth nothing once picks lock, so it is kept
 * an hour and delivered at once; results keep for two days; a mention for a day.
 */
export const PUSH_DELIVERY: Record<PushKind | 'test', { ttl: number; urgency: webpush.Urgency }> = {
  pick_reminder: { ttl: 3_600, urgency: 'high' },
  pool_results: { ttl: 2 * 86_400, urgency: 'normal' },
  chat_mention: { ttl: 86_400, urgency: 'normal' },
  test: { ttl: 300, urgency: 'high' },
};

/** Longer text is cut: an encrypted push carries at most 4 KB, and a notification shows a few lines. */
const TITLE_MAX = 120;
const BODY_MAX = 400;
const DEFAULT_TIMEOUT_MS = 10_000;

function cut(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/** The JSON a device receives (the service worker shows it): title, body, the address a tap opens, tag. */
export function pushPayload(message: PushMessage): PushPayload {
  return {
    title: cut(message.title, TITLE_MAX),
    body: cut(message.body, BODY_MAX),
    url: message.url,
    ...(message.tag === undefined ? {} : { tag: message.tag }),
  };
}

/** The push service's host, for logs: the endpoint's path is the device's capability and stays out of them. */
function serviceOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'unknown';
  }
}

function statusOf(error: unknown): number | null {
  if (error instanceof webpush.WebPushError) return error.statusCode;
  return null;
}

export function createWebPushNotifier(options: WebPushOptions): WebPushNotifier {
  const { db, push, now, log } = options;
  const outbound = options.outbound ?? STRICT_PUSH_OUTBOUND;
  const acceptsEndpoint = (endpoint: string) => isPushServiceEndpoint(endpoint, outbound.extraPushHosts);
  if (!push) {
    return {
      publicKey: null,
      async notify() {},
      async sendToDevices() {
        return { sent: 0, failed: 0 };
      },
      acceptsEndpoint,
    };
  }
  const vapidDetails = { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey };
  const agent = new GuardedHttpsAgent(outbound, { keepAlive: false, ...options.tls });

  async function sendOne(
    device: repository.DeviceRow,
    payload: string,
    delivery: (typeof PUSH_DELIVERY)[keyof typeof PUSH_DELIVERY],
  ): Promise<PushOutcome> {
    if (!acceptsEndpoint(device.endpoint)) {
      // Stored before endpoints were held to the push services' hosts: it is never pushed to.
      await repository.deleteDevice(db, device.id, device.endpoint);
      return 'removed';
    }
    try {
      await webpush.sendNotification(
        // The endpoint as the host check read it, so the push library cannot read another host out of it.
        { endpoint: new URL(device.endpoint).href, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails,
          TTL: delivery.ttl,
          urgency: delivery.urgency,
          contentEncoding: 'aes128gcm',
          timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          agent,
        },
      );
    } catch (error) {
      const status = statusOf(error);
      // RFC 8030 section 7.3: the subscription is gone (410), or the service does not know it (404).
      if (status === 404 || status === 410) {
        await repository.deleteDevice(db, device.id, device.endpoint);
        return 'removed';
      }
      log.warn(
        {
          service: serviceOf(device.endpoint),
          status,
          err: status === null && error instanceof Error ? { message: error.message } : undefined,
        },
        'push: a push service refused a push or could not be reached',
      );
      return 'failed';
    }
    await repository.markSent(db, device.id, now());
    return 'sent';
  }

  async function sendToDevices(userId: number, message: PushMessage, kind: PushKind | 'test'): Promise<PushDelivery> {
    const result: PushDelivery = { sent: 0, failed: 0 };
    const devices = await repository.listDevices(db, userId);
    const payload = JSON.stringify(pushPayload(message));
    const outcomes = await Promise.all(
      devices.map((device) =>
        sendOne(device, payload, PUSH_DELIVERY[kind]).catch((error: unknown) => {
          log.warn({ err: error, service: serviceOf(device.endpoint) }, 'push: a push could not be recorded');
          return 'failed' as const;
        }),
      ),
    );
    for (const outcome of outcomes) result[outcome === 'sent' ? 'sent' : 'failed'] += 1;
    return result;
  }

  return {
    publicKey: push.publicKey,
    async notify(userId, kind, message) {
      try {
        if (!(await repository.hasOptedIn(db, userId, kind))) return;
        await sendToDevices(userId, message, kind);
      } catch (error) {
        log.warn({ err: error, kind }, 'push: a notification could not be sent');
      }
    },
    sendToDevices: (userId, message) => sendToDevices(userId, message, 'test'),
    acceptsEndpoint,
  };
}
