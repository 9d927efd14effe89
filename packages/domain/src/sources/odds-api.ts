import { seasonForDate } from '../calendar.js';
import { isSport, type Sport } from '../enums.js';
import { decimalToAmerican, isWholeAmericanPrice } from '../odds/american-odds.js';
import { teamRegistry } from '../teams/all-teams.js';
import type { TeamRegistry } from '../teams/registry.js';
import type { ParseResult, Skipped } from './types.js';

/** The featured markets the product tracks (DESIGN.md section 5); props and lay markets are ignored. */
export const ODDS_MARKETS = ['h2h', 'spreads', 'totals'] as const;
export type OddsMarket = (typeof ODDS_MARKETS)[number];

export interface OddsEvent {
  id: string;
  sport: Sport;
  /** UTC ISO 8601. */
  commenceTime: string;
  home: string;
  away: string;
  /** The names as the API gave them ("Kansas City Chiefs"). */
  homeName: string;
  awayName: string;
}

/** One price of one outcome at one book: the row the odds table keeps for every fetch. */
export interface OddsQuote {
  eventId: string;
  book: string;
  market: OddsMarket;
  /** The team's abbreviation for h2h and spreads; 'Over' or 'Under' for totals. */
  outcome: string;
  /** American odds, an integer (−110, +240). */
  price: number;
  /** The handicap for spreads (negative = favourite) or the total; null for h2h. */
  point: number | null;
  /** When the book last changed this market (market-level `last_update` when present, else the book's). */
  lastUpdate: string;
}

export interface OddsApiScore {
  eventId: string;
  sport: Sport;
  commenceTime: string;
  home: string;
  away: string;
  completed: boolean;
  homeScore: number | null;
  awayScore: number | null;
  lastUpdate: string | null;
}

export type OddsFormat = 'american' | 'decimal';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const isIsoTime = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(new Date(value).getTime());

/** Historical endpoints wrap the usual payload as `{timestamp, …, data}`; the others return it bare. */
function unwrap(json: unknown): unknown {
  return isObject(json) && 'data' in json && 'timestamp' in json ? json.data : json;
}

function toArray(json: unknown): unknown[] {
  const payload = unwrap(json);
  return Array.isArray(payload) ? payload : isObject(payload) ? [payload] : [];
}

/** The event fields every Odds API response shares, with both teams resolved; a reason when that fails. */
function readEvent(item: unknown, registry: TeamRegistry): OddsEvent | string {
  if (!isObject(item) || typeof item.id !== 'string') return 'not an event';
  const { sport_key: sportKey, home_team: homeName, away_team: awayName, commence_time: commenceTime } = item;
  if (typeof sportKey !== 'string' || !isSport(sportKey)) return `sport "${String(sportKey)}" is not one we track`;
  if (!isIsoTime(commenceTime)) return `bad commence_time ${JSON.stringify(commenceTime)}`;
  if (typeof homeName !== 'string' || typeof awayName !== 'string') return 'home_team or away_team missing';
  const home = registry.resolve(sportKey, homeName, 'odds_api');
  const away = registry.resolve(sportKey, awayName, 'odds_api');
  if (!home || !away) return `unknown team "${home ? awayName : homeName}"`;
  // College games without an FBS team (the FCS championship) are not followed, though both teams are known.
  const season = seasonForDate(sportKey, new Date(commenceTime));
  if (registry.conferenceIn(home, season) === null && registry.conferenceIn(away, season) === null) {
    return `not an FBS game (${awayName} at ${homeName})`;
  }
  return {
    id: item.id,
    sport: sportKey,
    commenceTime: new Date(commenceTime).toISOString(),
    home: home.abbr,
    away: away.abbr,
    homeName,
    awayName,
  };
}

/**
 * The Odds API v4 `/odds`, `/events`, `/events/{id}/odds` and their historical forms: events with teams
 * resolved through the registry, and every bookmaker × market × outcome as a flat quote. Prices are read
 * as American odds unless `oddsFormat: 'decimal'` says the request asked for decimal ones (the API's
 * default), which are converted. Events with an unknown team, and college events without an FBS team (the FCS
 * championship in bowl-season files), are skipped whole, with their quotes.
 */
