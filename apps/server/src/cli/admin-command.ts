import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { PoolInvitationRefusal } from '@pass/contracts';
import type { DbExecutor } from '@pass/db';
import type { Config } from '../env.js';
import { clockFor, systemClock } from '../lib/clock.js';
import type { AuditContext } from '../modules/audit/audit.service.js';
import {
  ADMIN_SETUP_TOKEN_HOURS,
  AdminCommandError,
  createAdmin,
  grantAdmin,
  readUnsentMail,
  revokeAdmin,
} from '../modules/auth/admin-accounts.service.js';
import type { Mailer } from '../modules/mail/mailer.js';
import { listInvitationRefusals } from '../modules/pools/invitations.service.js';

/** The commands of `npm run admin`, apart from opening the database (cli/admin.ts), so tests run them in-process. */

const REFUSALS_DEFAULT = 50;
const REFUSALS_MAX = 200;

export const ADMIN_USAGE = [
  'Usage: npm run admin -- <command>',
  '  create <username> <email>  make a verified admin account with no password and print a one-time link',
  `                             to choose it (works for ${ADMIN_SETUP_TOKEN_HOURS} hours; mailed too when SMTP_URL is set)`,
  '  grant <username>           make an existing account an admin',
  '  revoke <username>          take the admin role away',
  '  outbox [--to <email>]      print the mail not sent (no SMTP_URL, or delivery failed) in full',
  '  refusals [--limit <n>]     print the newest pool invitations refused over the per-address limit',
  `                             (${REFUSALS_DEFAULT} by default, at most ${REFUSALS_MAX})`,
  'It works on DATABASE_URL, or on the embedded database in DATA_DIR while the server is stopped.',
].join('\n');

export class UsageError extends Error {}

export type AdminCommand =
  | { command: 'create'; username: string; email: string }
  | { command: 'grant' | 'revoke'; username: string }
  | { command: 'outbox'; to: string | undefined }
  | { command: 'refusals'; limit: number }
  | { command: 'help' };

/**
 * A command's one option (`--to <email>`, `--limit=<n>`) by parseArgs' strict rules: its value, undefined when
 * it is not given, or null when anything else is there (another option, an argument, an empty value, the option
 * twice, a value that looks like an option).
 */
function readOption(args: string[], name: string): string | undefined | null {
  try {
    // `multiple`, so that a second one is refused rather than silently taking the first one's place.
    const { values } = parseArgs({ args, options: { [name]: { type: 'string', multiple: true } }, strict: true });
    const given = values[name];
    if (given === undefined) return undefined;
    return given.length === 1 && given[0] !== '' ? given[0] : null;
  } catch {
    return null;
  }
}

export function parseAdminArguments(argv: string[]): AdminCommand {
  if (argv.some((arg) => arg === '--help' || arg === '-h')) return { command: 'help' };
  const [command, ...rest] = argv;
  const expect = (count: number, names: string) => {
    if (rest.length !== count || rest.some((arg) => arg.startsWith('-'))) {
      throw new UsageError(`${command} takes ${names}.`);
    }
  };
  switch (command) {
    case 'create':
      expect(2, 'a username and an email');
      return { command, username: rest[0]!, email: rest[1]! };
    case 'grant':
    case 'revoke':
      expect(1, 'one username');
      return { command, username: rest[0]! };
    case 'outbox': {
      const to = readOption(rest, 'to');
      if (to === null) throw new UsageError('outbox takes only --to <email>.');
      return { command, to };
    }
    case 'refusals': {
      const text = readOption(rest, 'limit');
      const limit = text === undefined ? REFUSALS_DEFAULT : text !== null && /^\d+$/.test(text) ? Number(text) : NaN;
      if (limit >= 1 && limit <= REFUSALS_MAX) return { command, limit };
      throw new UsageError(`refusals takes only --limit <n>, from 1 to ${REFUSALS_MAX}.`);
    }
    case undefined:
      throw new UsageError('Name a command.');
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Events from the command line have no request or address; who ran it goes in their detail. */
export function commandLineAudit(): AuditContext {
  let operator: string | null = null;
  try {
    operator = userInfo().username;
  } catch {
    // A user id with no name (some containers): the event is still recorded.
  }
  return { requestId: null, ip: null, log: { info: () => {} }, detail: { via: 'command line', operator } };
}

const STATUS_WORDS: Record<NonNullable<PoolInvitationRefusal['pool']>['status'], string> = {
  1: 'open',
  2: 'under way',
  4: 'ended',
  8: 'completed',
};

/** One refusal on one line: when, the Lifeguard with their refusals in all, the pool, the address. */
export function refusalLine(refusal: PoolInvitationRefusal): string {
  const { lifeguard, pool } = refusal;
  const who = `${lifeguard.username ?? `account #${lifeguard.id} (gone)`} (${lifeguard.refusals} in all)`;
  const where = pool
    ? `pool #${pool.id} "${pool.name}" ${pool.sport} ${pool.season}, ${STATUS_WORDS[pool.status]}`
    : 'a pool since deleted';
  return `#${refusal.id} ${refusal.at} ${who}: ${where}: ${refusal.email}`;
}

/** Runs one command on an open database; returns the exit status (0 done, 1 refused). */
export async function runAdminCommand(
  command: AdminCommand,
  deps: { db: DbExecutor; config: Config; mailer: Mailer },
  output: CommandOutput,
  audit: AuditContext = commandLineAudit(),
): Promise<number> {
  try {
    switch (command.command) {
      case 'help':
        output.out(ADMIN_USAGE);
        return 0;
      case 'create': {
        const created = await createAdmin(deps, audit, command, systemClock());
        output.out(`Created the admin account ${created.user.username} (${created.user.email}).`);
        output.out(`Open this link to choose its password (it works once, for ${ADMIN_SETUP_TOKEN_HOURS} hours):`);
        output.out(created.setPasswordUrl);
        if (created.mail === 'sent') output.out(`The link was also mailed to ${created.user.email}.`);
        if (created.mail === 'failed') {
          output.err('Mailing the link failed; it stays in the outbox (npm run admin -- outbox).');
        }
        return 0;
      }
      case 'grant': {
        const { user, changed } = await grantAdmin(deps.db, audit, command.username);
        output.out(changed ? `${user.username} is now an admin.` : `${user.username} already is an admin.`);
        return 0;
      }
      case 'revoke': {
        const { user, changed } = await revokeAdmin(deps.db, audit, command.username);
        output.out(changed ? `${user.username} is no longer an admin.` : `${user.username} was not an admin.`);
        return 0;
      }
      case 'outbox': {
        const mails = await readUnsentMail(deps.db, audit, { to: command.to });
        if (mails.length === 0) output.out(`No unsent mail${command.to ? ` to ${command.to}` : ''}.`);
        for (const mail of mails) {
          output.out(
            `#${mail.id} ${mail.createdAt.toISOString()} to ${mail.toAddress}${mail.error ? ` (delivery failed: ${mail.error})` : ''}`,
          );
          output.out(`Subject: ${mail.subject}`);
          output.out('');
          output.out(mail.textBody);
          output.out('');
        }
        return 0;
      }
      case 'refusals': {
        const { data } = await listInvitationRefusals(deps.db, { limit: command.limit }, clockFor(deps.config)());
        if (data.length === 0) output.out('No pool invitation has been refused.');
        for (const refusal of data) output.out(refusalLine(refusal));
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof AdminCommandError) {
      output.err(error.message);
      return 1;
    }
    throw error;
  }
}
