import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from '../modules/imports/history-files.js';
import { FakeHttpServer, header } from './fake-http-server.js';

/**
 * The ESPN scoreboard's answers the tests replay (packages/domain/src/sources/fixtures/espn/README.md: three real
 * captures made compact, and a college stand-in), the game states made from them, and a fake ESPN serving them.
 */

export interface Board {
  events: BoardEvent[];
  [key: string]: unknown;
}
export interface BoardEvent extends Record<string, unknown> {
  id: string;
  competitions: BoardCompetition[];
  status: BoardStatus;
}
export interface BoardCompetition extends Record<string, unknown> {
  competitors: (Record<string, unknown> & { homeAway: string; score: string })[];
  status: BoardStatus;
  odds?: unknown[];
}
interface BoardStatus {
  period: number;
  displayClock: string;
  type: Record<string, unknown>;
}

export const ESPN_FIXTURES = {
  nflWeek12: 'nfl_2025_week12_pregame.json',
  nflWildCard: 'nfl_2025_wildcard_final.json',
  mlbDay: 'mlb_2025-09-02_in_progress.json',
  collegeDay: 'college-football_2025-08-30_pregame_standin.json',
} as const;

export function readEspnBoard(file: string): Board {
  const root = findRepoRoot();
  if (!root) throw new Error('The repository holding the ESPN fixtures was not found');
  return JSON.parse(readFileSync(path.join(root, 'packages/domain/src/sources/fixtures/espn', file), 'utf8')) as Board;
}

export interface GameState {
  name: string;
  state: 'pre' | 'in' | 'post';
  completed?: boolean;
  period?: number;
  clock?: string;
  detail: string;
}

/**
 * A board with one event moved to another state as ESPN shows it: the status on the event and its competition,
 * the scores (home, away) when given, and no odds once the game has started (ESPN drops them).
 */
export function withState(source: Board, eventId: string, state: GameState, scores?: { home: number; away: number }) {
  const copy = structuredClone(source);
  const event = copy.events.find((item) => item.id === eventId);
  if (!event) throw new Error(`No event ${eventId} on the board`);
  const status: BoardStatus = {
    ...event.status,
    period: state.period ?? event.status.period,
    displayClock: state.clock ?? '0:00',
    type: {
      ...event.status.type,
      name: state.name,
      state: state.state,
      completed: state.completed ?? false,
      detail: state.detail,
      shortDetail: state.detail,
    },
  };
  event.status = status;
  const competition = event.competitions[0]!;
  competition.status = status;
  if (state.state !== 'pre') delete competition.odds;
  if (scores) {
    for (const side of competition.competitors) {
      side.score = String(side.homeAway === 'home' ? scores.home : scores.away);
    }
  }
  return copy;
}

/** A final with its scores. */
export const finalState = (detail = 'Final'): GameState => ({
  name: 'STATUS_FINAL',
  state: 'post',
  completed: true,
  period: 4,
  detail,
});

/**
 * A stand-in for site.api.espn.com: each scoreboard URL (path and query) answers the board set for it, with an
 * ETag of its body and 304 to a matching If-None-Match (unless ETags are switched off, as for a source without
 * them); a board not set is answered as ESPN answers a day without games.
 */
export class FakeEspn {
  private readonly boards = new Map<string, string>();
  sendsEtags = true;
  readonly server: FakeHttpServer<{ url: string; ifNoneMatch: string | null }>;

  constructor() {
    this.server = new FakeHttpServer({
      routes: [
        {
          method: 'GET',
          path: /^\/apis\/site\/v2\/sports\/[a-z-]+\/[a-z-]+\/scoreboard$/,
          answer: (request) => {
            const body = this.boards.get(`${request.path}${request.url.search}`) ?? JSON.stringify({ events: [] });
            const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
            if (this.sendsEtags && header(request, 'if-none-match') === etag) return { status: 304, headers: { etag } };
            return {
              status: 200,
              headers: { 'content-type': 'application/json', ...(this.sendsEtags ? { etag } : {}) },
              text: body,
            };
          },
        },
      ],
      notFound: () => ({ status: 404, json: { code: 404, message: 'Not Found' } }),
      failure: (status) => ({ status, json: { code: status, message: 'Service Unavailable' } }),
      record: (request) => ({
        url: `${request.path}${request.url.search}`,
        ifNoneMatch: header(request, 'if-none-match') ?? null,
      }),
      slowMs: 300,
    });
  }

  get url(): string {
    return this.server.url;
  }

  /** What a scoreboard URL (`/apis/site/v2/sports/football/nfl/scoreboard?dates=20251120`) answers from now on. */
  serve(pathAndQuery: string, board: Board | string): void {
    this.boards.set(pathAndQuery, typeof board === 'string' ? board : JSON.stringify(board));
  }
}
