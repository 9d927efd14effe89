import type { SyncBetCandidatesResponse, SyncSummaryResponse } from '@pass/contracts';
import { events, syncAccounts, syncBets, userBets, type DbExecutor } from '@pass/db';
import { easternToUtc, teamRegistry, type Sport } from '@pass/domain';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { importNflverse, importSportsdataverse, importStatsapi } from '../imports/game-importers.js';
import { readHistoryFile } from '../imports/history-files.js';

/**
 * 300 real past bets written the way each book writes them, synced through the upload path: NFL (2024), college
 * (2025) and MLB (2025, doubleheaders included) games picked from the repository's history with a seeded choice,
 * each bet placed before its game, a third each as DraftKings' CSV (city code and nickname, college names as
 * DraftKings prints them, no start time), FanDuel's CSV (full names, the start time) and the sync client's JSON
 * slips. Every bet must land on its own game or, refused, say why and offer its game among those to choose from.
 */

const NFL: Sport = 'americanfootball_nfl';
const NCAAF: Sport = 'americanfootball_ncaaf';
const MLB: Sport = 'baseball_mlb';
const NOW = new Date('2026-01-20T16:00:00Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;
const SEED = 20_261_129;

/** DraftKings' city codes for the professional teams (our abbreviation → DraftKings' prefix to the nickname). */
const DRAFTKINGS_CITY: Record<string, Record<string, string>> = {
  [NFL]: { LA: 'LA', LAC: 'LA', NYG: 'NY', NYJ: 'NY', LV: 'LV', WAS: 'WAS', JAX: 'JAX', GB: 'GB', NE: 'NE', NO: 'NO' },
  [MLB]: {
    CWS: 'CHI',
    CHC: 'CHI',
    LAD: 'LA',
    LAA: 'LA',
    NYY: 'NY',
    NYM: 'NY',
    WSH: 'WAS',
    ATH: 'ATH',
    SD: 'SD',
    SF: 'SF',
    TB: 'TB',
    KC: 'KC',
  },
};

/** College schools as each book prints them where the book's name is not the team's own (ESPN's). */
const COLLEGE_NAMES: Record<'draftkings' | 'fanduel', Record<string, string>> = {
  draftkings: {
    MIA: 'Miami (FL) Hurricanes',
    CONN: 'UConn Huskies',
    ULM: 'Louisiana-Monroe Warhawks',
    USM: 'Southern Miss Golden Eagles',
    SHSU: 'Sam Houston State Bearkats',
    'M-OH': 'Miami (OH) RedHawks',
    APP: 'Appalachian State Mountaineers',
    SJSU: 'San Jose State Spartans',
    HAW: 'Hawaii Rainbow Warriors',
    MASS: 'UMass Minutemen',
    FIU: 'FIU Panthers',
  },
  fanduel: {
    MIA: 'Miami (FL) Hurricanes',
    CONN: 'Connecticut Huskies',
    ULM: 'UL Monroe Warhawks',
    USM: 'Southern Mississippi Golden Eagles',
    SHSU: 'Sam Houston State Bearkats',
    'M-OH': 'Miami (OH) RedHawks',
    APP: 'Appalachian State Mountaineers',
    HAW: "Hawai'i Rainbow Warriors",
    FIU: 'Florida International Panthers',
  },
};

/** Schools whose printed names differ most between books: each plays at least one of the college bets. */
const COLLEGE_MUST = ['MIA', 'CONN', 'ULM', 'USM', 'SHSU', 'HAW'];

type Book = 'draftkings' | 'fanduel' | 'slips';
type Game = typeof events.$inferSelect;
type Market = 'moneyline' | 'spread' | 'total';

interface Bet {
  id: string;
  book: Book;
  game: Game;
  market: Market;
  /** The picked team (our abbreviation), or Over/Under. */
  side: string;
  line: number | null;
  price: number;
  placedAt: Date;
  /** The start the book prints (FanDuel, slips); for a game known by its date, the usual first pitch. */
  start: Date;
  stakeCents: number;
}

/** Mulberry32: the same picks on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}

const easternFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** "YYYY-MM-DD HH:MM:SS" in US Eastern time, as the exports write it. */
const exportTime = (at: Date) => easternFormat.format(at);

function teamName(book: Book, sport: Sport, abbr: string): string {
  const team = teamRegistry.get(sport, abbr)!;
  if (sport === NCAAF) {
    return (book === 'slips' ? undefined : COLLEGE_NAMES[book][abbr]) ?? team.name;
  }
  if (book !== 'draftkings') return team.name;
  return `${DRAFTKINGS_CITY[sport]?.[abbr] ?? abbr} ${team.nickname ?? team.name}`;
}

const signed = (value: number) => (value > 0 ? `+${value}` : `${value}`);
const money = (cents: number) => (cents / 100).toFixed(2);

/** The book's result of a bet from the final score. */
function resultOf(bet: Bet): 'won' | 'lost' | 'void' {
  const { homeScore, awayScore, homeTeam } = bet.game;
  const home = homeScore!;
  const away = awayScore!;
  let margin: number;
  if (bet.market === 'total') margin = (home + away - bet.line!) * (bet.side === 'Over' ? 1 : -1);
  else {
    const mine = bet.side === homeTeam ? home - away : away - home;
    margin = mine + (bet.market === 'spread' ? bet.line! : 0);
  }
  return margin > 0 ? 'won' : margin < 0 ? 'lost' : 'void';
}

function payoutCents(bet: Bet): number {
  const result = resultOf(bet);
  if (result === 'lost') return 0;
  if (result === 'void') return bet.stakeCents;
  const profit = bet.price > 0 ? (bet.stakeCents * bet.price) / 100 : (bet.stakeCents * 100) / -bet.price;
  return bet.stakeCents + Math.round(profit);
}

const potentialCents = (bet: Bet) =>
  bet.stakeCents + Math.round(bet.price > 0 ? (bet.stakeCents * bet.price) / 100 : (bet.stakeCents * 100) / -bet.price);

function eventName(bet: Bet, separator = '@'): string {
  const sport = bet.game.sport as Sport;
  return `${teamName(bet.book, sport, bet.game.awayTeam)} ${separator} ${teamName(bet.book, sport, bet.game.homeTeam)}`;
}

function selection(bet: Bet): string {
  if (bet.market === 'total') return bet.side;
  return teamName(bet.book, bet.game.sport as Sport, bet.side);
}

const DRAFTKINGS_MARKET: Record<Sport, Record<Market, string>> = {
  [NFL]: { moneyline: 'Moneyline', spread: 'Spread', total: 'Total' },
  [NCAAF]: { moneyline: 'Moneyline', spread: 'Spread', total: 'Total' },
  [MLB]: { moneyline: 'Moneyline', spread: 'Run Line', total: 'Total Runs' },
};
const FANDUEL_MARKET: Record<Sport, Record<Market, string>> = {
  [NFL]: { moneyline: 'Moneyline', spread: 'Spread Betting', total: 'Total Points' },
  [NCAAF]: { moneyline: 'Moneyline', spread: 'Spread Betting', total: 'Total Points' },
  [MLB]: { moneyline: 'Moneyline', spread: 'Run Line', total: 'Total Runs' },
};
const FANDUEL_LEAGUE: Record<Sport, string> = { [NFL]: 'NFL', [NCAAF]: 'NCAAF', [MLB]: 'MLB' };

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvRow = (cells: readonly string[]) => cells.map(csvCell).join(',');

const DRAFTKINGS_HEADER =
  'External Bet ID,Bet Date Time,Bet Type,Bet Amount,Number of Bets,Number of Legs,Bet Settled,Bet Selection,Market Name,Bet American Odds,Bet Result,Payout,Potential Payout,Leg Settled,Leg Result,Leg American Odds,Bet Settled Date,Bet Bonus Type,Bet Bonus Amount,Risk Free Bet,Bet Boosted Odds,Bet Bonus Max Winning Amount,Bet Bonus Winning Amount,Bet Boost Percentage,Boosted Bet,Early Win Settled,Primary';

function draftKingsCsv(bets: readonly Bet[]): string {
  const word = { won: 'Won', lost: 'Lost', void: 'Void' } as const;
  const rows = bets.map((bet) => {
    const sport = bet.game.sport as Sport;
    const chosen =
      bet.market === 'total'
        ? `${bet.side} ${bet.line}`
        : bet.market === 'spread'
          ? `${selection(bet)} ${signed(bet.line!)}`
          : selection(bet);
    const result = word[resultOf(bet)];
    const settled = exportTime(new Date(bet.start.getTime() + 4 * HOUR));
    return csvRow([
      bet.id,
      exportTime(bet.placedAt),
      'Single',
      money(bet.stakeCents),
      '1',
      '1',
      'Settled',
      chosen,
      `${eventName(bet)} - ${DRAFTKINGS_MARKET[sport][bet.market]}`,
      signed(bet.price),
      result,
      money(payoutCents(bet)),
      money(potentialCents(bet)),
      'true',
      result,
      signed(bet.price),
      settled,
      '',
      '',
      'false',
      '',
      '',
      '',
      '',
      'false',
      'false',
      '1',
    ]);
  });
  return [DRAFTKINGS_HEADER, ...rows].join('\r\n') + '\r\n';
}

const FANDUEL_HEADER =
  'External Bet ID,Bet Date Time,Bet Type,Bet Amount,Bet Settled,Event Name,League,Bet Selection,Market Name,Leg Handicap,Teaser Points,Bet American Odds,Bet Decimal Odds,Leg American Odds,Leg Decimal Odds,Multi Bet American Odds,Multi Bet Decimal Odds,Leg Result,Bet Result,Payout,Potential Payout,Leg Bet Type,Leg Event Date Time,Bet Settled Date,Same Game Parlay,State,Primary';

function fanDuelCsv(bets: readonly Bet[]): string {
  const word = { won: 'WON', lost: 'LOST', void: 'VOID' } as const;
  const rows = bets.map((bet) => {
    const sport = bet.game.sport as Sport;
    const chosen = bet.market === 'spread' ? `${selection(bet)} ${signed(bet.line!)}` : selection(bet);
    const result = word[resultOf(bet)];
    const decimal = (bet.price > 0 ? 1 + bet.price / 100 : 1 + 100 / -bet.price).toFixed(2);
    return csvRow([
      bet.id,
      exportTime(bet.placedAt),
      'Single',
      money(bet.stakeCents),
      'Settled',
      eventName(bet),
      FANDUEL_LEAGUE[sport],
      chosen,
      FANDUEL_MARKET[sport][bet.market],
      bet.market === 'total' ? String(bet.line) : '',
      '',
      signed(bet.price),
      decimal,
      signed(bet.price),
      decimal,
      '',
      '',
      result,
      result,
      money(payoutCents(bet)),
      money(potentialCents(bet)),
      '',
      exportTime(bet.start),
      exportTime(new Date(bet.start.getTime() + 4 * HOUR)),
      'false',
      'NJ',
      '1',
    ]);
  });
  return [FANDUEL_HEADER, ...rows].join('\r\n') + '\r\n';
}

function slipsJson(bets: readonly Bet[]): string {
  const slips = bets.map((bet, index) => ({
    book_bet_id: bet.id,
    placed_at: bet.placedAt.toISOString(),
    kind: 'single',
    stake_cents: bet.stakeCents,
    price: bet.price,
    result: resultOf(bet),
    payout_cents: payoutCents(bet),
    legs: [
      {
        // The client names the league on some slips only.
        ...(index % 2 === 0 ? { sport: bet.game.sport } : {}),
        event: eventName(bet, index % 3 === 0 ? 'at' : '@'),
        event_start: bet.start.toISOString(),
        market: bet.market,
        selection: selection(bet),
        ...(bet.line === null ? {} : { line: bet.line }),
        price: bet.price,
        result: resultOf(bet),
      },
    ],
  }));
  return JSON.stringify(slips, null, 2);
}

/** The usual first pitch of a game known only by its date: 7:05 pm US Eastern, 1:05 pm for the first of two. */
function firstPitch(game: Game, gameNumber: 0 | 1 | 2): Date {
  return easternToUtc(game.gameDate, gameNumber === 1 ? '13:05' : '19:05')!;
}

/** The bets: 100 a sport, books in turn, picked with the seed. */
function writeBets(nfl: Game[], college: Game[], mlb: Game[]): Bet[] {
  const random = seeded(SEED);
  const books: Book[] = ['draftkings', 'fanduel', 'slips'];
  const bets: Bet[] = [];

  const choose = (games: Game[], count: number, must: Game[] = []): Game[] => {
    const chosen = new Set<Game>(must);
    while (chosen.size < count) chosen.add(random.pick(games));
    return [...chosen];
  };

  const add = (game: Game, gameNumber: 0 | 1 | 2) => {
    const sport = game.sport as Sport;
    const book = books[bets.length % books.length]!;
    const market = random.pick<Market>(['moneyline', 'moneyline', 'spread', 'total']);
    const side = market === 'total' ? random.pick(['Over', 'Under']) : random.pick([game.homeTeam, game.awayTeam]);
    const line =
      market === 'moneyline'
        ? null
        : market === 'total'
          ? sport === MLB
            ? random.pick([7.5, 8.5, 9.5])
            : random.int(18, 32) * 2 + 0.5
          : sport === MLB
            ? random.pick([-1.5, 1.5])
            : random.pick([-1, 1]) * (random.int(1, 14) + 0.5);
    const start = game.kickoffAt ?? firstPitch(game, gameNumber);
    // Football: mostly from half an hour to a day and a half before kickoff, one in four earlier in the week (up to
    // six days before). Baseball known by its date: that morning.
    const minutesBefore = random.next() < 0.75 ? random.int(30, 36 * 60) : random.int(36 * 60, 6 * 24 * 60);
    const placedAt =
      game.kickoffAt !== null
        ? new Date(start.getTime() - minutesBefore * 60_000)
        : easternToUtc(
            game.gameDate,
            `${String(random.int(8, 11)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`,
          )!;
    bets.push({
      id: `${book.slice(0, 2).toUpperCase()}-${String(bets.length + 1).padStart(4, '0')}`,
      book,
      game,
      market,
      side,
      line,
      price: market === 'moneyline' ? random.pick([-180, -150, -125, -110, 105, 120, 145, 190]) : -110,
      placedAt,
      start,
      stakeCents: random.int(5, 50) * 100,
    });
  };

  for (const game of choose(nfl, 100)) add(game, 0);
  const must = COLLEGE_MUST.map((abbr) => college.find((game) => game.homeTeam === abbr || game.awayTeam === abbr)!);
  for (const game of choose(college, 100, must)) add(game, 0);

  // Baseball: both games of a doubleheader, then 98 games drawn from all (doubleheaders at their share of the
  // season's games).
  const pairDay = (game: Game) => `${[game.homeTeam, game.awayTeam].sort().join('|')}|${game.gameDate}`;
  const byPairDay = new Map<string, Game[]>();
  for (const game of mlb) byPairDay.set(pairDay(game), [...(byPairDay.get(pairDay(game)) ?? []), game]);
  const numberOf = (game: Game): 0 | 1 | 2 => {
    const sameDay = byPairDay.get(pairDay(game))!;
    return sameDay.length === 1 ? 0 : sameDay.indexOf(game) === 0 ? 1 : 2;
  };
  const doubleheader = random.pick([...byPairDay.values()].filter((games) => games.length === 2));
  for (const game of choose(mlb, 100, doubleheader)) add(game, numberOf(game));
  return bets;
}

type Summary = SyncSummaryResponse['data'];
type Candidates = SyncBetCandidatesResponse['data'];

describe('sync of 300 real past bets as DraftKings, FanDuel and the sync client write them', () => {
  let testApp: TestApp;
  let db: DbExecutor;
  let bets: Bet[];

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => NOW });
    db = testApp.database.db;
    await importNflverse(testApp.database.db, readHistoryFile('nflverse/games.csv'), {
      seasons: { from: 2024, to: 2024 },
    });
    await importSportsdataverse(testApp.database.db, {
      schedule: readHistoryFile('sportsdataverse-cfb/cfb_schedule_2025.csv'),
    });
    await importStatsapi(testApp.database.db, readHistoryFile('mlb/statsapi/games_2025.csv'));
    const finals = (sport: Sport, from: string, to: string) =>
      db
        .select()
        .from(events)
        .where(
          and(
            eq(events.sport, sport),
            eq(events.status, 'final'),
            gte(events.gameDate, from),
            lte(events.gameDate, to),
          ),
        )
        .orderBy(events.id);
    bets = writeBets(
      await finals(NFL, '2024-09-01', '2025-02-28'),
      await finals(NCAAF, '2025-08-01', '2026-01-31'),
      // April to September: no game abroad at dawn Eastern time.
      await finals(MLB, '2025-04-01', '2025-09-28'),
    );
  }, 120_000);
  afterAll(async () => {
    await testApp.app.close();
  });

  it('matches at least 99 % to the right game (measured: 298 of 300, 99.3 %) and none to a wrong one; each refused bet (the 2 of a doubleheader known by its date alone) says why and offers its game', async () => {
    expect(bets).toHaveLength(300);
    expect(new Set(bets.map((bet) => bet.game.sport)).size).toBe(3);
    const { account, client } = await signedInMember(testApp.app, db);
    const accounts: Record<Book, { id: number; publicId: string }> = {} as never;
    for (const book of ['draftkings', 'fanduel', 'slips'] as const) {
      const [row] = await db
        .insert(syncAccounts)
        .values({
          userId: account.id,
          book: book === 'slips' ? 'betrivers' : book,
          createdAt: new Date(NOW.getTime() - DAY),
        })
        .returning();
      accounts[book] = row!;
      const mine = bets.filter((bet) => bet.book === book);
      const [body, type] =
        book === 'draftkings'
          ? [draftKingsCsv(mine), 'text/csv']
          : book === 'fanduel'
            ? [fanDuelCsv(mine), 'text/csv']
            : [slipsJson(mine), 'application/json'];
      const response = await client.post(`/api/sync/accounts/${row!.publicId}/uploads`, body, {
        headers: { 'content-type': type },
      });
      expect(response.statusCode, response.body).toBe(200);
      const summary = response.json<{ data: Summary }>().data;
      expect(summary.row_errors, book).toEqual([]);
      expect(summary.stored, book).toBe(mine.length);
    }

    const rows = await db
      .select({
        bookBetId: syncBets.bookBetId,
        status: syncBets.status,
        reason: syncBets.rejectReason,
        id: syncBets.id,
        eventId: userBets.eventId,
      })
      .from(syncBets)
      .leftJoin(userBets, eq(userBets.id, syncBets.userBetId))
      .where(
        inArray(
          syncBets.accountId,
          Object.values(accounts).map((row) => row.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.bookBetId, row]));
    const right: Bet[] = [];
    const wrong: string[] = [];
    const refused: string[] = [];
    for (const bet of bets) {
      const row = byId.get(bet.id)!;
      const label = `${bet.id} ${bet.game.sport} ${eventName(bet)} ${bet.game.gameDate}`;
      if (row.status === 'matched') {
        if (row.eventId === bet.game.id) right.push(bet);
        else wrong.push(`${label}: on event ${row.eventId}, not ${bet.game.id}`);
        continue;
      }
      refused.push(`${label}: ${row.reason}`);
      // Refused: the reason is given and the bet's own game is among those offered, with the day's other games
      // between the same teams.
      expect(row.reason, label).toMatch(/\S/);
      const response = await client.get(`/api/sync/bets/${row.id}/candidates`);
      expect(response.statusCode, response.body).toBe(200);
      const [leg] = response.json<{ data: Candidates }>().data.legs;
      const offered = leg!.games.filter((game) => game.names_teams).map((game) => game.event_id);
      const sameDay = await db
        .select({ id: events.id })
        .from(events)
        .where(
          and(
            eq(events.sport, bet.game.sport),
            eq(events.gameDate, bet.game.gameDate),
            inArray(events.homeTeam, [bet.game.homeTeam, bet.game.awayTeam]),
            inArray(events.awayTeam, [bet.game.homeTeam, bet.game.awayTeam]),
          ),
        );
      expect(offered, label).toEqual(expect.arrayContaining(sameDay.map((game) => game.id)));
    }
    const share = (100 * right.length) / bets.length;
    console.info(
      `sync export suite: ${right.length} of ${bets.length} matched to the right game (${share.toFixed(1)} %), ${wrong.length} to a wrong one, ${refused.length} refused\n${[...wrong, ...refused].join('\n')}`,
    );
    expect(wrong).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(99);
    // The history holds past MLB games by date, without first pitches: a doubleheader's two games cannot be told
    // apart by any export, so its bets wait for the member's choice (decision 076). Nothing else is refused.
    expect(
      refused.every((line) => line.includes('(a doubleheader)')),
      refused.join('\n'),
    ).toBe(true);
  });
});
