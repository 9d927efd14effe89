import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { syncBets, syncUploads } from '@pass/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSyncArguments } from '../../../../sync-client/src/arguments.js';
import { runSync, type SyncIo } from '../../../../sync-client/src/run-sync.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';

/**
 * The bet-sync client (`pass-sync`) against the real server listening on a port: it sends a folder of exports
 * with the account's token, skips what it recorded as sent, and a run that lost its record stores nothing twice
 * (the server knows the file and each bet by the book's id). Its retries through a restart are tested against a
 * stand-in in apps/sync-client.
 */

const NOW = new Date('2026-11-25T16:00:00Z');
const FIXTURES = path.resolve(import.meta.dirname, '../../providers/sportsbooks/fixtures');

describe('the bet-sync client against the server', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let workDir: string;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => NOW });
    baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    workDir = mkdtempSync(path.join(tmpdir(), 'pass-sync-client-'));
  });
  afterAll(async () => {
    await testApp.app.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  async function run(argv: string[], stdin?: string) {
    const out: string[] = [];
    const io: SyncIo = {
      out: (line) => out.push(line),
      err: () => undefined,
      stdinIsTerminal: stdin === undefined,
      readStdin: async () => stdin ?? '',
      cwd: workDir,
      now: () => NOW,
      sleep: async () => undefined,
    };
    const args = parseSyncArguments(argv, {});
    if (args.command !== 'sync') throw new Error('not a sync command');
    return { code: await runSync(args, io), out };
  }

  it('sends a folder with the token once, and a run without its record stores nothing twice', async () => {
    const { client } = await signedInMember(testApp.app, testApp.database.db);
    const linked = await client.post('/api/sync/accounts', { book: 'fanduel' });
    expect(linked.statusCode, linked.body).toBe(201);
    const accountId = linked.json<{ data: { betsync_account_id: string } }>().data.betsync_account_id;
    const token = (await client.post(`/api/sync/accounts/${accountId}/tokens`, { label: 'laptop' })).json<{
      data: { token: string };
    }>().data.token;
    const exports = path.join(workDir, 'exports');
    mkdirSync(exports);
    copyFileSync(path.join(FIXTURES, 'fanduel-history.csv'), path.join(exports, 'fanduel.csv'));
    const argv = ['--server', baseUrl, '--account', accountId, '--token', token, '--state', 'state.json', 'exports'];

    const first = await run(argv);
    expect(first.code, first.out.join('\n')).toBe(0);
    const counts = async () => {
      const [uploads] = await testApp.database.db.select({ n: sql<number>`count(*)::int` }).from(syncUploads);
      const [bets] = await testApp.database.db.select({ n: sql<number>`count(*)::int` }).from(syncBets);
      return { uploads: uploads!.n, bets: bets!.n };
    };
    const afterFirst = await counts();
    expect(afterFirst.uploads).toBe(1);
    expect(afterFirst.bets).toBeGreaterThan(0);

    // The record says it was sent: nothing is asked of the server.
    const second = await run(argv);
    expect(second.code).toBe(0);
    expect(await counts()).toEqual(afterFirst);

    // The record lost (a crash before it was written): sent again, and the server keeps nothing new.
    rmSync(path.join(workDir, 'state.json'));
    const third = await run(argv);
    expect(third.code, third.out.join('\n')).toBe(0);
    expect(await counts()).toEqual(afterFirst);

    // Another account's address with this token: refused, in one line, nothing kept.
    const other = await signedInMember(testApp.app, testApp.database.db);
    const otherAccount = (await other.client.post('/api/sync/accounts', { book: 'fanduel' })).json<{
      data: { betsync_account_id: string };
    }>().data.betsync_account_id;
    const refused = await run(['--server', baseUrl, '--account', otherAccount, '--token', token, 'exports']);
    expect(refused.code).toBe(1);
    expect(await counts()).toEqual(afterFirst);
  });
});
