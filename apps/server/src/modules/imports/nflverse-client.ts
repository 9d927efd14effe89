import { SourceFetcher, type ConditionalState, type SourceAnswer, type SourceFetcherOptions } from './source-fetch.js';

/**
 * nflverse's `games.csv` (nflverse/nfldata), fetched live: the same file as the history in history/nflverse, which
 * nflverse updates within minutes of each game's end. github.com answers the file's address with a redirect to
 * raw.githubusercontent.com (followed, each hop under the outbound rule) and the file with an ETag, so a poll
 * while nothing changed is a 304 without a body. NFLVERSE_GAMES_URL points it elsewhere (a local fake in tests).
 */

export const DEFAULT_NFLVERSE_GAMES_URL = 'https://github.com/nflverse/nfldata/raw/master/data/games.csv';

export interface NflverseClientOptions extends Omit<SourceFetcherOptions, 'provider'> {
  /** NFLVERSE_GAMES_URL; nflverse's games.csv on GitHub by default. */
  url?: string | undefined;
}

export class NflverseClient {
  /** The file's address: what is fetched, and where the import says its body came from. */
  readonly url: string;
  private readonly fetcher: SourceFetcher;

  constructor(options: NflverseClientOptions = {}) {
    const { url, ...fetcherOptions } = options;
    this.url = url ?? DEFAULT_NFLVERSE_GAMES_URL;
    // The file is some 2 MB: more time than a JSON answer.
    this.fetcher = new SourceFetcher({
      provider: 'nflverse',
      ...fetcherOptions,
      timeoutMs: fetcherOptions.timeoutMs ?? 30_000,
    });
  }

  /** games.csv; unchanged when the answer is the one `previous` describes. */
  fetchGames(previous: ConditionalState): Promise<SourceAnswer> {
    return this.fetcher.get('games.csv', this.url, previous);
  }
}
