import { isIP } from 'node:net';
import type { RateCount, RateLimiter } from '../../lib/rate-limiter.js';

/**
 * Login limits that strangers cannot turn into a lockout (docs/decisions/017). Failures are counted
 * per account and source address, or per device cookie when the browser has one for the account;
 * a count that reaches its limit locks that source (or that cookie) out of that account for a while,
 * longer each time within a week. Another source, and the owner's own devices, are not held back.
 */

/** Failed logins one source (or one device cookie) may make on one account in the window. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The first lock; each further lock of the same source within a week lasts twice as long, up to a day. */
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MAX_MS = 24 * 60 * 60 * 1000;
const STRIKE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Failures from every source without the account's device cookie together: a ceiling for guessing
 * spread over many addresses. Past it only browsers the owner has logged in with get through.
 */
export const LOGIN_UNTRUSTED_LIMIT = 100;
export const LOGIN_UNTRUSTED_WINDOW_MS = 60 * 60 * 1000;
/** Attempts of any kind from one source, whatever the accounts. */
export const LOGIN_IP_LIMIT = 30;
export const LOGIN_IP_WINDOW_MS = 60 * 1000;

/**
 * The source an attempt is counted under: an IPv4 address, or the /64 network of an IPv6 address
 * (one subscriber usually holds a whole /64, so single IPv6 addresses would cost an attacker nothing).
 */
export function sourceOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Who is attempting what: the account (or the name typed, for none), the source, and a valid device cookie. */
export interface LoginAttempt {
  /** `user:<id>` for an account, `name:<login>` for a name nobody has (counted alike, so answers do not differ). */
  account: string;
  source: string;
  /** The nonce of a valid device cookie for this account, or null. */
  device: string | null;
}

interface Counter {
  scope: string;
  limit: number;
  windowMs: number;
  escalates: boolean;
}

function countersOf(attempt: LoginAttempt): Counter[] {
  if (attempt.device !== null) {
    return [
      {
        scope: `device:${attempt.device}`,
        limit: LOGIN_FAILURE_LIMIT,
        windowMs: LOGIN_FAILURE_WINDOW_MS,
        escalates: true,
      },
    ];
  }
  return [
    {
      scope: `${attempt.account}:src:${attempt.source}`,
      limit: LOGIN_FAILURE_LIMIT,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      escalates: true,
    },
    {
      scope: `${attempt.account}:untrusted`,
      limit: LOGIN_UNTRUSTED_LIMIT,
      windowMs: LOGIN_UNTRUSTED_WINDOW_MS,
      escalates: false,
    },
  ];
}

const failKey = (scope: string) => `login:fail:${scope}`;
const lockKey = (scope: string) => `login:lock:${scope}`;
const strikeKey = (scope: string) => `login:strikes:${scope}`;

/** The lock that holds this attempt back (the longest, if several), or null. */
export async function getLoginLock(limiter: RateLimiter, attempt: LoginAttempt): Promise<RateCount | null> {
  let longest: RateCount | null = null;
  for (const counter of countersOf(attempt)) {
    const lock = await limiter.peek(lockKey(counter.scope));
    if (lock.count > 0 && (!longest || lock.retryAfterSeconds > longest.retryAfterSeconds)) longest = lock;
  }
  return longest;
}

/** Counts a failed login; a count that reaches its limit starts a lock, longer for each lock within a week. */
export async function recordLoginFailure(limiter: RateLimiter, attempt: LoginAttempt): Promise<void> {
  for (const counter of countersOf(attempt)) {
    const failures = await limiter.hit(failKey(counter.scope), counter.windowMs);
    if (failures.count < counter.limit) continue;
    let lockMs = LOGIN_LOCK_MS;
    if (counter.escalates) {
      const strikes = await limiter.hit(strikeKey(counter.scope), STRIKE_WINDOW_MS);
      lockMs = Math.min(LOGIN_LOCK_MS * 2 ** (strikes.count - 1), LOGIN_LOCK_MAX_MS);
    } else {
      lockMs = failures.retryAfterSeconds * 1000;
    }
    await limiter.hit(lockKey(counter.scope), lockMs);
    await limiter.reset(failKey(counter.scope));
  }
}

/** A success clears the count of its own source (or device); the account-wide count of strangers stays. */
export async function recordLoginSuccess(limiter: RateLimiter, attempt: LoginAttempt): Promise<void> {
  await limiter.reset(failKey(countersOf(attempt)[0]!.scope));
}

/** After a password reset the guesses counted against the account no longer matter. */
export async function clearAccountLoginLimits(limiter: RateLimiter, userId: number): Promise<void> {
  const scope = `user:${userId}:untrusted`;
  await limiter.reset(failKey(scope));
  await limiter.reset(lockKey(scope));
}
