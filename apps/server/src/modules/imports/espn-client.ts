import type { Database } from '@pass/db';
import { ESPN_LEAGUES, type Sport } from '@pass/domain';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import type { ProviderRetryPolicy } from '../../lib/provider-http.js';
import { importEspn } from './game-importers.js';
import type { ImportOptions, ImportSummary } from './imports.service.js';
import { SourceFetcher, type ConditionalState, type SourceAnswer } from './source-fetch.js';

/**
 * The ESPN scoreboard (`site.api.espn.com/apis/site/v2/sports/{league}/scoreboard`): free, no key, unofficial
 * and undocumented, so best effort. A board is a date's games (`dates=YYYYMMDD`, every sport) or a football week
 * (`seasontype=2&week=12`, with `dates=2025` to name the season); college asks for FBS (`groups=80`) and enough
 * rows for a Saturday (`limit=400`). Requests go through SourceFetcher: conditional GET and body hash, retries of
 * a 429 or a 5xx, the outbound guard. The client remembers, per URL, the last answer that was imported, so a poll
 * that brings nothing new starts no import.
 */

export const DEFAULT_ESPN_API_URL = 'https://site.api.espn.com';

type FootballSport = Exclude<Sport, 'baseball_mlb'>;

/** Which scoreboard: the games of a date (US date, YYYY-MM-DD), or a football week of a season. */
export type EspnBoard =
  | { sport: Sport; date: string }
  | { sport: Sport; from: string; to: string }
  | { sport: FootballSport; week: number; seasonType: 'regular' | 'postseason'; season?: number };

export interface EspnClientOptions {
  /** ESPN_API_URL; ESPN's host by default (a local fake in tests). */
  baseUrl?: string | undefined;
  timeoutMs?: number;
  retry?: Partial<ProviderRetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  fetch?: typeof fetch;
  /** Where requests may go (lib/outbound.ts); strict by default. */
  outbound?: OutboundPolicy;
  /** The server clock: an answer is as of its time when it arrives. */
  clock?: Clock;
}

export interface EspnScoreboardAnswer {
  /** The URL fetched: what the run records as the body's location. */
  url: string;
  answer: SourceAnswer;
  fetchedAt: Date;
}

export class EspnClient {
  private readonly baseUrl: string;
  private readonly fetcher: SourceFetcher;
  private readonly clock: Clock;
  /** Per URL, the ETag and body hash of the last answer imported. */
  private readonly imported = new Map<string, ConditionalState>();

  constructor(options: EspnClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_ESPN_API_URL).replace(/\/+$/, '');
    this.clock = options.clock ?? systemClock;
    this.fetcher = new SourceFetcher({
      provider: 'the ESPN scoreboard',
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.sleep ? { sleep: options.sleep } : {}),
      ...(options.log ? { log: options.log } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.outbound ? { outbound: options.outbound } : {}),
    });
  }

  /** The scoreboard's URL of a board. */
  scoreboardUrl(board: EspnBoard): URL {
    const url = new URL(`${this.baseUrl}/apis/site/v2/sports/${ESPN_LEAGUES[board.sport].path}/scoreboard`);
    if ('date' in board) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(board.date))
        throw new Error(`An ESPN scoreboard date is YYYY-MM-DD, not "${board.date}"`);
      url.searchParams.set('dates', board.date.replaceAll('-', ''));
    } else if ('from' in board) {
      if (![board.from, board.to].every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date)))
        throw new Error(`An ESPN scoreboard's dates are YYYY-MM-DD, not "${board.from}" to "${board.to}"`);
      // A span of dates: a whole season of a sport in one answer (a college season is some 900 games).
      url.searchParams.set('dates', `${board.from.replaceAll('-', '')}-${board.to.replaceAll('-', '')}`);
      url.searchParams.set('limit', '1000');
    } else {
      if ((board.sport as Sport) === 'baseball_mlb') throw new Error('MLB scoreboards go by date, not by week');
      if (board.season !== undefined) url.searchParams.set('dates', String(board.season));
      url.searchParams.set('seasontype', board.seasonType === 'regular' ? '2' : '3');
      url.searchParams.set('week', String(board.week));
    }
    if (board.sport === 'americanfootball_ncaaf') {
      url.searchParams.set('groups', '80');
      if (!url.searchParams.has('limit')) url.searchParams.set('limit', '400');
    }
    return url;
  }

  /**
   * GETs a board, conditional on `previous` when given (the poller's record), else on the last answer imported
   * from its URL.
   */
  async fetchScoreboard(board: EspnBoard, given?: ConditionalState): Promise<EspnScoreboardAnswer> {
    const url = this.scoreboardUrl(board).toString();
    const previous = given ?? this.imported.get(url) ?? { etag: null, bodyHash: null };
    const answer = await this.fetcher.get(`${board.sport} scoreboard`, url, previous);
    return { url, answer, fetchedAt: this.clock() };
  }

  /** Remembers what was imported from a URL: the next poll of it sends the ETag and compares the body's hash. */
  remember(url: string, state: ConditionalState): void {
    this.imported.set(url, state);
  }
}

/**
 * Fetches a board and imports it: `unchanged` without starting an import when ESPN answers 304 or the same body
 * as the last one imported from that URL. The games are observed as of the fetch (`options.now` when given, the
 * client's clock otherwise). A body is remembered only once imported, so one whose import failed is imported
 * again at the next poll. A fetch that fails (after SourceFetcher's retries) throws its SourceFetchError.
 */
export async function fetchAndImportEspn(
  db: Database,
  client: EspnClient,
  board: EspnBoard,
  options: ImportOptions = {},
): Promise<ImportSummary | 'unchanged'> {
  const { url, answer, fetchedAt } = await client.fetchScoreboard(board);
  if (!answer.changed) {
    client.remember(url, { etag: answer.etag, bodyHash: answer.bodyHash });
    return 'unchanged';
  }
  const summary = await importEspn(db, answer.body, {
    ...options,
    sport: board.sport,
    location: url,
    fetchedAt: options.now ?? fetchedAt,
  });
  client.remember(url, { etag: answer.etag, bodyHash: answer.bodyHash });
  return summary;
}
