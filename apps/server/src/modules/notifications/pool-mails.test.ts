import { NotificationPreferencesResponse } from '@pass/contracts';
import { events, mailOutbox, poolMailSends } from '@pass/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey } from '../../test/ledger.js';
import { poolSettings, poolWithGuests } from '../../test/pools.js';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../test/smtp-capture.js';
import { sendPoolMails } from './pool-mails.service.js';
import type { PushKind, PushMessage, PushNotifier } from './push-notifier.js';

/**
 * The pool mails job (decision 042) with the server clock moved by the test and mail delivered to a local
 * SMTP server: reminders 24 hours and 1 hour before a week's first lock to members missing picks, the weekly
 * results once the week's games are final, each exactly once, the one-click unsubscribe and its headers.
 */

// 2025 NFL week 1: the first slate game locks at its kickoff, Friday 00:20 UTC.
const FIRST_LOCK = new Date('2025-09-05T00:20:00Z');
const HOUR = 3_600_000;
const at = (msBeforeLock: number) => new Date(FIRST_LOCK.getTime() - msBeforeLock);
/** Whether a summary names the Lifeguard only in its greeting: the Lifeguard's own missing picks are not listed. */
const guestsOnly = (text: string, lifeguard: string) =>
  text.split(lifeguard).length === 2 && text.includes(`Hi ${lifeguard},`);

