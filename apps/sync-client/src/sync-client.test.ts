import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSyncArguments, UsageError } from './arguments.js';
import { runSync, type SyncIo } from './run-sync.js';
import { batchSlips, parseSlipsText } from './slips-input.js';
import type { SyncSummary } from './sync-api.js';
import { STATE_FILE_NAME, StateFileError } from './sync-state.js';

/**
 * The client against a local server that answers the two sync calls as docs/decisions/051 documents them:
 * it keeps each bet once by its id, each batch of slips by its batch_key (the same key again answers the first
 * summary and stores nothing), counts what each batch or file stored, and can answer 503, drop a connection
 * before or after storing, or go down, on demand.
 */

const TOKEN = 'pass_sync_test-token-of-the-account';
const ACCOUNT = '6b0f8f0e-3c43-4f7e-9d55-0c1f3a2b4d11';
const SYNC_OFF_ACCOUNT = '0e5a1d3b-7a7c-4d8e-8f00-5b6c7d8e9f10';
const SYNC_OFF_MESSAGE = 'Sync is off for this account: its 5 days of grace have ended and no membership covers it.';

/** What the server does with a request: `answer` as usual, or one of the failures. */
type Fault = 'answer' | '503' | '429' | 'drop' | 'drop-after-store' | 'stop-after-store';

interface ReceivedRequest {
  path: string;
  fileName?: string;
  batchKey?: string;
  contentType?: string;
}

class FakeSyncServer {
  private server: Server | undefined;
  port = 0;
  readonly faults: Fault[] = [];
  readonly requests: ReceivedRequest[] = [];
  /** Times each bet was stored: every value must stay 1. */
  readonly betsStored = new Map<string, number>();
  /** Bets newly stored under each batch_key, or `file:<sha256>` for an upload. */
  readonly storedByKey = new Map<string, number>();
  private readonly batchSummaries = new Map<string, SyncSummary>();

  async start(): Promise<void> {
    const server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get totalStored(): number {
    return [...this.storedByKey.values()].reduce((sum, count) => sum + count, 0);
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', this.url);
    const match = /^\/api\/sync\/accounts\/([^/]+)\/(uploads|slips)$/.exec(url.pathname);
    const received: ReceivedRequest = { path: url.pathname, contentType: request.headers['content-type'] };
    this.requests.push(received);
    const answer = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const refuse = (status: number, code: string, message: string) => answer(status, { error: { code, message } });

    if (request.method !== 'POST' || !match) return refuse(404, 'not_found', 'No such route.');
    if (request.headers.authorization !== `Bearer ${TOKEN}`) {
      return refuse(401, 'unauthorized', 'The sync token is not valid.');
    }
    const accountId = decodeURIComponent(match[1]!);
    if (accountId === SYNC_OFF_ACCOUNT) return refuse(403, 'sync_off', SYNC_OFF_MESSAGE);
    if (accountId !== ACCOUNT) return refuse(404, 'not_found', 'No such sync account.');

    const isUpload = match[2] === 'uploads';
    const text = body.toString('utf8');
    const slipsBody = !isUpload || request.headers['content-type'] === 'application/json' ? parseJson(text) : undefined;
    if (isUpload) received.fileName = url.searchParams.get('file_name') ?? undefined;
    else received.batchKey = (slipsBody as { batch_key?: string } | undefined)?.batch_key;

    const fault = this.faults.shift();
    if (fault === '503') {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
      response.end(JSON.stringify({ error: { code: 'unavailable', message: 'The server is starting.' } }));
      return;
    }
    if (fault === '429') {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '45' });
      response.end(
        JSON.stringify({
          error: {
            code: 'RATE_LIMITED',
            message: 'At most 10 syncs (uploads or batches of slips) a minute to one account; wait 45 s',
          },
        }),
      );
      return;
    }
    if (fault === 'drop') return request.socket.destroy();

