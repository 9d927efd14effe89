import { createHash } from 'node:crypto';
import { dateInZone, ESPN_LEAGUES, nflOpeningThursday, US_EASTERN } from '@pass/domain';
import {
  ESPN_FIXTURES,
  finalState,
  readEspnBoard,
  withState,
  type Board,
  type BoardEvent,
  type GameState,
} from '../../apps/server/src/test/espn';
import { FakeHttpServer, header, type FakeAnswer } from '../../apps/server/src/test/fake-http-server';

/**
 * A stand-in for ESPN's scoreboard (`site.api.espn.com/apis/site/v2/sports/{league}/scoreboard`) that the app of
 * a browser test polls (ESPN_API_URL). It serves the real NFL week-12 board of 2025 the server's tests replay
 * (packages/domain/src/sources/fixtures/espn), moved to the season the test's server clock is in: the held
 * history already holds 2025's finals, so a server clock in 2025 would start with every game of that week played.
 * The move is a whole number of weeks (week 12's Thursday of 2025 to that of the season), so each game keeps its
 * weekday and Eastern kickoff time; ids, teams, venues and ESPN BET's lines are as captured.
 *
 * It answers as ESPN does: `dates=YYYYMMDD` the games of that US Eastern date, `dates=YYYYMMDD-YYYYMMDD` (with
 * `limit`) those of the span, any other board the whole week; an ETag of the body and 304 to a matching
 * If-None-Match; a league it holds no games of (college, MLB) an empty board. The test moves a game through its
 * states (`play`), as ESPN's board shows it while the game is played.
 */

/** The season of the captured board. */
const CAPTURED_SEASON = 2025;

/** Each ISO instant of the board moved by `shiftMs` (ESPN writes them without seconds: `2025-11-21T01:15Z`). */
function moved(instant: unknown, shiftMs: number): unknown {
  if (typeof instant !== 'string') return instant;
  const at = Date.parse(instant);
  return Number.isNaN(at) ? instant : new Date(at + shiftMs).toISOString().replace(/:00\.000Z$/, 'Z');
}

/** The captured NFL week-12 board as ESPN would show the same week of `season`, every game still to play. */
function nflWeek12Board(season: number): Board {
  const board = readEspnBoard(ESPN_FIXTURES.nflWeek12);
  const shiftMs = nflOpeningThursday(season).getTime() - nflOpeningThursday(CAPTURED_SEASON).getTime();
  const years = season - CAPTURED_SEASON;
  const league = (board.leagues as Record<string, unknown>[])[0]!;
  const leagueSeason = league.season as Record<string, unknown>;
  leagueSeason.year = season;
  leagueSeason.displayName = String(season);
  for (const key of ['startDate', 'endDate'] as const) leagueSeason[key] = moved(leagueSeason[key], shiftMs);
  for (const key of ['calendarStartDate', 'calendarEndDate'] as const) league[key] = moved(league[key], shiftMs);
  (board.season as { year: number }).year += years;
  for (const event of board.events) {
    (event.season as { year: number }).year += years;
    event.date = moved(event.date, shiftMs);
    for (const competition of event.competitions) {
      competition.date = moved(competition.date, shiftMs);
      competition.startDate = moved(competition.startDate, shiftMs);
    }
  }
  return board;
}

/** A game under way as ESPN's board shows it: `detail` as ESPN words it ("10:02 - 1st Quarter"). */
export const inPlay = (period: number, clock: string, detail: string): GameState => ({
  name: 'STATUS_IN_PROGRESS',
  state: 'in',
  period,
  clock,
  detail,
});

export { finalState };

const eventDate = (event: BoardEvent) => dateInZone(String(event.date), US_EASTERN).replaceAll('-', '');

/** The board's games that `dates` asks for: one US Eastern date, a span of them, or (no dates) all of them. */
function boardFor(board: Board, dates: string | null): Board {
  const day = /^(\d{8})$/.exec(dates ?? '');
  const span = /^(\d{8})-(\d{8})$/.exec(dates ?? '');
  if (!day && !span) return board;
  const [from, to] = day ? [day[1]!, day[1]!] : [span![1]!, span![2]!];
  return { ...board, events: board.events.filter((event) => eventDate(event) >= from && eventDate(event) <= to) };
}

export interface EspnRequest {
  /** Path and query, as the app asked. */
  url: string;
  ifNoneMatch: string | null;
}

export class EspnStandIn {
  private board: Board;
  /** What each request was answered: 200 with a board, or 304. */
  readonly answered: (EspnRequest & { status: number })[] = [];
  private readonly server: FakeHttpServer<EspnRequest>;

  private constructor(season: number) {
    this.board = nflWeek12Board(season);
    const nflPath = `/apis/site/v2/sports/${ESPN_LEAGUES.americanfootball_nfl.path}/scoreboard`;
    this.server = new FakeHttpServer<EspnRequest>({
      routes: [
        {
          method: 'GET',
          path: /^\/apis\/site\/v2\/sports\/[a-z-]+\/[a-z-]+\/scoreboard$/,
          answer: (request): FakeAnswer => {
            const board =
              request.path === nflPath ? boardFor(this.board, request.url.searchParams.get('dates')) : { events: [] };
            const body = JSON.stringify(board);
            const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
            const ifNoneMatch = header(request, 'if-none-match') ?? null;
            const status = ifNoneMatch === etag ? 304 : 200;
            this.answered.push({ url: `${request.path}${request.url.search}`, ifNoneMatch, status });
            if (status === 304) return { status, headers: { etag } };
            return { status, headers: { 'content-type': 'application/json', etag }, text: body };
          },
        },
      ],
      notFound: () => ({ status: 404, json: { code: 404, message: 'Not Found' } }),
      record: (request) => ({
        url: `${request.path}${request.url.search}`,
        ifNoneMatch: header(request, 'if-none-match') ?? null,
      }),
    });
  }

  /** Starts the stand-in on a free port of 127.0.0.1, serving week 12 of `season`. */
  static async start(season: number): Promise<EspnStandIn> {
    const standIn = new EspnStandIn(season);
    await standIn.server.start();
    return standIn;
  }

  /** ESPN_API_URL for the app. */
  get url(): string {
    return this.server.url;
  }

  /** The week's games as the board lists them now. */
  get events(): readonly BoardEvent[] {
    return this.board.events;
  }

  /** From now on the board shows the game in this state, with these scores. */
  play(eventId: string, state: GameState, scores?: { home: number; away: number }): void {
    this.board = withState(this.board, eventId, state, scores);
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }
}