describe('pool mails: reminders and weekly results', () => {
  let smtp: SmtpCapture;
  let testApp: TestApp;
  let clock = at(48 * HOUR);
  const pushes: { userId: number; kind: PushKind; message: PushMessage }[] = [];
  const push: PushNotifier = {
    async notify(userId, kind, message) {
      pushes.push({ userId, kind, message });
    },
  };
  const db = () => testApp.database.db;
  /** One run of the job at the clock, its SMTP deliveries finished. */
  const run = async () => {
    const sent = await sendPoolMails(
      { db: db(), mailer: testApp.app.mailer, publicUrl: testApp.config.publicUrl, push },
      clock,
    );
    await testApp.app.mailer.idle();
    return sent;
  };

  let pool: Awaited<ReturnType<typeof poolWithGuests>>;
  let games: { id: number; home: string; away: string }[];
  const mailsTo = (member: { account: { email: string } }, subject: RegExp) =>
    smtp.mailsTo(member.account.email).filter((mail) => subject.test(mail.subject));
  const submit = (client: TestClient, picks: { event_id: number; team: string }[]) =>
    client.request({
      method: 'PUT',
      url: `/api/pools/${pool.pool.id}/weeks/1/picks`,
      payload: { picks },
      headers: { 'idempotency-key': newKey() },
    });
  /** The unsubscribe address of a mail's List-Unsubscribe header, as SMTP received it. */
  const listUnsubscribe = (mail: CapturedMail) => {
    const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
    return /^List-Unsubscribe: <([^>]+)>/im.exec(unfolded)?.[1];
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    testApp = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pass.example.org' }, { now: () => clock });
    games = [];
    for (const [home, away, kickoff] of [
      ['PHI', 'DAL', FIRST_LOCK],
      ['KC', 'LAC', new Date('2025-09-07T20:25:00Z')],
    ] as const) {
      games.push({ id: await makeGame(db(), { home, away, kickoff, week: 1, season: 2025 }), home, away });
    }
    pool = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ win_basis: 'straight', games_per_week: 2, double_play: false, last_man_standing: false }),
      3,
    );
  });
  afterAll(async () => {
    await testApp?.app.close();
    await smtp?.close();
  });

  it('sends nothing before the 24 hour window opens', async () => {
    clock = at(25 * HOUR);
    expect(await run()).toEqual({ mails: 0, pushes: 0 });
    expect(smtp.mails).toEqual([]);
  });

  it('sends one 24 hour reminder to each member missing a pick, none to one who picked all or turned reminders off', async () => {
    const [all, some, off] = pool.guests;
    expect(
      (
        await submit(
          all!.client,
          games.map((game) => ({ event_id: game.id, team: game.home })),
        )
      ).statusCode,
    ).toBe(200);
    expect((await submit(some!.client, [{ event_id: games[0]!.id, team: games[0]!.away }])).statusCode).toBe(200);
    const turnedOff = await off!.client.request({
      method: 'PUT',
      url: '/api/user/notifications',
      payload: { mail_pick_reminder: false },
    });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    expect(NotificationPreferencesResponse.parse(turnedOff.json()).data).toEqual({
      mail_pick_reminder: false,
      mail_pool_results: true,
      push_pick_reminder: false,
      push_pool_results: false,
      push_chat_mention: false,
    });

    clock = at(23 * HOUR);
    expect(await run()).toEqual({ mails: 3, pushes: 4 });
    const reminder = /picks lock in 24 hours/;
    expect(mailsTo(pool.lifeguard, reminder)).toHaveLength(1);
    expect(mailsTo(some!, reminder)).toHaveLength(1);
    expect(mailsTo(all!, reminder)).toEqual([]);
    expect(mailsTo(off!, reminder)).toEqual([]);
    // The Lifeguard also hears who has not picked yet: the guests missing picks, not the Lifeguard's own.
    const [summary, ...more] = mailsTo(pool.lifeguard, /still to pick/);
    expect(more).toEqual([]);
    expect(summary!.subject).toBe('Office pool: 2 members still to pick for Week 1');
    expect(summary!.text).toContain(
      `2 of the pool's 4 members have no pick yet for some games: ${some!.account.username} (1 of 2 games), ${off!.account.username} (all 2 games).`,
    );
    expect(summary!.text).not.toContain(all!.account.username);
    expect(summary!.text).toContain(`https://pass.example.org/football/pool/${pool.pool.id}?week=1&tab=members`);
    expect(guestsOnly(summary!.text, pool.lifeguard.account.username)).toBe(true);
    expect(smtp.mails).toHaveLength(3);
    expect(mailsTo(some!, reminder)[0]!.text).toContain('You have no pick yet for 1 game of the 2 on the slate');
    // The lock in the games' own time, its zone named (Friday 00:20 UTC is Thursday evening in New York).
    expect(mailsTo(some!, reminder)[0]!.text).toContain('locks at Thursday, September 4 at 8:20 PM EDT');
    // The push notifier hears of the event for everyone missing picks; it applies the push switches itself.
    expect(pushes.map((entry) => [entry.userId, entry.kind]).sort()).toEqual(
      [pool.lifeguard, pool.lifeguard, some!, off!].map((member) => [member.account.id, 'pick_reminder']).sort(),
    );
    expect(pushes.find((entry) => entry.message.tag?.endsWith('-stragglers'))?.message.body).toBe(
      `No picks yet for Week 1: ${some!.account.username}, ${off!.account.username}.`,
    );
    expect(pushes[0]!.message.url).toBe(`/football/pool/${pool.pool.id}?week=1`);
  });

  it('carries the one-click unsubscribe: the RFC 8058 headers, and a link to the confirm page in the body', async () => {
    const [mail] = mailsTo(pool.lifeguard, /picks lock in 24 hours/);
    const address = listUnsubscribe(mail!);
    expect(address).toMatch(
      /^https:\/\/pass\.example\.org\/api\/notifications\/unsubscribe\?token=u1\.\d+\.pick_reminder\.[\w-]{43}$/,
    );
    expect(mail!.raw.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/im);
    const token = new URL(address!).searchParams.get('token')!;
    expect(mail!.text).toContain(`https://pass.example.org/unsubscribe?token=${token}`);
    expect(mail!.html).toContain(`href="https://pass.example.org/unsubscribe?token=${token}"`);
    // The outbox keeps the headers with the mail.
    const [stored] = await db()
      .select({ headers: mailOutbox.headers })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, pool.lifeguard.account.email));
    expect(stored!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('sends nothing more on a second run in the same window, nor on two runs at once', async () => {
    const before = smtp.mails.length;
    expect(await run()).toEqual({ mails: 0, pushes: 0 });
    clock = at(20 * HOUR);
    expect(await Promise.all([run(), run()])).toEqual([
      { mails: 0, pushes: 0 },
      { mails: 0, pushes: 0 },
    ]);
    expect(smtp.mails).toHaveLength(before);
  });

  it('refuses a forged or altered token with 400 and changes nothing', async () => {
    const [mail] = mailsTo(pool.lifeguard, /picks lock in 24 hours/);
    const token = new URL(listUnsubscribe(mail!)!).searchParams.get('token')!;
    const [, user, kind, signature] = token.split('.');
    const forged = [
      `u1.${pool.guests[0]!.account.id}.${kind}.${signature}`,
      `u1.${user}.pool_results.${signature}`,
      `u1.${user}.${kind}.${'A'.repeat(43)}`,
      'not-a-token',
    ];
    const visitor = new TestClient(testApp.app);
    for (const candidate of forged) {
      const response = await visitor.request({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(candidate)}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        csrf: false,
      });
      expect(expectError(response, 400).error.fields?.[0]?.field).toBe('query.token');
    }
    const preferences = await pool.lifeguard.client.get('/api/user/notifications');
    expect(NotificationPreferencesResponse.parse(preferences.json()).data.mail_pick_reminder).toBe(true);
  });

  it('turns reminders off by the one-click POST (no session, no CSRF token), and the 1 hour run sends that member none', async () => {
    const [mail] = mailsTo(pool.lifeguard, /picks lock in 24 hours/);
    const address = new URL(listUnsubscribe(mail!)!);
    // A mail scanner following the link is only led to the confirm page.
    const followed = await testApp.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe(`/unsubscribe${address.search}`);
    const unchanged = await pool.lifeguard.client.get('/api/user/notifications');
    expect(NotificationPreferencesResponse.parse(unchanged.json()).data.mail_pick_reminder).toBe(true);

    const response = await testApp.app.inject({
      method: 'POST',
      url: `${address.pathname}${address.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { kind: 'pick_reminder', unsubscribed: true } });
    const preferences = await pool.lifeguard.client.get('/api/user/notifications');
    expect(NotificationPreferencesResponse.parse(preferences.json()).data).toMatchObject({
      mail_pick_reminder: false,
      mail_pool_results: true,
    });

    // Two runs at once in the 1 hour window: one reminder to the one member who still wants it.
    clock = at(HOUR / 2);
    pushes.length = 0;
    const runs = await Promise.all([run(), run()]);
    expect(runs.map((sent) => sent.mails).sort()).toEqual([0, 1]);
    const reminder = /picks lock in 1 hour/;
    expect(mailsTo(pool.guests[1]!, reminder)).toHaveLength(1);
    expect(mailsTo(pool.lifeguard, reminder)).toEqual([]);
    expect(mailsTo(pool.guests[0]!, reminder)).toEqual([]);
    expect(pushes).toHaveLength(3);
    const keys = await db()
      .select({ userId: poolMailSends.userId, kind: poolMailSends.kind, outboxId: poolMailSends.outboxId })
      .from(poolMailSends)
      .where(eq(poolMailSends.poolId, pool.pool.id));
    expect(keys.filter((key) => key.kind === 'reminder_1h')).toHaveLength(3);
    expect(keys.filter((key) => key.kind === 'reminder_1h' && key.outboxId !== null)).toHaveLength(1);
  });

  it('sends no reminder once the week has locked', async () => {
    clock = new Date(FIRST_LOCK.getTime() + 60_000);
    const before = smtp.mails.length;
    expect((await run()).mails).toBe(0);
    expect(smtp.mails).toHaveLength(before);
  });

  it('sends the weekly results once the last slate game is final: points, rank and the winner', async () => {
    await db().update(events).set({ status: 'final', homeScore: 24, awayScore: 20 }).where(eq(events.id, games[0]!.id));
    clock = new Date('2025-09-07T22:00:00Z');
    expect((await run()).mails).toBe(0); // one game still to play
    await db()
      .update(events)
      .set({ status: 'final', homeScore: 27, awayScore: 21 })
      .where(inArray(events.id, [games[1]!.id]));
    clock = new Date('2025-09-08T01:00:00Z');
    pushes.length = 0;
    expect(await run()).toEqual({ mails: 4, pushes: 4 });
    const results = /Week 1 results/;
    const [winner] = mailsTo(pool.guests[0]!, results);
    expect(winner!.subject).toBe('Office pool: Week 1 results');
    expect(winner!.text).toContain('You scored +10 points, ranked 1 of 4 for the week.');
    expect(winner!.text).toContain(`The week's winner: ${pool.guests[0]!.account.username}.`);
    // A lost pick and a missed one: −5 each.
    expect(mailsTo(pool.guests[1]!, results)[0]!.text).toContain('You scored -10 points');
    expect(listUnsubscribe(winner!)).toMatch(/token=u1\.\d+\.pool_results\./);
    expect(pushes.every((entry) => entry.kind === 'pool_results')).toBe(true);
    // Once each.
    expect(await run()).toEqual({ mails: 0, pushes: 0 });
    expect(mailsTo(pool.guests[0]!, results)).toHaveLength(1);
  });
});

