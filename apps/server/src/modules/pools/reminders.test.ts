import { MissingPicksResponse, RemindResponse } from '@pass/contracts';
import { mailOutbox, poolReminders } from '@pass/db';
import { REMINDER_RULES } from '@pass/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey, signedInMember } from '../../test/ledger.js';
import { poolSettings, poolWithGuests } from '../../test/pools.js';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';
import type { PushKind, PushMessage } from '../notifications/push-notifier.js';
import type { WebPushNotifier } from '../notifications/web-push-notifier.js';

/**
 * The Lifeguard's reminders (decision 079-lifeguard-remind-and-remove), with the server clock set by the test,
 * mail delivered to a local SMTP server and pushes recorded: only members missing a pick they can still make
 * are reminded, once in 6 hours per week, within the Lifeguard's hourly budget and request rate; only the
 * Lifeguard may ask; each reminder is logged and shown beside the member; no mail names a pick.
 */

// 2025 NFL week 1: Thursday night (the first lock) and a Sunday game.
const THURSDAY = new Date('2025-09-05T00:20:00Z');
const SUNDAY = new Date('2025-09-07T20:25:00Z');
const START = new Date('2025-09-03T12:00:00Z');
const HOUR = 3_600_000;
const TEAMS = ['PHI', 'DAL', 'KC', 'LAC'];

