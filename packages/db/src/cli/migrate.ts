// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the PGlite in DATA_DIR.
import path from 'node:path';
import { createDb } from '../client.js';
import { migrate } from '../migrate.js';

const databaseUrl = process.env.DATABASE_URL || undefined;
// npm runs workspace scripts in the package folder: resolve DATA_DIR from where the command was typed.
const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR || './data');
const handle = await createDb({ databaseUrl, dataDir });
try {
  await migrate(handle);
  console.log(`migrations applied to ${databaseUrl ? new URL(databaseUrl).host : dataDir}`);
} finally {
  await handle.close();
}