describe('pool mails: a missed window', () => {
  let smtp: SmtpCapture;
  let testApp: TestApp;
  let clock = at(48 * HOUR);
  const db = () => testApp.database.db;
  const run = async () => {
    const sent = await sendPoolMails(
      { db: db(), mailer: testApp.app.mailer, publicUrl: testApp.config.publicUrl },
      clock,
    );
    await testApp.app.mailer.idle();
    return sent;
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    testApp = await buildTestApp({ SMTP_URL: smtp.url }, { now: () => clock });
    await makeGame(db(), { home: 'PHI', away: 'DAL', kickoff: FIRST_LOCK, week: 1, season: 2025 });
  });
  afterAll(async () => {
    await testApp?.app.close();
    await smtp?.close();
  });

  it('sends the 1 hour reminder alone when the server was down through the 24 hour window, and nothing after the lock', async () => {
    const { lifeguard } = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ win_basis: 'straight', games_per_week: 1, double_play: false, last_man_standing: false }),
      0,
    );
    clock = at(40 * 60_000);
    expect((await run()).mails).toBe(1);
    expect(smtp.mailsTo(lifeguard.account.email).map((mail) => mail.subject)).toEqual([
      'Office pool: picks lock in 1 hour',
    ]);
    clock = at(-60_000);
    expect((await run()).mails).toBe(0);
  });
});
