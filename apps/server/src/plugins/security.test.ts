import { ErrorBody } from '@pass/contracts';
import { createTestDb } from '@pass/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../app.js';
import { csrfPair, testConfig } from '../test/helpers.js';

/** The whole app with two test routes that count how often their handler ran. */
async function buildAppWithCounters(env: Record<string, string> = {}) {
  const database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  const app = await buildApp({ config: testConfig(env), database, logger: false });
  const counts = { protected: 0, webhook: 0 };
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/test/counter',
    config: { access: 'public' },
    handler: async () => ({ count: ++counts.protected }),
  });
  app.post('/api/test/webhook', { config: { csrf: false, access: 'public' } }, async () => ({
    count: ++counts.webhook,
  }));
  await app.ready();
  return { app, counts };
}

function setCookieHeaders(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** What a browser page's fetch sends with every request (a navigation sends `navigate`). */
const FROM_A_PAGE = { 'sec-fetch-mode': 'cors' };

function xsrfCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
}

describe('security', () => {
  let app: FastifyInstance;
  let counts: { protected: number; webhook: number };
  beforeAll(async () => {
    ({ app, counts } = await buildAppWithCounters());
  });
  afterAll(async () => {
    await app.close();
  });

  describe('headers', () => {
    it('sends a page a content security policy that forbids base and object elements', async () => {
      const response = await app.inject({ method: 'GET', url: '/pools', headers: { accept: 'text/html' } });
      const policy = String(response.headers['content-security-policy']);
      const directives = policy.split(';').map((directive) => directive.trim());
      expect(directives).toContain("base-uri 'none'");
      expect(directives).toContain("object-src 'none'");
      expect(directives).toContain("frame-ancestors 'none'");
      expect(directives).toContain("default-src 'self'");
    });

    it('sends a page the other helmet headers, and no HSTS on plain http', async () => {
      const response = await app.inject({ method: 'GET', url: '/pools', headers: { accept: 'text/html' } });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends a JSON answer of the API the headers of a REST service, an error as much as a success', async () => {
      for (const url of ['/api/health', '/api/pools/1/standings', '/api/no-such-route']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['x-frame-options'], url).toBe('DENY');
        expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
        // A page's headers have nothing to govern in JSON.
        expect(response.headers['referrer-policy'], url).toBeUndefined();
        expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
      }
      // The API's interactive docs are a page.
      const docs = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
    });
  });

  describe('XSRF-TOKEN cookie', () => {
    it('is set on a response to a request without it: readable by the page, SameSite=Lax, not Secure on http', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers: FROM_A_PAGE });
      const cookie = xsrfCookie(response);
      expect(cookie).toBeDefined();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32,}$/);
      expect(cookie?.path).toBe('/');
      expect(cookie?.sameSite).toBe('Lax');
      expect(cookie?.httpOnly).toBeFalsy();
      expect(cookie?.secure).toBeFalsy();
      const [raw] = setCookieHeaders(response).filter((header) => header.startsWith('XSRF-TOKEN='));
      expect(raw).toBeDefined();
      expect(raw).not.toMatch(/HttpOnly/i);
      expect(raw).toMatch(/SameSite=Lax/i);
    });

    it('is a fresh random value for each new visitor', async () => {
      const first = xsrfCookie(await app.inject({ method: 'GET', url: '/api/health', headers: FROM_A_PAGE }));
      const second = xsrfCookie(await app.inject({ method: 'GET', url: '/api/health', headers: FROM_A_PAGE }));
      expect(first?.value).not.toBe(second?.value);
    });

    it('is set on error responses too, so the first request of a page can be retried', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/nope', headers: FROM_A_PAGE });
      expect(response.statusCode).toBe(404);
      expect(xsrfCookie(response)).toBeDefined();
    });

    it("is set on the app's page for a browser that sends no Sec-Fetch headers, which asks for HTML", async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers: { accept: 'text/html,*/*' } });
      expect(xsrfCookie(response)).toBeDefined();
    });

    it('is not made for a client that is no browser page (a script, a health check, a load test)', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(200);
      expect(setCookieHeaders(response)).toEqual([]);
    });

    it('is not set again when the request carries it', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: FROM_A_PAGE,
        cookies: { 'XSRF-TOKEN': 'existing-token' },
      });
      expect(response.statusCode).toBe(200);
      expect(xsrfCookie(response)).toBeUndefined();
      expect(setCookieHeaders(response).some((header) => header.startsWith('XSRF-TOKEN='))).toBe(false);
    });
  });

  describe('double submit', () => {
    const expectForbidden = (response: LightMyRequestResponse) => {
      expect(response.statusCode).toBe(403);
      expect(ErrorBody.parse(response.json()).error.code).toBe('FORBIDDEN');
    };

    it('refuses a POST without the header and does not run the handler', async () => {
      const before = counts.protected;
      expectForbidden(
        await app.inject({ method: 'POST', url: '/api/test/counter', cookies: { 'XSRF-TOKEN': 'token-a' } }),
      );
      expectForbidden(await app.inject({ method: 'POST', url: '/api/test/counter' }));
      expect(counts.protected).toBe(before);
    });

    it('refuses a header without the cookie', async () => {
      const before = counts.protected;
      expectForbidden(
        await app.inject({ method: 'POST', url: '/api/test/counter', headers: { 'x-xsrf-token': 'token-a' } }),
      );
      expect(counts.protected).toBe(before);
    });

    it.each([
      ['a different token of the same length', 'token-b'],
      ['a longer token', 'token-aa'],
      ['a prefix of the token', 'token'],
      ['an empty header', ''],
    ])('refuses a header holding %s', async (_case, header) => {
      const before = counts.protected;
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/counter',
        cookies: { 'XSRF-TOKEN': 'token-a' },
        headers: { 'x-xsrf-token': header },
      });
      expectForbidden(response);
      expect(counts.protected).toBe(before);
    });

    it('checks before the body is read, so a forged request learns nothing from validation', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/counter',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expectForbidden(response);
    });

    it.each(['PUT', 'PATCH', 'DELETE'] as const)('protects %s as well', async (method) => {
      const before = counts.protected;
      expectForbidden(await app.inject({ method, url: '/api/test/counter' }));
      expect(counts.protected).toBe(before);
      const allowed = await app.inject({ method, url: '/api/test/counter', ...csrfPair() });
      expect(allowed.statusCode).toBe(200);
      expect(counts.protected).toBe(before + 1);
    });

    it('lets a POST with a matching cookie and header through', async () => {
      const before = counts.protected;
      const response = await app.inject({ method: 'POST', url: '/api/test/counter', ...csrfPair() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ count: before + 1 });
      expect(counts.protected).toBe(before + 1);
    });

    it('accepts the token the server itself handed out', async () => {
      const token =
        xsrfCookie(await app.inject({ method: 'GET', url: '/api/health', headers: FROM_A_PAGE }))?.value ?? '';
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/counter',
        cookies: { 'XSRF-TOKEN': token },
        headers: { 'x-xsrf-token': token },
      });
      expect(response.statusCode).toBe(200);
    });

    it('exempts a route configured with csrf: false', async () => {
      const before = counts.webhook;
      const response = await app.inject({ method: 'POST', url: '/api/test/webhook' });
      expect(response.statusCode).toBe(200);
      expect(counts.webhook).toBe(before + 1);
    });
  });
});

describe('security behind https', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildAppWithCounters({ PUBLIC_URL: 'https://pass.example.org' }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('marks the XSRF-TOKEN cookie Secure', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: FROM_A_PAGE });
    expect(xsrfCookie(response)?.secure).toBe(true);
    expect(setCookieHeaders(response).find((header) => header.startsWith('XSRF-TOKEN='))).toMatch(/;\s*Secure/i);
  });

  it('sends Strict-Transport-Security', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
