import { createTestDb } from '@pass/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { createMemoryRateLimiter, type RateLimiter } from '../lib/rate-limiter.js';
import { csrfPair, testConfig } from '../test/helpers.js';

const CLIENT = '127.0.0.1';
const CLAIMED = '203.0.113.77';

/** A limiter that remembers every key it counted, to see whose address a login attempt was counted under. */
function recordingLimiter(): { limiter: RateLimiter; keys: string[] } {
  const inner = createMemoryRateLimiter();
  const keys: string[] = [];
  return {
    keys,
    limiter: {
      ...inner,
      hit: (key, windowMs) => {
        keys.push(key);
        return inner.hit(key, windowMs);
      },
    },
  };
}

describe('X-Forwarded-For and TRUST_PROXY', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function attemptLogin(env: Record<string, string>) {
    const { limiter, keys } = recordingLimiter();
    const database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
    // Production, where loopback proxies used to be trusted without being configured.
    app = await buildApp({ config: testConfig({ NODE_ENV: 'production', ...env }), database, limiter, logger: false });
    app.get('/api/test/ip', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
    const pair = csrfPair();
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: CLIENT,
      cookies: pair.cookies,
      headers: { ...pair.headers, 'x-forwarded-for': CLAIMED },
      payload: { username: 'nobody-at-all', password: 'wrong password' },
    });
    expect(login.statusCode).toBe(401);
    const seen = await app.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: CLIENT,
      headers: { 'x-forwarded-for': CLAIMED },
    });
    return { keys, ip: (seen.json() as { ip: string }).ip };
  }

  it('by default ignores X-Forwarded-For, even from the same host: the login limit counts the real address', async () => {
    const { keys, ip } = await attemptLogin({});
    expect(ip).toBe(CLIENT);
    expect(keys.some((key) => key.includes(CLIENT))).toBe(true);
    expect(keys.some((key) => key.includes(CLAIMED))).toBe(false);
  });

  it('believes X-Forwarded-For from a proxy TRUST_PROXY names', async () => {
    const { keys, ip } = await attemptLogin({ TRUST_PROXY: 'loopback' });
    expect(ip).toBe(CLAIMED);
    expect(keys.some((key) => key.includes(CLAIMED))).toBe(true);
  });

  it('ignores it from an address TRUST_PROXY does not name', async () => {
    const { ip } = await attemptLogin({ TRUST_PROXY: '10.0.0.0/8' });
    expect(ip).toBe(CLIENT);
  });
});
