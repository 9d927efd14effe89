import { isWholeAmericanPrice } from '../odds/american-odds.js';
import { parseCfbdPregameLines } from './cfbd-games.js';
import { negate, type GameLine, type ParseResult, type Skipped } from './types.js';
import { asNumber, field, type Json } from './cfbd-json.js';

/**
 * A CFBD line of one game from one provider, home view with the sportsbook sign (−3 = home favoured by 3), and
 * the book it is filed under. From `/lines` (every provider's closing spread, total and moneylines) or from
 * `/metrics/wp/pregame` (the consensus spread CFBD's win probability was computed from).
 */
export interface CfbdLine extends GameLine {
  gameId: string;
  season: number | null;
  week: number | null;
  /** The provider as CFBD names it ("consensus", "DraftKings", "ESPN Bet"). */
  provider: string;
  /** Our book key: `consensus`, or The Odds API's key of the same sportsbook (`draftkings`). */
  book: string;
}

/** What a CFBD response holds: games (`/games`), or lines (`/lines`, `/metrics/wp/pregame`). */
export type CfbdResponseKind = 'games' | 'lines';

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * Tells a CFBD response by its content, so one importer takes any of them: a `/lines` entry has a `lines` array,
 * a pregame win-probability entry a `gameId` and a `spread`; a game has neither.
 */
export function cfbdResponseKind(json: unknown): CfbdResponseKind {
  if (!Array.isArray(json)) return 'games';
  const first = json.find(isObject);
  if (!first) return 'games';
  return Array.isArray(first.lines) || ('gameId' in first && 'spread' in first) ? 'lines' : 'games';
}

/**
 * CFBD providers and the book keys of the same sportsbooks at The Odds API, compared without case, spaces or
 * punctuation. A provider not listed (a model, a book The Odds API does not carry) is skipped.
 */
const PROVIDER_BOOKS: Record<string, string> = {
  consensus: 'consensus',
  draftkings: 'draftkings',
  bovada: 'bovada',
  espnbet: 'espnbet',
  betmgm: 'betmgm',
  fanduel: 'fanduel',
  caesars: 'williamhill_us',
  caesarssportsbook: 'williamhill_us',
  williamhill: 'williamhill_us',
  betonline: 'betonlineag',
  betrivers: 'betrivers',
  mybookie: 'mybookieag',
  fanatics: 'fanatics',
  hardrockbet: 'hardrockbet',
};

/** Our book key of a CFBD provider ("ESPN Bet" → `espnbet`, "William Hill (New Jersey)" → `williamhill_us`). */
export function cfbdProviderBook(provider: string): string | undefined {
  const key = provider
    .toLowerCase()
    .replace(/\(.*\)/g, '')
    .replace(/[^a-z0-9]/g, '');
  return PROVIDER_BOOKS[key];
}

/** Whole American odds, or null: CFBD leaves a moneyline out, null, or (rarely) 0 when a book had none. */
function moneyline(value: unknown): number | null {
  const price = asNumber(value);
  return price !== null && isWholeAmericanPrice(price) ? price : null;
}

/**
 * CFBD `/lines` (v1 snake_case `spread_open`, `over_under`, `home_moneyline`; v2 camelCase `spreadOpen`,
 * `overUnder`, `homeMoneyline`): one entry per game with a line per provider. The closing `spread` (home view,
 * negative = home favoured, as a sportsbook), `overUnder` and moneylines are kept; the opening ones carry no time
 * of their own and are left out. Also reads `/metrics/wp/pregame`, whose spread is CFBD's consensus line.
 */
export function parseCfbdLines(json: unknown): ParseResult<CfbdLine> {
  if (!Array.isArray(json)) return { records: [], skipped: [{ id: '(response)', reason: 'expected an array' }] };
  const first = json.find(isObject);
  if (first && !Array.isArray(first.lines)) {
    const pregame = parseCfbdPregameLines(json);
    return {
      records: pregame.records
        .filter((line) => line.homeSpread !== null)
        .map((line) => ({
          gameId: line.gameId,
          season: line.season,
          week: line.week,
          provider: 'consensus',
          book: 'consensus',
          homeSpread: line.homeSpread,
          total: null,
          homeMoneyline: null,
          awayMoneyline: null,
        })),
      skipped: [
        ...pregame.skipped,
        ...pregame.records
          .filter((line) => line.homeSpread === null)
          .map((line): Skipped => ({ id: line.gameId, reason: 'no spread' })),
      ],
    };
  }

  const records: CfbdLine[] = [];
  const skipped: Skipped[] = [];
  for (const item of json as unknown[]) {
    if (!isObject(item)) {
      skipped.push({ id: '(unknown)', reason: 'not an object' });
      continue;
    }
    const gameId = String(item.id ?? '');
    if (!gameId || !Array.isArray(item.lines)) {
      skipped.push({ id: gameId || '(no id)', reason: 'id or lines missing' });
      continue;
    }
    const season = asNumber(item.season);
    const week = asNumber(item.week);
    for (const entry of item.lines as unknown[]) {
      if (!isObject(entry) || typeof entry.provider !== 'string') {
        skipped.push({ id: gameId, reason: 'a line without a provider' });
        continue;
      }
      const book = cfbdProviderBook(entry.provider);
      if (!book) {
        skipped.push({ id: gameId, reason: `provider without a book: ${entry.provider}` });
        continue;
      }
      const spread = asNumber(entry.spread);
      const line: CfbdLine = {
        gameId,
        season,
        week,
        provider: entry.provider,
        book,
        // Already the sportsbook convention; negate(negate()) only normalises −0.
        homeSpread: spread === null ? null : negate(negate(spread)),
        total: asNumber(field(entry, 'overUnder', 'over_under')),
        homeMoneyline: moneyline(field(entry, 'homeMoneyline', 'home_moneyline')),
        awayMoneyline: moneyline(field(entry, 'awayMoneyline', 'away_moneyline')),
      };
      if (line.homeSpread === null && line.total === null && line.homeMoneyline === null) {
        skipped.push({ id: gameId, reason: `no spread, total or moneyline: ${entry.provider}` });
        continue;
      }
      records.push(line);
    }
  }
  return { records, skipped };
}
