import { PoolResponse, type CreatePoolBody } from '@pass/contracts';
import { mailOutbox, poolInvitations } from '@pass/db';
import { POOL_DEFAULTS } from '@pass/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, unique, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { poolSettings } from '../../test/pools.js';

/**
 * Invitations are not a mail relay (issue 23, finding 6): the per-address limit counts a mailbox however its
 * address is spelled, a Lifeguard sends at most so many invitations an hour and a day, and the pool's name, the
 * only text of theirs in the mail, is plain words: no line breaks, no links, escaped in the HTML.
 */

const START = new Date('2025-08-01T12:00:00Z');
let clock = START;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('invitations are not a mail relay', () => {
  let testApp: TestApp;
  const db = () => testApp.database.db;
  const member = () => signedInMember(testApp.app, db());
  const createPool = async (client: TestClient, overrides: Partial<CreatePoolBody> = {}) => {
    const response = await client.post('/api/pools', poolSettings(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return PoolResponse.parse(response.json()).data;
  };
  const invite = (client: TestClient, poolId: number, email: string) =>
    client.post(`/api/pools/${poolId}/invitations`, { email });

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('counts one Gmail mailbox as one address, however its dots, +tags and domain are written', async () => {
    clock = START;
    const lifeguard = await member();
    const pool = await createPool(lifeguard.client);
    const other = await createPool(lifeguard.client, { name: 'Second pool' });
    const local = unique('pat')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    const spellings = [`${local}@gmail.com`, `${local.slice(0, 2)}.${local.slice(2)}+x@gmail.com`];
    expect((await invite(lifeguard.client, pool.id, spellings[0]!)).statusCode).toBe(201);
    expect((await invite(lifeguard.client, other.id, spellings[1]!)).statusCode).toBe(201);
    expect((await invite(lifeguard.client, pool.id, `${local.toUpperCase()}@googlemail.com`)).statusCode).toBe(201);
    const fourth = await invite(lifeguard.client, other.id, `${local}+again@GMAIL.com`);
    expect(expectError(fourth, 409, 'body.email').error.fields?.[0]?.reason).toBe('invitation_limit');
  });

  it('strips +tags for every provider but keeps dots where the provider does not ignore them', async () => {
    clock = START;
    const lifeguard = await member();
    const pool = await createPool(lifeguard.client);
    const local = unique('lee')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    for (const tag of ['a', 'b', 'c']) {
      expect((await invite(lifeguard.client, pool.id, `${local}+${tag}@example.com`)).statusCode).toBe(201);
    }
    expectError(await invite(lifeguard.client, pool.id, `${local}@example.com`), 409, 'body.email');
    // Elsewhere a dot makes another mailbox.
    expect(
      (await invite(lifeguard.client, pool.id, `${local.slice(0, 2)}.${local.slice(2)}@example.com`)).statusCode,
    ).toBe(201);
  });

  it('sends at most the hour’s invitations, then 429 with Retry-After until the oldest leaves the hour', async () => {
    clock = START;
    const lifeguard = await member();
    const pools = [await createPool(lifeguard.client), await createPool(lifeguard.client, { name: 'Other pool' })];
    const perHour = POOL_DEFAULTS.maxInvitationsPerHour;
    for (let index = 0; index < perHour; index += 1) {
      clock = new Date(START.getTime() + index * 1000);
      const sent = await invite(lifeguard.client, pools[index % 2]!.id, `${unique('friend')}@example.com`);
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const mailedBefore = await mailedBy(lifeguard.account.id);
    clock = new Date(START.getTime() + 30 * MINUTE);
    const refused = await invite(lifeguard.client, pools[0]!.id, `${unique('friend')}@example.com`);
    expect(expectError(refused, 429).error.message).toBe(
      `A Lifeguard may send at most ${perHour} invitations an hour; try again later`,
    );
    expect(refused.headers['retry-after']).toBe(String(30 * 60));
    expect(await mailedBy(lifeguard.account.id)).toBe(mailedBefore);

    clock = new Date(START.getTime() + HOUR + 1000);
    expect((await invite(lifeguard.client, pools[1]!.id, `${unique('friend')}@example.com`)).statusCode).toBe(201);
  });

  it('sends at most the day’s invitations, however they are spread over its hours', async () => {
    const lifeguard = await member();
    const pool = await createPool(lifeguard.client);
    const perDay = POOL_DEFAULTS.maxInvitationsPerDay;
    for (let index = 0; index < perDay; index += 1) {
      // Spread so that no hour holds its limit.
      clock = new Date(START.getTime() + Math.floor(index / 10) * HOUR + (index % 10) * 1000);
      const sent = await invite(lifeguard.client, pool.id, `${unique('friend')}@example.com`);
      expect(sent.statusCode, sent.body).toBe(201);
    }
    clock = new Date(START.getTime() + 20 * HOUR);
    const refused = await invite(lifeguard.client, pool.id, `${unique('friend')}@example.com`);
    expect(expectError(refused, 429).error.message).toContain(`${perDay} invitations a day`);
  });

  it('mails the pool’s name as plain text, escaped in the HTML, and refuses names that would be links or lines', async () => {
    clock = START;
    const lifeguard = await member();
    const pool = await createPool(lifeguard.client, { name: 'Tom & Jerry <b>"Pool"</b>' });
    const address = `${unique('guest')}@example.com`;
    expect((await invite(lifeguard.client, pool.id, address)).statusCode).toBe(201);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, address.toLowerCase()));
    expect(mail?.htmlBody).toContain('Tom &amp; Jerry &lt;b&gt;&quot;Pool&quot;&lt;/b&gt;');
    expect(mail?.htmlBody).not.toContain('<b>');
    expect(mail?.subject).toContain('Tom & Jerry <b>"Pool"</b>');
    // The mail's one link is the accept link.
    expect(mail?.htmlBody.match(/<a /g)).toHaveLength(1);

    for (const name of ['Prizes at https://evil.example', 'Visit www.prizes', 'Claim at prizes.net', 'Mail a@b.com']) {
      expectError(await lifeguard.client.post('/api/pools', poolSettings({ name })), 400, 'body.name');
    }
    for (const name of ['Office\r\nBcc: victim@example.com', 'Office\u2028Pool', 'Office\u202ePool']) {
      expectError(await lifeguard.client.post('/api/pools', poolSettings({ name })), 400, 'body.name');
    }
    const renamed = await lifeguard.client.request({
      method: 'PATCH',
      url: `/api/pools/${pool.id}`,
      payload: { name: 'Now at https://evil.example' },
    });
    expectError(renamed, 400, 'body.name');
  });

  async function mailedBy(inviterId: number) {
    const rows = await db()
      .select({ id: poolInvitations.id })
      .from(poolInvitations)
      .where(and(eq(poolInvitations.inviterId, inviterId), isNotNull(poolInvitations.email)));
    return rows.length;
  }
});
