import type { Sport } from '../enums.js';
import { isWholeAmericanPrice } from '../odds/american-odds.js';
import { teamRegistry } from '../teams/all-teams.js';
import type { TeamRegistry } from '../teams/registry.js';
import type { Team } from '../teams/types.js';
import { followedCollegeGame } from './cfbd-games.js';
import { cfbdProviderBook } from './cfbd-lines.js';
import { asNumber, type Json } from './cfbd-json.js';
import { dateInZone, mlbLocalDate, US_EASTERN } from './mlb-venues.js';
import {
  negate,
  type GameLine,
  type GameStatus,
  type LiveState,
  type ParseResult,
  type Skipped,
  type SourceGame,
} from './types.js';

/**
 * The ESPN scoreboard (`site.api.espn.com/apis/site/v2/sports/{league}/scoreboard`): NFL, college football and
 * MLB games of a date or a week, with their status while they are played and one book's pre-game line.
 * Unofficial and undocumented, so every field is checked: an event whose shape is not the expected one is
 * skipped with the reason, and the rest of the board still reads.
 */

/** ESPN's league path and `leagues[0].slug` of each sport. */
export const ESPN_LEAGUES: Readonly<Record<Sport, { path: string; slug: string }>> = {
  americanfootball_nfl: { path: 'football/nfl', slug: 'nfl' },
  americanfootball_ncaaf: { path: 'football/college-football', slug: 'college-football' },
  baseball_mlb: { path: 'baseball/mlb', slug: 'mlb' },
};

/** The sport of a scoreboard by its `leagues[0].slug`, when it is one of ours. */
export function espnScoreboardSport(body: unknown): Sport | undefined {
  const slug = leagueSlug(body);
  return (Object.keys(ESPN_LEAGUES) as Sport[]).find((sport) => ESPN_LEAGUES[sport].slug === slug);
}

/** ESPN's pre-game line: home view with the sportsbook sign, the prices ESPN shows, and whose line it is. */
export interface EspnLine extends GameLine {
  /** The provider as ESPN names it ("ESPN BET", "DraftKings"). */
  provider: string;
  /** Our book key of the provider: The Odds API's key of the same sportsbook (`espnbet`), else a slug. */
  book: string;
  homeSpreadPrice: number | null;
  awaySpreadPrice: number | null;
  overPrice: number | null;
  underPrice: number | null;
}

export interface EspnGame extends SourceGame {
  source: 'espn';
  /** The competition's note ("College Football Playoff Quarterfinal at the Rose Bowl"), which tells bowls from playoff games. */
  notes: string | null;
  /** The line ESPN shows before kickoff; null once the game is under way (ESPN drops it) or when there is none. */
  line: EspnLine | null;
}

/**
 * The blocks of a scoreboard no importer reads, which make most of its size (ESPN BET's `featuredBets` parlay
 * offers alone were 1.5 MB of a 1.9 MB NFL week): left out of what is stored of each poll.
 */
const UNREAD_BLOCKS = new Set([
  'featuredBets',
  'links',
  'link',
  'leaders',
  'headlines',
  'highlights',
  'probables',
  'featuredAthletes',
  'geoBroadcasts',
  'tickets',
  'logos',
  'logo',
  'statistics',
  'calendar',
  'header',
  'weather',
]);
/** Within `situation`: the last play and the players at bat; the count, outs and runners stay. */
const UNREAD_SITUATION_BLOCKS = new Set(['lastPlay', 'pitcher', 'batter']);

function withoutUnread(value: unknown, parent: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutUnread(item, parent));
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (UNREAD_BLOCKS.has(key) || (parent === 'situation' && UNREAD_SITUATION_BLOCKS.has(key))) continue;
    kept[key] = withoutUnread(inner, key);
  }
  return kept;
}

