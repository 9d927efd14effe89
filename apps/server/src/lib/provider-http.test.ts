import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeHttpServer } from '../test/fake-http-server.js';
import {
  AccessToken,
  DEFAULT_PROVIDER_RETRY,
  parseRetryAfter,
  ProviderHttp,
  ProviderHttpError,
  type ProviderHttpOptions,
  type ProviderRetryPolicy,
} from './provider-http.js';

/** A provider that answers `/things` with a list, `/broken` with a body that is not JSON, and 404 otherwise. */
const server = new FakeHttpServer({
  routes: [
    { method: 'GET', path: '/things', answer: () => ({ status: 200, json: { things: [1, 2] } }) },
    { method: 'GET', path: '/broken', answer: () => ({ status: 200, text: '<html>' }) },
  ],
  notFound: () => ({ status: 404, json: { error: 'no_such_thing', detail: 'nothing here' } }),
  failure: (status) => ({ status, json: { error: 'unavailable' } }),
  record: (request) => request.path,
  slowMs: 2_000,
});

let waits: number[];
let logs: string[];
const NOW = Date.parse('2026-11-21T12:00:00Z');

function provider(
  retry: Partial<ProviderRetryPolicy> = {},
  options: Partial<ProviderHttpOptions<ProviderHttpError>> = {},
) {
  return new ProviderHttp({
    provider: 'Things',
    fetch,
    timeoutMs: 5_000,
    retry: { ...DEFAULT_PROVIDER_RETRY, ...retry },
    sleep: async (ms) => void waits.push(ms),
    log: (message) => logs.push(message),
    now: () => NOW,
    errorOf: (failure) => new ProviderHttpError(failure.message, failure.status, failure.body),
    ...options,
  });
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('the call succeeded'),
    (error: unknown) => error as ProviderHttpError,
  );

beforeAll(async () => {
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => {
  waits = [];
  logs = [];
  server.requests.length = 0;
  server.clearFailures();
});

describe('a provider call', () => {
  it('reads the JSON of a 2xx', async () => {
    await expect(provider().json('GET /things', `${server.url}/things`)).resolves.toEqual({ things: [1, 2] });
    expect(waits).toEqual([]);
  });

  it('tries a 5xx again after a doubling backoff, and says so in the log', async () => {
    server.failNext(503, { times: 2 });
    await expect(provider().json('GET /things', `${server.url}/things`)).resolves.toEqual({ things: [1, 2] });
    expect(waits).toEqual([500, 1000]);
    expect(logs[0]).toBe('Things GET /things failed (Things answered 503): trying again in 500 ms');
  });

  it('waits what Retry-After asks, in seconds or as a date', async () => {
    server.failNext(429, { headers: { 'retry-after': '2' } });
    server.failNext(503, { headers: { 'retry-after': 'Sat, 21 Nov 2026 12:00:07 GMT' } });
    await expect(provider().json('GET /things', `${server.url}/things`)).resolves.toEqual({ things: [1, 2] });
    expect(waits).toEqual([2000, 7000]);
  });

  it('does not call early when Retry-After asks for more than its longest wait', async () => {
    server.failNext(503, { headers: { 'retry-after': '120' } });
    const error = await failureOf(provider().json('GET /things', `${server.url}/things`));
    expect(error.status).toBe(503);
    expect(error.message).toBe(
      'Things answered 503 (the API asks to wait 120 s, longer than the 30 s this client waits; not tried again)',
    );
    expect(waits).toEqual([]);
    expect(server.requests).toEqual(['/things']);
  });

  it('gives up after its tries with the last status and the provider’s body', async () => {
    server.failNext(500, { times: 3 });
    const error = await failureOf(provider().json('GET /things', `${server.url}/things`));
    expect(error).toMatchObject({ status: 500, body: { error: 'unavailable' } });
    expect(server.requests).toHaveLength(3);
  });

  it('does not try a 4xx again, and words its message as the client says', async () => {
    const http = provider(
      {},
      { messageOf: ({ status, body, label }) => `${label}: ${status} ${JSON.stringify(body)}` },
    );
    const error = await failureOf(http.json('GET /nothing', `${server.url}/nothing`));
    expect(error).toMatchObject({ status: 404, body: { error: 'no_such_thing', detail: 'nothing here' } });
    expect(error.message).toBe('GET /nothing: 404 {"error":"no_such_thing","detail":"nothing here"}');
    expect(server.requests).toHaveLength(1);
  });

  it('tries again a reset connection, a time-out and a success that is not JSON', async () => {
    server.failNext('reset');
    server.failNext('slow');
    const patient = provider({}, { timeoutMs: 1_000 });
    await expect(patient.json('GET /things', `${server.url}/things`)).resolves.toEqual({ things: [1, 2] });
    expect(waits).toEqual([500, 1000]);
    const error = await failureOf(provider().json('GET /broken', `${server.url}/broken`));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Things answered 200 with a body that is not JSON');
    expect(error.body).toBe('<html>');
  });

  it('leaves a call that got no answer alone when the policy says so', async () => {
    server.failNext('reset');
    const error = await failureOf(provider({ retryUnanswered: false }).json('GET /things', `${server.url}/things`));
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/^Things could not be reached \(GET \/things\)/);
    expect(waits).toEqual([]);
  });

  it('gives a text call the answer as it came', async () => {
    const answer = await provider().text('GET /broken', `${server.url}/broken`);
    expect(answer).toMatchObject({ status: 200, text: '<html>' });
  });

  it('asks before each try and before each wait, and stops when told', async () => {
    server.failNext(503, { times: 2 });
    let asked = 0;
    const http = provider(
      {},
      {
        beforeTry: () => {
          asked += 1;
          if (asked > 3) throw new Error('no more');
        },
      },
    );
    await expect(http.json('GET /things', `${server.url}/things`)).rejects.toThrow('no more');
    // Asked before the first try, the first wait and the second try; the fourth, before a second wait, stops.
    expect(waits).toEqual([500]);
    expect(server.requests).toHaveLength(2);
  });
});

describe('an access token', () => {
  it('is asked for once however many calls wait, and again once the provider refuses it', async () => {
    let grants = 0;
    const token = new AccessToken(async () => {
      grants += 1;
      return { accessToken: `token-${grants}`, expiresInSeconds: 3600 };
    }, Date.now);
    const http = provider();
    const seen: string[] = [];
    const call = () =>
      http.withToken('GET /things', token, async (bearer) => {
        seen.push(bearer);
        if (bearer === 'token-1' && seen.length > 2) throw new ProviderHttpError('refused', 401);
        return bearer;
      });
    await Promise.all([call(), call()]);
    expect(grants).toBe(1);
    await expect(call()).resolves.toBe('token-2');
    expect(seen).toEqual(['token-1', 'token-1', 'token-1', 'token-2']);
    expect(logs).toEqual(['Things refused the access token on GET /things: getting a new one']);
  });

  it('is renewed a minute before it expires', async () => {
    let now = NOW;
    let grants = 0;
    const token = new AccessToken(
      async () => ({ accessToken: `token-${++grants}`, expiresInSeconds: 3600 }),
      () => now,
    );
    await expect(token.current()).resolves.toBe('token-1');
    now += 3600_000 - 61_000;
    await expect(token.current()).resolves.toBe('token-1');
    now += 2_000;
    await expect(token.current()).resolves.toBe('token-2');
  });
});

describe('Retry-After', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    // A date already past is no wait at all.
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
  });
});
