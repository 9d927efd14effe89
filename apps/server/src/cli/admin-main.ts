import { createDb, DataDirInUseError, migrate, type DbHandle } from '@pass/db';
import { ConfigError, loadConfig, type Config } from '../env.js';
import { createMailer } from '../modules/mail/mailer.js';
import {
  ADMIN_USAGE,
  parseAdminArguments,
  runAdminCommand,
  UsageError,
  type AdminCommand,
  type CommandOutput,
} from './admin-command.js';

/**
 * `npm run admin` from its arguments and environment to its exit status, printing through `output`: the whole
 * command but the process around it (cli/admin.ts), so tests run it in-process. Usage errors are 2 and come
 * before any database is opened; refusals (an unknown username, a data directory a server holds) are 1.
 */
export async function runAdminCli(argv: string[], env: NodeJS.ProcessEnv, output: CommandOutput): Promise<number> {
  let command: AdminCommand;
  let config: Config;
  try {
    command = parseAdminArguments(argv);
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`${error.message}\n${ADMIN_USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      output.err(error.message);
      return 1;
    }
    throw error;
  }
  if (command.command === 'help') {
    output.out(ADMIN_USAGE);
    return 0;
  }

  let database: DbHandle;
  try {
    database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      output.err(
        `The server is running on ${config.dataDir} (process ${error.pid}); stop it first, or use DATABASE_URL ` +
          '(PostgreSQL), where this command works beside a running server. Nothing was changed.',
      );
      return 1;
    }
    throw error;
  }
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: {
      info: () => {},
      error: (detail: unknown, message?: string) => {
        const reason = (detail as { reason?: unknown } | null)?.reason;
        output.err(reason ? `${message}: ${String(reason)}` : String(message));
      },
    },
  });
  try {
    await migrate(database);
    return await runAdminCommand(command, { db: database.db, config, mailer }, output);
  } finally {
    await mailer.close();
    await database.close();
  }
}
