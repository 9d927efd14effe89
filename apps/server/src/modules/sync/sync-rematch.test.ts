import type { SyncBet, SyncBetCandidatesResponse } from '@pass/contracts';
import { parlays, syncAccounts, syncBets, userBets, type DbExecutor } from '@pass/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/accounts.js';
import { FakeHttpServer } from '../../test/fake-http-server.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, postEntry, signedInMember } from '../../test/ledger.js';
import { createRefreshJobs } from '../../jobs/refresh-jobs.js';
import { setEventResult } from '../ledger/results.service.js';
import { rematchRejectedSyncBets } from './sync-rematch.service.js';

// The server clock of these tests: the games below are placed around it.
const NOW = new Date('2025-10-01T16:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

type Candidates = SyncBetCandidatesResponse['data'];

describe('synced bets matched again, by themselves or on the games the member chooses (decision 051)', () => {
  let testApp: TestApp;
  let db: DbExecutor;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => NOW });
    db = testApp.database.db;
  }, 60_000);
  afterAll(async () => {
    await testApp.app.close();
  });

  async function memberWithAccount(book = 'fanduel') {
    const { account, client } = await signedInMember(testApp.app, db);
    const [row] = await db
      .insert(syncAccounts)
      .values({ userId: account.id, book, createdAt: new Date(NOW.getTime() - DAY) })
      .returning();
    return { userId: account.id, client, accountId: row!.publicId, id: row!.id };
  }

  const leg = (event: string, selection: string, start: Date | undefined, market = 'moneyline', line?: number) => ({
    sport: 'americanfootball_nfl',
    event,
    ...(start ? { event_start: start.toISOString() } : {}),
    market,
    selection,
    ...(line === undefined ? {} : { line }),
    price: -110,
  });
  const single = (id: string, legSpec: ReturnType<typeof leg>, placed: Date) => ({
    book_bet_id: id,
    placed_at: placed.toISOString(),
    kind: 'single',
    stake_cents: 1100,
    result: 'open',
    legs: [legSpec],
  });

  async function sync(member: { client: TestClient; accountId: string }, slips: unknown[]) {
    const response = await member.client.post(`/api/sync/accounts/${member.accountId}/slips`, { slips });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function syncedBets(client: TestClient): Promise<Map<string, SyncBet>> {
    const response = await client.get('/api/sync/bets?limit=200');
    expect(response.statusCode, response.body).toBe(200);
    return new Map(response.json<{ data: SyncBet[] }>().data.map((bet) => [bet.book_bet_id, bet]));
  }

  /** Everything a re-match could change: the synced bets, entries and parlays, as stored. */
  const snapshot = async () => ({
    bets: await db.select().from(syncBets).orderBy(asc(syncBets.id)),
    entries: await db.select().from(userBets).orderBy(asc(userBets.id)),
    parlays: await db.select().from(parlays).orderBy(asc(parlays.id)),
  });

  it('matches and grades a bet whose game arrives later, leaves a set-aside bet alone, and changes nothing twice', async () => {
    const member = await memberWithAccount();
    const kickoff = at(-3 * 24);
    const parlayStart = at(-2 * 24);
    await sync(member, [
      single('R-1', leg('Buffalo Bills @ Kansas City Chiefs', 'Kansas City Chiefs', kickoff), at(-3 * 24 - 2)),
      single('R-2', leg('Las Vegas Raiders @ Denver Broncos', 'Denver Broncos', kickoff), at(-3 * 24 - 2)),
      {
        book_bet_id: 'R-3',
        placed_at: at(-3 * 24 - 2).toISOString(),
        kind: 'parlay',
        stake_cents: 1000,
        price: 264,
        result: 'open',
        legs: [
          leg('Buffalo Bills @ Kansas City Chiefs', 'Kansas City Chiefs', kickoff),
          leg('Chicago Bears @ Green Bay Packers', 'Green Bay Packers', parlayStart),
        ],
      },
    ]);
    let bets = await syncedBets(member.client);
    expect([...bets.values()].map((bet) => bet.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(bets.get('R-1')!.reject_reason).toContain('no game between these teams is stored');
    // The member sets the Broncos bet aside.
    const dismissed = await member.client.post(`/api/sync/bets/${bets.get('R-2')!.id}/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);

    // The games come, already played: the Chiefs and the Packers win.
    const chiefs = await makeGame(db, { home: 'KC', away: 'BUF', kickoff, season: 2025, lines: false });
    const broncos = await makeGame(db, { home: 'DEN', away: 'LV', kickoff, season: 2025, lines: false });
    await setEventResult(testApp.database.db, chiefs, { status: 'final', home_score: 27, away_score: 20 }, NOW);
    await setEventResult(testApp.database.db, broncos, { status: 'final', home_score: 30, away_score: 10 }, NOW);
    // Only the first leg's game is stored yet: the parlay waits, with the reason of its second leg now.
    expect(await rematchRejectedSyncBets(testApp.database.db, NOW)).toEqual({ checked: 2, matched: 1 });
    bets = await syncedBets(member.client);
    expect(bets.get('R-1')).toMatchObject({ status: 'matched', outcome: 'win', reject_reason: null });
    expect(bets.get('R-2')).toMatchObject({ status: 'dismissed', user_bet_id: null, outcome: null });
    expect(bets.get('R-3')).toMatchObject({ status: 'rejected' });
    expect(bets.get('R-3')!.reject_reason).toMatch(/^leg 2: /);

    const packers = await makeGame(db, { home: 'GB', away: 'CHI', kickoff: parlayStart, season: 2025, lines: false });
    await setEventResult(testApp.database.db, packers, { status: 'final', home_score: 24, away_score: 21 }, NOW);
    expect(await rematchRejectedSyncBets(testApp.database.db, NOW, { userId: member.userId })).toEqual({
      checked: 1,
      matched: 1,
    });
    bets = await syncedBets(member.client);
    expect(bets.get('R-3')).toMatchObject({ status: 'matched', kind: 'parlay', outcome: 'win' });
    const [ticket] = await db
      .select()
      .from(parlays)
      .where(eq(parlays.id, bets.get('R-3')!.parlay_id!));
    expect(ticket).toMatchObject({ outcome: 'win', reward: 2640, idempotencyKey: `sync:${member.id}:R-3` });

    // The entry is the ledger's, as a sync writes it: real money, source sync, the book, the same key.
    const entries = await db.select().from(userBets).where(eq(userBets.userId, member.userId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: bets.get('R-1')!.user_bet_id,
      eventId: chiefs,
      source: 'sync',
      book: 'fanduel',
      isSimulated: false,
      betTeam: 'KC',
      stakeCents: 1100,
      price: -110,
      idempotencyKey: `sync:${member.id}:R-1`,
      outcome: 'win',
      recordedAfterStart: true,
    });

    // Again: nothing to do, nothing changed.
    const before = await snapshot();
    expect(await rematchRejectedSyncBets(testApp.database.db, new Date(NOW.getTime() + HOUR))).toMatchObject({
      matched: 0,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('tries the member’s rejected bets again at the end of each upload', async () => {
    const member = await memberWithAccount('draftkings');
    const kickoff = at(2 * 24);
    await sync(member, [single('U-1', leg('Miami Dolphins @ New York Jets', 'New York Jets', kickoff), NOW)]);
    expect((await syncedBets(member.client)).get('U-1')).toMatchObject({ status: 'rejected' });
    const jets = await makeGame(db, { home: 'NYJ', away: 'MIA', kickoff, season: 2025, lines: false });
    await sync(member, [single('U-2', leg('Miami Dolphins @ New York Jets', 'Miami Dolphins', kickoff), NOW)]);
    const bets = await syncedBets(member.client);
    expect(bets.get('U-1')).toMatchObject({ status: 'matched', outcome: null });
    expect(bets.get('U-2')).toMatchObject({ status: 'matched' });
    const [entry] = await db
      .select()
      .from(userBets)
      .where(eq(userBets.id, bets.get('U-1')!.user_bet_id!));
    expect(entry).toMatchObject({ eventId: jets, betTeam: 'NYJ', status: 1 });
  });

  it('does not place by itself a bet the member already recorded by hand, but places it when they choose its game', async () => {
    const member = await memberWithAccount();
    const kickoff = at(4 * 24);
    await sync(member, [
      single('H-1', leg('Tennessee Titans @ Jacksonville Jaguars', 'Jacksonville Jaguars', kickoff), NOW),
    ]);
    const game = await makeGame(db, { home: 'JAX', away: 'TEN', kickoff, season: 2025, lines: false });
    // Before bets could be matched later, the member recorded it with the bet form.
    const recorded = await postEntry(member.client, {
      event_id: game,
      bet_mode: 3,
      bet_kind: 1,
      bet_type: 5,
      bet_team: 'JAX',
      price: -110,
      stake: 11,
      is_simulated: false,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(await rematchRejectedSyncBets(testApp.database.db, NOW, { userId: member.userId })).toEqual({
      checked: 1,
      matched: 0,
    });
    const bet = (await syncedBets(member.client)).get('H-1')!;
    expect(bet.status).toBe('rejected');
    expect(bet.reject_reason).toContain('recorded by hand');
    expect(await db.select().from(userBets).where(eq(userBets.userId, member.userId))).toHaveLength(1);
    // The member says it is another bet: it is placed.
    const matched = await member.client.post(`/api/sync/bets/${bet.id}/match`, {
      legs: [{ event_id: game, team: 'JAX' }],
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(await db.select().from(userBets).where(eq(userBets.userId, member.userId))).toHaveLength(2);
  });

  it('lists the games near a bet to choose from, and places it on the one chosen, graded and linked', async () => {
    const member = await memberWithAccount();
    const kickoff = at(-5 * 24);
    const chosen = await makeGame(db, { home: 'PHI', away: 'DAL', kickoff, season: 2025, lines: false });
    const other = await makeGame(db, {
      home: 'SEA',
      away: 'ARI',
      kickoff: at(-5 * 24 + 3),
      season: 2025,
      lines: false,
    });
    const tooLate = await makeGame(db, { home: 'PHI', away: 'NYG', kickoff: at(5 * 24), season: 2025, lines: false });
    await setEventResult(testApp.database.db, chosen, { status: 'final', home_score: 17, away_score: 20 }, NOW);
    // The book's name of the visitors is one PA$$ does not know.
    await sync(member, [
      single(
        'C-1',
        leg('Dallas Cowpokes @ Philadelphia Eagles', 'Philadelphia Eagles', undefined, 'spread', -3.5),
        at(-5 * 24 - 1),
      ),
    ]);
    const bet = (await syncedBets(member.client)).get('C-1')!;
    expect(bet.status).toBe('rejected');

    const listed = await member.client.get(`/api/sync/bets/${bet.id}/candidates`);
    expect(listed.statusCode, listed.body).toBe(200);
    const candidates = listed.json<{ data: Candidates }>().data;
    expect(candidates).toMatchObject({ placeable: true, bet: { id: bet.id } });
    expect(candidates.legs).toHaveLength(1);
    const [legCandidates] = candidates.legs;
    expect(legCandidates).toMatchObject({ position: 0, matched_event_id: null });
    expect(legCandidates!.reason).toContain('Dallas Cowpokes');
    const ids = legCandidates!.games.map((game) => game.event_id);
    // The game of a team the book named comes first, with the picked team; games a week after are not listed.
    expect(ids[0]).toBe(chosen);
    expect(ids).toContain(other);
    expect(ids).not.toContain(tooLate);
    expect(legCandidates!.games[0]).toMatchObject({
      home_team: 'PHI',
      away_team: 'DAL',
      home_name: 'Philadelphia Eagles',
      away_name: 'Dallas Cowboys',
      picked_team: 'PHI',
      names_teams: true,
      status: 'final',
    });
    expect(legCandidates!.games.find((game) => game.event_id === other)).toMatchObject({
      picked_team: null,
      names_teams: false,
    });

    const matched = await member.client.post(`/api/sync/bets/${bet.id}/match`, {
      legs: [{ event_id: chosen, team: 'phi' }],
    });
    expect(matched.statusCode, matched.body).toBe(200);
    // The Eagles lost by 3 at −3.5.
    expect(matched.json<{ data: SyncBet }>().data).toMatchObject({
      id: bet.id,
      status: 'matched',
      outcome: 'loss',
      user_bet_id: expect.any(Number),
    });
    const [entry] = await db
      .select()
      .from(userBets)
      .where(eq(userBets.id, matched.json<{ data: SyncBet }>().data.user_bet_id!));
    expect(entry).toMatchObject({
      eventId: chosen,
      betTeam: 'PHI',
      line: -3.5,
      source: 'sync',
      book: 'fanduel',
      isSimulated: false,
      idempotencyKey: `sync:${member.id}:C-1`,
      outcome: 'loss',
    });
    // A second choice is refused: the bet is the ledger's now.
    const again = await member.client.post(`/api/sync/bets/${bet.id}/match`, {
      legs: [{ event_id: chosen, team: 'PHI' }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error: { fields: { field: string }[] } }>().error.fields[0]!.field).toBe('params.betId');
  });

  it('refuses a bad choice with 400 naming the field, another member’s bet with 404, and changes nothing', async () => {
    const member = await memberWithAccount();
    const kickoff = at(-8 * 24);
    const game = await makeGame(db, { home: 'HOU', away: 'IND', kickoff, season: 2025, lines: false });
    await sync(member, [
      single('B-1', leg('Indianapolis Colts @ Houston Roughnecks', 'Houston Texans', kickoff), at(-8 * 24 - 1)),
      single('B-2', leg('Indianapolis Colts @ Houston Roughnecks', 'Over', kickoff, 'total', 44.5), at(-8 * 24 - 1)),
      single('B-3', leg('Indianapolis Colts @ Houston Roughnecks', 'Houston Texans', kickoff), at(-8 * 24 - 1)),
      {
        book_bet_id: 'B-4',
        placed_at: at(-8 * 24 - 1).toISOString(),
        kind: 'teaser',
        teaser_points: 6,
        stake_cents: 1000,
        result: 'open',
        legs: [
          leg('Indianapolis Colts @ Houston Texans', 'Houston Texans', kickoff, 'spread', 3),
          leg('Chicago Bears @ Green Bay Packers', 'Green Bay Packers', kickoff, 'spread', 2),
        ],
      },
    ]);
    const bets = await syncedBets(member.client);
    const id = (bookBetId: string) => bets.get(bookBetId)!.id;
    expect(bets.get('B-1')!.status).toBe('rejected');
    await member.client.post(`/api/sync/bets/${id('B-3')}/dismiss`);
    const other = await memberWithAccount();
    const before = await snapshot();

    const refusals: [string, number, unknown, number, string][] = [
      [
        'two legs for a single',
        id('B-1'),
        { legs: [{ event_id: game, team: 'HOU' }, { event_id: game }] },
        400,
        'body.legs',
      ],
      [
        'a game not stored',
        id('B-1'),
        { legs: [{ event_id: 2_000_000_000, team: 'HOU' }] },
        400,
        'body.legs.0.event_id',
      ],
      ['a team not in the game', id('B-1'), { legs: [{ event_id: game, team: 'KC' }] }, 400, 'body.legs.0.team'],
      ['no team for a moneyline', id('B-1'), { legs: [{ event_id: game }] }, 400, 'body.legs.0.team'],
      ['a team for a total', id('B-2'), { legs: [{ event_id: game, team: 'HOU' }] }, 400, 'body.legs.0.team'],
      ['a bet set aside', id('B-3'), { legs: [{ event_id: game, team: 'HOU' }] }, 400, 'params.betId'],
      [
        'a teaser over two games',
        id('B-4'),
        {
          legs: [
            { event_id: game, team: 'HOU' },
            { event_id: game, team: 'HOU' },
          ],
        },
        400,
        'params.betId',
      ],
      ['no legs', id('B-1'), { legs: [] }, 400, 'body.legs'],
    ];
    for (const [label, betId, body, status, field] of refusals) {
      const response = await member.client.post(`/api/sync/bets/${betId}/match`, body);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      const error = response.json<{ error: { message: string; fields?: { field: string; message: string }[] } }>()
        .error;
      expect(error.fields?.[0]?.field, label).toBe(field);
      expect(error.fields?.[0]?.message, label).toBeTruthy();
    }
    expect(
      (await other.client.post(`/api/sync/bets/${id('B-1')}/match`, { legs: [{ event_id: game, team: 'HOU' }] }))
        .statusCode,
    ).toBe(404);
    expect((await other.client.get(`/api/sync/bets/${id('B-1')}/candidates`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    // The teaser has nothing to choose: its legs are recorded by hand.
    const teaser = await member.client.get(`/api/sync/bets/${id('B-4')}/candidates`);
    expect(teaser.json<{ data: Candidates }>().data).toMatchObject({ placeable: false, legs: [] });
    // The total is placed without a team.
    const total = await member.client.post(`/api/sync/bets/${id('B-2')}/match`, { legs: [{ event_id: game }] });
    expect(total.statusCode, total.body).toBe(200);
    expect(total.json<{ data: SyncBet }>().data.status).toBe('matched');
  });

  it('matches a bet when the scheduled odds refresh stores its game', async () => {
    const member = await memberWithAccount();
    const kickoff = new Date('2025-10-04T17:00:00Z');
    await sync(member, [single('J-1', leg('Carolina Panthers @ Atlanta Falcons', 'Atlanta Falcons', kickoff), NOW)]);
    expect((await syncedBets(member.client)).get('J-1')!.status).toBe('rejected');
    // The Odds API lists the game: its event is created, and the job tries the rejected bets again.
    const odds = [
      {
        id: 'odds-car-atl',
        sport_key: 'americanfootball_nfl',
        sport_title: 'NFL',
        commence_time: kickoff.toISOString().replace('.000Z', 'Z'),
        home_team: 'Atlanta Falcons',
        away_team: 'Carolina Panthers',
        bookmakers: [
          {
            key: 'draftkings',
            title: 'DraftKings',
            last_update: NOW.toISOString().replace('.000Z', 'Z'),
            markets: [
              {
                key: 'h2h',
                last_update: NOW.toISOString().replace('.000Z', 'Z'),
                outcomes: [
                  { name: 'Atlanta Falcons', price: -150 },
                  { name: 'Carolina Panthers', price: 130 },
                ],
              },
            ],
          },
        ],
      },
    ];
    const quotaHeaders = { 'x-requests-remaining': '400', 'x-requests-used': '100', 'x-requests-last': '1' };
    const server = new FakeHttpServer({
      routes: [
        {
          method: 'GET',
          path: '/v4/sports/americanfootball_nfl/odds',
          answer: () => ({ status: 200, headers: quotaHeaders, json: odds }),
        },
      ],
      notFound: () => ({ status: 404, headers: quotaHeaders, json: { message: 'Unknown sport' } }),
      record: (request) => request.path,
    });
    try {
      const jobs = createRefreshJobs(testApp.database.db, {
        oddsApiKey: 'test-key',
        oddsApiUrl: await server.start(),
        // The local Odds API is on loopback, which the test configuration allows.
        outbound: testApp.config.outbound,
      });
      await jobs.odds(NOW);
    } finally {
      await server.stop();
    }
    expect((await syncedBets(member.client)).get('J-1')).toMatchObject({ status: 'matched', outcome: null });
  });
});
