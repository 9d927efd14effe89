import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, errorResponse, sentRequests } from '../../testing/api-server';
import { renderWithProviders } from '../../testing/render';
import PushDeviceCard, { keyBytes } from './push-device-card';
import { browserSupportsPush } from './push-support';

// A P-256 public key as the server gives it (65 bytes, base64url).
const PUBLIC_KEY = `B${'A'.repeat(85)}Q`;
const SUBSCRIPTION = {
  endpoint: 'https://push.example.net/send/device-1',
  expirationTime: null,
  keys: { p256dh: `B${'C'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
};

/** A browser with the Push API: permission as given, a service worker, and a subscription or none. */
function pushBrowser(options: {
  permission?: NotificationPermission;
  subscribed?: boolean;
  answer?: NotificationPermission;
}) {
  let current: PushSubscription | null = null;
  const makeSubscription = (key: ArrayBuffer | null) =>
    ({
      endpoint: SUBSCRIPTION.endpoint,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => SUBSCRIPTION,
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  if (options.subscribed) current = makeSubscription(keyBytes(PUBLIC_KEY).buffer);
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array<ArrayBuffer> }) => {
      current = makeSubscription(applicationServerKey.buffer);
      return current;
    }),
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  vi.stubGlobal('PushManager', function PushManager() {});
  const notification = Object.assign(function Notification() {}, {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => options.answer ?? 'granted'),
  });
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  });
  return { pushManager, notification, subscription: () => current };
}

/** The server: its public key (null: push is off) always answers; the device endpoints as the test says. */
function server(publicKey: string | null) {
  answer('get', '/api/push/public-key', { data: { public_key: publicKey } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('notifications on this device', () => {
  it('needs a service worker, the Push API and notifications in the browser', () => {
    expect(browserSupportsPush()).toBe(false);
    pushBrowser({});
    expect(browserSupportsPush()).toBe(true);
  });

  it('shows nothing when the server has push turned off', async () => {
    pushBrowser({});
    server(null);
    const { container } = renderWithProviders(<PushDeviceCard />);
    await waitFor(() => expect(sentRequests()).not.toEqual([]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('section')).toBeNull();
  });

  it('asks permission, subscribes with the server’s key and hands the subscription to the server', async () => {
    const browser = pushBrowser({});
    server(PUBLIC_KEY);
    answer(
      'post',
      '/api/user/push-subscriptions',
      { data: { endpoint: SUBSCRIPTION.endpoint, created_at: '2026-11-24T12:00:00Z' } },
      { status: 201 },
    );
    renderWithProviders(<PushDeviceCard />);
    expect(await screen.findByRole('heading', { name: 'Notifications on this device' })).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Turn on notifications' }));

    expect(await screen.findByText('Notifications are on for this device.')).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.applicationServerKey).toEqual(keyBytes(PUBLIC_KEY));
    expect(keyBytes(PUBLIC_KEY)).toHaveLength(65);
    const [post] = sentRequests({ method: 'post' });
    expect(await post!.json()).toEqual(SUBSCRIPTION);
    expect(screen.getByRole('button', { name: 'Send a test' })).toBeInTheDocument();
  });

  it('says how to allow notifications when the member refuses them, and subscribes nothing', async () => {
    const browser = pushBrowser({ answer: 'denied' });
    server(PUBLIC_KEY);
    renderWithProviders(<PushDeviceCard />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/blocked for PA\$\$ in this browser/);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('turns off: unsubscribes the browser and tells the server; a test says how many devices it reached', async () => {
    const browser = pushBrowser({ permission: 'granted', subscribed: true });
    server(PUBLIC_KEY);
    answer('post', '/api/user/push-subscriptions/test', { data: { sent: 2, failed: 0 } });
    answer('delete', '/api/user/push-subscriptions', () => errorResponse(404, 'NOT_FOUND'));
    renderWithProviders(<PushDeviceCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send a test' }));
    expect(await screen.findByText('A test notification is on its way to your 2 devices.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByText('Notifications are off for this device.')).toBeInTheDocument();
    expect(browser.subscription()).toBeNull();
    const [remove] = sentRequests({ method: 'delete' });
    expect(await remove!.json()).toEqual({ endpoint: SUBSCRIPTION.endpoint });
    expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
  });
});
