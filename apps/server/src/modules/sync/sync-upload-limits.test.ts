import type { SyncSummaryResponse } from '@pass/contracts';
import { syncAccounts, syncBets, syncUploadParts, syncUploads, userBets, type DbExecutor } from '@pass/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import { MAX_EXPORT_ROWS, MAX_LISTED_ROW_ERRORS } from '../../providers/sportsbooks/index.js';
import { getUploadContent, textPieces, UPLOAD_PART_CHARS } from './sync-import.repository.js';
import { SYNC_WRITE_RATE } from './sync-import.service.js';

/**
 * Issue 23, finding 2: one upload must not stall the server. An export whose rows share one bet id is read in
 * time linear in the file and in steps that give the event loop a turn; a file may hold at most
 * MAX_EXPORT_ROWS rows; and syncs (uploads and the bet-sync client's batches) are limited per account and per
 * member.
 */

const NOW = new Date('2025-10-01T16:00:00Z');
const DAY = 86_400_000;

const DK_HEADER =
  'External Bet ID,Bet Date Time,Bet Type,Bet Amount,Number of Legs,Bet Settled,Bet Selection,Market Name,Bet American Odds,Bet Result,Payout,Leg Result,Leg American Odds,Primary';
const sharedIdRow = (primary: boolean) =>
  `H-1,2024-09-08 10:00:00,Parlay,5.00,,Settled,Pittsburgh Steelers,Pittsburgh Steelers @ Atlanta Falcons - Moneyline,+950,LOST,0.00,WON,+160,${primary ? 1 : 0}`;
/** An export of `rows` rows, every one of them a leg of bet H-1. */
const hostileExport = (rows: number) =>
  [DK_HEADER, ...Array.from({ length: rows }, (_, index) => sharedIdRow(index === 0))].join('\n');
const oneBet = (id: string) =>
  [
    DK_HEADER,
    `${id},2024-09-08 10:00:00,Single,5.00,1,Settled,Pittsburgh Steelers,Pittsburgh Steelers @ Atlanta Falcons - Moneyline,+160,LOST,0.00,LOST,+160,1`,
  ].join('\n');

type Summary = SyncSummaryResponse['data'];