/** A scoreboard without the blocks no importer reads; everything else as it came, in the same order. */
export function compactEspnScoreboard(body: unknown): unknown {
  return withoutUnread(body, undefined);
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function leagueSlug(body: unknown): string | undefined {
  if (!isObject(body) || !Array.isArray(body.leagues)) return undefined;
  const league: unknown = body.leagues[0];
  return isObject(league) && typeof league.slug === 'string' ? league.slug : undefined;
}

/** A football status ESPN shows at a break in play: no clock runs then. */
const BREAKS = new Set(['STATUS_HALFTIME', 'STATUS_END_PERIOD']);

/** ESPN's status names, state and completion, as our status (undefined for one we do not know). */
function statusOf(type: Json): GameStatus | undefined {
  const name = typeof type.name === 'string' ? type.name : '';
  if (name === 'STATUS_POSTPONED') return 'postponed';
  if (name === 'STATUS_CANCELED' || name === 'STATUS_CANCELLED') return 'cancelled';
  // A suspended game resumes another day; until it ends it is a game under way, never graded.
  if (name === 'STATUS_SUSPENDED') return 'in_progress';
  if (name.startsWith('STATUS_FINAL')) return 'final';
  if (type.state === 'pre') return 'scheduled';
  if (type.state === 'in') return 'in_progress';
  if (type.state === 'post' && type.completed === true) return 'final';
  return undefined;
}

/** ESPN's score, a string ("31"), as a whole number; undefined when it is not one. */
function scoreOf(value: unknown): number | undefined {
  const number = asNumber(value);
  return number !== null && Number.isInteger(number) && number >= 0 ? number : undefined;
}

/** An American price as ESPN writes it: a number (−115.0), a string ("-110", "+240") or "EVEN". */
function priceOf(value: unknown): number | null {
  if (typeof value === 'string' && value.trim().toUpperCase() === 'EVEN') return 100;
  const price = asNumber(typeof value === 'string' ? value.replace(/^\+/, '') : value);
  return price !== null && isWholeAmericanPrice(price) ? price : null;
}

const pointOf = (value: unknown): number | null => {
  const number = asNumber(value);
  return number === null ? null : negate(negate(number));
};

/** Our book key of an odds provider: the one CFBD's providers map to where known, else its name as a slug. */
export function espnProviderBook(provider: string): string {
  return cfbdProviderBook(provider) ?? provider.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The home spread `details` implies ("BUF -6": the favourite and its points; "EVEN"/"PK": none), or undefined when
 * it names neither team in a form we read.
 */
function spreadOfDetails(details: string, home: string, away: string): number | undefined {
  const text = details.trim();
  if (/^(EVEN|PK|PICK|PICK'?EM)$/i.test(text)) return 0;
  const match = /^(\S+)\s+([+-]?\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return undefined;
  const points = Number(match[2]);
  const favourite = match[1]!.toUpperCase();
  if (favourite === home.toUpperCase()) return negate(negate(points));
  if (favourite === away.toUpperCase()) return negate(points);
  return undefined;
}

/**
 * `competitions[0].odds[0]`: ESPN's `spread` is already the home team's (negative = home favoured, unlike
 * nflverse), checked against `details`, which names the favourite; a spread whose sign disagrees is left out
 * rather than stored the wrong way round. Prices: the spread's from `homeTeamOdds`/`awayTeamOdds.spreadOdds`,
 * the total's from `total.over/under.close.odds`.
 */
function lineOf(odds: Json, names: { home: string; away: string }, note: (reason: string) => void): EspnLine | null {
  const provider = isObject(odds.provider) && typeof odds.provider.name === 'string' ? odds.provider.name.trim() : '';
  if (provider === '') {
    note('line left out: odds without a provider');
    return null;
  }
  const homeOdds = isObject(odds.homeTeamOdds) ? odds.homeTeamOdds : {};
  const awayOdds = isObject(odds.awayTeamOdds) ? odds.awayTeamOdds : {};
  const total = isObject(odds.total) ? odds.total : {};
  const closeOdds = (side: unknown) => (isObject(side) && isObject(side.close) ? priceOf(side.close.odds) : null);
  let homeSpread = pointOf(odds.spread);
  if (homeSpread !== null && typeof odds.details === 'string') {
    const implied = spreadOfDetails(odds.details, names.home, names.away);
    if (implied !== undefined && implied !== homeSpread) {
      note(`spread left out: ${homeSpread} disagrees with "${odds.details}"`);
      homeSpread = null;
    }
  }
  const line: EspnLine = {
    provider,
    book: espnProviderBook(provider),
    homeSpread,
    total: pointOf(odds.overUnder),
    homeMoneyline: priceOf(homeOdds.moneyLine),
    awayMoneyline: priceOf(awayOdds.moneyLine),
    homeSpreadPrice: homeSpread === null ? null : priceOf(homeOdds.spreadOdds),
    awaySpreadPrice: homeSpread === null ? null : priceOf(awayOdds.spreadOdds),
    overPrice: closeOdds(total.over),
    underPrice: closeOdds(total.under),
  };
  return line.homeSpread === null && line.total === null && line.homeMoneyline === null && line.awayMoneyline === null
    ? null
    : line;
}

/** The team behind an ESPN competitor: college by ESPN team id, else by ESPN's abbreviation or name. */
function teamOf(registry: TeamRegistry, sport: Sport, team: Json): Team | undefined {
  if (sport === 'americanfootball_ncaaf' && (typeof team.id === 'string' || typeof team.id === 'number')) {
    const byId = registry.byId(sport, 'espn', team.id);
    if (byId) return byId;
  }
  for (const value of [team.abbreviation, team.displayName]) {
    if (typeof value !== 'string') continue;
    const found = registry.resolve(sport, value, 'espn');
    if (found) return found;
  }
  return undefined;
}

const nameOf = (team: Json) => String(team.displayName ?? team.abbreviation ?? team.id ?? '(unnamed team)');

/**
 * An ESPN scoreboard body (already JSON-parsed) of one sport: each event as a game keyed by ESPN's event id, which
 * is nflverse's `espn` column and CFBD's game id.
 *
 * - Status: `pre` is scheduled; `in` (halftime, end of a period, a delay) is in progress with its live state
 *   (period, the football clock outside breaks, ESPN's `detail`); `STATUS_SUSPENDED` is in progress, "Suspended",
 *   until it ends; `STATUS_POSTPONED` postponed; `STATUS_CANCELED` cancelled; `post` completed (`STATUS_FINAL`,
 *   `STATUS_FINAL_OT`) final. Scores (strings) are read while under way and at the final.
 * - Season: `season.year` already files January football under the season before; type 2 regular, 3 postseason,
 *   other types (preseason) are skipped. Football's week is ESPN's `week.number` (the postseason counts from 1
 *   again; the calendar places it), MLB has none.
 * - Date: the US Eastern date of kickoff for football (nflverse's), the date at the ballpark for MLB (the Stats
 *   API's `officialDate`). A kickoff ESPN marks not valid (`timeValid: false`, time to be decided) is unknown.
 * - Teams: through the registry (ESPN's `LAR`, `WSH`, `CHW`, `ATH`); college by ESPN team id, and only games
 *   with an FBS team, as the other college sources.
 */
export function parseEspnScoreboard(
  body: unknown,
  sport: Sport,
  options: { registry?: TeamRegistry } = {},
): ParseResult<EspnGame> {
  const registry = options.registry ?? teamRegistry;
  const records: EspnGame[] = [];
  const skipped: Skipped[] = [];
  if (!isObject(body) || !Array.isArray(body.events)) {
    return { records, skipped: [{ id: '(response)', reason: 'no events array (not a scoreboard, or renamed)' }] };
  }
  const slug = leagueSlug(body);
  if (slug !== undefined && slug !== ESPN_LEAGUES[sport].slug) {
    return {
      records,
      skipped: [{ id: '(response)', reason: `a ${slug} scoreboard, not ${ESPN_LEAGUES[sport].slug}` }],
    };
  }
  const boardSeason = isObject(body.season) ? body.season : {};
  const boardWeek = isObject(body.week) ? asNumber(body.week.number) : null;
  const football = sport !== 'baseball_mlb';

  for (const item of body.events as unknown[]) {
    if (!isObject(item)) {
      skipped.push({ id: '(unknown)', reason: 'not an object' });
      continue;
    }
    const id = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : '';
    const skip = (reason: string) => skipped.push({ id: id || '(no id)', reason });
    if (!/^\d+$/.test(id)) {
      skip('no event id');
      continue;
    }
    const competition: unknown = Array.isArray(item.competitions) ? item.competitions[0] : undefined;
    if (!isObject(competition)) {
      skip('no competitions[0] (missing or renamed)');
      continue;
    }
    const competitors = Array.isArray(competition.competitors) ? competition.competitors.filter(isObject) : [];
    const homeSide = competitors.find((side) => side.homeAway === 'home');
    const awaySide = competitors.find((side) => side.homeAway === 'away');
    if (!homeSide || !awaySide || !isObject(homeSide.team) || !isObject(awaySide.team)) {
      skip('no home and away competitors with teams');
      continue;
    }
    const status: unknown = isObject(item.status) ? item.status : competition.status;
    if (!isObject(status) || !isObject(status.type)) {
      skip('no status.type');
      continue;
    }
    const gameStatus = statusOf(status.type);
    if (!gameStatus) {
      skip(`unknown status ${JSON.stringify(status.type.name ?? status.type.state ?? null)}`);
      continue;
    }
    const eventSeason = isObject(item.season) ? item.season : boardSeason;
    const season = asNumber(eventSeason.year);
    const seasonTypeNumber = asNumber(eventSeason.type);
    if (season === null || seasonTypeNumber === null) {
      skip('no season.year or season.type');
      continue;
    }
    if (seasonTypeNumber !== 2 && seasonTypeNumber !== 3) {
      skip(`not a regular-season or postseason game (season type ${seasonTypeNumber})`);
      continue;
    }
    const start = typeof item.date === 'string' ? item.date : competition.date;
    const kickoff = typeof start === 'string' ? new Date(start) : undefined;
    if (!kickoff || Number.isNaN(kickoff.getTime())) {
      skip(`bad date ${JSON.stringify(start ?? null)}`);
      continue;
    }

    const homeName = nameOf(homeSide.team);
    const awayName = nameOf(awaySide.team);
    let home = teamOf(registry, sport, homeSide.team);
    let away = teamOf(registry, sport, awaySide.team);
    if (sport === 'americanfootball_ncaaf') {
      const followed = followedCollegeGame(registry, season, home, away, { home: homeName, away: awayName });
      if (typeof followed === 'string') {
        skip(followed);
        continue;
      }
      ({ home, away } = followed);
    }
    if (!home || !away) {
      skip(`unknown team "${home ? awayName : homeName}"`);
      continue;
    }

    let homeScore: number | null = null;
    let awayScore: number | null = null;
    if (gameStatus === 'in_progress' || gameStatus === 'final') {
      const homeRead = scoreOf(homeSide.score);
      const awayRead = scoreOf(awaySide.score);
      if (gameStatus === 'final' && (homeRead === undefined || awayRead === undefined)) {
        skip('final without scores');
        continue;
      }
      homeScore = homeRead ?? null;
      awayScore = awayRead ?? null;
    }

    let live: LiveState | null = null;
    if (gameStatus === 'in_progress') {
      const name = String(status.type.name ?? '');
      const period = asNumber(status.period);
      const suspended = name === 'STATUS_SUSPENDED';
      const detail = [status.type.detail, status.type.shortDetail, status.type.description].find(
        (value): value is string => typeof value === 'string' && value.trim() !== '',
      );
      live = {
        period: period !== null && Number.isInteger(period) && period >= 1 ? period : null,
        clock:
          football && !suspended && !BREAKS.has(name) && typeof status.displayClock === 'string'
            ? status.displayClock
            : null,
        detail: suspended ? 'Suspended' : (detail ?? 'In Progress'),
      };
    }

    const abbreviations = {
      home: String(homeSide.team.abbreviation ?? ''),
      away: String(awaySide.team.abbreviation ?? ''),
    };
    const odds: unknown = Array.isArray(competition.odds) ? competition.odds[0] : undefined;
    // Only the line before kickoff is a pre-game line; ESPN drops it once the game is under way anyway.
    const line =
      gameStatus === 'scheduled' && isObject(odds)
        ? lineOf(odds, abbreviations, (reason) => skipped.push({ id, reason }))
        : null;
    const notes = Array.isArray(competition.notes)
      ? competition.notes
          .filter(isObject)
          .map((note) => note.headline)
          .find((headline): headline is string => typeof headline === 'string' && headline.trim() !== '')
      : undefined;
    const week = football ? (asNumber(isObject(item.week) ? item.week.number : null) ?? boardWeek) : null;
    const kickoffKnown = competition.timeValid !== false;
    const kickoffIso = kickoff.toISOString();

    records.push({
      source: 'espn',
      sourceId: id,
      sport,
      season,
      week,
      seasonType: seasonTypeNumber === 2 ? 'regular' : 'postseason',
      kickoff: kickoffKnown ? kickoffIso : null,
      date: football
        ? dateInZone(kickoffIso, US_EASTERN)
        : mlbLocalDate({ home: home.abbr, away: away.abbr, kickoff: kickoffIso }),
      home: home.abbr,
      away: away.abbr,
      homeScore,
      awayScore,
      neutralSite: competition.neutralSite === true,
      status: gameStatus,
      live,
      notes: notes?.trim() ?? null,
      line,
    });
  }
  return { records, skipped };
}
