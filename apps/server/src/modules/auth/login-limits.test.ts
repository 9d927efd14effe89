import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.js';
import {
  clearAccountLoginLimits,
  getLoginLock,
  LOGIN_FAILURE_LIMIT,
  LOGIN_LOCK_MAX_MS,
  LOGIN_LOCK_MS,
  LOGIN_UNTRUSTED_LIMIT,
  recordLoginFailure,
  recordLoginSuccess,
  sourceOf,
  type LoginAttempt,
} from './login-limits.js';

function limiterWithClock() {
  const clock = { now: Date.UTC(2026, 10, 22, 12) };
  return { clock, limiter: createMemoryRateLimiter(() => clock.now) };
}

const attempt = (overrides: Partial<LoginAttempt> = {}): LoginAttempt => ({
  account: 'user:1',
  source: '203.0.113.7',
  device: null,
  ...overrides,
});

async function fail(limiter: ReturnType<typeof createMemoryRateLimiter>, who: LoginAttempt, times: number) {
  for (let index = 0; index < times; index++) await recordLoginFailure(limiter, who);
}

describe('sourceOf', () => {
  it('keeps an IPv4 address, unwraps an IPv4-mapped IPv6 one, and takes the /64 of an IPv6 one', () => {
    expect(sourceOf('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOf('2001:db8:85a3:12:8a2e:370:7334:1')).toBe('2001:db8:85a3:12::/64');
    expect(sourceOf('2001:0db8:0000:0012:ffff::9')).toBe('2001:db8:0:12::/64');
    expect(sourceOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceOf('::1')).toBe('0:0:0:0::/64');
    // Neighbours in one /64 are one source; the next /64 is another.
    expect(sourceOf('2001:db8:1:2::a')).toBe(sourceOf('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(sourceOf('2001:db8:1:3::a')).not.toBe(sourceOf('2001:db8:1:2::a'));
  });
});

describe('login limits', () => {
  it(`locks a source out of an account at its ${LOGIN_FAILURE_LIMIT}th failure, for ${LOGIN_LOCK_MS / 60_000} minutes`, async () => {
    const { clock, limiter } = limiterWithClock();
    await fail(limiter, attempt(), LOGIN_FAILURE_LIMIT - 1);
    expect(await getLoginLock(limiter, attempt())).toBeNull();
    await fail(limiter, attempt(), 1);
    expect(await getLoginLock(limiter, attempt())).toEqual({ count: 1, retryAfterSeconds: LOGIN_LOCK_MS / 1000 });
    // Another source, another account, the owner's device: not held back.
    expect(await getLoginLock(limiter, attempt({ source: '198.51.100.1' }))).toBeNull();
    expect(await getLoginLock(limiter, attempt({ account: 'user:2' }))).toBeNull();
    expect(await getLoginLock(limiter, attempt({ device: 'owner-device-nonce-0001' }))).toBeNull();
    clock.now += LOGIN_LOCK_MS - 1000;
    expect(await getLoginLock(limiter, attempt())).toEqual({ count: 1, retryAfterSeconds: 1 });
    clock.now += 1000;
    expect(await getLoginLock(limiter, attempt())).toBeNull();
    await limiter.close();
  });

  it('slows a source down: each further lock within a week lasts twice as long, up to a day', async () => {
    const { clock, limiter } = limiterWithClock();
    const expected = [1, 2, 4, 8, 16, 32, 64, 96, 96].map((factor) =>
      Math.min(LOGIN_LOCK_MS * factor, LOGIN_LOCK_MAX_MS),
    );
    for (const lockMs of expected) {
      await fail(limiter, attempt(), LOGIN_FAILURE_LIMIT);
      expect((await getLoginLock(limiter, attempt()))?.retryAfterSeconds).toBe(lockMs / 1000);
      clock.now += lockMs;
      expect(await getLoginLock(limiter, attempt())).toBeNull();
    }
    await limiter.close();
  });

  it('counts a device cookie on its own: its failures lock it, not the source, and the source’s do not touch it', async () => {
    const { limiter } = limiterWithClock();
    const device = attempt({ device: 'owner-device-nonce-0001' });
    await fail(limiter, attempt(), LOGIN_FAILURE_LIMIT);
    expect(await getLoginLock(limiter, attempt())).not.toBeNull();
    expect(await getLoginLock(limiter, device)).toBeNull();
    await fail(limiter, device, LOGIN_FAILURE_LIMIT);
    expect(await getLoginLock(limiter, device)).not.toBeNull();
    expect(await getLoginLock(limiter, attempt({ device: 'another-device-nonce-02' }))).toBeNull();
    await limiter.close();
  });

  it(`stops strangers spread over many addresses at ${LOGIN_UNTRUSTED_LIMIT} failures an hour, while the owner's device gets in`, async () => {
    const { limiter } = limiterWithClock();
    for (let index = 0; index < LOGIN_UNTRUSTED_LIMIT; index++) {
      // Each address stays under its own limit.
      await recordLoginFailure(limiter, attempt({ source: `198.51.100.${index + 1}` }));
    }
    expect(await getLoginLock(limiter, attempt({ source: '192.0.2.1' }))).not.toBeNull();
    expect(await getLoginLock(limiter, attempt({ device: 'owner-device-nonce-0001' }))).toBeNull();
    expect(await getLoginLock(limiter, attempt({ account: 'user:2', source: '192.0.2.1' }))).toBeNull();
    // A password reset clears it.
    await clearAccountLoginLimits(limiter, 1);
    expect(await getLoginLock(limiter, attempt({ source: '192.0.2.1' }))).toBeNull();
    await limiter.close();
  });

  it('a success clears the count of its own source only', async () => {
    const { limiter } = limiterWithClock();
    const other = attempt({ source: '198.51.100.1' });
    await fail(limiter, attempt(), LOGIN_FAILURE_LIMIT - 1);
    await fail(limiter, other, LOGIN_FAILURE_LIMIT - 1);
    await recordLoginSuccess(limiter, attempt());
    await fail(limiter, attempt(), 1);
    await fail(limiter, other, 1);
    expect(await getLoginLock(limiter, attempt())).toBeNull();
    expect(await getLoginLock(limiter, other)).not.toBeNull();
    await limiter.close();
  });
});