describe('the Lifeguard reminds members missing picks', () => {
  let smtp: SmtpCapture;
  let testApp: TestApp;
  let clock = START;
  const pushes: { userId: number; kind: PushKind; message: PushMessage }[] = [];
  const recorder: WebPushNotifier = {
    publicKey: 'test',
    async notify(userId, kind, message) {
      pushes.push({ userId, kind, message });
    },
    async sendToDevices() {
      return { sent: 0, failed: 0 };
    },
    acceptsEndpoint: () => true,
  };
  const db = () => testApp.database.db;
  let thursday: number;
  let sunday: number;
  let pool: Awaited<ReturnType<typeof poolWithGuests>>;

  const submit = (client: TestClient, picks: { event_id: number; team: string }[], tiebreaker: number) =>
    client.request({
      method: 'PUT',
      url: `/api/pools/${pool.pool.id}/weeks/1/picks`,
      payload: { picks, tiebreaker },
      headers: { 'idempotency-key': newKey() },
    });
  const remind = async (client: TestClient, body: object = {}, poolId = pool.pool.id) => {
    const response = await client.post(`/api/pools/${poolId}/weeks/1/reminders`, body);
    await testApp.app.mailer.idle();
    return response;
  };
  const results = (response: Awaited<ReturnType<typeof remind>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return RemindResponse.parse(response.json()).data.results;
  };
  const logged = async () => (await db().select({ n: count() }).from(poolReminders))[0]!.n;
  const outboxRows = async () => (await db().select({ n: count() }).from(mailOutbox))[0]!.n;
  const reminderMails = (member: { account: { email: string } }) =>
    smtp.mailsTo(member.account.email).filter((mail) => /reminds you/.test(mail.subject));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    testApp = await buildTestApp(
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://pass.example.org' },
      { now: () => clock, pushNotifier: () => recorder },
    );
    thursday = await makeGame(db(), { home: 'PHI', away: 'DAL', kickoff: THURSDAY, week: 1, season: 2025 });
    sunday = await makeGame(db(), { home: 'KC', away: 'LAC', kickoff: SUNDAY, week: 1, season: 2025 });
    pool = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({
        name: 'Reminder Pool',
        win_basis: 'straight',
        games_per_week: 2,
        double_play: false,
        last_man_standing: false,
      }),
      3,
    );
    const [all, some] = pool.guests;
    expect(
      (
        await submit(
          all!.client,
          [
            { event_id: thursday, team: 'PHI' },
            { event_id: sunday, team: 'KC' },
          ],
          45,
        )
      ).statusCode,
    ).toBe(200);
    // `some` has the tiebreaker and Sunday's pick, not Thursday's; `none` has nothing.
    expect((await submit(some!.client, [{ event_id: sunday, team: 'LAC' }], 38)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await testApp?.app.close();
    await smtp?.close();
  });

  it('refuses a guest (403) and a member of no pool (404), and sends and logs nothing', async () => {
    const [all] = pool.guests;
    expectError(await remind(all!.client), 403);
    const outsider = await signedInMember(testApp.app, db());
    expectError(await remind(outsider.client), 404);
    expect(await logged()).toBe(0);
    expect(smtp.mails).toEqual([]);
    expect(pushes).toEqual([]);
  });

  it('answers bad input with 400, the field and the reason, and changes nothing', async () => {
    const outboxBefore = await outboxRows();
    const stranger = expectError(await remind(pool.lifeguard.client, { member_ids: [2_000_000_000] }), 400);
    expect(stranger.error.fields).toEqual([
      expect.objectContaining({ field: 'body.member_ids.0', reason: 'not_member' }),
    ]);
    const twice = pool.guests[1]!.memberId;
    expectError(await remind(pool.lifeguard.client, { member_ids: [twice, twice] }), 400, 'body.member_ids');
    expectError(await remind(pool.lifeguard.client, { member_ids: [] }), 400, 'body.member_ids');
    expectError(await remind(pool.lifeguard.client, { member_ids: ['x'] }), 400);
    expect(await logged()).toBe(0);
    expect(await outboxRows()).toBe(outboxBefore);
  });

  it('reminds every member missing a pick, not one who picked all nor the Lifeguard; no mail names a pick', async () => {
    const [all, some, none] = pool.guests;
    const answer = results(await remind(pool.lifeguard.client));
    expect(answer.map((row) => [row.member_id, row.status, row.mailed])).toEqual([
      [all!.memberId, 'not_missing', false],
      [some!.memberId, 'sent', true],
      [none!.memberId, 'sent', true],
    ]);
    expect(answer[1]).toMatchObject({
      reminded_at: START.toISOString(),
      next_reminder_at: new Date(START.getTime() + 6 * HOUR).toISOString(),
    });

    expect(reminderMails(all!)).toEqual([]);
    expect(reminderMails(pool.lifeguard)).toEqual([]);
    const [someMail] = reminderMails(some!);
    const [noneMail] = reminderMails(none!);
    expect(someMail!.subject).toBe(
      `Reminder Pool: ${pool.lifeguard.account.username} reminds you to make your Week 1 picks`,
    );
    expect(someMail!.text).toContain('you have no pick yet for 1 game of the 2 on the slate for Week 1.');
    // The next lock among the member's own missing games: Thursday night, in Eastern time.
    expect(someMail!.text).toContain('locks at Thursday, September 4 at 8:20 PM EDT');
    expect(noneMail!.text).toContain('no pick yet for 2 games of the 2 on the slate and no tiebreaker yet for');
    expect(someMail!.text).toContain(`https://pass.example.org/football/pool/${pool.pool.id}?week=1`);
    expect(someMail!.raw.replace(/\r?\n[ \t]+/g, ' ')).toMatch(
      /^List-Unsubscribe: <https:\/\/pass\.example\.org\/api\/notifications\/unsubscribe\?token=/im,
    );
    // Secret until lock: no team of the slate, so no one's pick (the member's own pick of LAC included).
    const withoutLinks = (text: string) => text.replace(/https?:\/\/[^\s"<>]+/g, '');
    for (const mail of [someMail!, noneMail!]) {
      for (const team of TEAMS) {
        expect(withoutLinks(mail.text)).not.toMatch(new RegExp(`\\b${team}\\b`));
        expect(withoutLinks(mail.html)).not.toMatch(new RegExp(`\\b${team}\\b`));
      }
    }

    expect(pushes.map((push) => [push.userId, push.kind])).toEqual([
      [some!.account.id, 'pick_reminder'],
      [none!.account.id, 'pick_reminder'],
    ]);
    expect(pushes[0]!.message).toMatchObject({
      url: `/football/pool/${pool.pool.id}?week=1`,
      body: 'You have no pick yet for 1 of the Week 1 games.',
    });

    const rows = await db().select().from(poolReminders).where(eq(poolReminders.poolId, pool.pool.id));
    expect(rows.map((row) => [row.memberId, row.week, row.remindedBy, row.createdAt.toISOString()])).toEqual([
      [some!.memberId, 1, pool.lifeguard.account.id, START.toISOString()],
      [none!.memberId, 1, pool.lifeguard.account.id, START.toISOString()],
    ]);
    expect(rows.every((row) => row.outboxId !== null)).toBe(true);

    // Shown to the Lifeguard beside each member in Missing picks.
    const missing = MissingPicksResponse.parse(
      (await pool.lifeguard.client.get(`/api/pools/${pool.pool.id}/weeks/1/missing`)).json(),
    ).data;
    expect(missing.map((row) => [row.member_id, row.reminded_at])).toEqual([
      [pool.lifeguard.memberId, null],
      [some!.memberId, START.toISOString()],
      [none!.memberId, START.toISOString()],
    ]);
  });

  it('reminds a member of the week at most once in 6 hours, whoever is named', async () => {
    const [, some, none] = pool.guests;
    clock = new Date(START.getTime() + 6 * HOUR - 1000);
    const early = results(await remind(pool.lifeguard.client, { member_ids: [none!.memberId] }));
    expect(early).toEqual([
      {
        member_id: none!.memberId,
        username: none!.account.username,
        name: none!.account.username,
        status: 'reminded_recently',
        reminded_at: START.toISOString(),
        next_reminder_at: new Date(START.getTime() + 6 * HOUR).toISOString(),
        mailed: false,
      },
    ]);
    expect(reminderMails(none!)).toHaveLength(1);
    expect(await logged()).toBe(2);

    clock = new Date(START.getTime() + 6 * HOUR);
    const later = results(await remind(pool.lifeguard.client, { member_ids: [none!.memberId] }));
    expect(later.map((row) => row.status)).toEqual(['sent']);
    expect(reminderMails(none!)).toHaveLength(2);
    expect(reminderMails(some!)).toHaveLength(1);
    expect(await logged()).toBe(3);
  });

  it('logs and pushes but mails no one who turned pick reminder mails off', async () => {
    const [, some] = pool.guests;
    const off = await some!.client.request({
      method: 'PUT',
      url: '/api/user/notifications',
      payload: { mail_pick_reminder: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    clock = new Date(START.getTime() + 7 * HOUR);
    const pushed = pushes.length;
    const answer = results(await remind(pool.lifeguard.client, { member_ids: [some!.memberId] }));
    expect(answer.map((row) => [row.status, row.mailed])).toEqual([['sent', false]]);
    expect(reminderMails(some!)).toHaveLength(1);
    expect(pushes.slice(pushed).map((push) => push.userId)).toEqual([some!.account.id]);
  });

  it('stops at the Lifeguard’s reminders of the last hour, across pools', async () => {
    const [, , none] = pool.guests;
    clock = new Date(START.getTime() + 13 * HOUR);
    // The hour's budget spent in another pool's week (stored directly: a pool that size is beside the point).
    await db()
      .insert(poolReminders)
      .values(
        Array.from({ length: REMINDER_RULES.lifeguardPerHour }, (_unused, index) => ({
          poolId: pool.pool.id,
          week: 2,
          memberId: none!.memberId,
          remindedBy: pool.lifeguard.account.id,
          createdAt: new Date(clock.getTime() - HOUR + 1000 + index),
        })),
      );
    const mailed = reminderMails(none!).length;
    const answer = results(await remind(pool.lifeguard.client, { member_ids: [none!.memberId] }));
    expect(answer.map((row) => row.status)).toEqual(['rate_limited']);
    expect(reminderMails(none!)).toHaveLength(mailed);
    // An hour on, the oldest has left the window.
    clock = new Date(clock.getTime() + 1001);
    expect(results(await remind(pool.lifeguard.client, { member_ids: [none!.memberId] }))[0]!.status).toBe('sent');
    expect(reminderMails(none!)).toHaveLength(mailed + 1);
  });

  it('reminds no one of a game that has locked: a member missing only that is not missing', async () => {
    const [, some, none] = pool.guests;
    // Thursday's game has kicked off: `some` missed only it, `none` still misses Sunday's.
    clock = new Date(THURSDAY.getTime() + 24 * HOUR);
    const answer = results(await remind(pool.lifeguard.client, { member_ids: [some!.memberId, none!.memberId] }));
    expect(answer.map((row) => [row.member_id, row.status])).toEqual([
      [some!.memberId, 'not_missing'],
      [none!.memberId, 'sent'],
    ]);
    const last = reminderMails(none!).at(-1)!;
    expect(last.text).toContain('no pick yet for 1 game of the 2');
    expect(last.text).toContain('locks at Sunday, September 7 at 4:25 PM EDT');
  });

  it('limits the Lifeguard to 6 remind requests a minute (429 with Retry-After), and refuses an ended pool', async () => {
    clock = START;
    const other = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ win_basis: 'straight', games_per_week: 2, last_man_standing: false }),
      1,
    );
    for (let index = 0; index < REMINDER_RULES.requestsPerMinute; index += 1) {
      expect((await remind(other.lifeguard.client, {}, other.pool.id)).statusCode).toBe(200);
    }
    const response = await remind(other.lifeguard.client, {}, other.pool.id);
    expect(expectError(response, 429).error.message).toMatch(/At most 6 reminder requests a minute/);
    // The clock stands at the top of a minute: the count starts again with the next one.
    expect(response.headers['retry-after']).toBe('60');
    clock = new Date(START.getTime() + 60_000);
    expect((await remind(other.lifeguard.client, {}, other.pool.id)).statusCode).toBe(200);

    const third = await poolWithGuests(testApp.app, db(), poolSettings({ last_man_standing: false }), 1);
    expect((await third.lifeguard.client.post(`/api/pools/${third.pool.id}/end`)).statusCode).toBe(200);
    expectError(await remind(third.lifeguard.client, {}, third.pool.id), 409);
  });
});
