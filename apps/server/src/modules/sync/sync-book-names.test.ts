import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SyncBet, SyncBetCandidatesResponse, SyncSummaryResponse } from '@pass/contracts';
import { events, parlayLegs, syncAccounts, userBets, type DbExecutor } from '@pass/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { importNflverse, importSportsdataverse, importStatsapi } from '../imports/game-importers.js';
import { readHistoryFile } from '../imports/history-files.js';

/**
 * Exports written the way DraftKings and FanDuel write their teams (DraftKings' city code and nickname, the
 * college names the books use), uploaded and matched against the real schedules: every bet on its game and
 * team, none on another game, and a name two teams share refused with both.
 */

const fixture = (file: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../providers/sportsbooks/fixtures', file), 'utf8');

// After every game of the fixtures (NFL 2024, MLB 2025, college 2025 with its playoff).
const NOW = new Date('2026-02-01T16:00:00Z');
const DAY = 86_400_000;

type Summary = SyncSummaryResponse['data'];

/** The game and team each bet belongs on: sport, away, home, the game's date as stored (nflverse's and the Stats API's local date, sportsdataverse's UTC date) and team. */
type Expected = [sport: string, away: string, home: string, date: string, team: string | null];

const NFL = 'americanfootball_nfl';
const NCAAF = 'americanfootball_ncaaf';
const MLB = 'baseball_mlb';

const DRAFTKINGS: Record<string, Expected[]> = {
  'DK-9001': [[NFL, 'NO', 'DAL', '2024-09-15', 'NO']],
  'DK-9002': [[NFL, 'LV', 'BAL', '2024-09-15', 'LV']],
  'DK-9003': [[NFL, 'LAC', 'CAR', '2024-09-15', 'LAC']],
  'DK-9004': [[NFL, 'TB', 'DET', '2024-09-15', 'TB']],
  'DK-9005': [[NFL, 'IND', 'GB', '2024-09-15', 'GB']],
  'DK-9006': [[NFL, 'SF', 'MIN', '2024-09-15', 'SF']],
  'DK-9007': [[NFL, 'SEA', 'NE', '2024-09-15', 'NE']],
  'DK-9008': [[NFL, 'NYJ', 'TEN', '2024-09-15', 'NYJ']],
  'DK-9009': [[NFL, 'NYG', 'WAS', '2024-09-15', 'NYG']],
  'DK-9010': [[NFL, 'LA', 'ARI', '2024-09-15', 'LA']],
  'DK-9011': [[NFL, 'CIN', 'KC', '2024-09-15', 'KC']],
  'DK-9012': [
    [NFL, 'KC', 'ATL', '2024-09-22', 'KC'],
    [NFL, 'GB', 'TEN', '2024-09-22', 'GB'],
  ],
  'DK-9101': [[MLB, 'NYM', 'NYY', '2025-05-18', 'NYY']],
  'DK-9102': [[MLB, 'CWS', 'CHC', '2025-05-18', 'CWS']],
  'DK-9103': [[MLB, 'CWS', 'CHC', '2025-05-18', 'CHC']],
  'DK-9104': [[MLB, 'STL', 'KC', '2025-05-18', 'KC']],
  'DK-9105': [[MLB, 'WSH', 'BAL', '2025-05-18', 'WSH']],
  'DK-9106': [[MLB, 'TB', 'MIA', '2025-05-18', null]],
  'DK-9107': [[MLB, 'ATH', 'LAD', '2025-05-15', 'LAD']],
  'DK-9108': [[MLB, 'LAA', 'SD', '2025-05-14', 'SD']],
  'DK-9109': [[MLB, 'SF', 'WSH', '2025-05-25', 'SF']],
  'DK-9110': [[MLB, 'ARI', 'LAD', '2025-05-21', 'ARI']],
  'DK-9111': [[MLB, 'NYY', 'ATH', '2025-05-11', 'NYY']],
  'DK-9112': [[MLB, 'LAD', 'NYM', '2025-05-25', 'NYM']],
  'DK-9113': [[MLB, 'KC', 'TB', '2025-05-01', 'TB']],
  'DK-9201': [[NCAAF, 'ND', 'MIA', '2025-08-31', 'MIA']],
  'DK-9202': [[NCAAF, 'CONN', 'SYR', '2025-09-06', 'CONN']],
  'DK-9203': [[NCAAF, 'SHSU', 'HAW', '2025-09-07', null]],
  'DK-9204': [[NCAAF, 'ULM', 'ALA', '2025-09-06', 'ULM']],
  'DK-9205': [[NCAAF, 'APP', 'USM', '2025-09-13', 'USM']],
  'DK-9206': [[NCAAF, 'M-OH', 'RUTG', '2025-09-06', 'M-OH']],
};

const FANDUEL: Record<string, Expected[]> = {
  'FD-9301': [[NCAAF, 'SFPA', 'ULM', '2025-08-28', 'ULM']],
  'FD-9302': [[NCAAF, 'M-OH', 'WIS', '2025-08-29', 'M-OH']],
  'FD-9303': [[NCAAF, 'CCSU', 'CONN', '2025-08-30', 'CONN']],
  'FD-9304': [[NCAAF, 'MSST', 'USM', '2025-08-30', 'USM']],
  'FD-9305': [[NCAAF, 'UNLV', 'SHSU', '2025-08-30', 'SHSU']],
  'FD-9306': [[NCAAF, 'ND', 'MIA', '2025-08-31', 'MIA']],
  'FD-9307': [[NCAAF, 'GAST', 'MISS', '2025-08-30', 'MISS']],
  'FD-9308': [[NCAAF, 'CMU', 'SJSU', '2025-08-30', 'SJSU']],
  'FD-9309': [[NCAAF, 'STAN', 'HAW', '2025-08-23', 'HAW']],
  // The playoff semifinal of January 2026, at a neutral site: a game of the 2025 season.
  'FD-9310': [[NCAAF, 'MIA', 'MISS', '2026-01-09', 'MIA']],
  'FD-9401': [[NFL, 'LA', 'ARI', '2024-09-15', 'ARI']],
  'FD-9402': [[NFL, 'NYG', 'WAS', '2024-09-15', 'WAS']],
  'FD-9403': [[NFL, 'LAC', 'CAR', '2024-09-15', 'LAC']],
  'FD-9501': [[MLB, 'ATH', 'LAD', '2025-05-15', 'ATH']],
  'FD-9502': [[MLB, 'CWS', 'CHC', '2025-05-18', 'CHC']],
};

describe('sync reads the team names the books print', () => {
  let testApp: TestApp;
  let db: DbExecutor;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => NOW });
    db = testApp.database.db;
    const database = testApp.database.db;
    await importNflverse(database, readHistoryFile('nflverse/games.csv'), { seasons: { from: 2024, to: 2024 } });
    await importSportsdataverse(database, { schedule: readHistoryFile('sportsdataverse-cfb/cfb_schedule_2025.csv') });
    await importStatsapi(database, readHistoryFile('mlb/statsapi/games_2025.csv'));
  }, 180_000);
  afterAll(async () => {
    await testApp.app.close();
  });

  async function memberWithAccount(book: string) {
    const { account, client } = await signedInMember(testApp.app, db);
    const [row] = await db
      .insert(syncAccounts)
      .values({ userId: account.id, book, createdAt: new Date(NOW.getTime() - DAY) })
      .returning();
    return { userId: account.id, client, accountId: row!.publicId };
  }

  const upload = (client: TestClient, accountId: string, body: string) =>
    client.post(`/api/sync/accounts/${accountId}/uploads`, body, { headers: { 'content-type': 'text/csv' } });

  async function syncedBets(client: TestClient) {
    const response = await client.get('/api/sync/bets?limit=200');
    expect(response.statusCode, response.body).toBe(200);
    return new Map(response.json<{ data: SyncBet[] }>().data.map((bet) => [bet.book_bet_id, bet]));
  }

  /** The games (and teams) a matched bet's entry or parlay is on, in leg order. */
  async function gamesOf(bet: SyncBet): Promise<Expected[]> {
    const legs = bet.parlay_id
      ? await db
          .select({ eventId: parlayLegs.eventId, team: parlayLegs.betTeam })
          .from(parlayLegs)
          .where(eq(parlayLegs.parlayId, bet.parlay_id))
          .orderBy(parlayLegs.position)
      : await db
          .select({ eventId: userBets.eventId, team: userBets.betTeam })
          .from(userBets)
          .where(eq(userBets.id, bet.user_bet_id!));
    const games = await db
      .select()
      .from(events)
      .where(
        inArray(
          events.id,
          legs.map((leg) => leg.eventId),
        ),
      );
    return legs.map((leg) => {
      const game = games.find((event) => event.id === leg.eventId)!;
      return [game.sport, game.awayTeam, game.homeTeam, game.gameDate, leg.team];
    });
  }

  /** Every expected bet matched to its own games and teams; the count on a wrong game, which must be 0. */
  async function checkMatches(bets: Map<string, SyncBet>, expected: Record<string, Expected[]>) {
    let wrong = 0;
    for (const [id, games] of Object.entries(expected)) {
      const bet = bets.get(id);
      expect(bet?.status, `${id}: ${bet?.reject_reason}`).toBe('matched');
      const actual = await gamesOf(bet!);
      if (JSON.stringify(actual) !== JSON.stringify(games)) wrong++;
      expect(actual, id).toEqual(games);
    }
    return wrong;
  }

  it('matches every NFL, MLB and college bet of a DraftKings export written with city codes and nicknames', async () => {
    const member = await memberWithAccount('draftkings');
    const response = await upload(member.client, member.accountId, fixture('draftkings-book-names.csv'));
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<{ data: Summary }>().data;
    expect(summary.row_errors).toEqual([]);
    const expected = Object.keys(DRAFTKINGS).length;
    expect(summary).toMatchObject({ bets: expected + 1, stored: expected + 1, matched: expected, rejected: 1 });

    const bets = await syncedBets(member.client);
    expect(await checkMatches(bets, DRAFTKINGS)).toBe(0);
    // Graded by PA$$ from the real finals: the Yankees beat the Mets 8-2, the Chiefs' parlay won both legs.
    expect(bets.get('DK-9101')).toMatchObject({ outcome: 'win', book_result: 'won', disagrees: false });
    expect(bets.get('DK-9012')).toMatchObject({ kind: 'parlay', outcome: 'win', leg_count: 2 });
    expect(bets.get('DK-9204')).toMatchObject({ outcome: 'loss', disagrees: false });

    // "NY" alone is both New York teams: refused, naming them, and no entry made.
    const ny = bets.get('DK-9013')!;
    expect(ny).toMatchObject({ status: 'rejected', user_bet_id: null });
    expect(ny.reject_reason).toContain('"NY" could be the New York Giants or the New York Jets');
    const entries = await db.select().from(userBets).where(eq(userBets.userId, member.userId));
    expect(entries).toHaveLength(expected - 1);

    // The games to choose from put the games of both New York teams first; in the Giants' game "NY" is the Giants.
    const listed = await member.client.get(`/api/sync/bets/${ny.id}/candidates`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [leg] = listed.json<{ data: SyncBetCandidatesResponse['data'] }>().data.legs;
    expect(leg!.reason).toContain('could be the New York Giants or the New York Jets');
    const named = leg!.games.filter((game) => game.names_teams);
    expect(named.map((game) => `${game.away_team}@${game.home_team}`)).toEqual(
      expect.arrayContaining(['NYG@WAS', 'NYJ@TEN']),
    );
    expect(leg!.games.slice(0, named.length)).toEqual(named);
    expect(leg!.games.find((game) => game.away_team === 'NYG' && game.home_team === 'WAS')).toMatchObject({
      picked_team: 'NYG',
    });
    expect(leg!.games.find((game) => game.away_team === 'NYJ')).toMatchObject({ picked_team: 'NYJ' });
  });

  it('matches every bet of a FanDuel export with the college names the books use', async () => {
    const member = await memberWithAccount('fanduel');
    const response = await upload(member.client, member.accountId, fixture('fanduel-book-names.csv'));
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<{ data: Summary }>().data;
    expect(summary.row_errors).toEqual([]);
    const expected = Object.keys(FANDUEL).length;
    expect(summary).toMatchObject({ bets: expected + 1, matched: expected, rejected: 1 });

    const bets = await syncedBets(member.client);
    expect(await checkMatches(bets, FANDUEL)).toBe(0);
    expect(bets.get('FD-9310')).toMatchObject({ outcome: 'win', book_result: 'won', disagrees: false });
    expect(bets.get('FD-9306')).toMatchObject({ outcome: 'win', disagrees: false });

    const la = bets.get('FD-9404')!;
    expect(la.status).toBe('rejected');
    expect(la.reject_reason).toContain('"Los Angeles" could be the Los Angeles Rams or the Los Angeles Chargers');
  });
});