export function parseOddsApiOdds(
  json: unknown,
  options: { registry?: TeamRegistry; oddsFormat?: OddsFormat } = {},
): ParseResult<OddsEvent> & { quotes: OddsQuote[] } {
  const registry = options.registry ?? teamRegistry;
  const decimal = options.oddsFormat === 'decimal';
  const records: OddsEvent[] = [];
  const quotes: OddsQuote[] = [];
  const skipped: Skipped[] = [];

  for (const item of toArray(json)) {
    const event = readEvent(item, registry);
    if (typeof event === 'string') {
      skipped.push({ id: isObject(item) ? String(item.id) : '(unknown)', reason: event });
      continue;
    }
    records.push(event);
    const bookmakers = isObject(item) && Array.isArray(item.bookmakers) ? (item.bookmakers as unknown[]) : [];
    for (const bookmaker of bookmakers) {
      if (!isObject(bookmaker) || typeof bookmaker.key !== 'string' || !Array.isArray(bookmaker.markets)) continue;
      const book = bookmaker.key;
      for (const market of bookmaker.markets as unknown[]) {
        if (!isObject(market) || typeof market.key !== 'string') continue;
        const where = `${event.id}/${book}/${market.key}`;
        if (!(ODDS_MARKETS as readonly string[]).includes(market.key)) {
          skipped.push({ id: where, reason: `market ${market.key} is not tracked` });
          continue;
        }
        const lastUpdate = isIsoTime(market.last_update) ? market.last_update : bookmaker.last_update;
        if (!isIsoTime(lastUpdate)) {
          skipped.push({ id: where, reason: 'no last_update' });
          continue;
        }
        for (const outcome of Array.isArray(market.outcomes) ? (market.outcomes as unknown[]) : []) {
          const quote = readQuote(outcome, event, market.key as OddsMarket, decimal, registry);
          if (typeof quote === 'string') skipped.push({ id: where, reason: quote });
          else quotes.push({ eventId: event.id, book, market: market.key as OddsMarket, ...quote, lastUpdate });
        }
      }
    }
  }
  return { records, quotes, skipped };
}

function readQuote(
  outcome: unknown,
  event: OddsEvent,
  market: OddsMarket,
  decimal: boolean,
  registry: TeamRegistry,
): Pick<OddsQuote, 'outcome' | 'price' | 'point'> | string {
  if (!isObject(outcome) || typeof outcome.name !== 'string' || typeof outcome.price !== 'number') {
    return 'outcome without name or price';
  }
  let name: string;
  if (market === 'totals') {
    if (outcome.name !== 'Over' && outcome.name !== 'Under') return `totals outcome "${outcome.name}"`;
    name = outcome.name;
  } else {
    const team = registry.resolve(event.sport, outcome.name, 'odds_api');
    if (!team || (team.abbr !== event.home && team.abbr !== event.away)) {
      return `outcome "${outcome.name}" is neither team of the event`;
    }
    name = team.abbr;
  }
  let price = outcome.price;
  if (decimal) {
    if (!(price > 1)) return `decimal price ${price} is not above 1`;
    // JSON's 1e400 reads as Infinity, which no American price stands for.
    if (!Number.isFinite(price)) return `decimal price ${price} is not a finite number`;
    price = decimalToAmerican(price);
  } else if (!isWholeAmericanPrice(price)) {
    // An American price is a whole number of at least 100 either way; anything else means decimal odds.
    return `price ${price} is not American odds (was oddsFormat=decimal?)`;
  }
  const point = typeof outcome.point === 'number' ? outcome.point : null;
  if (market !== 'h2h' && point === null) return `${market} outcome without point`;
  return { outcome: name, price, point: market === 'h2h' ? null : point };
}

/** The Odds API `/scores`: scores arrive as strings, and only once a game has started. */
export function parseOddsApiScores(
  json: unknown,
  options: { registry?: TeamRegistry } = {},
): ParseResult<OddsApiScore> {
  const registry = options.registry ?? teamRegistry;
  const records: OddsApiScore[] = [];
  const skipped: Skipped[] = [];
  for (const item of toArray(json)) {
    const event = readEvent(item, registry);
    if (typeof event === 'string' || !isObject(item)) {
      skipped.push({ id: isObject(item) ? String(item.id) : '(unknown)', reason: String(event) });
      continue;
    }
    const scores = Array.isArray(item.scores) ? (item.scores as unknown[]) : [];
    const scoreOf = (name: string): number | null | undefined => {
      const entry = scores.find((score) => isObject(score) && score.name === name);
      if (!isObject(entry)) return null;
      const value = typeof entry.score === 'string' ? Number(entry.score) : entry.score;
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    };
    const homeScore = scoreOf(event.homeName);
    const awayScore = scoreOf(event.awayName);
    if (homeScore === undefined || awayScore === undefined) {
      skipped.push({ id: event.id, reason: 'score unreadable' });
      continue;
    }
    records.push({
      eventId: event.id,
      sport: event.sport,
      commenceTime: event.commenceTime,
      home: event.home,
      away: event.away,
      completed: item.completed === true,
      homeScore,
      awayScore,
      lastUpdate: isIsoTime(item.last_update) ? item.last_update : null,
    });
  }
  return { records, skipped };
}
