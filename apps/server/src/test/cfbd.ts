import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from '../modules/imports/history-files.js';
import { FakeHttpServer, header, type FakeAnswer, type FakeRequest } from './fake-http-server.js';

/**
 * A stand-in for CollegeFootballData's API v2 (apinext.collegefootballdata.com) serving the answers of
 * packages/domain/src/sources/fixtures/cfbd (README there): `/games` and `/lines` filtered by their query as the
 * API filters them, behind the API's key check and monthly call count (its `src/config/auth.ts` and
 * `src/config/middleware/quotas.ts`):
 * - no `Authorization: Bearer <key>`, or another key: 401 with the API's message, no count;
 * - no calls left: 429 `{"message":"Monthly call quota exceeded."}`;
 * - otherwise the call spends one, given back when the answer is not a 2xx (a 400, a 5xx); every answer to a
 *   known key carries `X-CallLimit-Remaining`, the count after the call;
 * - a weak ETag of the body, as Express makes it, and 304 to a matching If-None-Match (a 304 still spends a call:
 *   the count is taken before Express finds the answer fresh).
 */

export interface CfbdGame extends Record<string, unknown> {
  id: number;
  season: number;
  week: number;
  seasonType: string;
  startDate: string;
  completed: boolean;
  homeTeam: string;
  homePoints: number | null;
  awayTeam: string;
  awayPoints: number | null;
  homeClassification: string | null;
  awayClassification: string | null;
}

export interface CfbdBettingGame extends Record<string, unknown> {
  id: number;
  season: number;
  seasonType: string;
  week: number;
  lines: Record<string, unknown>[];
}

export const CFBD_FIXTURES = {
  games: 'games_2025_week1_v2.json',
  lines: 'lines_2025_week1_v2_standin.json',
} as const;

export function readCfbdFixture<T>(file: string): T {
  const root = findRepoRoot();
  if (!root) throw new Error('The repository holding the CFBD fixtures was not found');
  return JSON.parse(readFileSync(path.join(root, 'packages/domain/src/sources/fixtures/cfbd', file), 'utf8')) as T;
}

/** Express's weak ETag (the `etag` package): the body's length in hex and its SHA-1 in base64, cut to 27. */
const weakEtag = (body: string) =>
  `W/"${Buffer.byteLength(body).toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`;

const UNAUTHORIZED =
  'Unauthorized. Did you forget to add "Bearer " before your key? Go to CollegeFootballData.com to register for ' +
  'your free API key. See the CFBD Blog for examples on usage: ' +
  'https://blog.collegefootballdata.com/using-api-keys-with-the-cfbd-api.';

export interface CfbdRecorded {
  path: string;
  query: string;
  authorization: string | null;
  ifNoneMatch: string | null;
}

export class FakeCfbd {
  /** What the API holds: the fixtures, changed by a test as a later poll would see them. */
  games: CfbdGame[] = readCfbdFixture<CfbdGame[]>(CFBD_FIXTURES.games);
  lines: CfbdBettingGame[] = readCfbdFixture<CfbdBettingGame[]>(CFBD_FIXTURES.lines);
  /** The key's calls left this month. */
  remaining: number;
  readonly server: FakeHttpServer<CfbdRecorded>;

  constructor(
    readonly key: string,
    options: { remaining?: number } = {},
  ) {
    this.remaining = options.remaining ?? 1000;
    this.server = new FakeHttpServer<CfbdRecorded>({
      routes: [
        { method: 'GET', path: '/games', answer: (request) => this.metered(request, () => this.gamesOf(request)) },
        { method: 'GET', path: '/lines', answer: (request) => this.metered(request, () => this.linesOf(request)) },
      ],
      notFound: () => ({ status: 404, json: { message: 'Not Found' } }),
      // A failure told in advance comes from behind the count: given back, the count told.
      failure: (status) => ({
        status,
        headers: { 'x-calllimit-remaining': String(this.remaining) },
        json: { message: status === 429 ? 'Too Many Requests' : 'Internal Server Error' },
      }),
      record: (request: FakeRequest) => ({
        path: request.path,
        query: request.url.search,
        authorization: header(request, 'authorization') ?? null,
        ifNoneMatch: header(request, 'if-none-match') ?? null,
      }),
    });
  }

  get url(): string {
    return this.server.url;
  }

  /** The requests made, as `/games?year=2025&…`. */
  get asked(): string[] {
    return this.server.requests.map((request) => `${request.path}${request.query}`);
  }

  /** A game as CFBD shows it once it is over. */
  finish(id: number, home: number, away: number): void {
    const game = this.games.find((entry) => entry.id === id);
    if (!game) throw new Error(`No game ${id}`);
    Object.assign(game, { completed: true, homePoints: home, awayPoints: away });
    const lines = this.lines.find((entry) => entry.id === id);
    if (lines) Object.assign(lines, { homeScore: home, awayScore: away });
  }

  private metered(request: FakeRequest, answer: () => FakeAnswer): FakeAnswer {
    const token = /^Bearer (?<token>.+)$/.exec(header(request, 'authorization') ?? '')?.groups?.token;
    if (token !== this.key) return { status: 401, json: { message: token ? 'Unauthorized' : UNAUTHORIZED } };
    const calls = () => ({ 'x-calllimit-remaining': String(this.remaining) });
    if (this.remaining <= 0) {
      return { status: 429, headers: calls(), json: { message: 'Monthly call quota exceeded.' } };
    }
    this.remaining -= 1;
    const found = answer();
    if (found.status < 200 || found.status >= 300) {
      this.remaining += 1;
      return { ...found, headers: { ...found.headers, ...calls() } };
    }
    const body = found.text!;
    const etag = weakEtag(body);
    if (header(request, 'if-none-match') === etag) return { status: 304, headers: { etag, ...calls() } };
    return {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', etag, ...calls() },
      text: body,
    };
  }

  /** `/games`: `year` required; `seasonType` (`both` or none: every type), `week`, `classification` (either side). */
  private gamesOf(request: FakeRequest): FakeAnswer {
    const query = this.query(request);
    if ('error' in query) return query.error;
    const classification = request.url.searchParams.get('classification');
    const games = this.games.filter(
      (game) =>
        query.matches(game) &&
        (!classification || game.homeClassification === classification || game.awayClassification === classification),
    );
    return { status: 200, text: JSON.stringify(games) };
  }

  /** `/lines`: `year` required; `seasonType`, `week`. */
  private linesOf(request: FakeRequest): FakeAnswer {
    const query = this.query(request);
    if ('error' in query) return query.error;
    return { status: 200, text: JSON.stringify(this.lines.filter((game) => query.matches(game))) };
  }

  private query(
    request: FakeRequest,
  ): { error: FakeAnswer } | { matches: (game: { season: number; seasonType: string; week: number }) => boolean } {
    const params = request.url.searchParams;
    const year = Number(params.get('year'));
    if (!Number.isInteger(year) || year <= 0) {
      return {
        error: {
          status: 400,
          json: { message: 'Validation Failed', details: { year: { message: 'year parameter is required' } } },
        },
      };
    }
    const seasonType = params.get('seasonType');
    const week = params.get('week');
    return {
      matches: (game) =>
        game.season === year &&
        (!seasonType || seasonType === 'both' || game.seasonType === seasonType) &&
        (week === null || game.week === Number(week)),
    };
  }
}
