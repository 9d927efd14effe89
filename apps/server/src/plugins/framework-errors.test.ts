import { ErrorBody } from '@pass/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { listenLocally, rawRequest, type RawResponse } from '../test/raw-http.js';

// Text that must never come back: a request may carry it in its URL or headers to have it shown to someone.
const MARKER = 'echo-marker-7c1d';

function errorOf(response: LightMyRequestResponse | RawResponse): ErrorBody['error'] {
  expect(response.body).not.toContain(MARKER);
  return ErrorBody.parse(JSON.parse(response.body)).error;
}

describe('framework errors in the API’s shape (app.inject)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('answers a malformed percent-encoding in the path with 400 naming the URL, without quoting it', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/almanac/${MARKER}%E0%A4%A/KC` });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-request-id']).toBeTruthy();
    const error = errorOf(response);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.fields).toEqual([{ field: 'url', message: 'must be percent-encoded UTF-8' }]);
  });

  it('answers a path parameter over 100 characters with 400, without quoting it', async () => {
    const team = `${MARKER}${'x'.repeat(100)}`;
    const response = await testApp.app.inject({ method: 'GET', url: `/api/almanac/americanfootball_nfl/${team}` });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.fields?.[0]?.field).toBe('params');
  });

  it('answers an unknown API path with 404 without repeating the path', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/${MARKER}/<script>?token=${MARKER}` });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  });
});

describe('HTTP parser errors in the API’s shape (a listening server)', () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await buildTestApp();
    port = await listenLocally(testApp.app);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('answers a URL over 16 KB with 431 and closes the connection', async () => {
    const path = `/api/health?${MARKER}=${'a'.repeat(17 * 1024)}`;
    const response = await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers.connection).toBe('close');
    expect(errorOf(response).code).toBe('HEADERS_TOO_LARGE');
  });

  it('answers headers over 16 KB with 431', async () => {
    const response = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${MARKER}${'b'.repeat(17 * 1024)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(errorOf(response).code).toBe('HEADERS_TOO_LARGE');
  });

  it('answers a request that is not HTTP with 400', async () => {
    const response = await rawRequest(port, `${MARKER} nonsense\r\n\r\n`);
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('BAD_REQUEST');
  });

  it('answers a malformed percent-encoding over a real connection in the same shape', async () => {
    const response = await rawRequest(
      port,
      `GET /api/${MARKER}%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('BAD_REQUEST');
  });
});
