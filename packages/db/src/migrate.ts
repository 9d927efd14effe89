import { createRequire } from 'node:module';
import path from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { withAdvisoryLock } from './advisory-locks.js';
import type { DbHandle } from './client.js';

/**
 * The committed migrations. Resolved through the package's own package.json so the path holds both
 * from source and from the server's bundle.
 */
export const migrationsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@pass/db/package.json')),
  'migrations',
);

/**
 * Brings the schema up to date. Safe to run from several server instances at once: they wait on the migrations'
 * own lock while one migrates, never on a lock a running instance holds for long (advisory-locks.ts).
 */
export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.raw.kind === 'pglite') {
    await migratePglite(drizzlePglite(handle.raw.client), { migrationsFolder });
    return;
  }
  await withAdvisoryLock(handle, 'migrations', async (client) => {
    await migratePostgres(drizzlePostgres(client!), { migrationsFolder });
  });
}
