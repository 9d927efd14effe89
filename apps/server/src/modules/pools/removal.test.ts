import {
  ChatRoomsResponse,
  PoolListResponse,
  PoolResponse,
  PoolStandingsResponse,
  WeeklyResultsResponse,
} from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey } from '../../test/ledger.js';
import { poolSettings, poolWithGuests, quoteSpread } from '../../test/pools.js';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';

/**
 * The Lifeguard removes a guest (decision 079-lifeguard-remind-and-remove), with the server clock set by the
 * test and mail delivered to a local SMTP server: the guest is told, loses the pool on every path (its reads,
 * picks, chat and room list), keeps their played weeks in the record, marked, out of the current standings, and
 * can come back only through an invitation made after the removal.
 */

const START = new Date('2025-09-03T12:00:00Z');
const THURSDAY = '2025-09-05T00:20:00.000Z';
const SUNDAY = '2025-09-07T17:00:00.000Z';

describe('removing a guest', () => {
  let smtp: SmtpCapture;
  let testApp: TestApp;
  let admin: TestClient;
  let clock = START;
  const db = () => testApp.database.db;
  let thursday: number; // DAL at PHI, PHI −7
  let sunday: number; // BAL at BUF, BUF −1.5

  const game = async (home: string, away: string, kickoff: string, homeSpread: number) => {
    const id = await makeGame(db(), { home, away, kickoff: new Date(kickoff), week: 1, season: 2025, lines: false });
    await quoteSpread(db(), { eventId: id, home, away, homeSpread, fetchedAt: new Date('2025-09-01T12:00:00Z') });
    return id;
  };
  const makePool = (name: string) =>
    poolWithGuests(testApp.app, db(), poolSettings({ name, games_per_week: 2, last_man_standing: false }), 2);
  const remove = async (client: TestClient, poolId: number, memberId: number) => {
    const response = await client.request({ method: 'DELETE', url: `/api/pools/${poolId}/members/${memberId}` });
    await testApp.app.mailer.idle();
    return response;
  };
  const reasonOf = (response: Awaited<ReturnType<TestClient['post']>>) =>
    expectError(response, 409).error.fields?.[0]?.reason;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    testApp = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pass.example.org' }, { now: () => clock });
    admin = await adminClient(testApp.app, db());
    thursday = await game('PHI', 'DAL', THURSDAY, -7);
    sunday = await game('BUF', 'BAL', SUNDAY, -1.5);
  });
  afterAll(async () => {
    await testApp?.app.close();
    await smtp?.close();
  });

  it('tells the guest by mail and takes the pool away on every path: reads, picks, chat and the lists', async () => {
    clock = START;
    const { pool, lifeguard, guests } = await makePool('Removal Pool');
    const [ann, bob] = guests;
    expect((await remove(lifeguard.client, pool.id, ann!.memberId)).statusCode).toBe(200);

    const mail = await smtp.waitForMail(ann!.account.email, (candidate) =>
      /no longer in the pool/.test(candidate.subject),
    );
    expect(mail.subject).toBe('You are no longer in the pool “Removal Pool”');
    expect(mail.text).toContain(`${lifeguard.account.username}, the Lifeguard of “Removal Pool”, removed you`);
    expect(mail.text).toContain('Wednesday, September 3 at 8:00 AM EDT');
    expect(smtp.mailsTo(bob!.account.email)).toEqual([]);

    for (const url of [
      `/api/pools/${pool.id}`,
      `/api/pools/${pool.id}/weeks/1`,
      `/api/pools/${pool.id}/standings`,
      `/api/pools/${pool.id}/results`,
      `/api/pools/${pool.id}/chat`,
      `/ws/pools/${pool.id}/chat`,
    ]) {
      expectError(await ann!.client.get(url), 404);
    }
    const pick = await ann!.client.request({
      method: 'PUT',
      url: `/api/pools/${pool.id}/weeks/1/picks`,
      payload: { picks: [{ event_id: thursday, team: 'DAL' }] },
      headers: { 'idempotency-key': newKey() },
    });
    expectError(pick, 404);
    expectError(
      await ann!.client.request({
        method: 'PUT',
        url: `/api/pools/${pool.id}/chat/read`,
        payload: { last_read_id: 1 },
      }),
      404,
    );
    const pools = PoolListResponse.parse((await ann!.client.get('/api/pools')).json()).data;
    expect(pools.map((row) => row.id)).not.toContain(pool.id);
    const rooms = ChatRoomsResponse.parse((await ann!.client.get('/api/chat/rooms')).json()).data;
    expect(rooms.map((room) => room.pool_id)).not.toContain(pool.id);
    // The others go on: bob still reads the pool, without ann among its members.
    const read = PoolResponse.parse((await bob!.client.get(`/api/pools/${pool.id}`)).json()).data;
    expect(read.members.map((member) => member.id)).toEqual([lifeguard.memberId, bob!.memberId]);
  });

  it('refuses to remove the Lifeguard, or by anyone but the Lifeguard, and mails no one then', async () => {
    clock = START;
    const { pool, lifeguard, guests } = await makePool('Kept Pool');
    const [ann, bob] = guests;
    const before = smtp.mails.length;
    expect(reasonOf(await remove(lifeguard.client, pool.id, lifeguard.memberId))).toBe('lifeguard');
    expectError(await remove(ann!.client, pool.id, bob!.memberId), 403);
    expectError(await remove(lifeguard.client, pool.id, 2_000_000_000), 404);
    expectError(await remove(lifeguard.client, pool.id, 0), 400, 'params.memberId');
    expect(smtp.mails.length).toBe(before);
    const read = PoolResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}`)).json()).data;
    expect(read.members).toHaveLength(3);
  });

  it('lets the guest back through an invitation made after the removal, not a link from before', async () => {
    clock = START;
    const { pool, lifeguard, guests } = await makePool('Second Chance Pool');
    const ann = guests[0]!;
    const oldLink = (await lifeguard.client.post(`/api/pools/${pool.id}/link`)).json<{ data: { token: string } }>().data
      .token;
    clock = new Date(START.getTime() + 60_000);
    expect((await remove(lifeguard.client, pool.id, ann.memberId)).statusCode).toBe(200);
    expect(reasonOf(await ann.client.post('/api/pools/accept', { token: oldLink }))).toBe('removed');

    clock = new Date(START.getTime() + 120_000);
    // Invited again by email: the address is no member's now.
    const invited = await lifeguard.client.post(`/api/pools/${pool.id}/invitations`, { email: ann.account.email });
    expect(invited.statusCode, invited.body).toBe(201);
    const newLink = (await lifeguard.client.post(`/api/pools/${pool.id}/link`)).json<{ data: { token: string } }>().data
      .token;
    const back = await ann.client.post('/api/pools/accept', { token: newLink });
    expect(back.statusCode, back.body).toBe(200);
    // Back as the same member: their picks of before stay theirs.
    const members = PoolResponse.parse(back.json()).data.members;
    expect(members.find((member) => member.username === ann.account.username)!.id).toBe(ann.memberId);
    expect((await ann.client.get(`/api/pools/${pool.id}/weeks/1`)).statusCode).toBe(200);
  });

  it("keeps a removed guest's played week in the record, marked, and out of the current standings", async () => {
    clock = START;
    const { pool, lifeguard, guests } = await makePool('Record Pool');
    const [ann, bob] = guests;
    for (const [client, picks] of [
      [ann!.client, ['DAL', 'BUF']],
      [bob!.client, ['PHI', 'BUF']],
    ] as const) {
      const response = await client.request({
        method: 'PUT',
        url: `/api/pools/${pool.id}/weeks/1/picks`,
        payload: {
          picks: [
            { event_id: thursday, team: picks[0] },
            { event_id: sunday, team: picks[1] },
          ],
        },
        headers: { 'idempotency-key': newKey() },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const [id, home, away] of [
      [thursday, 24, 20],
      [sunday, 24, 20],
    ] as const) {
      const response = await admin.post(`/api/admin/events/${id}/result`, {
        status: 'final',
        home_score: home,
        away_score: away,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    clock = new Date('2025-09-12T12:00:00Z');
    expect((await remove(lifeguard.client, pool.id, ann!.memberId)).statusCode).toBe(200);

    const weeks = WeeklyResultsResponse.parse((await bob!.client.get(`/api/pools/${pool.id}/results`)).json()).data
      .weeks;
    // DAL +7 and BUF −1.5 both cover: ann 10, bob 0, the Lifeguard two missed picks.
    expect(weeks[0]!.rows.map((row) => [row.member_id, row.points, row.removed])).toEqual([
      [ann!.memberId, 10, true],
      [bob!.memberId, 0, false],
      [lifeguard.memberId, -10, false],
    ]);
    const standings = PoolStandingsResponse.parse((await bob!.client.get(`/api/pools/${pool.id}/standings`)).json())
      .data.rows;
    expect(standings.map((row) => [row.member_id, row.points])).toEqual([
      [bob!.memberId, 0],
      [lifeguard.memberId, -10],
    ]);
    // Joining has closed with the first week: the removed guest cannot be invited back now.
    const late = expectError(
      await lifeguard.client.post(`/api/pools/${pool.id}/invitations`, { email: ann!.account.email }),
      409,
    );
    expect(late.error.fields?.[0]?.reason).toBe('joining_closed');
    for (const id of [thursday, sunday]) {
      expect((await admin.request({ method: 'DELETE', url: `/api/admin/events/${id}/result` })).statusCode).toBe(200);
    }
  });
});
