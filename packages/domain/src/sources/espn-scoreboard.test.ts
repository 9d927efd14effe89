import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sport } from '../enums.js';
import { calendarWeek, weekLabel } from '../sports-calendar.js';
import { teamRegistry } from '../teams/all-teams.js';
import {
  compactEspnScoreboard,
  espnProviderBook,
  espnScoreboardSport,
  parseEspnScoreboard,
  type EspnGame,
} from './espn-scoreboard.js';

/** The captures and the college stand-in (fixtures/espn/README.md). */
const FIXTURES = path.join(import.meta.dirname, 'fixtures/espn');
type Board = { events: Event[]; [key: string]: unknown };
type Event = Record<string, unknown> & { id: string; competitions: Competition[]; status: Status };
type Competition = Record<string, unknown> & { competitors: Competitor[]; status: Status; odds?: Odds[] };
type Competitor = Record<string, unknown> & { homeAway: string; score: string; team: Record<string, unknown> };
type Status = { period: number; displayClock: string; type: Record<string, unknown> };
type Odds = Record<string, unknown>;
const board = (file: string): Board => JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as Board;

const NFL_WEEK_12 = 'nfl_2025_week12_pregame.json';
const NFL_WILD_CARD = 'nfl_2025_wildcard_final.json';
const MLB_DAY = 'mlb_2025-09-02_in_progress.json';
const COLLEGE_DAY = 'college-football_2025-08-30_pregame_standin.json';

const NFL: Sport = 'americanfootball_nfl';
const MLB: Sport = 'baseball_mlb';
const NCAAF: Sport = 'americanfootball_ncaaf';

function parsed(body: Board, sport: Sport) {
  const result = parseEspnScoreboard(body, sport);
  return { ...result, byId: new Map(result.records.map((game) => [game.sourceId, game])) };
}

/**
 * A board with one event moved to another state, as ESPN shows it: the status (on the event and its
 * competition), and the scores (home, away) when given. The rest of the board is the capture.
 */
