import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHttpServer, header } from '../../test/fake-http-server.js';
import { SourceFetchError, SourceFetcher } from './source-fetch.js';

/** A file server that speaks conditional GET the way GitHub's release downloads and most CDNs do. */
let body = 'game_id,season\n2025_01_DAL_PHI,2025\n';
const etag = '"v1"';
let sendsEtag = true;
const server = new FakeHttpServer({
  routes: [
    {
      method: 'GET',
      path: '/games.csv',
      answer: (request) =>
        sendsEtag && header(request, 'if-none-match') === etag
          ? { status: 304, headers: { etag } }
          : { status: 200, headers: { 'content-type': 'text/csv', ...(sendsEtag ? { etag } : {}) }, text: body },
    },
  ],
  notFound: () => ({ status: 404, text: 'Not Found' }),
  record: (request) => ({ path: request.path, ifNoneMatch: header(request, 'if-none-match') ?? null }),
  slowMs: 400,
});

const waits: number[] = [];
const fetcher = () =>
  new SourceFetcher({
    provider: 'nflverse',
    outbound: { allowPrivateAddresses: true },
    timeoutMs: 200,
    sleep: async (ms) => void waits.push(ms),
  });

beforeAll(() => server.start());
afterAll(() => server.stop());

describe('SourceFetcher', () => {
  it('sends the last ETag and takes a 304 as unchanged, without a body', async () => {
    const first = await fetcher().get('games.csv', `${server.url}/games.csv`, { etag: null, bodyHash: null });
    expect(first).toMatchObject({ changed: true, status: 200, etag: '"v1"', body });
    const second = await fetcher().get('games.csv', `${server.url}/games.csv`, {
      etag: first.etag,
      bodyHash: first.bodyHash,
    });
    expect(second).toEqual({ changed: false, status: 304, etag: '"v1"', bodyHash: first.bodyHash });
    expect(server.requests.at(-1)).toEqual({ path: '/games.csv', ifNoneMatch: '"v1"' });
  });

  it('takes a body that hashes the same as unchanged when the source sends no ETag, and a new one as changed', async () => {
    sendsEtag = false;
    try {
      const first = await fetcher().get('games.csv', `${server.url}/games.csv`, { etag: null, bodyHash: null });
      const again = await fetcher().get('games.csv', `${server.url}/games.csv`, first);
      expect(again).toMatchObject({ changed: false, status: 200 });
      body += '2025_01_KC_LAC,2025\n';
      const moved = await fetcher().get('games.csv', `${server.url}/games.csv`, first);
      expect(moved).toMatchObject({ changed: true, body });
      expect(moved.bodyHash).not.toBe(first.bodyHash);
    } finally {
      sendsEtag = true;
    }
  });

  it('tries a 429 again after its Retry-After', async () => {
    waits.length = 0;
    server.failNext(429, { headers: { 'retry-after': '3' } });
    const answer = await fetcher().get('games.csv', `${server.url}/games.csv`, { etag: null, bodyHash: null });
    expect(answer.changed).toBe(true);
    expect(waits).toEqual([3000]);
  });

  it('fails with the status after the last try of a 500, and on a source that does not answer in time', async () => {
    server.failNext(500, { times: 2 });
    await expect(
      fetcher().get('games.csv', `${server.url}/games.csv`, { etag: null, bodyHash: null }),
    ).rejects.toMatchObject({ name: 'SourceFetchError', status: 500 });
    server.failNext('slow', { times: 2 });
    const slow = await fetcher()
      .get('games.csv', `${server.url}/games.csv`, { etag: null, bodyHash: null })
      .catch((error: unknown) => error);
    expect(slow).toBeInstanceOf(SourceFetchError);
    expect((slow as SourceFetchError).status).toBeUndefined();
    expect((slow as Error).message).toMatch(/did not answer .* within 200 ms/);
  });

  it('refuses a private address under the strict outbound rule', async () => {
    const strict = new SourceFetcher({ provider: 'nflverse', retry: { attempts: 1 } });
    await expect(strict.get('games.csv', `${server.url}/games.csv`, { etag: null, bodyHash: null })).rejects.toThrow(
      /could not be reached/,
    );
  });
});