describe('sportsbook sync: uploads that cannot starve the server', () => {
  let testApp: TestApp;
  let db: DbExecutor;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => NOW });
    db = testApp.database.db;
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  async function linkAccount(userId: number, book: string) {
    const [row] = await db
      .insert(syncAccounts)
      .values({ userId, book, createdAt: new Date(NOW.getTime() - DAY) })
      .returning();
    return { accountId: row!.publicId, id: row!.id };
  }

  async function memberWithAccount(app: TestApp = testApp) {
    const { account, client } = await signedInMember(app.app, app.database.db);
    const [row] = await app.database.db
      .insert(syncAccounts)
      .values({ userId: account.id, book: 'draftkings', createdAt: new Date(NOW.getTime() - DAY) })
      .returning();
    return { userId: account.id, client, accountId: row!.publicId, id: row!.id };
  }

  const upload = (client: TestClient, accountId: string, body: string) =>
    client.post(`/api/sync/accounts/${accountId}/uploads`, body, { headers: { 'content-type': 'text/csv' } });

  async function storedFor(accountId: number) {
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

  it('reads an export whose rows all share one bet id: every row reported, nothing written to the ledger', async () => {
    const member = await memberWithAccount();
    const rows = MAX_EXPORT_ROWS;
    const text = hostileExport(rows);
    const response = await upload(member.client, member.accountId, text);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<{ data: Summary }>().data;
    expect(summary).toMatchObject({ rows, bets: 0, stored: 0, matched: 0, rejected: 0 });
    expect(summary.row_errors).toHaveLength(MAX_LISTED_ROW_ERRORS + 1);
    expect(summary.row_errors[0]).toEqual({
      row: 2,
      reason: `bet H-1: ${rows} rows share this bet id, and a bet has at most 15 legs`,
    });
    expect(summary.row_errors.at(-1)).toEqual({
      row: MAX_LISTED_ROW_ERRORS + 2,
      reason: `this row and 18,999 more after it could not be read either (20,000 in all; the first 1,000 are listed)`,
    });
    expect(await storedFor(member.id)).toEqual({ uploads: 1, bets: 0 });
    // The file is kept as it came, in pieces written one statement at a time.
    const [kept] = await db.select().from(syncUploads).where(eq(syncUploads.accountId, member.id));
    expect(kept!.rowErrors).toEqual(summary.row_errors);
    expect(await getUploadContent(db, kept!.id)).toBe(text);
    const [parts] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(syncUploadParts)
      .where(eq(syncUploadParts.uploadId, kept!.id));
    expect(parts!.n).toBe(Math.ceil(text.length / UPLOAD_PART_CHARS));
    expect(parts!.n).toBeGreaterThan(1);
    const [entries] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userBets)
      .where(eq(userBets.userId, member.userId));
    expect(entries!.n).toBe(0);
  });

  it('cuts a file into pieces that join back into it, never inside a surrogate pair', () => {
    const text = `ab😀cd😀😀e`;
    expect(textPieces(text, 3)).toEqual(['ab😀', 'cd😀', '😀e']);
    expect(textPieces(text, 2)).toEqual(['ab', '😀', 'cd', '😀', '😀', 'e']);
    for (const size of [1, 2, 3, 4, 5, 100]) {
      const pieces = textPieces(text, size);
      expect(pieces.join('')).toBe(text);
      expect(pieces.every((piece) => Buffer.from(piece, 'utf8').toString('utf8') === piece)).toBe(true);
    }
  });

  it('refuses a file of more rows than an upload may hold with a 400 naming the body, keeping nothing', async () => {
    const member = await memberWithAccount();
    const response = await upload(member.client, member.accountId, hostileExport(MAX_EXPORT_ROWS + 1));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'BAD_REQUEST',
        message: expect.any(String),
        fields: [
          {
            field: 'body',
            message: 'the file has more than 20,000 rows: export fewer months at a time and upload each file',
          },
        ],
      },
    });
    expect(await storedFor(member.id)).toEqual({ uploads: 0, bets: 0 });
  });

  it('answers another request while a large upload is read, between the steps of its reading', async () => {
    const order: string[] = [];
    let turns = 0;
    let healthAnswered: Promise<void> | undefined;
    let uploadAnswered = false;
    const watched: TestApp = await buildTestApp(
      {},
      {
        now: () => NOW,
        // At the upload's first turn, another request comes in; the upload goes on once it is answered, so the
        // order below is the same on every run.
        yieldTurn: async () => {
          turns += 1;
          healthAnswered ??= watched.app.inject({ method: 'GET', url: '/api/health' }).then((response) => {
            order.push(`health ${response.statusCode}${uploadAnswered ? ' after the upload' : ''}`);
          });
          await healthAnswered;
          await yieldToEventLoop();
        },
      },
    );
    try {
      const member = await memberWithAccount(watched);
      const response = await upload(member.client, member.accountId, hostileExport(5_000));
      uploadAnswered = true;
      order.push(`upload ${response.statusCode}`);
      expect(order).toEqual(['health 200', 'upload 200']);
      // The reading paused at least once per 500 rows: no step held the server for the whole file.
      expect(turns).toBeGreaterThanOrEqual(10);
    } finally {
      await watched.app.close();
    }
  });

  it('refuses a burst of uploads to one account with a 429 saying how long to wait', async () => {
    const member = await memberWithAccount();
    for (let index = 0; index < SYNC_WRITE_RATE.perAccount; index += 1) {
      const response = await upload(member.client, member.accountId, oneBet(`B-${index}`));
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await upload(member.client, member.accountId, oneBet('B-over'));
    expect(refused.statusCode, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^At most 10 syncs \(uploads or batches of slips\) a minute to one account; wait \d+ s$/,
      ),
    });
    expect(await storedFor(member.id)).toEqual({
      uploads: SYNC_WRITE_RATE.perAccount,
      bets: SYNC_WRITE_RATE.perAccount,
    });
  });

  it('refuses a member’s burst spread over several accounts', async () => {
    const member = await memberWithAccount();
    const accounts = [
      { accountId: member.accountId, id: member.id },
      await linkAccount(member.userId, 'fanduel'),
      await linkAccount(member.userId, 'betmgm'),
    ];
    let sent = 0;
    for (const account of accounts.slice(0, 2)) {
      for (let index = 0; index < SYNC_WRITE_RATE.perAccount; index += 1) {
        const response = await upload(member.client, account.accountId, oneBet(`M-${(sent += 1)}`));
        expect(response.statusCode, response.body).toBe(200);
      }
    }
    expect(sent).toBe(SYNC_WRITE_RATE.perMember);
    const refused = await upload(member.client, accounts[2]!.accountId, oneBet('M-over'));
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(
      /^At most 20 syncs \(uploads or batches of slips\) a minute across your accounts; wait \d+ s$/,
    );
    expect(await storedFor(accounts[2]!.id)).toEqual({ uploads: 0, bets: 0 });
    // Another member is not held back by this one's burst.
    const other = await memberWithAccount();
    expect((await upload(other.client, other.accountId, oneBet('O-1'))).statusCode).toBe(200);
  });

  it('refuses a burst of the bet-sync client’s batches sent with the account’s token, and the session’s writes after it', async () => {
    const member = await memberWithAccount();
    const made = await member.client.post(`/api/sync/accounts/${member.accountId}/tokens`, { label: 'laptop' });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json<{ data: { token: string } }>().data.token;
    const sendBatch = (index: number) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/sync/accounts/${member.accountId}/slips`,
        headers: { authorization: `Bearer ${token}` },
        payload: {
          batch_key: `batch-${index}`,
          slips: [
            {
              book_bet_id: `T-${index}`,
              placed_at: '2024-09-08T14:00:00Z',
              kind: 'single',
              stake_cents: 500,
              result: 'lost',
              legs: [
                {
                  event: 'Pittsburgh Steelers @ Atlanta Falcons',
                  market: 'moneyline',
                  selection: 'Pittsburgh Steelers',
                  price: 160,
                },
              ],
            },
          ],
        },
      });
    for (let index = 0; index < SYNC_WRITE_RATE.perAccount; index += 1) {
      const response = await sendBatch(index);
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await sendBatch(SYNC_WRITE_RATE.perAccount);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The account's share is spent whoever writes: the member's own upload waits too.
    expect((await upload(member.client, member.accountId, oneBet('S-1'))).statusCode).toBe(429);
    expect(await storedFor(member.id)).toEqual({
      uploads: SYNC_WRITE_RATE.perAccount,
      bets: SYNC_WRITE_RATE.perAccount,
    });
  });
});
