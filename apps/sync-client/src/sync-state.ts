import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SyncSummary } from './sync-api.js';

/**
 * What the server has acknowledged, kept between runs so a run resumes where the last one stopped: each file
 * by its path and SHA-256 (a file edited since is sent again) and each batch of slips by its key, under the
 * server and account they went to. It is written after every acknowledgement, through a temporary file and a
 * rename, so a crash leaves either the old state or the new one, never half of it.
 */

export const STATE_FILE_NAME = '.pass-sync-state.json';

const Acknowledged = z.object({ at: z.string(), summary: SyncSummary });
const AccountState = z.object({
  files: z.record(z.string(), Acknowledged.extend({ sha256: z.string() })),
  batches: z.record(z.string(), Acknowledged.extend({ slips: z.number().int() })),
});
type AccountState = z.infer<typeof AccountState>;
const StateFile = z.object({ version: z.literal(1), accounts: z.record(z.string(), AccountState) });
type StateFile = z.infer<typeof StateFile>;

export class StateFileError extends Error {}

export interface SyncState {
  readonly file: string;
  /** The summary the server gave for this file when its content was the same, if it gave one. */
  fileAcknowledged(filePath: string, sha256: string): SyncSummary | undefined;
  batchAcknowledged(batchKey: string): SyncSummary | undefined;
  recordFile(filePath: string, sha256: string, summary: SyncSummary): void;
  recordBatch(batchKey: string, slips: number, summary: SyncSummary): void;
}

/** Where the state goes by default: beside the first folder or file named, else in the working directory. */
export function defaultStateFile(paths: string[], cwd: string): string {
  const first = paths.find((entry) => entry !== '-');
  const directory = first === undefined ? cwd : path.dirname(path.resolve(cwd, first));
  return path.join(directory, STATE_FILE_NAME);
}

/**
 * The state of one server and account, read from `file` (none yet is an empty state). `save` false reads
 * only: a dry run writes nothing.
 */
export function openSyncState(
  file: string,
  scope: { server: string; accountId: string },
  options: { save: boolean; now: () => Date },
): SyncState {
  const state = readState(file);
  const scopeKey = `${scope.server.replace(/\/+$/, '')}#${scope.accountId}`;
  const account: AccountState = state.accounts[scopeKey] ?? { files: {}, batches: {} };
  state.accounts[scopeKey] = account;
  // Files are named relative to the state file, so a folder moved with its state keeps its record.
  const fileKey = (filePath: string) =>
    path.relative(path.dirname(file), path.resolve(filePath)).split(path.sep).join('/');

  const write = () => {
    if (!options.save) return;
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(temporary, file);
  };

  return {
    file,
    fileAcknowledged(filePath, sha256) {
      const entry = account.files[fileKey(filePath)];
      return entry?.sha256 === sha256 ? entry.summary : undefined;
    },
    batchAcknowledged: (batchKey) => account.batches[batchKey]?.summary,
    recordFile(filePath, sha256, summary) {
      account.files[fileKey(filePath)] = { sha256, at: options.now().toISOString(), summary };
      write();
    },
    recordBatch(batchKey, slips, summary) {
      account.batches[batchKey] = { slips, at: options.now().toISOString(), summary };
      write();
    },
  };
}

function readState(file: string): StateFile {
  if (!existsSync(file)) return { version: 1, accounts: {} };
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    content = undefined;
  }
  const parsed = StateFile.safeParse(content);
  if (!parsed.success) {
    throw new StateFileError(
      `The state file ${file} cannot be read. Move it away to send everything again (the server stores nothing twice).`,
    );
  }
  return parsed.data;
}
