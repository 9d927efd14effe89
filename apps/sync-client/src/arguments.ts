/** The command line of `pass-sync`, read into options; nothing here touches the network or the disk. */

export const DEFAULT_BATCH_SIZE = 500;
const MAX_BATCH_SIZE = 5000;
const TOKEN_PREFIX = 'pass_sync_';

export const USAGE = [
  'Usage: pass-sync --server <url> --account <account id> [--token <token>] [options] <folder or files…>',
  '       <slips.json> | pass-sync --server <url> --account <account id> [options] [-]',
  '',
  'Sends sportsbook bet-history exports (*.csv, *.json in a folder, or the files named) to a PA$$ sync account,',
  'and bet slips given as JSON on stdin (an array, {"slips": [...]}, or one slip per line) in batches.',
  '',
  '  --server <url>       the PA$$ server, e.g. https://pass.example.com',
  '  --account <id>       the sync account (its id on your profile)',
  "  --token <token>      the account's sync token (pass_sync_…); PASS_SYNC_TOKEN is read when it is not given",
  '  --state <file>       what was sent already (default .pass-sync-state.json beside the folder or file)',
  `  --batch-size <n>     slips per request from stdin (default ${DEFAULT_BATCH_SIZE}, at most ${MAX_BATCH_SIZE})`,
  '  --dry-run            read everything and print what would be sent; send nothing, write no state',
  '  -h, --help           this text',
  '',
  'Files and batches the server acknowledged are skipped on the next run; a file changed since is sent again.',
  'Exit codes: 0 all sent, 1 something was not sent, 2 a usage error.',
].join('\n');

export class UsageError extends Error {}

export type SyncArguments =
  | { command: 'help' }
  | {
      command: 'sync';
      server: string;
      accountId: string;
      token: string;
      paths: string[];
      stateFile: string | undefined;
      batchSize: number;
      dryRun: boolean;
    };

const VALUE_OPTIONS = ['--server', '--account', '--token', '--state', '--batch-size'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];
const isValueOption = (name: string): name is ValueOption => (VALUE_OPTIONS as readonly string[]).includes(name);

export function parseSyncArguments(argv: string[], env: Record<string, string | undefined>): SyncArguments {
  const values: Partial<Record<ValueOption, string>> = {};
  const paths: string[] = [];
  let dryRun = false;
  let optionsEnded = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (optionsEnded || arg === '-' || !arg.startsWith('-')) {
      paths.push(arg);
    } else if (arg === '--') {
      optionsEnded = true;
    } else if (arg === '--help' || arg === '-h') {
      return { command: 'help' };
    } else if (arg === '--dry-run') {
      dryRun = true;
    } else {
      const equals = arg.indexOf('=');
      const name = equals === -1 ? arg : arg.slice(0, equals);
      if (!isValueOption(name)) throw new UsageError(`Unknown option ${name}.`);
      const value = equals === -1 ? argv[++index] : arg.slice(equals + 1);
      if (value === undefined || value === '' || (equals === -1 && value.startsWith('--'))) {
        throw new UsageError(`${name} needs a value.`);
      }
      values[name] = value;
    }
  }

  const server = values['--server'];
  if (!server) throw new UsageError('Name the server with --server.');
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new UsageError(`--server must be a URL such as https://pass.example.com, got "${server}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`--server must be an http or https URL, got "${server}".`);
  }
  if (url.search || url.hash) throw new UsageError('--server takes no query or fragment.');

  const accountId = values['--account'];
  if (!accountId) throw new UsageError('Name the sync account with --account.');

  const token = values['--token'] ?? env.PASS_SYNC_TOKEN?.trim() ?? '';
  if (!dryRun && token === '') {
    throw new UsageError("Give the account's sync token with --token or PASS_SYNC_TOKEN (create one on your profile).");
  }
  if (token !== '' && !token.startsWith(TOKEN_PREFIX)) {
    throw new UsageError(`A sync token starts with ${TOKEN_PREFIX}; create one for this account on your profile.`);
  }

  const batchText = values['--batch-size'];
  const batchSize = batchText === undefined ? DEFAULT_BATCH_SIZE : Number(batchText);
  if (batchText !== undefined && (!/^\d+$/.test(batchText) || batchSize < 1 || batchSize > MAX_BATCH_SIZE)) {
    throw new UsageError(`--batch-size takes a whole number from 1 to ${MAX_BATCH_SIZE}, got "${batchText}".`);
  }

  return {
    command: 'sync',
    server: url.toString().replace(/\/+$/, ''),
    accountId,
    token,
    paths,
    stateFile: values['--state'],
    batchSize,
    dryRun,
  };
}
