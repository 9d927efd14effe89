import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SyncArguments } from './arguments.js';
import { UsageError } from './arguments.js';
import { batchSlips, parseSlipsText, sha256, SlipsInputError, type SlipProblem } from './slips-input.js';
import { createSyncApi, SyncApiError, type RetryPolicy, type SyncApi, type SyncSummary } from './sync-api.js';
import { defaultStateFile, openSyncState, type SyncState } from './sync-state.js';

/**
 * One run of `pass-sync`: finds the files, reads stdin, sends what the state does not show as acknowledged,
 * records each acknowledgement as it comes, and prints a summary per file and batch. Everything outside the
 * process (output, stdin, the clock, fetch, the wait between tries) is passed in, so tests run it in-process.
 */

/** The server takes files up to 10 MB (docs/decisions/051); a larger one is not sent at all. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Row errors printed per file or batch; the rest are counted. */
const ROW_ERRORS_SHOWN = 20;

const CONTENT_TYPES: Record<string, string> = { '.csv': 'text/csv', '.json': 'application/json' };

export interface SyncIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Whether stdin is a terminal (nothing piped). */
  stdinIsTerminal: boolean;
  readStdin: () => Promise<string>;
  cwd: string;
  now: () => Date;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  retry?: Partial<RetryPolicy>;
}

type Outcome =
  | { label: string; status: 'sent'; summary: SyncSummary }
  | { label: string; status: 'skipped'; summary: SyncSummary }
  | { label: string; status: 'planned'; detail: string }
  | { label: string; status: 'failed'; reason: string }
  | { label: string; status: 'not-tried' };

type SyncCommand = Extract<SyncArguments, { command: 'sync' }>;

interface ExportFile {
  path: string;
  label: string;
  contentType: string;
}

export async function runSync(args: SyncCommand, io: SyncIo): Promise<number> {
  const readsStdin = args.paths.includes('-') || (args.paths.length === 0 && !io.stdinIsTerminal);
  if (args.paths.length === 0 && io.stdinIsTerminal) {
    throw new UsageError('Name a folder or files to send, or pipe bet slips in as JSON.');
  }
  const stateFile = path.resolve(io.cwd, args.stateFile ?? defaultStateFile(args.paths, io.cwd));
  const files = findExportFiles(args.paths, io).filter((file) => file.path !== stateFile);
  const state = openSyncState(
    stateFile,
    { server: args.server, accountId: args.accountId },
    { save: !args.dryRun, now: io.now },
  );
  const api = args.dryRun
    ? undefined
    : createSyncApi({
        baseUrl: args.server,
        accountId: args.accountId,
        token: args.token,
        ...(io.fetch ? { fetch: io.fetch } : {}),
        ...(io.sleep ? { sleep: io.sleep } : {}),
        ...(io.retry ? { retry: io.retry } : {}),
        onRetry: (message) => io.err(`  ${message}`),
      });

  const outcomes: Outcome[] = [];
  const slipProblems: SlipProblem[] = [];
  // Set by a refusal that every later request would get too (a bad token, sync off, an unknown account).
  let stoppedBy: string | undefined;

  const send = async (
    label: string,
    request: (api: SyncApi) => Promise<SyncSummary>,
    record: (s: SyncSummary) => void,
  ) => {
    if (stoppedBy !== undefined) {
      outcomes.push({ label, status: 'not-tried' });
      return;
    }
    io.err(`${label}: sending`);
    try {
      const summary = await request(api!);
      record(summary);
      outcomes.push({ label, status: 'sent', summary });
    } catch (error) {
      if (!(error instanceof SyncApiError)) throw error;
      outcomes.push({ label, status: 'failed', reason: error.message });
      if (error.endsRun) stoppedBy = error.message;
    }
  };

  for (const file of files) {
    const body = readFileSync(file.path);
    const hash = sha256(body);
    const acknowledged = state.fileAcknowledged(file.path, hash);
    if (acknowledged) {
      outcomes.push({ label: file.label, status: 'skipped', summary: acknowledged });
    } else if (body.byteLength > MAX_UPLOAD_BYTES) {
      outcomes.push({
        label: file.label,
        status: 'failed',
        reason: `${formatBytes(body.byteLength)} is over the server's limit of 10 MB; export a shorter period.`,
      });
    } else if (args.dryRun) {
      outcomes.push({ label: file.label, status: 'planned', detail: describeFile(file, body, hash) });
    } else {
      await send(
        file.label,
        (client) => client.uploadFile(path.basename(file.path), body, file.contentType),
        (summary) => state.recordFile(file.path, hash, summary),
      );
    }
  }

  if (readsStdin) await sendStdinSlips(args, io, state, outcomes, slipProblems, send);

  printSummary(io, outcomes, slipProblems, stoppedBy, args.dryRun);
  const failed = outcomes.some((outcome) => outcome.status === 'failed' || outcome.status === 'not-tried');
  return failed || slipProblems.length > 0 ? 1 : 0;
}