    let summary: SyncSummary;
    const slipIds = (value: unknown) =>
      (Array.isArray(value) ? value : (value as { slips: unknown[] }).slips).map(
        (one) => (one as { book_bet_id: string }).book_bet_id,
      );
    if (isUpload) {
      const hash = createHash('sha256').update(body).digest('hex');
      if (slipsBody !== undefined) {
        summary = this.store(`file:${hash}`, slipIds(slipsBody));
      } else {
        const [header, ...rows] = text.split('\n').filter((line) => line.trim() !== '');
        if (!header?.startsWith('External Bet ID')) {
          return refuse(400, 'bad_file', 'This is not a DraftKings or FanDuel bet-history export.');
        }
        summary = this.store(
          `file:${hash}`,
          rows.map((row) => row.split(',')[0]!.trim()),
        );
      }
    } else {
      const batchKey = received.batchKey;
      const earlier = batchKey === undefined ? undefined : this.batchSummaries.get(batchKey);
      if (earlier) {
        summary = earlier;
      } else {
        summary = this.store(batchKey ?? 'no-key', slipIds(slipsBody));
        if (batchKey !== undefined) this.batchSummaries.set(batchKey, summary);
      }
    }
    if (fault === 'drop-after-store') return request.socket.destroy();
    if (fault === 'stop-after-store') {
      request.socket.destroy();
      return void this.stop();
    }
    answer(200, { data: summary });
  }

  private store(key: string, ids: string[]): SyncSummary {
    let stored = 0;
    let duplicates = 0;
    const rowErrors: SyncSummary['row_errors'] = [];
    ids.forEach((id, index) => {
      if (id === '') {
        rowErrors.push({ row: index + 2, reason: 'External Bet ID is empty' });
      } else if (this.betsStored.has(id)) {
        duplicates++;
      } else {
        this.betsStored.set(id, 1);
        stored++;
      }
    });
    this.storedByKey.set(key, (this.storedByKey.get(key) ?? 0) + stored);
    const bets = stored + duplicates;
    return { rows: ids.length, bets, stored, duplicates, matched: bets, rejected: 0, row_errors: rowErrors };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function slip(id: string) {
  return {
    book_bet_id: id,
    placed_at: '2026-11-20T18:00:00-05:00',
    kind: 'single',
    stake_cents: 1000,
    result: 'open',
    legs: [
      { event: 'Kansas City Chiefs @ Buffalo Bills', market: 'moneyline', selection: 'Buffalo Bills', price: -120 },
    ],
  };
}

const slips = (count: number, prefix = 'bet') =>
  Array.from({ length: count }, (_, index) => slip(`${prefix}-${index}`));

function exportCsv(ids: string[]): string {
  return ['External Bet ID,Placed,Event,Market,Selection,Odds,Stake', ...ids.map((id) => `${id},x,y,z,w,-110,10`)]
    .join('\n')
    .concat('\n');
}

let server: FakeSyncServer;
let workDir: string;

beforeEach(async () => {
  server = new FakeSyncServer();
  await server.start();
  workDir = mkdtempSync(path.join(tmpdir(), 'pass-sync-'));
});

afterEach(async () => {
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
});

interface RunResult {
  code: number;
  out: string[];
  err: string[];
  waits: number[];
}

/** Runs the client in-process; `sleep` stands in for the wait between tries (it records, never sleeps). */
async function run(
  argv: string[],
  options: { stdin?: string; sleep?: (ms: number) => Promise<void> } = {},
): Promise<RunResult> {
  const result: RunResult = { code: -1, out: [], err: [], waits: [] };
  const args = parseSyncArguments(argv, {});
  if (args.command !== 'sync') throw new Error('expected a sync command');
  const io: SyncIo = {
    out: (line) => result.out.push(line),
    err: (line) => result.err.push(line),
    stdinIsTerminal: options.stdin === undefined,
    readStdin: async () => options.stdin ?? '',
    cwd: workDir,
    now: () => new Date('2026-11-25T12:00:00Z'),
    sleep: async (ms) => {
      result.waits.push(ms);
      await options.sleep?.(ms);
    },
  };
  result.code = await runSync(args, io);
  return result;
}

const connection = () => ['--server', server.url, '--account', ACCOUNT, '--token', TOKEN];

function writeExports(folder: string, files: Record<string, string>): string {
  const directory = path.join(workDir, folder);
  mkdirSync(directory, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(directory, name), content);
  return directory;
}

const uploadsOf = (fake: FakeSyncServer) => fake.requests.filter((request) => request.path.endsWith('/uploads'));
const everyBetStoredOnce = (fake: FakeSyncServer) => [...fake.betsStored.values()].every((count) => count === 1);

describe('folder upload', () => {
  it('sends each export in the folder once, records it beside the folder, and skips it on the next run', async () => {
    writeExports('exports', {
      'draftkings.csv': exportCsv(['dk-1', 'dk-2', 'dk-3']),
      'fanduel.CSV': exportCsv(['fd-1', '', 'fd-2']),
      'mystery.csv': 'Date,Amount\n2026-11-01,10\n',
      'other-book.json': JSON.stringify(slips(2, 'other')),
      'notes.txt': 'not an export',
      '.hidden.csv': exportCsv(['hidden-1']),
    });
    const first = await run([...connection(), 'exports']);

    expect(uploadsOf(server).map((request) => [request.fileName, request.contentType])).toEqual([
      ['draftkings.csv', 'text/csv'],
      ['fanduel.CSV', 'text/csv'],
      ['mystery.csv', 'text/csv'],
      ['other-book.json', 'application/json'],
    ]);
    expect(first.out).toEqual([
      'exports/draftkings.csv: 3 rows, 3 bets: 3 stored, 0 already there, 3 matched, 0 rejected',
      'exports/fanduel.CSV: 3 rows, 2 bets: 2 stored, 0 already there, 2 matched, 0 rejected; 1 row not read',
      '  row 3: External Bet ID is empty',
      'exports/mystery.csv: NOT SENT: The server refused it (400): This is not a DraftKings or FanDuel bet-history export.',
      'exports/other-book.json: 2 rows, 2 bets: 2 stored, 0 already there, 2 matched, 0 rejected',
      'Summary: 3 sent (7 bets stored, 0 already there, 0 rejected), 1 not sent.',
    ]);
    // A 400 is not tried again, and the files after it are still sent.
    expect(first.waits).toEqual([]);
    expect(first.code).toBe(1);

    const stateFile = path.join(workDir, STATE_FILE_NAME);
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as {
      accounts: Record<string, { files: Record<string, { sha256: string }> }>;
    };
    expect(Object.keys(state.accounts[`${server.url}#${ACCOUNT}`]!.files).sort()).toEqual([
      'exports/draftkings.csv',
      'exports/fanduel.CSV',
      'exports/other-book.json',
    ]);

    // The refused file is replaced by a real export; the next run sends it alone.
    writeExports('exports', { 'mystery.csv': exportCsv(['mystery-1']) });
    const second = await run([...connection(), 'exports']);
    expect(uploadsOf(server)).toHaveLength(5);
    expect(uploadsOf(server).at(-1)!.fileName).toBe('mystery.csv');
    expect(second.out).toContain('exports/draftkings.csv: sent before, unchanged (3 stored then); skipped');
    expect(second.out.at(-1)).toBe(
      'Summary: 1 sent (1 bet stored, 0 already there, 0 rejected), 3 skipped as sent before.',
    );
    expect(second.code).toBe(0);

    // An export edited since is sent again; the server keeps each bet once.
    writeExports('exports', { 'draftkings.csv': exportCsv(['dk-1', 'dk-2', 'dk-3', 'dk-4']) });
    const third = await run([...connection(), 'exports']);
    expect(third.out).toContain(
      'exports/draftkings.csv: 4 rows, 4 bets: 1 stored, 3 already there, 4 matched, 0 rejected',
    );
    expect(uploadsOf(server)).toHaveLength(6);
    expect(everyBetStoredOnce(server)).toBe(true);
    expect(server.betsStored.size).toBe(9);
  });

  it('sends the files named and keeps the state where --state says', async () => {
    writeExports('a', { 'one.csv': exportCsv(['one-1']) });
    writeExports('b', { 'two.csv': exportCsv(['two-1']) });
    const result = await run([...connection(), '--state', 'sync/state.json', 'a/one.csv', 'b/two.csv']);
    expect(result.code).toBe(0);
    expect(uploadsOf(server).map((request) => request.fileName)).toEqual(['one.csv', 'two.csv']);
    expect(existsSync(path.join(workDir, 'sync/state.json'))).toBe(true);
    expect(existsSync(path.join(workDir, STATE_FILE_NAME))).toBe(false);
  });
});

describe('resuming', () => {
  it('rides out a server restart mid-upload: the file is sent again and no bet is stored twice', async () => {
    writeExports('exports', {
      '1-first.csv': exportCsv(['a-1', 'a-2']),
      '2-second.csv': exportCsv(['b-1', 'b-2', 'b-3']),
      '3-third.csv': exportCsv(['c-1']),
    });
    // The second upload is stored, then the server goes down before answering.
    server.faults.push('503', 'answer', 'stop-after-store');
    let waitsWhileDown = 0;
    const result = await run([...connection(), 'exports'], {
      sleep: async () => {
        if (server.running) return;
        // Down for one more try, then back on the same port, answering 503 once while it starts.
        if (++waitsWhileDown === 2) {
          await server.start();
          server.faults.push('503');
        }
      },
    });

    expect(result.code).toBe(0);
    expect(result.out).toContain(
      'exports/2-second.csv: 3 rows, 3 bets: 0 stored, 3 already there, 3 matched, 0 rejected',
    );
    expect(result.err.some((line) => line.includes('the connection failed'))).toBe(true);
    expect(result.err.some((line) => line.includes('the server answered 503 (The server is starting.)'))).toBe(true);
    expect(everyBetStoredOnce(server)).toBe(true);
    expect(server.totalStored).toBe(6);
    expect(uploadsOf(server).map((request) => request.fileName)).toEqual([
      '1-first.csv',
      '1-first.csv',
      '2-second.csv',
      '2-second.csv',
      '2-second.csv',
      '3-third.csv',
    ]);
    expect(result.waits).toHaveLength(4);
  });

  it('after the client crashed, the next run sends only what was not acknowledged, and a batch stored twice counts once', async () => {
    const input = JSON.stringify(slips(1200));
    // Batch 2 of 3 is stored but its answer is lost; the client is killed while it waits to try again.
    server.faults.push('503', 'answer', 'drop-after-store');
    class Killed extends Error {}
    const crashed = run([...connection(), '--batch-size', '500', '-'], {
      stdin: input,
      sleep: async () => {
        if (server.requests.length >= 3) throw new Killed();
      },
    });
    await expect(crashed).rejects.toBeInstanceOf(Killed);
    const keys = batchSlips(parseSlipsText(input).slips, 500).map((batch) => batch.batchKey);
    expect(server.requests.map((request) => request.batchKey)).toEqual([keys[0], keys[0], keys[1]]);

    const resumed = await run([...connection(), '--batch-size', '500', '-'], { stdin: input });
    expect(resumed.code).toBe(0);
    // Batch 1 was acknowledged before the crash: not sent again. Batch 2 is, and the server stores nothing of it.
    expect(server.requests.map((request) => request.batchKey)).toEqual([keys[0], keys[0], keys[1], keys[1], keys[2]]);
    expect(resumed.out).toEqual([
      'stdin batch 1 of 3 (500 slips): sent before, unchanged (500 stored then); skipped',
      'stdin batch 2 of 3 (500 slips): 500 rows, 500 bets: 500 stored, 0 already there, 500 matched, 0 rejected',
      'stdin batch 3 of 3 (200 slips): 200 rows, 200 bets: 200 stored, 0 already there, 200 matched, 0 rejected',
      'Summary: 2 sent (700 bets stored, 0 already there, 0 rejected), 1 skipped as sent before.',
    ]);
    expect(Object.fromEntries(server.storedByKey)).toEqual({ [keys[0]!]: 500, [keys[1]!]: 500, [keys[2]!]: 200 });
    expect(everyBetStoredOnce(server)).toBe(true);

    // A third run has nothing left to send.
    const third = await run([...connection(), '--batch-size', '500', '-'], { stdin: input });
    expect(server.requests).toHaveLength(5);
    expect(third.out.at(-1)).toBe(
      'Summary: 0 sent (0 bets stored, 0 already there, 0 rejected), 3 skipped as sent before.',
    );
  });

  it('waits longer on each try, as long as Retry-After asks when the server says', async () => {
    writeExports('exports', { 'dk.csv': exportCsv(['w-1']) });
    server.faults.push('drop', 'drop', 'drop', '503');
    const result = await run([...connection(), 'exports']);
    expect(result.code).toBe(0);
    expect(result.waits).toEqual([1000, 2000, 4000, 2000]);
  });

  it('waits as long as the server asks when it has had too many syncs this minute, then sends the file', async () => {
    writeExports('exports', { 'dk.csv': exportCsv(['r-1']) });
    server.faults.push('429', '429');
    const result = await run([...connection(), 'exports']);
    expect(result.code).toBe(0);
    expect(result.waits).toEqual([45_000, 45_000]);
    expect(result.err.some((line) => line.includes('the server asked to wait (At most 10 syncs'))).toBe(true);
    expect(result.out[0]).toBe('exports/dk.csv: 1 row, 1 bet: 1 stored, 0 already there, 1 matched, 0 rejected');
  });

  it('gives up after its tries and says so', async () => {
    writeExports('exports', { 'dk.csv': exportCsv(['g-1']), 'fd.csv': exportCsv(['g-2']) });
    server.faults.push(...Array<Fault>(8).fill('drop'));
    const result = await run([...connection(), 'exports']);
    expect(result.code).toBe(1);
    expect(result.waits).toHaveLength(7);
    expect(result.out[0]).toMatch(/^exports\/dk\.csv: NOT SENT: Gave up after 8 tries: the connection failed \(/);
    // A network failure is not a refusal: the next file is still sent.
    expect(result.out[1]).toBe('exports/fd.csv: 1 row, 1 bet: 1 stored, 0 already there, 1 matched, 0 rejected');
  });
});

describe('refusals are never tried again', () => {
  it('a bad token stops the run at the first request, with one line saying what to do', async () => {
    writeExports('exports', { 'dk.csv': exportCsv(['t-1']), 'fd.csv': exportCsv(['t-2']) });
    const result = await run(['--server', server.url, '--account', ACCOUNT, '--token', 'pass_sync_wrong', 'exports']);
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.waits).toEqual([]);
    expect(result.out).toEqual([
      'exports/dk.csv: NOT SENT: The server did not accept the token (401): The sync token is not valid. Create a sync token for this account on your profile and pass it with --token or PASS_SYNC_TOKEN.',
      'exports/fd.csv: not sent (the run stopped)',
      'Summary: 0 sent (0 bets stored, 0 already there, 0 rejected), 2 not sent.',
    ]);
  });

  it("sync off for the account shows the server's reason", async () => {
    const result = await run(['--server', server.url, '--account', SYNC_OFF_ACCOUNT, '--token', TOKEN, '-'], {
      stdin: JSON.stringify(slips(3)),
    });
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.err.at(-1)).toBe(`Sync is refused for account ${SYNC_OFF_ACCOUNT} (403): ${SYNC_OFF_MESSAGE}`);
  });

  it('an unknown account says to check --account', async () => {
    writeExports('exports', { 'dk.csv': exportCsv(['u-1']) });
    const result = await run(['--server', server.url, '--account', 'no-such-account', '--token', TOKEN, 'exports']);
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.err.at(-1)).toBe(
      "No sync account no-such-account on this server (404): No such sync account. Check --account: it is the account's id on your profile.",
    );
  });

  it('a file over 10 MB is not sent at all', async () => {
    writeExports('exports', { 'huge.csv': `External Bet ID\n${'x'.repeat(10 * 1024 * 1024)}\n` });
    const result = await run([...connection(), 'exports']);
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(0);
    expect(result.out[0]).toBe(
      "exports/huge.csv: NOT SENT: 10.0 MB is over the server's limit of 10 MB; export a shorter period.",
    );
  });
});