function withState(
  source: Board,
  eventId: string,
  state: {
    name: string;
    state: 'pre' | 'in' | 'post';
    completed?: boolean;
    period?: number;
    clock?: string;
    detail: string;
  },
  scores?: { home: number; away: number },
): Board {
  const copy = structuredClone(source);
  const event = copy.events.find((item) => item.id === eventId)!;
  const status: Status = {
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
  event.competitions[0]!.status = status;
  if (scores) {
    for (const side of event.competitions[0]!.competitors) {
      side.score = String(side.homeAway === 'home' ? scores.home : scores.away);
    }
  }
  return copy;
}

describe('parseEspnScoreboard: NFL 2025 week 12 before Thursday night (14 games with ESPN BET lines)', () => {
  const { records, skipped, byId } = parsed(board(NFL_WEEK_12), NFL);

  it('reads every game as scheduled, keyed by ESPN event id, with the registry abbreviations', () => {
    expect(skipped).toEqual([]);
    expect(records).toHaveLength(14);
    expect(byId.get('401772946')).toMatchObject({
      source: 'espn',
      sourceId: '401772946',
      sport: NFL,
      season: 2025,
      week: 12,
      seasonType: 'regular',
      kickoff: '2025-11-21T01:15:00.000Z',
      // Thursday night in the East: the schedule's date, not the UTC one.
      date: '2025-11-20',
      home: 'HOU',
      away: 'BUF',
      homeScore: null,
      awayScore: null,
      neutralSite: false,
      status: 'scheduled',
      live: null,
    });
    // ESPN's LAR is nflverse's (and our) LA.
    expect(byId.get('401772929')).toMatchObject({ home: 'LA', away: 'TB', date: '2025-11-23' });
  });

  it("keeps ESPN's sign: `spread` is the home team's, negative when home is favoured, as `details` says", () => {
    // BUF −6 at HOU: ESPN writes spread 6.0, so HOU is +6.
    expect(byId.get('401772946')!.line).toEqual({
      provider: 'ESPN BET',
      book: 'espnbet',
      homeSpread: 6,
      total: 43.5,
      homeMoneyline: 240,
      awayMoneyline: -290,
      homeSpreadPrice: -105,
      awaySpreadPrice: -115,
      overPrice: -110,
      underPrice: -110,
    });
    // CHI −2.5 at home: spread −2.5.
    expect(byId.get('401772780')!.line).toMatchObject({ homeSpread: -2.5, homeMoneyline: -140, awayMoneyline: 120 });
    // Every game: the team `details` names as favourite is the one with the negative spread.
    for (const event of board(NFL_WEEK_12).events) {
      const [favourite] = String(event.competitions[0]!.odds![0]!.details).split(' ');
      const game = byId.get(event.id)!;
      const home = event.competitions[0]!.competitors.find((side) => side.homeAway === 'home')!;
      expect(game.line!.homeSpread! < 0, event.id).toBe(favourite === home.team.abbreviation);
    }
  });

  it('reads "EVEN" as +100 and whole prices only', () => {
    // MIN at GB: the over is EVEN.
    expect(byId.get('401772887')!.line).toMatchObject({ overPrice: 100, underPrice: -120 });
  });

  it('leaves out a spread whose sign disagrees with the favourite `details` names, and says so', () => {
    const body = board(NFL_WEEK_12);
    body.events.find((event) => event.id === '401772946')!.competitions[0]!.odds![0]!.spread = -6;
    const result = parsed(body, NFL);
    expect(result.byId.get('401772946')!.line).toMatchObject({
      homeSpread: null,
      homeSpreadPrice: null,
      total: 43.5,
      homeMoneyline: 240,
    });
    expect(result.skipped).toEqual([{ id: '401772946', reason: 'spread left out: -6 disagrees with "BUF -6"' }]);
    expect(result.records).toHaveLength(14);
  });

  it("names the book after ESPN's provider", () => {
    const body = board(NFL_WEEK_12);
    (body.events[0]!.competitions[0]!.odds![0]!.provider as { name: string }).name = 'DraftKings';
    expect(parsed(body, NFL).records[0]!.line).toMatchObject({ provider: 'DraftKings', book: 'draftkings' });
    expect(espnProviderBook('ESPN BET')).toBe('espnbet');
    expect(espnProviderBook('Caesars Sportsbook')).toBe('williamhill_us');
    expect(espnProviderBook('Some New Book')).toBe('somenewbook');
  });

  it('takes no line from a game under way (a live line is not a pre-game one)', () => {
    const body = withState(
      board(NFL_WEEK_12),
      '401772946',
      { name: 'STATUS_IN_PROGRESS', state: 'in', period: 1, clock: '11:02', detail: '11:02 - 1st Quarter' },
      { home: 0, away: 7 },
    );
    expect(parsed(body, NFL).byId.get('401772946')!.line).toBeNull();
  });

  it('takes a kickoff ESPN marks as not yet valid as unknown, keeping its date', () => {
    const body = board(NFL_WEEK_12);
    body.events.find((event) => event.id === '401772820')!.competitions[0]!.timeValid = false;
    expect(parsed(body, NFL).byId.get('401772820')).toMatchObject({ kickoff: null, date: '2025-11-24' });
  });
});

describe('parseEspnScoreboard: the states of a game under way, made from the captures', () => {
  const week12 = board(NFL_WEEK_12);
  const game = (body: Board, sport: Sport, id: string) => parsed(body, sport).byId.get(id)!;

  it('a game in its second quarter: in progress, period, clock and ESPN’s line', () => {
    const body = withState(
      week12,
      '401772946',
      { name: 'STATUS_IN_PROGRESS', state: 'in', period: 2, clock: '4:12', detail: '4:12 - 2nd Quarter' },
      { home: 3, away: 10 },
    );
    expect(game(body, NFL, '401772946')).toMatchObject({
      status: 'in_progress',
      homeScore: 3,
      awayScore: 10,
      live: { period: 2, clock: '4:12', detail: '4:12 - 2nd Quarter' },
    });
  });

  it('halftime and the end of a quarter have no clock', () => {
    const halftime = withState(
      week12,
      '401772946',
      { name: 'STATUS_HALFTIME', state: 'in', period: 2, detail: 'Halftime' },
      { home: 13, away: 10 },
    );
    expect(game(halftime, NFL, '401772946').live).toEqual({ period: 2, clock: null, detail: 'Halftime' });
    const endOfFirst = withState(week12, '401772946', {
      name: 'STATUS_END_PERIOD',
      state: 'in',
      period: 1,
      clock: '0:00',
      detail: 'End of 1st Quarter',
    });
    expect(game(endOfFirst, NFL, '401772946')).toMatchObject({
      status: 'in_progress',
      live: { period: 1, clock: null, detail: 'End of 1st Quarter' },
    });
  });

  it('a weather delay is a game under way, with ESPN’s line for it', () => {
    const delayed = withState(
      week12,
      '401772780',
      { name: 'STATUS_DELAYED', state: 'in', period: 3, clock: '8:01', detail: 'Delayed' },
      { home: 17, away: 14 },
    );
    expect(game(delayed, NFL, '401772780')).toMatchObject({
      status: 'in_progress',
      homeScore: 17,
      awayScore: 14,
      live: { period: 3, clock: '8:01', detail: 'Delayed' },
    });
    const rain = withState(
      board(MLB_DAY),
      '401696991',
      { name: 'STATUS_RAIN_DELAY', state: 'in', period: 5, detail: 'Rain Delay' },
      { home: 1, away: 2 },
    );
    expect(game(rain, MLB, '401696991').live).toEqual({ period: 5, clock: null, detail: 'Rain Delay' });
  });

  it('a suspended MLB game stays in progress, "Suspended", with its score so far: never a final to grade', () => {
    const suspended = withState(
      board(MLB_DAY),
      '401696991',
      { name: 'STATUS_SUSPENDED', state: 'post', period: 9, detail: 'Suspended: Rain' },
      { home: 2, away: 6 },
    );
    expect(game(suspended, MLB, '401696991')).toMatchObject({
      status: 'in_progress',
      homeScore: 2,
      awayScore: 6,
      live: { period: 9, clock: null, detail: 'Suspended' },
    });
  });

  it('postponed, cancelled and a final in overtime', () => {
    const postponed = withState(week12, '401772946', {
      name: 'STATUS_POSTPONED',
      state: 'post',
      detail: 'Postponed',
    });
    expect(game(postponed, NFL, '401772946')).toMatchObject({ status: 'postponed', homeScore: null, live: null });
    const cancelled = withState(week12, '401772946', { name: 'STATUS_CANCELED', state: 'post', detail: 'Canceled' });
    expect(game(cancelled, NFL, '401772946').status).toBe('cancelled');
    const overtime = withState(
      week12,
      '401772946',
      { name: 'STATUS_FINAL_OT', state: 'post', completed: true, period: 5, detail: 'Final/OT' },
      { home: 26, away: 23 },
    );
    expect(game(overtime, NFL, '401772946')).toMatchObject({
      status: 'final',
      homeScore: 26,
      awayScore: 23,
      live: null,
    });
  });
});

describe('parseEspnScoreboard: the 2025 Wild Card round (postseason, January, finals)', () => {
  const { records, skipped, byId } = parsed(board(NFL_WILD_CARD), NFL);

  it('files the January games under the 2025 season, postseason, with scores and no line', () => {
    expect(skipped).toEqual([]);
    expect(records.map((game) => game.status)).toEqual(Array(6).fill('final'));
    expect(byId.get('401772979')).toMatchObject({
      season: 2025,
      seasonType: 'postseason',
      week: 1,
      kickoff: '2026-01-10T21:30:00.000Z',
      date: '2026-01-10',
      home: 'CAR',
      away: 'LA',
      homeScore: 31,
      awayScore: 34,
      line: null,
      notes: 'NFC Wild Card Playoffs',
    });
    // 8 pm Eastern on Saturday is 01:00 UTC on Sunday: the schedule's date is Saturday's.
    expect(byId.get('401772981')).toMatchObject({ date: '2026-01-10', home: 'CHI', homeScore: 31, awayScore: 27 });
    expect(byId.get('401772976')).toMatchObject({ home: 'PIT', away: 'HOU', homeScore: 6, awayScore: 30 });
  });

  it("hands on ESPN's postseason week 1, which the calendar places after the regular season: Wild Card", () => {
    const game = byId.get('401772979')!;
    const week = calendarWeek({ ...game, sourceWeek: game.week });
    expect(week).toBe(19);
    expect(weekLabel(NFL, 2025, week)).toBe('Wild Card');
  });
});

describe('parseEspnScoreboard: MLB on 2025-09-02, one game still in the ninth', () => {
  const body = board(MLB_DAY);
  const { records, skipped, byId } = parsed(body, MLB);

  it('reads BAL 6 at SD 2, bottom of the 9th, as in progress: inning, no clock, ESPN’s line', () => {
    expect(skipped).toEqual([]);
    expect(records).toHaveLength(14);
    expect(byId.get('401696991')).toMatchObject({
      sport: MLB,
      season: 2025,
      week: null,
      seasonType: 'regular',
      kickoff: '2025-09-03T01:40:00.000Z',
      home: 'SD',
      away: 'BAL',
      homeScore: 2,
      awayScore: 6,
      status: 'in_progress',
      live: { period: 9, clock: null, detail: 'Bottom 9th' },
    });
    expect(records.filter((game) => game.status === 'final')).toHaveLength(13);
  });

  it("dates every game at its ballpark: the board's day, though four first pitches are after midnight UTC", () => {
    expect(new Set(records.map((game) => game.date))).toEqual(new Set(['2025-09-02']));
    expect(records.filter((game) => game.kickoff! >= '2025-09-03')).toHaveLength(4);
  });

  it("resolves ESPN's club abbreviations (CHW, ATH, WSH, ARI …) through the registry", () => {
    expect(byId.get('401696987')).toMatchObject({ home: 'MIN', away: 'CWS', homeScore: 3, awayScore: 12 });
    expect(byId.get('401696989')).toMatchObject({ home: 'STL', away: 'ATH' });
    expect(byId.get('401696981')).toMatchObject({ home: 'WSH', away: 'MIA' });
    const espnCodes = ['ARI', 'ATH', 'ATL', 'BAL', 'BOS', 'CHC', 'CHW', 'CIN', 'CLE', 'COL', 'DET', 'HOU', 'KC', 'LAA']
      .concat(['LAD', 'MIA', 'MIL', 'MIN', 'NYM', 'NYY', 'PHI', 'PIT', 'SD', 'SEA', 'SF', 'STL', 'TB', 'TEX', 'TOR'])
      .concat(['WSH']);
    const clubs = new Set(espnCodes.map((code) => teamRegistry.resolve(MLB, code, 'espn')?.abbr));
    expect(clubs.size).toBe(30);
    expect(clubs.has(undefined)).toBe(false);
  });
});

describe('parseEspnScoreboard: college football, 2025-08-30 (the stand-in)', () => {
  const { records, skipped, byId } = parsed(board(COLLEGE_DAY), NCAAF);

  it('keeps the games with an FBS team, FCS opponents included, and says why it leaves the others out', () => {
    expect(records).toHaveLength(10);
    expect(skipped).toEqual([
      { id: '401767509', reason: 'not an FBS game (North Dakota State Bison at The Citadel Bulldogs)' },
    ]);
    expect(byId.get('401752804')).toMatchObject({ home: 'ORE', away: 'MTST', week: 1, seasonType: 'regular' });
  });

  it('reads teams by ESPN id, neutral sites, lines, and the Eastern date of a late kickoff', () => {
    expect(byId.get('401752677')).toMatchObject({
      home: 'OSU',
      away: 'TEX',
      date: '2025-08-30',
      line: { provider: 'ESPN BET', book: 'espnbet', homeSpread: -1.5, total: 46.5, homeMoneyline: null },
    });
    expect(byId.get('401752676')).toMatchObject({ home: 'TENN', away: 'SYR', neutralSite: true });
    // FSU +13.5 at home against Alabama.
    expect(byId.get('401752665')!.line!.homeSpread).toBe(13.5);
    expect(byId.get('401752678')).toMatchObject({ home: teamRegistry.byId(NCAAF, 'espn', 245)!.abbr, away: 'UTSA' });
    // 8 pm and 11 pm Eastern on Saturday: Sunday in UTC.
    expect(byId.get('401756851')).toMatchObject({ kickoff: '2025-08-31T00:00:00.000Z', date: '2025-08-30' });
    expect(byId.get('401752800')).toMatchObject({ home: 'UCLA', away: 'UTAH', date: '2025-08-30' });
  });

  it('tells its sport by its league', () => {
    expect(espnScoreboardSport(board(COLLEGE_DAY))).toBe(NCAAF);
    expect(espnScoreboardSport(board(MLB_DAY))).toBe(MLB);
    expect(espnScoreboardSport(board(NFL_WEEK_12))).toBe(NFL);
    expect(espnScoreboardSport({ events: [] })).toBeUndefined();
  });
});

describe('parseEspnScoreboard: what it cannot read, it skips with the reason', () => {
  it('skips an event whose competitions were renamed, and reads the rest', () => {
    const body = board(NFL_WEEK_12);
    const event = body.events.find((item) => item.id === '401772946')! as Record<string, unknown>;
    event.contests = event.competitions;
    delete event.competitions;
    const result = parsed(body, NFL);
    expect(result.skipped).toEqual([{ id: '401772946', reason: 'no competitions[0] (missing or renamed)' }]);
    expect(result.records).toHaveLength(13);
  });

  it('skips a team the registry does not know, a final without scores, a preseason game and an unknown status', () => {
    const body = board(NFL_WILD_CARD);
    const [first, second, third, fourth] = body.events;
    const away = first!.competitions[0]!.competitors.find((side) => side.homeAway === 'away')!;
    away.team = { ...away.team, abbreviation: 'XYZ', displayName: 'Nowhere Nomads' };
    for (const side of second!.competitions[0]!.competitors) side.score = '';
    (third!.season as { type: number }).type = 1;
    fourth!.status.type.name = 'STATUS_ABANDONED';
    fourth!.status.type.state = 'post';
    fourth!.status.type.completed = false;
    const result = parsed(body, NFL);
    expect(result.skipped).toEqual([
      { id: first!.id, reason: 'unknown team "Nowhere Nomads"' },
      { id: second!.id, reason: 'final without scores' },
      { id: third!.id, reason: 'not a regular-season or postseason game (season type 1)' },
      { id: fourth!.id, reason: 'unknown status "STATUS_ABANDONED"' },
    ]);
    expect(result.records.map((game: EspnGame) => game.sourceId)).toEqual(body.events.slice(4).map((e) => e.id));
  });

  it('refuses a body that is not a scoreboard, and a scoreboard of another sport', () => {
    expect(parseEspnScoreboard({ items: [] }, NFL)).toEqual({
      records: [],
      skipped: [{ id: '(response)', reason: 'no events array (not a scoreboard, or renamed)' }],
    });
    expect(parseEspnScoreboard(null, NFL).records).toEqual([]);
    expect(parseEspnScoreboard(board(MLB_DAY), NFL)).toEqual({
      records: [],
      skipped: [{ id: '(response)', reason: 'a mlb scoreboard, not nfl' }],
    });
  });
});

describe('compactEspnScoreboard', () => {
  it('leaves out the blocks no importer reads, the rest as it came: the fixtures were made so', () => {
    for (const file of [NFL_WEEK_12, NFL_WILD_CARD, MLB_DAY])
      expect(compactEspnScoreboard(board(file))).toEqual(board(file));
    const body = board(MLB_DAY);
    const event = body.events.find((item) => item.id === '401696991')!;
    const competition = event.competitions[0]!;
    competition.situation = { outs: 1, lastPlay: { text: 'Albert Suarez pitches to Jake Cronenworth' } };
    competition.odds = [{ provider: { name: 'ESPN BET' }, spread: -1.5, featuredBets: [{ legs: [] }] }];
    event.links = [{ href: 'https://www.espn.com/mlb/game/_/gameId/401696991' }];
    const compact = compactEspnScoreboard(body) as Board;
    const compactEvent = compact.events.find((item) => item.id === '401696991')!;
    expect(compactEvent.links).toBeUndefined();
    expect(compactEvent.competitions[0]!.situation).toEqual({ outs: 1 });
    expect(compactEvent.competitions[0]!.odds).toEqual([{ provider: { name: 'ESPN BET' }, spread: -1.5 }]);
    expect(parseEspnScoreboard(compact, MLB)).toEqual(parseEspnScoreboard(body, MLB));
  });
});
