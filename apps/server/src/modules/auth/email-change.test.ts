import { UserResponse } from '@pass/contracts';
import { authTokens, mailOutbox, users } from '@pass/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.js';
import { expectError, seedUser, TestClient, testPassword, unique, type TestAccount } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { CURRENT_PASSWORD_FAILURE_LIMIT, updateProfile } from './auth.service.js';
import { hashSecret } from './crypto.js';
import { resumeSession } from './sessions.service.js';

const linkToken = (text: string, pattern: RegExp) => {
  const token = pattern.exec(text)?.[1];
  if (!token) throw new Error(`no link matching ${pattern} in: ${text}`);
  return token;
};
const changeLink = (text: string) => linkToken(text, /\/account\/verify\/([A-Za-z0-9_-]+)/);
const revertLink = (text: string) => linkToken(text, /\/account\/email\/revert\/([A-Za-z0-9_-]+)/);
const resetLink = (text: string) => linkToken(text, /\/u\/passwd\?token=([A-Za-z0-9_-]+)/);

describe('email change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.app.close();
  });

  const mailsTo = (address: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(asc(mailOutbox.id));
  const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  async function signedIn(account?: TestAccount) {
    const member = account ?? (await seedUser(t.database.db));
    const client = new TestClient(t.app);
    expect((await client.login(member.username, member.password)).statusCode).toBe(200);
    return { member, client };
  }

  const patchProfile = (client: TestClient, payload: Record<string, unknown>) =>
    client.request({ method: 'PATCH', url: '/auth/profile', payload });

  it('changes the name and username without the password', async () => {
    const { member, client } = await signedIn();
    const username = unique('Renamed');
    const response = await patchProfile(client, { name: 'Pat Renamed', username });
    expect(response.statusCode, response.body).toBe(200);
    expect(UserResponse.parse(response.json()).data).toMatchObject({ name: 'Pat Renamed', username });
    expect(await userRow(member.id)).toMatchObject({ name: 'Pat Renamed', username, email: member.email });
  });

  it('refuses an email change without the current password, or with a wrong one, changing nothing and mailing no one', async () => {
    const { member, client } = await signedIn();
    const newEmail = `${unique('new')}@example.com`;
    const before = await userRow(member.id);

    const missing = expectError(
      await patchProfile(client, { email: newEmail, name: 'Changed' }),
      400,
      'body.currentPassword',
    );
    expect(missing.error.fields).toEqual([{ field: 'body.currentPassword', message: 'is required' }]);
    const wrong = expectError(
      await patchProfile(client, { email: newEmail, currentPassword: testPassword() }),
      400,
      'body.currentPassword',
    );
    expect(wrong.error.fields).toEqual([{ field: 'body.currentPassword', message: 'is not your current password' }]);

    expect(await userRow(member.id)).toEqual(before);
    expect(await mailsTo(newEmail)).toEqual([]);
    expect(await mailsTo(member.email)).toEqual([]);
    expect(await t.database.db.select().from(authTokens).where(eq(authTokens.userId, member.id))).toEqual([]);
  });

  it(`stops guessing the password through a session after ${CURRENT_PASSWORD_FAILURE_LIMIT} wrong ones`, async () => {
    const { member, client } = await signedIn();
    const newEmail = `${unique('new')}@example.com`;
    for (let attempt = 0; attempt < CURRENT_PASSWORD_FAILURE_LIMIT; attempt++) {
      expectError(await patchProfile(client, { email: newEmail, currentPassword: testPassword() }), 400);
    }
    const limited = await patchProfile(client, { email: newEmail, currentPassword: member.password });
    expectError(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await userRow(member.id)).email).toBe(member.email);
  });

  it('confirms a free address from the link mailed to it, and tells the old address with a revert link', async () => {
    const { member, client } = await signedIn();
    const newEmail = `${unique('new')}@example.com`;
    const response = await patchProfile(client, { email: newEmail.toUpperCase(), currentPassword: member.password });
    expect(response.statusCode, response.body).toBe(200);
    // Nothing changes until the new address is confirmed.
    const answered = UserResponse.parse(response.json()).data;
    expect(answered).toMatchObject({ email: member.email, emailVerified: true });
    expect((await userRow(member.id)).email).toBe(member.email);

    const [confirmation] = await mailsTo(newEmail);
    expect(confirmation!.subject).toBe('Confirm your new PA$$ email address');
    const [notice] = await mailsTo(member.email);
    expect(notice!.subject).toBe('Your PA$$ email address is being changed');
    expect(notice!.textBody).toContain(newEmail);
    expect(notice!.textBody).toContain(`${t.config.publicUrl}/account/email/revert/`);
    const [revert] = await t.database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, member.id), eq(authTokens.purpose, 'email_revert')));
    expect(revert!.tokenHash).toBe(hashSecret(revertLink(notice!.textBody)));
    expect(revert!.expiresAt.getTime() - revert!.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    const confirm = await new TestClient(t.app).post(`/auth/verify/${changeLink(confirmation!.textBody)}`);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await userRow(member.id)).toMatchObject({ email: newEmail });
    expect((await userRow(member.id)).emailVerifiedAt).not.toBeNull();
    expect((await client.whoami()).json().data.email).toBe(newEmail);
    expect((await new TestClient(t.app).login(newEmail, member.password)).statusCode).toBe(200);
    // The link works once.
    expectError(
      await new TestClient(t.app).post(`/auth/verify/${changeLink(confirmation!.textBody)}`),
      400,
      'params.token',
    );
  });

  it("answers a new address that belongs to another account exactly as a free one, and mails that address's owner a notice instead", async () => {
    const holder = await seedUser(t.database.db);
    const free = await signedIn();
    const taken = await signedIn();
    const toFree = await patchProfile(free.client, {
      email: `${unique('free')}@example.com`,
      currentPassword: free.member.password,
    });
    const toTaken = await patchProfile(taken.client, { email: holder.email, currentPassword: taken.member.password });
    expect(toTaken.statusCode).toBe(toFree.statusCode);
    expect(toTaken.statusCode).toBe(200);
    expect(toTaken.headers['content-type']).toBe(toFree.headers['content-type']);
    // Each answer is the member's account as it was: nothing in it depends on the address asked for.
    expect(toFree.json()).toEqual((await free.client.whoami()).json());
    expect(toTaken.json()).toEqual((await taken.client.whoami()).json());
    expect(Object.keys(toTaken.json().data)).toEqual(Object.keys(toFree.json().data));

    // The holder of the address is told, with no link that could move anything; the member's old address is told as usual.
    const holderMails = await mailsTo(holder.email);
    expect(holderMails.map((mail) => mail.subject)).toEqual(['Someone tried to move a PA$$ account to your address']);
    expect(holderMails[0]!.textBody).not.toMatch(/verify|token|revert/);
    expect((await mailsTo(taken.member.email)).map((mail) => mail.subject)).toEqual([
      'Your PA$$ email address is being changed',
    ]);
    expect((await userRow(taken.member.id)).email).toBe(taken.member.email);
    expect((await userRow(holder.id)).email).toBe(holder.email);
  });

  it('does the same steps for a taken new address as for a free one', async () => {
    const holder = await seedUser(t.database.db);
    const audit = { requestId: 'steps', ip: '127.0.0.1', log: t.app.log };
    const run = async (newEmail: string) => {
      const member = await seedUser(t.database.db);
      const session = await resumeSession(t.database.db, (await signedIn(member)).client.sessionId!, new Date());
      const steps: string[] = [];
      const sent: MailMessage[] = [];
      const mailer: Mailer = {
        send: async (_db, message) => {
          sent.push(message);
          return sent.length;
        },
        store: async (_db, message) => {
          sent.push(message);
          return { id: sent.length, message };
        },
        deliver: () => {},
        idle: async () => {},
        close: async () => {},
      };
      const limiter = createMemoryRateLimiter();
      const deps = {
        db: t.database.db,
        config: t.config,
        mailer,
        limiter,
        now: () => new Date(),
        steps: (name: string) => steps.push(name),
      };
      const answer = await updateProfile(deps, audit, session!, { email: newEmail, currentPassword: member.password });
      await limiter.close();
      return { steps, sent, answer, member };
    };
    const free = await run(`${unique('free')}@example.com`);
    const taken = await run(holder.email);
    expect(free.steps).toEqual([
      'new address looked up',
      'mail limit counted',
      'transaction',
      'change stored',
      'revert link stored',
      'audited',
      'mail to the new address queued',
      'mail to the old address queued',
    ]);
    expect(taken.steps).toEqual(free.steps);
    expect(free.sent.map((mail) => mail.to)).toEqual([expect.stringMatching(/^free-/), free.member.email]);
    expect(taken.sent.map((mail) => mail.to)).toEqual([holder.email, taken.member.email]);
    expect(taken.answer.email).toBe(taken.member.email);
    expect(free.answer.email).toBe(free.member.email);
  });

  it('reverts from the old address: the address is back, every session ends, the password is cleared and a reset link mailed', async () => {
    const { member, client } = await signedIn();
    const otherDevice = new TestClient(t.app);
    expect((await otherDevice.login(member.username, member.password)).statusCode).toBe(200);
    const newEmail = `${unique('thief')}@example.com`;
    expect((await patchProfile(client, { email: newEmail, currentPassword: member.password })).statusCode).toBe(200);
    const [confirmation] = await mailsTo(newEmail);
    expect((await client.post(`/auth/verify/${changeLink(confirmation!.textBody)}`)).statusCode).toBe(200);
    expect((await userRow(member.id)).email).toBe(newEmail);

    const [notice] = await mailsTo(member.email);
    const token = revertLink(notice!.textBody);
    const visitor = new TestClient(t.app);
    const revert = await visitor.post(`/auth/email/revert/${token}`);
    expect(revert.statusCode, revert.body).toBe(200);
    expect(revert.json()).toEqual({ data: { reverted: true } });
    expect(revert.headers['cache-control']).toBe('no-store');
    expect(revert.headers['referrer-policy']).toBe('no-referrer');

    const row = await userRow(member.id);
    expect(row).toMatchObject({ email: member.email, passwordHash: null });
    expect(row.emailVerifiedAt).not.toBeNull();
    expectError(await client.whoami(), 401);
    expectError(await otherDevice.whoami(), 401);
    // Whoever asked for the change knew the password: it no longer opens the account.
    expectError(await new TestClient(t.app).login(member.username, member.password), 401);
    expectError(await new TestClient(t.app).login(newEmail, member.password), 401);
    // The link works once.
    expectError(await visitor.post(`/auth/email/revert/${token}`), 400, 'params.token');

    const reverted = (await mailsTo(member.email)).at(-1)!;
    expect(reverted.subject).toBe('Your PA$$ email address is back');
    const reset = resetLink(reverted.textBody);
    const newPassword = testPassword();
    const resetResponse = await visitor.post(`/auth/passwd/reset/${reset}`, {
      token: reset,
      password: newPassword,
      verify: newPassword,
    });
    expect(resetResponse.statusCode, resetResponse.body).toBe(200);
    expect((await new TestClient(t.app).login(member.email, newPassword)).statusCode).toBe(200);
  });

  it('reverts a change not yet confirmed: its confirmation link stops working', async () => {
    const { member, client } = await signedIn();
    const newEmail = `${unique('pending')}@example.com`;
    expect((await patchProfile(client, { email: newEmail, currentPassword: member.password })).statusCode).toBe(200);
    const [notice] = await mailsTo(member.email);
    expect((await client.post(`/auth/email/revert/${revertLink(notice!.textBody)}`)).statusCode).toBe(200);
    const [confirmation] = await mailsTo(newEmail);
    expectError(
      await new TestClient(t.app).post(`/auth/verify/${changeLink(confirmation!.textBody)}`),
      400,
      'params.token',
    );
    expect((await userRow(member.id)).email).toBe(member.email);
  });

  it("holds the old address while it may be taken back, and the owner's first revert link outlives later changes", async () => {
    const { member, client } = await signedIn();
    const thief = `${unique('thief')}@example.com`;
    expect((await patchProfile(client, { email: thief, currentPassword: member.password })).statusCode).toBe(200);
    expect((await client.post(`/auth/verify/${changeLink((await mailsTo(thief))[0]!.textBody)}`)).statusCode).toBe(200);

    // The freed address cannot be signed up with: answered as taken, and its mailbox is told.
    const squatter = unique('squatter');
    const signup = await new TestClient(t.app).post('/auth/register', {
      username: squatter,
      email: member.email,
      password: testPassword(),
    });
    expect(signup.statusCode).toBe(201);
    expect(await t.database.db.select().from(users).where(eq(users.username, squatter))).toEqual([]);
    expect((await mailsTo(member.email)).at(-1)!.subject).toBe('Someone tried to sign up to PA$$ with your address');

    // A further change mails its revert link to the thief's address; the owner's link, made first, still works and voids it.
    const further = `${unique('further')}@example.com`;
    expect((await patchProfile(client, { email: further, currentPassword: member.password })).statusCode).toBe(200);
    const thiefRevert = revertLink((await mailsTo(thief)).at(-1)!.textBody);
    const ownerRevert = revertLink(
      (await mailsTo(member.email)).find((mail) => mail.subject.includes('being changed'))!.textBody,
    );
    expect((await new TestClient(t.app).post(`/auth/email/revert/${ownerRevert}`)).statusCode).toBe(200);
    expect((await userRow(member.id)).email).toBe(member.email);
    expectError(await new TestClient(t.app).post(`/auth/email/revert/${thiefRevert}`), 400, 'params.token');
    expect((await userRow(member.id)).email).toBe(member.email);
  });

  it('refuses an unknown or expired revert link, changing nothing', async () => {
    const { member, client } = await signedIn();
    const newEmail = `${unique('late')}@example.com`;
    expect((await patchProfile(client, { email: newEmail, currentPassword: member.password })).statusCode).toBe(200);
    const token = revertLink((await mailsTo(member.email))[0]!.textBody);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashSecret(token)));
    const before = await userRow(member.id);
    expectError(await client.post(`/auth/email/revert/${token}`), 400, 'params.token');
    expectError(await client.post(`/auth/email/revert/${'x'.repeat(43)}`), 400, 'params.token');
    expect(await userRow(member.id)).toEqual(before);
    expect((await client.whoami()).statusCode).toBe(200);
  });
});