describe('slips from stdin', () => {
  it('reads an array, {slips} or one slip per line, in batches keyed by their content', async () => {
    const batchKeys = (input: string) => batchSlips(parseSlipsText(input).slips, 2).map((batch) => batch.batchKey);
    const asArray = JSON.stringify(slips(5));
    expect(batchKeys(JSON.stringify({ slips: slips(5) }))).toEqual(batchKeys(asArray));
    expect(
      batchKeys(
        slips(5)
          .map((one) => JSON.stringify(one))
          .join('\n'),
      ),
    ).toEqual(batchKeys(asArray));

    const result = await run([...connection(), '--batch-size', '2'], { stdin: asArray });
    expect(result.code).toBe(0);
    expect(server.requests.map((request) => request.batchKey)).toEqual(batchKeys(asArray));
    expect(server.requests.every((request) => request.contentType === 'application/json')).toBe(true);
    expect(server.betsStored.size).toBe(5);
  });

  it('sends the valid slips and names each one it could not send', async () => {
    const input = JSON.stringify([slip('ok-1'), { ...slip('bad-1'), kind: 'parlay' }, slip('ok-2')]);
    const result = await run([...connection(), '-'], { stdin: input });
    expect(result.code).toBe(1);
    expect(server.betsStored.size).toBe(2);
    expect(result.out).toContain('stdin slip 2: NOT SENT, not a valid slip: legs: a parlay has at least two legs');
  });

  it('says when stdin is not JSON, and sends nothing', async () => {
    const result = await run([...connection()], { stdin: 'book_bet_id,stake\n1,10\n' });
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(0);
    expect(result.out[0]).toMatch(/^stdin: NOT SENT: The input is not JSON/);
  });
});

