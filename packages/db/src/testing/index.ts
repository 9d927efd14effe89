import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { createDb, type DbHandle } from '../client.js';
import { migrate } from '../migrate.js';

export { buildPgliteTemplate } from './pglite-template.js';

/**
 * Which database the current test run uses: `pglite` (default) or `postgres` (needs DATABASE_URL).
 * The test runner runs the server suites once per database kind.
 */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh, migrated database for one test file. On PGlite it is loaded from the template image
 * made once per run (PGLITE_TEMPLATE), which is far faster than migrating each time; on PostgreSQL
 * it is a new database of its own, dropped by `close()`.
 */
export async function createTestDb(options: { pgliteTemplate?: string | undefined } = {}): Promise<DbHandle> {
  if (testDatabaseKind() === 'postgres') return createPostgresTestDb();
  const templatePath = options.pgliteTemplate ?? process.env.PGLITE_TEMPLATE;
  if (templatePath) {
    const image = await readFile(templatePath);
    return createDb({ dataDir: 'memory://', loadDataDir: new Blob([image]) });
  }
  const handle = await createDb({ dataDir: 'memory://' });
  await migrate(handle);
  return handle;
}

async function createPostgresTestDb(): Promise<DbHandle> {
  const database = await createPostgresTestDatabaseUrl();
  // A small pool for many test databases at once; bursts of a thousand requests queue for it rather than
  // fail, as they would after the 2 s a server waits.
  const handle = await createDb({ databaseUrl: database.url, poolSize: 4, connectionTimeoutMs: 30_000 });
  await migrate(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** The URL of a fresh, empty PostgreSQL database for a test that starts its own server, and how to drop it. */
export async function createPostgresTestDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    // Never pass silently without the database the suite was asked to run on.
    throw new Error('This test needs DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test)');
  }
  const name = `pass_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`).finally(() => admin.end());
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`).finally(() => dropper.end());
    },
  };
}
