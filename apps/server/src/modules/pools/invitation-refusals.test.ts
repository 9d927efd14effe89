import { PoolInvitationRefusalsResponse, PoolResponse, type CreatePoolBody } from '@pass/contracts';
import { auditEvents } from '@pass/db';
import { POOL_DEFAULTS, Status } from '@pass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAdminArguments, runAdminCommand, UsageError } from '../../cli/admin-command.js';
import { adminClient, expectError, TestClient, unique } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { createMailer } from '../mail/mailer.js';
import { poolSettings } from '../../test/pools.js';

/**
 * The admin's list of invitations refused over the per-address limit (DESIGN.md section 6; decision 031):
 * newest first, paged by `before`, each with its Lifeguard, their refusals in all, the pool and the address.
 */

const clock = new Date('2025-08-01T12:00:00Z');
const PATH = '/api/admin/pool-invitation-refusals';

const settings = (name: string, overrides: Partial<CreatePoolBody> = {}): CreatePoolBody =>
  poolSettings({ name, last_man_standing: false, ...overrides });

describe('GET /api/admin/pool-invitation-refusals', () => {
  let testApp: TestApp;
  let admin: TestClient;

  const db = () => testApp.database.db;
  const member = () => signedInMember(testApp.app, db());
  const createPool = async (client: TestClient, name: string) => {
    const response = await client.post('/api/pools', settings(name));
    expect(response.statusCode, response.body).toBe(201);
    return PoolResponse.parse(response.json()).data;
  };
  const invite = (client: TestClient, poolId: number, email: string) =>
    client.post(`/api/pools/${poolId}/invitations`, { email });
  /** Sends the address the invitations allowed, then one more, which is refused. */
  const exhaust = async (client: TestClient, poolIds: readonly number[], email: string) => {
    for (let sent = 0; sent < POOL_DEFAULTS.maxInvitationsPerGuest; sent += 1) {
      expect((await invite(client, poolIds[sent % poolIds.length]!, email)).statusCode).toBe(201);
    }
  };
  const list = async (query = '') => {
    const response = await admin.get(`${PATH}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return PoolInvitationRefusalsResponse.parse(response.json());
  };

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    admin = await adminClient(testApp.app, db());
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('lists each refusal newest first with its Lifeguard, their refusals in all, the pool and the address', async () => {
    expect(await list()).toEqual({ data: [], next_before: null });

    const first = await member();
    const second = await member();
    const office = await createPool(first.client, 'Office');
    const family = await createPool(first.client, 'Family');
    const club = await createPool(second.client, 'Club');
    const friend = `${unique('friend')}@example.com`;
    const cousin = `${unique('cousin')}@example.com`;

    await exhaust(first.client, [office.id, family.id], friend);
    expectError(await invite(first.client, family.id, friend), 409, 'body.email');
    await exhaust(second.client, [club.id], friend);
    expectError(await invite(second.client, club.id, friend), 409, 'body.email');
    await exhaust(first.client, [office.id], cousin);
    expectError(await invite(first.client, office.id, cousin.toUpperCase()), 409, 'body.email');
    // The pool ends after the refusal: the admin sees it as it is now.
    expect((await first.client.post(`/api/pools/${office.id}/end`)).statusCode).toBe(200);

    const { data, next_before } = await list();
    expect(next_before).toBeNull();
    expect(data.map((row) => [row.lifeguard.username, row.email])).toEqual([
      [first.account.username, cousin],
      [second.account.username, friend],
      [first.account.username, friend],
    ]);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      lifeguard: { id: first.account.id, username: first.account.username, refusals: 2, suspended: false },
      pool: {
        id: office.id,
        name: 'Office',
        sport: 'americanfootball_nfl',
        season: 2025,
        status: Status.closed,
        suspended: false,
      },
      email: cousin,
    });
    expect(data[1]!.lifeguard).toEqual({
      id: second.account.id,
      username: second.account.username,
      refusals: 1,
      suspended: false,
    });
    expect(data[1]!.pool).toMatchObject({ id: club.id, name: 'Club', status: Status.open });
    expect(data[2]!.pool).toMatchObject({ id: family.id, name: 'Family', status: Status.open });
    expect(new Date(data[0]!.at).getTime()).toBeGreaterThanOrEqual(new Date(data[2]!.at).getTime());

    // Paged: two, then the rest, with no row twice and none left out.
    const page1 = await list('?limit=2');
    expect(page1.data.map((row) => row.id)).toEqual(data.slice(0, 2).map((row) => row.id));
    expect(page1.next_before).toBe(data[1]!.id);
    const page2 = await list(`?limit=2&before=${page1.next_before}`);
    expect(page2).toEqual({ data: [data[2]], next_before: null });
  });

  it('prints the same list on the command line, `npm run admin -- refusals`', async () => {
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(`error: ${line}`) };
    const mailer = createMailer({ smtpUrl: undefined, from: testApp.config.mailFrom, log: { info() {}, error() {} } });
    const run = (argv: string[]) =>
      runAdminCommand(parseAdminArguments(argv), { db: db(), config: testApp.config, mailer }, output);
    try {
      expect(await run(['refusals', '--limit', '2'])).toBe(0);
    } finally {
      await mailer.close();
    }
    const { data } = await list('?limit=2');
    expect(lines).toEqual(
      data.map(
        (row) =>
          `#${row.id} ${row.at} ${row.lifeguard.username} (${row.lifeguard.refusals} in all): pool #${row.pool!.id} ` +
          `"${row.pool!.name}" americanfootball_nfl 2025, ${row.pool!.status === Status.closed ? 'ended' : 'open'}: ${row.email}`,
      ),
    );
    expect(lines[0]).toContain('ended');
    expect(parseAdminArguments(['refusals'])).toEqual({ command: 'refusals', limit: 50 });
    expect(parseAdminArguments(['refusals', '--limit=7'])).toEqual({ command: 'refusals', limit: 7 });
    for (const argv of [
      ['refusals', '--limit'],
      ['refusals', '--limit', '0'],
      ['refusals', '--limit', '201'],
      ['refusals', 'x'],
    ])
      expect(() => parseAdminArguments(argv), argv.join(' ')).toThrow(UsageError);
  });

  it('shows a refusal whose pool or Lifeguard is gone, and skips other audit events', async () => {
    await db()
      .insert(auditEvents)
      .values([
        {
          event: 'pool_invitation_refused',
          userId: 2_000_000_000,
          detail: { poolId: 2_000_000_000, email: 'x@y.com' },
        },
        { event: 'login', userId: 1, detail: {} },
      ]);
    const [newest] = (await list('?limit=1')).data;
    expect(newest).toMatchObject({
      lifeguard: { id: 2_000_000_000, username: null, refusals: 1, suspended: false },
      pool: null,
      email: 'x@y.com',
    });
  });

  it('answers only the admin, and refuses a bad page', async () => {
    expectError(await new TestClient(testApp.app).get(PATH), 401);
    expectError(await (await member()).client.get(PATH), 403);
    expectError(await admin.get(`${PATH}?before=0`), 400, 'querystring.before');
    expectError(await admin.get(`${PATH}?limit=201`), 400, 'querystring.limit');
    expectError(await admin.get(`${PATH}?before=abc`), 400, 'querystring.before');
  });
});
