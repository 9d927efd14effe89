import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SyncBet, SyncBetCandidatesResponse, SyncCandidateGame, SyncSummaryResponse } from '@pass/contracts';
import { PlayLimitsResponse } from '@pass/contracts';
import { events, parlays, syncAccounts, userBets, type DbExecutor } from '@pass/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, signedInMember } from '../../test/ledger.js';
import { importStatsapi } from '../imports/game-importers.js';
import { readHistoryFile } from '../imports/history-files.js';

/**
 * Matching by time (docs/decisions/076-sync-matching-by-time.md) with exports written the way the books write them, against the real 2025 MLB
 * schedule as the repository holds it (the Stats API's export: dates, no first pitches): a series where each bet
 * goes to the game of the day it was placed, a doubleheader never guessed without start times and told apart with
 * them, bonus bets kept out of the money responsible play counts, and "Choose the game" offering the day's games.
 */

const fixture = (file: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../providers/sportsbooks/fixtures', file), 'utf8');

// End of May 2025, after the games of the fixtures' 2025 bets: the month responsible play counts.
const NOW = new Date('2025-05-31T20:00:00Z');
const DAY = 86_400_000;
const MLB = 'baseball_mlb';

type Summary = SyncSummaryResponse['data'];
type Candidates = SyncBetCandidatesResponse['data'];

describe('sync matching by time, bonus bets and the games to choose from', () => {
  let testApp: TestApp;
  let db: DbExecutor;
  /** The two games of a doubleheader with their first pitches, 1:05 pm and 6:40 pm US Eastern on 6 June 2026. */
  let doubleheader: { first: number; second: number };
  /** The last day of a season, every game at 3:05 pm US Eastern on 27 September 2026. */
  let lastDay: { metsYankees: number; oriolesRedSox: number };

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => NOW });
    db = testApp.database.db;
    await importStatsapi(testApp.database.db, readHistoryFile('mlb/statsapi/games_2025.csv'));
    const mlb = (away: string, home: string, kickoff: string) =>
      makeGame(db, { sport: MLB, away, home, kickoff: new Date(kickoff), season: 2026, lines: false });
    doubleheader = {
      first: await mlb('NYM', 'ATL', '2026-06-06T17:05:00Z'),
      second: await mlb('NYM', 'ATL', '2026-06-06T22:40:00Z'),
    };
    lastDay = {
      metsYankees: await mlb('NYM', 'NYY', '2026-09-27T19:05:00Z'),
      oriolesRedSox: await mlb('BAL', 'BOS', '2026-09-27T19:05:00Z'),
    };
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

  async function upload(member: { client: TestClient; accountId: string }, file: string): Promise<Summary> {
    const response = await member.client.post(`/api/sync/accounts/${member.accountId}/uploads`, fixture(file), {
      headers: { 'content-type': 'text/csv' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<{ data: Summary }>().data;
    expect(summary.row_errors).toEqual([]);
    return summary;
  }

  async function syncedBets(client: TestClient): Promise<Map<string, SyncBet>> {
    const response = await client.get('/api/sync/bets?limit=200');
    expect(response.statusCode, response.body).toBe(200);
    return new Map(response.json<{ data: SyncBet[] }>().data.map((bet) => [bet.book_bet_id, bet]));
  }

  /** The stored game a matched single is on: away@home and its date, or the reason it was refused. */
  async function gameOf(bet: SyncBet | undefined): Promise<string> {
    if (!bet) return 'missing';
    if (bet.status !== 'matched') return `refused: ${bet.reject_reason}`;
    const [entry] = await db.select().from(userBets).where(eq(userBets.id, bet.user_bet_id!));
    const [game] = await db.select().from(events).where(eq(events.id, entry!.eventId));
    return `${game!.awayTeam}@${game!.homeTeam} ${game!.gameDate}`;
  }

  async function candidates(client: TestClient, bet: SyncBet): Promise<Candidates['legs'][number]> {
    const response = await client.get(`/api/sync/bets/${bet.id}/candidates`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Candidates }>().data.legs[0]!;
  }
  const shown = (game: SyncCandidateGame) =>
    `${game.away_team}@${game.home_team} ${game.game_date}${game.game_number === null ? '' : ` #${game.game_number}`}`;

  it('puts each DraftKings bet of a series on the game of the day it was placed, graded as the book settled it', async () => {
    const member = await memberWithAccount('draftkings');
    const summary = await upload(member, 'draftkings-mlb-days.csv');
    expect(summary).toMatchObject({ bets: 13, stored: 13 });
    const bets = await syncedBets(member.client);

    // The Subway Series of 16–18 May 2025, known by dates alone: each bet on its day's game, even the first day's
    // (the next day's game also starts within 36 h of it), and a bet of the day before on the first game.
    expect(await gameOf(bets.get('DK-7001'))).toBe('NYM@NYY 2025-05-16');
    expect(await gameOf(bets.get('DK-7002'))).toBe('NYM@NYY 2025-05-17');
    expect(await gameOf(bets.get('DK-7003'))).toBe('NYM@NYY 2025-05-18');
    expect(await gameOf(bets.get('DK-7004'))).toBe('NYM@NYY 2025-05-16');
    // PA$$'s grades agree with the book's on every one: the Yankees won 6–2, the Mets 3–2, the Yankees 8–2.
    for (const id of ['DK-7001', 'DK-7002', 'DK-7003', 'DK-7004']) {
      expect(bets.get(id), id).toMatchObject({ disagrees: false, outcome: expect.any(String) as string });
    }
    expect(bets.get('DK-7001')!.outcome).toBe('loss');
    expect(bets.get('DK-7002')!.outcome).toBe('win');
    // The Twins' game of the 15th, the day after their doubleheader.
    expect(await gameOf(bets.get('DK-7007'))).toBe('MIN@BAL 2025-05-15');
    expect(bets.get('DK-7007')!.outcome).toBe('win');

    // Placed at 00:45 on the 17th: a live bet on the evening's game, or one on the 17th's? Both are named.
    expect(await gameOf(bets.get('DK-7005'))).toContain('the game of 2025-05-16 or the game of 2025-05-17');
  });

  it('never guesses a doubleheader known only by its date, offers both games, and places the one chosen', async () => {
    const member = await memberWithAccount('draftkings');
    await upload(member, 'draftkings-mlb-days.csv');
    const fanduel = await memberWithAccount('fanduel');
    await upload(fanduel, 'fanduel-mlb-days.csv');
    const bets = await syncedBets(member.client);
    const fanduelBets = await syncedBets(fanduel.client);

    // The Twins' doubleheader at Baltimore on 14 May 2025: refused without a start, and with FanDuel's too, since
    // the stored games have no first pitches to compare it with.
    for (const bet of [bets.get('DK-7006')!, fanduelBets.get('FD-7101')!]) {
      expect(bet.status).toBe('rejected');
      expect(bet.reject_reason).toContain('(a doubleheader)');
      expect(bet.reject_reason).toContain('no start times to tell them apart');
      expect(bet.reject_reason).toContain('Game 1 of 2025-05-14 or Game 2 of 2025-05-14');
      expect(bet.user_bet_id).toBeNull();
    }
    // FanDuel's start finds the series games by their dates.
    expect(await gameOf(fanduelBets.get('FD-7102'))).toBe('NYM@NYY 2025-05-17');
    expect(await gameOf(fanduelBets.get('FD-7103'))).toBe('NYM@NYY 2025-05-16');

    // Both games are offered first, numbered, then the Twins' game of the next day.
    const leg = await candidates(member.client, bets.get('DK-7006')!);
    expect(leg.matched_event_id).toBeNull();
    expect(leg.games.slice(0, 3).map(shown)).toEqual([
      'MIN@BAL 2025-05-14 #1',
      'MIN@BAL 2025-05-14 #2',
      'MIN@BAL 2025-05-15',
    ]);
    expect(leg.games.slice(0, 3).every((game) => game.picked_team === 'MIN' && game.names_teams)).toBe(true);
    const second = leg.games[1]!;
    const matched = await member.client.post(`/api/sync/bets/${bets.get('DK-7006')!.id}/match`, {
      legs: [{ event_id: second.event_id, team: 'MIN' }],
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json<{ data: SyncBet }>().data).toMatchObject({ status: 'matched', outcome: 'win' });
    const [entry] = await db
      .select()
      .from(userBets)
      .where(eq(userBets.id, matched.json<{ data: SyncBet }>().data.user_bet_id!));
    expect(entry).toMatchObject({ eventId: second.event_id, betTeam: 'MIN', isSimulated: false });
  });

  it('puts each bet of a doubleheader with start times on the game not yet started, or the one the book’s start names', async () => {
    const member = await memberWithAccount('draftkings');
    await upload(member, 'draftkings-mlb-days.csv');
    const fanduel = await memberWithAccount('fanduel');
    await upload(fanduel, 'fanduel-mlb-days.csv');
    const bets = await syncedBets(member.client);
    const fanduelBets = await syncedBets(fanduel.client);
    const eventOf = async (bet: SyncBet | undefined) => {
      expect(bet?.status, bet?.reject_reason ?? '').toBe('matched');
      const [entry] = await db.select().from(userBets).where(eq(userBets.id, bet!.user_bet_id!));
      return entry!.eventId;
    };

    // DraftKings: placed before game 1, game 1; placed 4 h 25 min after its first pitch, game 2.
    expect(await eventOf(bets.get('DK-7011'))).toBe(doubleheader.first);
    expect(await eventOf(bets.get('DK-7013'))).toBe(doubleheader.second);
    // Placed while game 1 may still be played: a live bet on it, or a bet on game 2? Both are offered.
    const during = bets.get('DK-7012')!;
    expect(during.status).toBe('rejected');
    expect(during.reject_reason).toContain('may have been under way');
    expect(during.reject_reason).toContain('Game 1 of 2026-06-06 (17:05Z) or Game 2 of 2026-06-06 (22:40Z)');
    const leg = await candidates(member.client, during);
    expect(leg.games.slice(0, 2).map((game) => [game.event_id, game.game_number])).toEqual([
      [doubleheader.first, 1],
      [doubleheader.second, 2],
    ]);
    // FanDuel gives each game's start: placed the evening before or the same morning, each on its own game.
    expect(await eventOf(fanduelBets.get('FD-7110'))).toBe(doubleheader.first);
    expect(await eventOf(fanduelBets.get('FD-7111'))).toBe(doubleheader.second);
  });

  it('keeps lost bonus bets as simulated, out of the month’s stakes and the loss streak of responsible play', async () => {
    const member = await memberWithAccount('fanduel');
    const summary = await upload(member, 'fanduel-bonus.csv');
    expect(summary).toMatchObject({ bets: 3, matched: 3 });
    const bets = await syncedBets(member.client);
    // A real loss of $20, then a $25 bonus single and a $10 bonus parlay, both lost: FanDuel offered their profit
    // alone, without the stake.
    expect(bets.get('FD-7201')).toMatchObject({ bonus: false, outcome: 'loss', book_result: 'lost' });
    expect(bets.get('FD-7202')).toMatchObject({ bonus: true, outcome: 'loss', book_result: 'lost' });
    expect(bets.get('FD-7203')).toMatchObject({ bonus: true, kind: 'parlay', outcome: 'loss' });
    const [real] = await db
      .select()
      .from(userBets)
      .where(eq(userBets.id, bets.get('FD-7201')!.user_bet_id!));
    const [bonus] = await db
      .select()
      .from(userBets)
      .where(eq(userBets.id, bets.get('FD-7202')!.user_bet_id!));
    const [parlay] = await db
      .select()
      .from(parlays)
      .where(eq(parlays.id, bets.get('FD-7203')!.parlay_id!));
    expect(real).toMatchObject({ isSimulated: false, stakeCents: 2000, outcome: 'loss' });
    expect(bonus).toMatchObject({ isSimulated: true, stakeCents: 2500, outcome: 'loss' });
    expect(parlay).toMatchObject({ isSimulated: true, stakeCents: 1000 });

    // A bonus slip from the bet-sync client, lost too.
    const slips = await member.client.post(`/api/sync/accounts/${member.accountId}/slips`, {
      slips: [
        {
          book_bet_id: 'J-7301',
          placed_at: '2025-05-18T11:00:00-04:00',
          kind: 'single',
          stake_cents: 1500,
          price: 150,
          result: 'lost',
          payout_cents: 0,
          bonus: true,
          legs: [
            {
              sport: MLB,
              event: 'New York Mets @ New York Yankees',
              event_start: '2025-05-18T13:35:00-04:00',
              market: 'moneyline',
              selection: 'New York Mets',
              price: 150,
              result: 'lost',
            },
          ],
        },
      ],
    });
    expect(slips.statusCode, slips.body).toBe(200);
    expect((await syncedBets(member.client)).get('J-7301')).toMatchObject({ bonus: true, outcome: 'loss' });

    // Responsible play counts the $20 of real money alone, and one loss in a row, not four.
    const limits = await member.client.get('/api/user/play-limits');
    expect(limits.statusCode, limits.body).toBe(200);
    expect(PlayLimitsResponse.parse(limits.json()).data).toMatchObject({
      month: { month: '2025-05' },
      month_staked_cents: 2000,
      loss_streak: 1,
    });
  });

  it('offers the games of the day the bet was placed between its teams, else the day’s games of either team', async () => {
    const member = await memberWithAccount('draftkings');
    await upload(member, 'draftkings-mlb-days.csv');
    const bets = await syncedBets(member.client);

    // Placed at 9:30 pm on the season's last day, six and a half hours after the day's first pitches, with nothing
    // after: no game fits, and the day's game between the teams is still offered first.
    const late = bets.get('DK-7014')!;
    expect(late.status).toBe('rejected');
    const lateLeg = await candidates(member.client, late);
    expect(lateLeg.games.map((game) => game.event_id)).toEqual([lastDay.metsYankees, lastDay.oriolesRedSox]);
    expect(lateLeg.games[0]).toMatchObject({ picked_team: 'NYY', names_teams: true, game_number: null });

    // No game between the Mets and the Red Sox: the day's games of each of them.
    const noSuchGame = bets.get('DK-7015')!;
    expect(noSuchGame.reject_reason).toContain('no game between these teams is stored');
    const eitherLeg = await candidates(member.client, noSuchGame);
    expect(eitherLeg.games.map((game) => [game.event_id, game.names_teams])).toEqual([
      [lastDay.metsYankees, true],
      [lastDay.oriolesRedSox, true],
    ]);

    // "NY" is the Mets or the Yankees: refused, and the day's game of the teams it could be is offered first.
    const ny = bets.get('DK-7016')!;
    expect(ny.reject_reason).toContain('"NY" could be');
    const nyLeg = await candidates(member.client, ny);
    expect(nyLeg.games[0]).toMatchObject({ event_id: lastDay.metsYankees, picked_team: 'NYM', names_teams: true });
  });
});