describe('a dry run', () => {
  it('prints what would be sent and sends and writes nothing', async () => {
    writeExports('exports', {
      'dk.csv': exportCsv(['d-1', 'd-2']),
      'other.json': JSON.stringify({ slips: [slip('o-1'), { book_bet_id: 'o-2' }] }),
    });
    const input = JSON.stringify(slips(3));
    const args = parseSyncArguments(['--server', server.url, '--account', ACCOUNT, '--dry-run', 'exports', '-'], {});
    if (args.command !== 'sync') throw new Error('expected a sync command');
    const out: string[] = [];
    const code = await runSync(args, {
      out: (line) => out.push(line),
      err: () => {},
      stdinIsTerminal: false,
      readStdin: async () => input,
      cwd: workDir,
      now: () => new Date('2026-11-25T12:00:00Z'),
    });
    const [batch] = batchSlips(parseSlipsText(input).slips, 500);
    expect(code).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(existsSync(path.join(workDir, STATE_FILE_NAME))).toBe(false);
    expect(out[0]).toBe('Dry run: nothing is sent and no state is written.');
    expect(out[1]).toMatch(/^exports\/dk\.csv: would send \(text\/csv, \d+ B, sha256 [0-9a-f]{12}…, 2 rows\)$/);
    expect(out[2]).toMatch(
      /^exports\/other\.json: would send \(application\/json, \d+ B, sha256 [0-9a-f]{12}…, 1 slip, 1 the server will refuse\)$/,
    );
    expect(out[3]).toBe(`stdin batch 1 of 1 (3 slips): would send (POST /slips, batch_key ${batch!.batchKey})`);
    expect(out[4]).toBe('Summary: 3 to send.');
  });
});

