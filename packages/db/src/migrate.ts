import { createRequire } from 'node:module';
import path from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DbHandle } from './client.js';

/**
 * The committed migrations. Resolved through the package's own package.json so the path holds both
 * from source and from the server's bundle.
 */
export const migrationsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@pass/db/package.json')),
  'migrations',
);

// Any fixed number: every instance that starts at once waits on the same lock while one migrates.
const MIGRATION_LOCK_KEY = 727_001;

/** Brings the schema up to date. Safe to run from several server instances at once. */
export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.raw.kind === 'pglite') {
    await migratePglite(drizzlePglite(handle.raw.client), { migrationsFolder });
    return;
  }
  const client = await handle.raw.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
