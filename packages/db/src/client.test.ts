import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, databaseKey, type DbHandle } from './client.js';
import { migrate } from './migrate.js';
import { legalDocuments, pageViews } from './schema/index.js';
import { LEGAL_DOCUMENT_SEEDS, seedLegalDocuments, seedReferenceData } from './seed/index.js';
import { createTestDb } from './testing/index.js';

async function legalDocumentCount(handle: DbHandle): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(legalDocuments);
  return row?.n ?? -1;
}

/** The rows of drizzle's own bookkeeping table: one per applied migration. */
async function appliedMigrations(handle: DbHandle): Promise<unknown[]> {
  const query = 'select hash, created_at from drizzle.__drizzle_migrations order by id';
  const result =
    handle.raw.kind === 'pglite' ? await handle.raw.client.query(query) : await handle.raw.pool.query(query);
  return result.rows;
}

describe('createDb on a PGlite data directory', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pass-db-client-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds idempotently, keeps the data on disk and releases its lock', async () => {
    const handle = await createDb({ dataDir });
    const lockPath = path.join(dataDir, 'pglite', '.pass.lock');
    try {
      expect(handle.kind).toBe('pglite');
      expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
      await migrate(handle);
      await seedReferenceData(handle.db);
      await seedReferenceData(handle.db);
      expect(await legalDocumentCount(handle)).toBe(3);
      expect(await handle.ping()).toBe(true);
    } finally {
      await handle.close();
    }
    expect(existsSync(lockPath)).toBe(false);

    const reopened = await createDb({ dataDir });
    try {
      await migrate(reopened);
      expect(await seedLegalDocuments(reopened.db)).toBe(0);
      const slugs = await reopened.db
        .select({ slug: legalDocuments.slug })
        .from(legalDocuments)
        .orderBy(legalDocuments.slug);
      expect(slugs.map((row) => row.slug)).toEqual(LEGAL_DOCUMENT_SEEDS.map((seed) => seed.slug).sort());
    } finally {
      await reopened.close();
    }
  });

  it('answers a ping with false once closed, and can be closed twice', async () => {
    const handle = await createDb({ dataDir: 'memory://' });
    expect(await handle.ping()).toBe(true);
    await handle.close();
    await handle.close();
    expect(await handle.ping(200)).toBe(false);
  });
});

describe('migrate and seed on the test database', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('treats a second migration as a no-op', async () => {
    await handle.db.insert(pageViews).values({ route: 'home', query: '', day: '2025-09-04', views: 7 });
    const before = await appliedMigrations(handle);
    expect(before.length).toBeGreaterThan(0);

    await migrate(handle);
    await migrate(handle);

    expect(await appliedMigrations(handle)).toEqual(before);
    // The data is untouched.
    expect(await handle.db.select().from(pageViews)).toEqual([
      { route: 'home', query: '', day: '2025-09-04', views: 7 },
    ]);
  });

  it('seeds the three legal documents once and leaves an edited one as it is', async () => {
    expect(await seedLegalDocuments(handle.db)).toBe(3);
    await handle.db.update(legalDocuments).set({ title: 'Edited' }).where(eq(legalDocuments.slug, 'terms-of-service'));
    expect(await seedLegalDocuments(handle.db)).toBe(0);
    await seedReferenceData(handle.db);
    expect(await legalDocumentCount(handle)).toBe(3);
    const titles = await handle.db
      .select({ slug: legalDocuments.slug, title: legalDocuments.title })
      .from(legalDocuments);
    expect(titles).toContainEqual({ slug: 'terms-of-service', title: 'Edited' });
  });
});

describe('databaseKey', () => {
  it('is the same for a database and its transactions, and differs between two databases', async () => {
    const first = await createTestDb();
    const second = await createTestDb();
    try {
      const inside = await first.db.transaction(async (tx) => {
        const nested = await tx.transaction(async (savepoint) => databaseKey(savepoint));
        return [databaseKey(tx), nested];
      });
      expect(inside[0]).toBe(databaseKey(first.db));
      expect(inside[1]).toBe(databaseKey(first.db));
      expect(databaseKey(second.db)).not.toBe(databaseKey(first.db));
    } finally {
      await first.close();
      await second.close();
    }
  });
});