describe('the state file', () => {
  it('is never overwritten when it cannot be read', async () => {
    writeExports('exports', { 'dk.csv': exportCsv(['s-1']) });
    writeFileSync(path.join(workDir, STATE_FILE_NAME), '{"version": 1, "accounts": ');
    await expect(run([...connection(), 'exports'])).rejects.toThrow(StateFileError);
    expect(server.requests).toHaveLength(0);
    expect(readFileSync(path.join(workDir, STATE_FILE_NAME), 'utf8')).toBe('{"version": 1, "accounts": ');
  });

  it('keeps each server and account apart', async () => {
    writeExports('exports', { 'dk.csv': exportCsv(['k-1']) });
    await run([...connection(), 'exports']);
    const other = await run(['--server', server.url, '--account', SYNC_OFF_ACCOUNT, '--token', TOKEN, 'exports']);
    // Acknowledged for one account, the file is still sent to the other (which refuses it here).
    expect(server.requests).toHaveLength(2);
    expect(other.code).toBe(1);
  });
});

describe('the command line', () => {
  it('takes the token from PASS_SYNC_TOKEN and refuses what cannot work', () => {
    const base = ['--server', 'https://pass.example.com/', '--account', ACCOUNT];
    expect(parseSyncArguments([...base, 'exports'], { PASS_SYNC_TOKEN: TOKEN })).toMatchObject({
      server: 'https://pass.example.com',
      token: TOKEN,
      paths: ['exports'],
      batchSize: 500,
    });
    expect(parseSyncArguments([...base, '--token=pass_sync_other', 'a.csv'], { PASS_SYNC_TOKEN: TOKEN })).toMatchObject(
      {
        token: 'pass_sync_other',
      },
    );
    const refused = (argv: string[], message: RegExp) => {
      expect(() => parseSyncArguments(argv, {})).toThrow(UsageError);
      expect(() => parseSyncArguments(argv, {})).toThrow(message);
    };
    refused([...base, 'exports'], /--token or PASS_SYNC_TOKEN/);
    refused([...base, '--token', 'abc', 'exports'], /starts with pass_sync_/);
    refused(['--account', ACCOUNT, '--token', TOKEN], /--server/);
    refused(['--server', 'pass.example.com', '--account', ACCOUNT, '--token', TOKEN], /must be a URL/);
    refused(['--server', 'https://pass.example.com', '--token', TOKEN], /--account/);
    refused([...base, '--token', TOKEN, '--batch-size', '0'], /--batch-size/);
    refused([...base, '--token', TOKEN, '--verbose'], /Unknown option --verbose/);
    expect(parseSyncArguments(['--dry-run', '--help'], {})).toEqual({ command: 'help' });
  });

  it('runs as pass-sync: slips piped to stdin are sent, and the exit code says whether all were', async () => {
    const bin = path.resolve(import.meta.dirname, '../bin/pass-sync.mjs');
    const runBin = (args: string[], input: string) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          [bin, ...args],
          { cwd: workDir, env: { ...process.env, PASS_SYNC_TOKEN: TOKEN } },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        );
        child.stdin!.end(input);
      });
    const sent = await runBin(['--server', server.url, '--account', ACCOUNT], JSON.stringify(slips(2)));
    expect(sent).toMatchObject({ code: 0 });
    expect(sent.stdout).toContain('stdin batch 1 of 1 (2 slips): 2 rows, 2 bets: 2 stored');
    expect(existsSync(path.join(workDir, STATE_FILE_NAME))).toBe(true);

    const usage = await runBin(['--account', ACCOUNT], '');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Name the server with --server.');
  });
});
