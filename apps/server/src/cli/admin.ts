/**
 * `npm run admin -- create <username> <email> | grant <username> | revoke <username> | outbox [--to <email>]
 *   | refusals [--limit <n>]`
 *
 * The only way to make an admin (docs/decisions/015). It opens DATABASE_URL, or the embedded database in
 * DATA_DIR; a running server holds that directory, and the command then says so and changes nothing.
 * Usage errors exit 2, refusals (an unknown username, a held directory) 1.
 */
import { createDb, DataDirInUseError, migrate, type DbHandle } from '@pass/db';
import { ConfigError, loadConfig, type Config } from '../env.js';
import { createMailer } from '../modules/mail/mailer.js';
import { ADMIN_USAGE, parseAdminArguments, runAdminCommand, UsageError, type AdminCommand } from './admin-command.js';

const output = {
  out: (line: string) => console.log(line),
  err: (line: string) => console.error(line),
};

async function main(): Promise<number> {
  let command: AdminCommand;
  let config: Config;
  try {
    command = parseAdminArguments(process.argv.slice(2));
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${ADMIN_USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (command.command === 'help') {
    console.log(ADMIN_USAGE);
    return 0;
  }

  let database: DbHandle;
  try {
    database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(
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
        console.error(reason ? `${message}: ${String(reason)}` : message);
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
