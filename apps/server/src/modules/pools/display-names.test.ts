import {
  AnnouncementResponse,
  HeadToHeadResponse,
  MissingPicksResponse,
  PoolResponse,
  PoolStandingsResponse,
  PoolWeekResponse,
} from '@pass/contracts';
import { mailOutbox, users } from '@pass/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame } from '../../test/ledger.js';
import { poolSettings, poolWithGuests } from '../../test/pools.js';

/**
 * A pool names its members by their display name (`displayName`: the account's name if set, else the username)
 * on every read and in its mails; the username stays beside it as the member's identity.
 */

const START = new Date('2025-09-03T12:00:00Z');

describe('display names in a pool', () => {
  let testApp: TestApp;
  const clock = START;
  const db = () => testApp.database.db;
  let pool: Awaited<ReturnType<typeof poolWithGuests>>;

  beforeAll(async () => {
    testApp = await buildTestApp({ PUBLIC_URL: 'https://pass.example.org' }, { now: () => clock });
    await makeGame(db(), {
      home: 'PHI',
      away: 'DAL',
      kickoff: new Date('2025-09-05T00:20:00Z'),
      week: 1,
      season: 2025,
    });
    await makeGame(db(), { home: 'KC', away: 'LAC', kickoff: new Date('2025-09-07T20:25:00Z'), week: 1, season: 2025 });
    pool = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ win_basis: 'straight', games_per_week: 2, double_play: false, last_man_standing: false }),
      2,
    );
    await db().update(users).set({ name: 'Lou Park' }).where(eq(users.id, pool.lifeguard.account.id));
    await db().update(users).set({ name: 'Gina Torres' }).where(eq(users.id, pool.guests[0]!.account.id));
    // A blank name is no name: the username shows.
    await db().update(users).set({ name: '  ' }).where(eq(users.id, pool.guests[1]!.account.id));
  });
  afterAll(async () => {
    await testApp?.app.close();
  });

  const [lou, gina, sam] = [() => pool.lifeguard, () => pool.guests[0]!, () => pool.guests[1]!];
  const shown = () => ({
    [lou().memberId]: 'Lou Park',
    [gina().memberId]: 'Gina Torres',
    [sam().memberId]: sam().account.username,
  });

  it('names the members and the Lifeguard in the pool, with their usernames beside', async () => {
    const read = PoolResponse.parse((await sam().client.get(`/api/pools/${pool.pool.id}`)).json()).data;
    expect(read.lifeguard).toEqual({ username: lou().account.username, name: 'Lou Park' });
    expect(Object.fromEntries(read.members.map((member) => [member.id, member.name]))).toEqual(shown());
    expect(read.members.find((member) => member.id === gina().memberId)!.username).toBe(gina().account.username);
  });

  it('names them in the standings, the week’s sheets, head-to-head and the missing picks', async () => {
    const standings = PoolStandingsResponse.parse(
      (await gina().client.get(`/api/pools/${pool.pool.id}/standings`)).json(),
    ).data;
    expect(Object.fromEntries(standings.rows.map((row) => [row.member_id, row.name]))).toEqual(shown());

    const week = PoolWeekResponse.parse((await gina().client.get(`/api/pools/${pool.pool.id}/weeks/1`)).json()).data;
    expect(Object.fromEntries(week.sheets.map((sheet) => [sheet.member_id, sheet.name]))).toEqual(shown());

    const h2h = HeadToHeadResponse.parse(
      (await sam().client.get(`/api/pools/${pool.pool.id}/head-to-head/${gina().memberId}/${lou().memberId}`)).json(),
    ).data;
    expect([h2h.a.name, h2h.b.name]).toEqual(['Gina Torres', 'Lou Park']);

    const missing = MissingPicksResponse.parse(
      (await lou().client.get(`/api/pools/${pool.pool.id}/weeks/1/missing`)).json(),
    ).data;
    expect(missing.find((row) => row.member_id === gina().memberId)?.name).toBe('Gina Torres');
  });

  it('signs announcements and mails with the display name', async () => {
    const posted = await lou().client.post(`/api/pools/${pool.pool.id}/announcements`, { body: 'Wings Monday' });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(AnnouncementResponse.parse(posted.json()).data.author).toBe('Lou Park');

    const invited = await lou().client.post(`/api/pools/${pool.pool.id}/invitations`, { email: 'pat@example.com' });
    expect(invited.statusCode, invited.body).toBe(201);
    const [invitation] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'pat@example.com'))
      .orderBy(desc(mailOutbox.id));
    expect(invitation!.subject).toBe(`Lou Park invites you to the pool “${pool.pool.name}” on PA$$`);

    const reminded = await lou().client.post(`/api/pools/${pool.pool.id}/weeks/1/reminders`, {
      member_ids: [gina().memberId],
    });
    expect(reminded.statusCode, reminded.body).toBe(200);
    await testApp.app.mailer.idle();
    const [reminder] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, gina().account.email))
      .orderBy(desc(mailOutbox.id));
    expect(reminder!.subject).toContain('Lou Park reminds you');
    expect(reminder!.textBody).toMatch(/^Hi Gina Torres,/m);
  });
});
