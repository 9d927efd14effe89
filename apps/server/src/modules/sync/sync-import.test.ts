import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SyncBet, SyncSummaryResponse } from '@pass/contracts';
import { parlays, syncAccounts, syncBets, syncUploads, userBets, type DbExecutor } from '@pass/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, signedInMember } from '../../test/ledger.js';
import { importNflverse, importSportsdataverse, importStatsapi } from '../imports/game-importers.js';
import { readHistoryFile } from '../imports/history-files.js';
import { setEventResult } from '../ledger/results.service.js';
import { getUploadContent } from './sync-import.repository.js';

const fixture = (file: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../providers/sportsbooks/fixtures', file), 'utf8');

// After the games of the fixtures (NFL 2024, MLB spring 2025, college 30 August 2025).
const NOW = new Date('2025-10-01T16:00:00Z');
const DAY = 86_400_000;

type Summary = SyncSummaryResponse['data'];

describe('sportsbook sync: uploads and slips (decision 051)', () => {
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

  /** A member with a linked account at a book, linked `daysAgo` days ago (in grace under 5). */
  async function memberWithAccount(book: string, daysAgo = 1) {
    const { account, client } = await signedInMember(testApp.app, db);
    const [row] = await db
      .insert(syncAccounts)
      .values({ userId: account.id, book, createdAt: new Date(NOW.getTime() - daysAgo * DAY) })
      .returning();
    return { userId: account.id, client, accountId: row!.publicId, id: row!.id };
  }

  const upload = (client: TestClient, accountId: string, body: string | Buffer, type = 'text/csv', query = '') =>
    client.post(`/api/sync/accounts/${accountId}/uploads${query}`, body, { headers: { 'content-type': type } });

  async function stored(accountId: number) {
    const [uploads] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(syncUploads)
      .where(eq(syncUploads.accountId, accountId));
    const [bets] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(syncBets)
      .where(eq(syncBets.accountId, accountId));
    return { uploads: uploads!.n, bets: bets!.n };
  }

  async function syncedBets(client: TestClient, query = '') {
    const response = await client.get(`/api/sync/bets?limit=200${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SyncBet[]; total: number }>();
  }

  it('reads FanDuel’s export: MLB, college and NFL bets matched to the real games, the rest rejected with reasons', async () => {
    const member = await memberWithAccount('fanduel');
    const response = await upload(
      member.client,
      member.accountId,
      fixture('fanduel-history.csv'),
      'text/csv',
      '?file_name=history.csv',
    );
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<{ data: Summary }>().data;
    expect(summary).toMatchObject({ rows: 14, bets: 10, stored: 10, duplicates: 0, matched: 8, rejected: 2 });
    expect(summary.row_errors.map((error) => error.row)).toEqual([12, 13]);
    expect(summary.row_errors[1]!.reason).toContain("'=HYPERLINK");

    const { data } = await syncedBets(member.client);
    const byId = new Map(data.map((bet) => [bet.book_bet_id, bet]));
    // MLB moneyline and run line, an MLB parlay, college spread and a push on the total.
    expect(byId.get('FD-1001')).toMatchObject({
      status: 'matched',
      book: 'fanduel',
      book_result: 'won',
      outcome: 'win',
      disagrees: false,
    });
    expect(byId.get('FD-1002')).toMatchObject({ status: 'matched', outcome: 'win' });
    expect(byId.get('FD-1003')).toMatchObject({
      status: 'matched',
      kind: 'parlay',
      outcome: 'win',
      parlay_id: expect.any(Number),
    });
    expect(byId.get('FD-1004')).toMatchObject({ status: 'matched', outcome: 'win' });
    expect(byId.get('FD-1005')).toMatchObject({
      status: 'matched',
      book_result: 'void',
      outcome: 'push',
      disagrees: false,
    });
    // A cash-out is the book's own settlement, never a disagreement with the game's result.
    expect(byId.get('FD-1006')).toMatchObject({
      status: 'matched',
      book_result: 'cashed_out',
      outcome: 'loss',
      disagrees: false,
    });
    // The open college bet is already graded by PA$$ (Texas lost).
    expect(byId.get('FD-1012')).toMatchObject({
      status: 'matched',
      book_result: 'open',
      outcome: 'loss',
      stake_cents: 1234,
    });
    // A bonus bet: the book's money, kept out of real-money entries.
    expect(byId.get('FD-1007')).toMatchObject({ status: 'matched', bonus: true, outcome: 'win' });
    expect(byId.get('FD-1008')).toMatchObject({ status: 'rejected', kind: 'teaser' });
    expect(byId.get('FD-1008')!.reject_reason).toContain('teaser');
    expect(byId.get('FD-1011')).toMatchObject({ status: 'rejected' });
    expect(byId.get('FD-1011')!.reject_reason).toContain('London Monarchs');

    const entries = await db.select().from(userBets).where(eq(userBets.userId, member.userId));
    expect(entries).toHaveLength(7);
    expect(entries.every((entry) => entry.source === 'sync' && entry.book === 'fanduel')).toBe(true);
    const single = entries.find((entry) => entry.id === byId.get('FD-1001')!.user_bet_id)!;
    expect(single).toMatchObject({
      isSimulated: false,
      stakeCents: 1500,
      price: -150,
      betTeam: 'NYY',
      recordedAfterStart: true,
    });
    expect(entries.find((entry) => entry.id === byId.get('FD-1007')!.user_bet_id)!.isSimulated).toBe(true);
    const [account] = await db.select().from(syncAccounts).where(eq(syncAccounts.id, member.id));
    expect(account!.lastSyncAt).toEqual(NOW);
    expect(account!.lastSyncSummary).toMatchObject({ stored: 10, matched: 8 });
    const [kept] = await db.select().from(syncUploads).where(eq(syncUploads.accountId, member.id));
    expect(kept).toMatchObject({ format: 'fanduel_csv', fileName: 'history.csv' });
    expect(await getUploadContent(db, kept!.id)).toBe(fixture('fanduel-history.csv'));
    expect(kept!.rowErrors).toHaveLength(2);

    // The same file again adds nothing.
    const before = await stored(member.id);
    const again = await upload(member.client, member.accountId, fixture('fanduel-history.csv'));
    expect(again.json<{ data: Summary }>().data).toMatchObject({ bets: 10, stored: 0, duplicates: 10, matched: 0 });
    expect(await stored(member.id)).toEqual(before);
    expect(await db.select().from(userBets).where(eq(userBets.userId, member.userId))).toHaveLength(7);
  });

  it('reads DraftKings’ export with no kickoffs, reports the cut-off bet and half row, and keeps the book’s later settlement', async () => {
    const member = await memberWithAccount('draftkings');
    const text = fixture('draftkings-history.csv');
    const response = await upload(member.client, member.accountId, text);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<{ data: Summary }>().data;
    expect(summary).toMatchObject({ rows: 9, bets: 4, stored: 4, matched: 4, rejected: 0 });
    expect(summary.row_errors.map((error) => error.reason)).toEqual([
      expect.stringContaining('future'),
      expect.stringContaining('cut off'),
      expect.stringContaining('cut off'),
    ]);
    const { data } = await syncedBets(member.client, `&account_id=${member.accountId}`);
    const byId = new Map(data.map((bet) => [bet.book_bet_id, bet]));
    expect(byId.get('DK-2001')).toMatchObject({ outcome: 'win', book_result: 'won', disagrees: false });
    // The parlay lost on its Titans leg.
    expect(byId.get('DK-2002')).toMatchObject({ kind: 'parlay', outcome: 'loss', book_result: 'lost', leg_count: 3 });
    expect(byId.get('DK-2005')).toMatchObject({ bonus: true, outcome: 'win' });
    expect(byId.get('DK-2003')).toMatchObject({ book_result: 'open', outcome: 'win', disagrees: false });

    // DraftKings settles the open bet: only the book's fields move, no second entry.
    const settled = text.replace(
      'DK-2003,2025-02-09 12:00:00,Single,30.00,1,1,Unsettled,Philadelphia Eagles,Kansas City Chiefs @ Philadelphia Eagles - Moneyline,+100,Open,,,true,Open,',
      'DK-2003,2025-02-09 12:00:00,Single,30.00,1,1,Settled,Philadelphia Eagles,Kansas City Chiefs @ Philadelphia Eagles - Moneyline,+100,Lost,0.00,,true,Lost,',
    );
    expect(settled).not.toBe(text);
    const again = await upload(member.client, member.accountId, settled);
    expect(again.json<{ data: Summary }>().data).toMatchObject({ stored: 0, duplicates: 4 });
    const moved = (await syncedBets(member.client)).data.find((bet) => bet.book_bet_id === 'DK-2003')!;
    expect(moved).toMatchObject({
      book_result: 'lost',
      outcome: 'win',
      disagrees: true,
      user_bet_id: byId.get('DK-2003')!.user_bet_id,
    });
  });

  it('syncs bet slips, answers the same batch key with the first summary, and flags a disagreement', async () => {
    const member = await memberWithAccount('betrivers');
    const slips = JSON.parse(fixture('slips.json')) as unknown[];
    const body = { batch_key: 'client-batch-1', slips: slips.slice(0, 2) };
    const first = await member.client.post(`/api/sync/accounts/${member.accountId}/slips`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: Summary }>().data).toMatchObject({ bets: 2, stored: 2, matched: 2 });
    const before = await stored(member.id);
    const second = await member.client.post(`/api/sync/accounts/${member.accountId}/slips`, body);
    expect(second.json()).toEqual(first.json());
    expect(await stored(member.id)).toEqual(before);
    const { data } = await syncedBets(member.client);
    // The Colts +3 covered (29-27): the book's "lost" disagrees with PA$$'s win.
    expect(data.find((bet) => bet.book_bet_id === 'BR-3001')).toMatchObject({
      outcome: 'win',
      book_result: 'lost',
      disagrees: true,
    });

    // As a file, the slip that cannot be read is a row error; the rest are duplicates.
    const file = await upload(member.client, member.accountId, fixture('slips.json'), 'application/json');
    expect(file.json<{ data: Summary }>().data).toMatchObject({ rows: 3, bets: 2, stored: 0, duplicates: 2 });
    expect(file.json<{ data: Summary }>().data.row_errors[0]!.row).toBe(3);
    // A bad slip in a batch refuses the batch.
    const bad = await member.client.post(`/api/sync/accounts/${member.accountId}/slips`, { slips: slips.slice(2) });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses malformed, hostile and oversized files with a clear 400 and keeps nothing', async () => {
    const member = await memberWithAccount('fanduel');
    const csv = fixture('fanduel-history.csv');
    const refusals: [string, string | Buffer, string, RegExp][] = [
      ['UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]), 'text/csv', /UTF-16/],
      ['Latin-1', Buffer.from(csv.replace('Over', 'Über'), 'latin1'), 'text/csv', /not UTF-8/],
      ['a charset other than UTF-8', csv, 'text/csv; charset=iso-8859-1', /not UTF-8/],
      ['no known header', 'Date,Team,Amount\n2024-09-05,KC,10\n', 'text/csv', /External Bet ID/],
      ['a header without rows', csv.split('\r\n')[0]!, 'text/csv', /no bets/],
      ['JSON that is not slips', '{"bets": 1}', 'application/json', /slips/],
      ['broken JSON', '[{"book_bet_id":', 'application/json', /not valid JSON/],
      ['an empty body', '', 'text/csv', /empty|body/],
    ];
    for (const [label, body, type, message] of refusals) {
      const response = await upload(member.client, member.accountId, body, type);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message, label).toMatch(message);
    }
    // 50 MB is refused before anything is read or kept.
    const huge = Buffer.alloc(50 * 1024 * 1024, 'a');
    const tooLarge = await upload(member.client, member.accountId, huge);
    expect(tooLarge.statusCode, tooLarge.body).toBe(400);
    expect(tooLarge.json<{ error: { message: string } }>().error.message).toMatch(/10 MB/);
    expect(await stored(member.id)).toEqual({ uploads: 0, bets: 0 });
  });

  it("answers 404 for another member's account and 403 naming /subscribe for an account out of grace", async () => {
    const owner = await memberWithAccount('fanduel');
    const other = await memberWithAccount('fanduel');
    const csv = fixture('fanduel-history.csv');
    expect((await upload(other.client, owner.accountId, csv)).statusCode).toBe(404);
    const lapsed = await memberWithAccount('fanduel', 9);
    const refused = await upload(lapsed.client, lapsed.accountId, csv);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { message: string } }>().error.message).toContain('/subscribe');
    expect(await stored(lapsed.id)).toEqual({ uploads: 0, bets: 0 });
    expect(await stored(owner.id)).toEqual({ uploads: 0, bets: 0 });
  });

  it('takes an export from the bet-sync client with the account’s token, once, and nothing with another’s', async () => {
    const member = await memberWithAccount('fanduel');
    const made = await member.client.post(`/api/sync/accounts/${member.accountId}/tokens`, { label: 'laptop' });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json<{ data: { token: string } }>().data.token;
    const other = await memberWithAccount('fanduel');
    // The client carries no cookie and no CSRF pair: the token alone proves who writes.
    const send = (accountId: string) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/sync/accounts/${accountId}/uploads?file_name=history.csv`,
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
        payload: fixture('fanduel-history.csv'),
      });
    const first = await send(member.accountId);
    expect(first.statusCode, first.body).toBe(200);
    const summary = first.json<{ data: Summary }>().data;
    expect(summary.stored).toBeGreaterThan(0);
    const again = await send(member.accountId);
    expect(again.json<{ data: Summary }>().data).toMatchObject({ stored: 0, duplicates: summary.bets });
    expect((await send(other.accountId)).statusCode).toBe(404);
    expect(await stored(other.id)).toEqual({ uploads: 0, bets: 0 });
  });

  it('dismisses a rejected bet, not a matched one, and never another member’s', async () => {
    const member = await memberWithAccount('fanduel');
    await upload(member.client, member.accountId, fixture('fanduel-history.csv'));
    const { data } = await syncedBets(member.client, '&status=rejected');
    expect(data.map((bet) => bet.book_bet_id).sort()).toEqual(['FD-1008', 'FD-1011']);
    const other = await memberWithAccount('fanduel');
    expect((await other.client.post(`/api/sync/bets/${data[0]!.id}/dismiss`)).statusCode).toBe(404);
    const dismissed = await member.client.post(`/api/sync/bets/${data[0]!.id}/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json<{ data: SyncBet }>().data.status).toBe('dismissed');
    expect((await syncedBets(member.client, '&status=rejected')).total).toBe(1);
    const matched = (await syncedBets(member.client, '&status=matched')).data[0]!;
    expect((await member.client.post(`/api/sync/bets/${matched.id}/dismiss`)).statusCode).toBe(400);
  });

  it('grades a synced parlay a loss as soon as a leg loses, otherwise only when its last leg ends', async () => {
    const member = await memberWithAccount('fanduel');
    const kickoff = (days: number) => new Date(NOW.getTime() + days * DAY);
    const games = [
      await makeGame(db, { home: 'KC', away: 'BUF', kickoff: kickoff(2), season: 2025, lines: false }),
      await makeGame(db, { home: 'DEN', away: 'LV', kickoff: kickoff(3), season: 2025, lines: false }),
      await makeGame(db, { home: 'SF', away: 'SEA', kickoff: kickoff(4), season: 2025, lines: false }),
    ];
    const leg = (event: string, selection: string, days: number) => ({
      sport: 'americanfootball_nfl',
      event,
      event_start: kickoff(days).toISOString(),
      market: 'moneyline',
      selection,
      price: -110,
    });
    const legs = [
      leg('Buffalo Bills @ Kansas City Chiefs', 'Kansas City Chiefs', 2),
      leg('Las Vegas Raiders @ Denver Broncos', 'Denver Broncos', 3),
      leg('Seattle Seahawks @ San Francisco 49ers', 'San Francisco 49ers', 4),
    ];
    const slip = (id: string) => ({
      book_bet_id: id,
      placed_at: NOW.toISOString(),
      kind: 'parlay',
      stake_cents: 1000,
      price: 600,
      result: 'open',
      legs,
    });
    const response = await member.client.post(`/api/sync/accounts/${member.accountId}/slips`, {
      slips: [slip('P-1'), slip('P-2')],
    });
    expect(response.json<{ data: Summary }>().data).toMatchObject({ matched: 2 });
    const ticket = async (id: string) => {
      const bet = (await syncedBets(member.client)).data.find((candidate) => candidate.book_bet_id === id)!;
      const [row] = await db.select().from(parlays).where(eq(parlays.id, bet.parlay_id!));
      return row!;
    };
    expect((await ticket('P-1')).outcome).toBeNull();

    // The first game won; the others are still to play: not graded.
    const later = new Date(NOW.getTime() + 5 * DAY);
    await setEventResult(testApp.database.db, games[0]!, { status: 'final', home_score: 24, away_score: 20 }, later);
    expect((await ticket('P-1')).outcome).toBeNull();
    // The second game lost for the ticket: a loss at once, with the third game still to play.
    await setEventResult(testApp.database.db, games[1]!, { status: 'final', home_score: 10, away_score: 17 }, later);
    expect(await ticket('P-1')).toMatchObject({ outcome: 'loss', reward: -1000 });
  });

  it('grades a synced parlay whose legs all win only when the last one ends', async () => {
    const member = await memberWithAccount('fanduel');
    const kickoff = (days: number) => new Date(NOW.getTime() + days * DAY);
    const home = await makeGame(db, { home: 'PHI', away: 'DAL', kickoff: kickoff(2), season: 2025, lines: false });
    const away = await makeGame(db, { home: 'GB', away: 'CHI', kickoff: kickoff(3), season: 2025, lines: false });
    const leg = (event: string, selection: string, days: number) => ({
      sport: 'americanfootball_nfl',
      event,
      event_start: kickoff(days).toISOString(),
      market: 'moneyline',
      selection,
      price: 100,
    });
    await member.client.post(`/api/sync/accounts/${member.accountId}/slips`, {
      slips: [
        {
          book_bet_id: 'P-3',
          placed_at: NOW.toISOString(),
          kind: 'parlay',
          stake_cents: 1000,
          result: 'open',
          legs: [
            leg('Dallas Cowboys @ Philadelphia Eagles', 'Philadelphia Eagles', 2),
            leg('Chicago Bears @ Green Bay Packers', 'Green Bay Packers', 3),
          ],
        },
      ],
    });
    const bet = (await syncedBets(member.client)).data[0]!;
    const ticket = async () => (await db.select().from(parlays).where(eq(parlays.id, bet.parlay_id!)))[0]!;
    const later = new Date(NOW.getTime() + 5 * DAY);
    await setEventResult(testApp.database.db, home, { status: 'final', home_score: 30, away_score: 3 }, later);
    expect((await ticket()).outcome).toBeNull();
    await setEventResult(testApp.database.db, away, { status: 'final', home_score: 21, away_score: 14 }, later);
    expect(await ticket()).toMatchObject({ outcome: 'win', reward: 3000 });
  });

  it('keeps a synced parlay of NFL and college legs, and a same-game one only with the ticket’s price', async () => {
    const member = await memberWithAccount('fanduel');
    const kickoff = (days: number) => new Date(NOW.getTime() + days * DAY);
    await makeGame(db, { home: 'NYG', away: 'WAS', kickoff: kickoff(9), season: 2025, lines: false });
    await makeGame(db, {
      sport: 'americanfootball_ncaaf',
      home: 'ALA',
      away: 'UGA',
      kickoff: kickoff(8),
      season: 2025,
      lines: false,
    });
    const leg = (event: string, selection: string, days: number, market = 'moneyline', line?: number) => ({
      event,
      event_start: kickoff(days).toISOString(),
      market,
      selection,
      ...(line === undefined ? {} : { line }),
      price: -110,
    });
    const nfl = leg('Washington Commanders @ New York Giants', 'New York Giants', 9);
    const slip = (id: string, legs: unknown[], price?: number) => ({
      book_bet_id: id,
      placed_at: NOW.toISOString(),
      kind: 'parlay',
      stake_cents: 1000,
      result: 'open',
      ...(price === undefined ? {} : { price }),
      legs,
    });
    const response = await member.client.post(`/api/sync/accounts/${member.accountId}/slips`, {
      slips: [
        slip('MIX-1', [nfl, leg('Georgia Bulldogs @ Alabama Crimson Tide', 'Alabama Crimson Tide', 8)]),
        slip('SGP-1', [nfl, leg('Washington Commanders @ New York Giants', 'Over', 9, 'total', 44.5)]),
        slip('SGP-2', [nfl, leg('Washington Commanders @ New York Giants', 'Over', 9, 'total', 44.5)], 240),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const byId = new Map((await syncedBets(member.client)).data.map((bet) => [bet.book_bet_id, bet]));
    const mixed = byId.get('MIX-1')!;
    expect(mixed.status).toBe('matched');
    const [row] = await db.select().from(parlays).where(eq(parlays.id, mixed.parlay_id!));
    expect(row).toMatchObject({ sport: 'americanfootball_ncaaf', season: 2025 });
    expect(byId.get('SGP-1')).toMatchObject({ status: 'rejected' });
    expect(byId.get('SGP-1')!.reject_reason).toContain('same-game parlay');
    expect(byId.get('SGP-2')).toMatchObject({ status: 'matched' });
  });
});
