import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorBody } from '@pass/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, csrfPair, type TestApp } from '../test/helpers.js';

const INDEX_HTML =
  '<!doctype html><html><head><title>PA$$</title></head><body><div id="root" data-shell="web-app-test"></div></body></html>';
const APP_JS = 'console.log("app-abc");\n';
const SW_JS = 'self.addEventListener("fetch", () => {});\n';
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function expectJsonNotFound(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(ErrorBody.parse(response.json()).error.code).toBe('NOT_FOUND');
  expect(response.body).not.toContain('data-shell');
}

function expectIndex(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.body).toBe(INDEX_HTML);
}

describe('web app', () => {
  let webDir: string;
  let testApp: TestApp;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'pass-web-dist-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webDir, 'assets', 'app-abc.js'), APP_JS);
    writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"PA$$"}');
    writeFileSync(path.join(webDir, 'sw.js'), SW_JS);
    testApp = await buildTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await testApp.app.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('serves index.html at / to a browser, revalidated every time', async () => {
    expectIndex(await testApp.app.inject({ method: 'GET', url: '/', headers: html }));
  });

  it.each(['/some/deep/route', '/football/2024/week/3?sport=nfl', '/pools/abc/standings/'])(
    'falls back to index.html for the client route %s',
    async (url) => {
      expectIndex(await testApp.app.inject({ method: 'GET', url, headers: html }));
    },
  );

  it.each(['/u/passwd?token=abc', '/account/verify/abc', '/account/email/revert/abc'])(
    'serves the link page %s without a referrer, as its address holds a token',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expectIndex(response);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    },
  );

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(APP_JS);
  });

  it('serves other files of the build without the immutable cache', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest as a web app manifest', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(response.body)).toEqual({ name: 'PA$$' });
  });

  it('serves the service worker as a script revalidated every time, so a new version is found at once', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(SW_JS);
    // The worker loads and works under the page's own policy: scripts, workers and the manifest from this origin.
    expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(response.headers['content-security-policy']).toContain("manifest-src 'self'");
  });

  it.each(['/api/nope', '/auth/nope', '/billing/nope', '/legal/nope', '/ws/nope'])(
    'answers the unknown API path %s with a JSON 404 even to a browser',
    async (url) => {
      expectJsonNotFound(await testApp.app.inject({ method: 'GET', url, headers: html }));
    },
  );

  it('answers a missing file that is not a page request with a JSON 404', async () => {
    expectJsonNotFound(await testApp.app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } }));
    expectJsonNotFound(await testApp.app.inject({ method: 'GET', url: '/assets/app-missing.js' }));
  });

  it('does not answer a POST with the web app', async () => {
    expectJsonNotFound(
      await testApp.app.inject({
        method: 'POST',
        url: '/some/deep/route',
        headers: { ...html, ...csrfPair().headers },
        cookies: csrfPair().cookies,
      }),
    );
  });

  it('does not serve files outside the build directory', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/..%2f..%2fpackage.json' });
    expect(response.statusCode).not.toBe(200);
    expect(response.body).not.toContain('"workspaces"');
  });

  it('still sends the security headers on pages', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
  });
});

describe('web app absent', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ WEB_DIST_DIR: path.join(tmpdir(), 'pass-no-such-web-dist') });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('answers a page request with a JSON 404 when no build exists', async () => {
    expectJsonNotFound(await testApp.app.inject({ method: 'GET', url: '/', headers: html }));
    expectJsonNotFound(await testApp.app.inject({ method: 'GET', url: '/some/deep/route', headers: html }));
  });

  it('still serves the API', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});

describe("the pages with PayPal's buttons", () => {
  let webDir: string;
  let testApp: TestApp;
  const sdkOrigin = 'http://127.0.0.1:9';

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'pass-web-dist-'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    testApp = await buildTestApp({
      WEB_DIST_DIR: webDir,
      PAYPAL_CLIENT_ID: 'client-id',
      PAYPAL_CLIENT_SECRET: 'client-secret',
      PAYPAL_SDK_URL: `${sdkOrigin}/sdk/js`,
    });
  });
  afterAll(async () => {
    await testApp.app.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const directive = (policy: string, name: string) =>
    policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? '';

  it.each(['/subscribe', '/college/subscribe', '/campaign/pass-pool-party/signup-for-free', '/user/profile?tab=1'])(
    'lets PayPal’s script, frames, calls, images and styles into %s, and the stand-in SDK’s origin',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expectIndex(response);
      const policy = String(response.headers['content-security-policy']);
      for (const name of ['script-src', 'frame-src', 'connect-src', 'img-src', 'style-src']) {
        const sources = directive(policy, name).split(' ');
        expect(sources, name).toEqual(expect.arrayContaining(['*.paypal.com', '*.paypalobjects.com', sdkOrigin]));
      }
      // The rest of the strict policy stays.
      expect(directive(policy, 'object-src')).toBe("object-src 'none'");
      expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    },
  );

  it.each(['/', '/football/schedule', '/subscribe/other', '/user/bets'])(
    'keeps the strict policy on %s',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).not.toContain('paypal');
      expect(policy).not.toContain(sdkOrigin);
      expect(directive(policy, 'script-src')).toBe("script-src 'self'");
      expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    },
  );

  it('tells the web app the client id and the SDK’s address', async () => {
    const response = await testApp.app.inject({ url: '/api/config' });
    expect(response.json<{ paypal: unknown }>().paypal).toEqual({
      clientId: 'client-id',
      sdkUrl: `${sdkOrigin}/sdk/js`,
    });
    // A JSON answer: the API's policy, which lets nothing in (decision 091).
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});