async function sendStdinSlips(
  args: SyncCommand,
  io: SyncIo,
  state: SyncState,
  outcomes: Outcome[],
  slipProblems: SlipProblem[],
  send: (
    label: string,
    request: (api: SyncApi) => Promise<SyncSummary>,
    record: (s: SyncSummary) => void,
  ) => Promise<void>,
) {
  let parsed;
  try {
    parsed = parseSlipsText(await io.readStdin());
  } catch (error) {
    if (!(error instanceof SlipsInputError)) throw error;
    outcomes.push({ label: 'stdin', status: 'failed', reason: error.message });
    return;
  }
  slipProblems.push(...parsed.problems);
  const batches = batchSlips(parsed.slips, args.batchSize);
  if (batches.length === 0 && parsed.problems.length === 0) io.err('stdin: no slips');
  for (const batch of batches) {
    const label = `stdin batch ${batch.number} of ${batches.length} (${plural(batch.slips.length, 'slip')})`;
    const acknowledged = state.batchAcknowledged(batch.batchKey);
    if (acknowledged) {
      outcomes.push({ label, status: 'skipped', summary: acknowledged });
    } else if (args.dryRun) {
      outcomes.push({ label, status: 'planned', detail: `POST /slips, batch_key ${batch.batchKey}` });
    } else {
      await send(
        label,
        (client) => client.sendSlips(batch.batchKey, batch.slips),
        (summary) => state.recordBatch(batch.batchKey, batch.slips.length, summary),
      );
    }
  }
}

function findExportFiles(paths: string[], io: SyncIo): ExportFile[] {
  const found = new Map<string, ExportFile>();
  const add = (file: string, label: string) => {
    const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()];
    if (!contentType) throw new UsageError(`${label} is not a .csv or .json export.`);
    if (!found.has(file)) found.set(file, { path: file, label, contentType });
  };
  for (const entry of paths) {
    if (entry === '-') continue;
    const resolved = path.resolve(io.cwd, entry);
    let stats;
    try {
      stats = statSync(resolved);
    } catch {
      throw new UsageError(`No such file or folder: ${entry}`);
    }
    if (!stats.isDirectory()) {
      add(resolved, entry);
      continue;
    }
    // Only the folder itself: a book's exports sit side by side, and a deeper walk could pick up anything.
    const names = readdirSync(resolved, { withFileTypes: true })
      .filter((item) => item.isFile() && !item.name.startsWith('.'))
      .map((item) => item.name)
      .filter((name) => CONTENT_TYPES[path.extname(name).toLowerCase()] !== undefined)
      .sort();
    if (names.length === 0) io.err(`${entry}: no .csv or .json files`);
    for (const name of names) add(path.join(resolved, name), path.join(entry, name));
  }
  return [...found.values()];
}

function describeFile(file: ExportFile, body: Buffer, hash: string): string {
  const base = `${file.contentType}, ${formatBytes(body.byteLength)}, sha256 ${hash.slice(0, 12)}…`;
  const text = body.toString('utf8');
  if (file.contentType === 'text/csv') {
    const rows = text.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1;
    return `${base}, ${Math.max(0, rows)} rows`;
  }
  try {
    const { slips, problems } = parseSlipsText(text);
    return `${base}, ${plural(slips.length, 'slip')}${problems.length > 0 ? `, ${problems.length} the server will refuse` : ''}`;
  } catch (error) {
    if (!(error instanceof SlipsInputError)) throw error;
    return `${base}, not JSON the server can read: ${error.message}`;
  }
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function describeSummary(summary: SyncSummary): string {
  const notRead = summary.row_errors.length;
  return (
    `${plural(summary.rows, 'row')}, ${plural(summary.bets, 'bet')}: ${summary.stored} stored, ${summary.duplicates} already there, ` +
    `${summary.matched} matched, ${summary.rejected} rejected` +
    (notRead > 0 ? `; ${plural(notRead, 'row')} not read` : '')
  );
}

function printSummary(
  io: SyncIo,
  outcomes: Outcome[],
  slipProblems: SlipProblem[],
  stoppedBy: string | undefined,
  dryRun: boolean,
) {
  if (dryRun) io.out('Dry run: nothing is sent and no state is written.');
  for (const outcome of outcomes) {
    switch (outcome.status) {
      case 'sent':
        io.out(`${outcome.label}: ${describeSummary(outcome.summary)}`);
        for (const { row, reason } of outcome.summary.row_errors.slice(0, ROW_ERRORS_SHOWN)) {
          io.out(`  row ${row}: ${reason}`);
        }
        if (outcome.summary.row_errors.length > ROW_ERRORS_SHOWN) {
          io.out(`  … and ${outcome.summary.row_errors.length - ROW_ERRORS_SHOWN} more`);
        }
        break;
      case 'skipped':
        io.out(`${outcome.label}: sent before, unchanged (${outcome.summary.stored} stored then); skipped`);
        break;
      case 'planned':
        io.out(`${outcome.label}: would send (${outcome.detail})`);
        break;
      case 'failed':
        io.out(`${outcome.label}: NOT SENT: ${outcome.reason}`);
        break;
      case 'not-tried':
        io.out(`${outcome.label}: not sent (the run stopped)`);
        break;
    }
  }
  for (const { slip, reason } of slipProblems) io.out(`stdin slip ${slip}: NOT SENT, not a valid slip: ${reason}`);

  const count = (status: Outcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
  const sent = outcomes.flatMap((outcome) => (outcome.status === 'sent' ? [outcome.summary] : []));
  const total = (field: 'stored' | 'duplicates' | 'rejected') => sent.reduce((sum, s) => sum + s[field], 0);
  const unsent = count('failed') + count('not-tried') + slipProblems.length;
  const parts = dryRun
    ? [`${count('planned')} to send`]
    : [
        `${sent.length} sent (${plural(total('stored'), 'bet')} stored, ${total('duplicates')} already there, ${total('rejected')} rejected)`,
      ];
  if (count('skipped') > 0) parts.push(`${count('skipped')} skipped as sent before`);
  if (unsent > 0) parts.push(`${unsent} not sent`);
  io.out(`Summary: ${parts.join(', ')}.`);
  if (stoppedBy !== undefined) io.err(stoppedBy);
}
