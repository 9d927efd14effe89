import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGooglePlay } from '../../test/fake-google-play.js';
import { GooglePlayClient, GooglePlayError } from './google-play-client.js';

/** The Android Publisher client against the local Google Play: its token, its retries and its errors. */
describe('Google Play client', () => {
  const play = new FakeGooglePlay();
  beforeAll(async () => {
    await play.start();
  });
  afterAll(async () => {
    await play.stop();
  });

  const client = (options: { serviceAccount?: string; attempts?: number; waits?: number[] } = {}) =>
    new GooglePlayClient({
      // The fake service listens on loopback: tests only.
      outbound: { allowPrivateAddresses: true },
      baseUrl: play.url,
      packageName: play.packageName,
      serviceAccount: JSON.parse(options.serviceAccount ?? play.serviceAccount) as {
        client_email: string;
        private_key: string;
        token_uri: string;
      },
      retry: { attempts: options.attempts ?? 3, baseDelayMs: 1 },
      sleep: async (ms) => void options.waits?.push(ms),
    });
  const tokenRequests = () => play.requests.filter((request) => request.path === '/token').length;

  it('gets one token for many calls and reads the subscription', async () => {
    const token = play.addPurchase({ productId: 'pass.sync.member.regular', accountId: 'a', expiryTime: new Date() });
    const api = client();
    const before = tokenRequests();
    const [first, second] = await Promise.all([api.getSubscription(token), api.getSubscription(token)]);
    expect(first.subscriptionState).toBe('SUBSCRIPTION_STATE_ACTIVE');
    expect(second.lineItems[0]?.productId).toBe('pass.sync.member.regular');
    expect(tokenRequests() - before).toBe(1);
    const calls = play.requests.filter((request) => request.path.includes('/subscriptionsv2/'));
    expect(calls.at(-1)?.authorization).toMatch(/^Bearer ya29\./);
  });

  it('tries again after a 5xx, and gives up after its attempts', async () => {
    const token = play.addPurchase({ productId: 'pass.sync.member.regular', expiryTime: new Date() });
    const api = client({ attempts: 3 });
    play.failNext(2);
    expect((await api.getSubscription(token)).subscriptionState).toBe('SUBSCRIPTION_STATE_ACTIVE');
    play.failNext(3);
    await expect(api.getSubscription(token)).rejects.toMatchObject({ status: 503 });
  });

  it('waits what a Retry-After asks before trying again', async () => {
    const token = play.addPurchase({ productId: 'pass.sync.member.regular', expiryTime: new Date() });
    const waits: number[] = [];
    const api = client({ waits });
    await api.getSubscription(token);
    play.failNext(1, 429, { 'retry-after': '3' });
    expect((await api.getSubscription(token)).subscriptionState).toBe('SUBSCRIPTION_STATE_ACTIVE');
    expect(waits).toEqual([3000]);
  });

  it('says not found for a token Google does not have, and cancels one it has', async () => {
    const api = client();
    const error = await api.getSubscription('no-such-token').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GooglePlayError);
    expect((error as GooglePlayError).notFound).toBe(true);
    const token = play.addPurchase({ productId: 'pass.sync.member.regular', expiryTime: new Date() });
    await api.cancelSubscription('pass.sync.member.regular', token);
    expect(play.purchases.get(token)?.subscriptionState).toBe('SUBSCRIPTION_STATE_CANCELED');
  });

  it('is refused a token with another key, and never puts the key in the error', async () => {
    const stranger = new FakeGooglePlay();
    const account = JSON.parse(stranger.serviceAccount) as Record<string, string>;
    const forged = JSON.stringify({ ...JSON.parse(play.serviceAccount), private_key: account.private_key });
    const error = await client({ serviceAccount: forged })
      .getSubscription('whatever')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400 });
    expect(String((error as Error).message)).not.toContain('PRIVATE KEY');
  });
});
