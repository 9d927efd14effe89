import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtOnce } from './built-once.js';
import type { DbExecutor, DbHandle } from './client.js';
import { createTestDb } from './testing/index.js';

/** builtOnce, on the database of the project running it (PGlite, or PostgreSQL with DATABASE_URL). */

const notes = pgTable('built_once_notes', { id: integer('id').primaryKey(), body: text('body').notNull() });

describe('builtOnce', () => {
  let handle: DbHandle;
  let builds = 0;
  const noteById = builtOnce((db: DbExecutor) => {
    builds += 1;
    return db
      .select()
      .from(notes)
      .where(eq(notes.id, sql.placeholder('id')));
  });

  beforeAll(async () => {
    handle = await createTestDb();
    await handle.db.execute(sql`create table built_once_notes (id int primary key, body text not null)`);
    await handle.db.execute(sql`insert into built_once_notes values (1, 'one'), (2, 'two')`);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('builds the statement once for the database and runs it with each call’s values', async () => {
    expect(await noteById(handle.db, { id: 1 })).toEqual([{ id: 1, body: 'one' }]);
    expect(await noteById(handle.db, { id: 2 })).toEqual([{ id: 2, body: 'two' }]);
    expect(await noteById(handle.db, { id: 3 })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('runs the one built statement inside a transaction it is given, on the transaction’s connection', async () => {
    const before = builds;
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into built_once_notes values (3, 'three')`);
        expect(await noteById(tx, { id: 3 })).toEqual([{ id: 3, body: 'three' }]);
        expect(await noteById(tx, { id: 1 })).toEqual([{ id: 1, body: 'one' }]);
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    expect(builds).toBe(before);
    // The row the transaction wrote was rolled back with it: the database's run does not see it.
    expect(await noteById(handle.db, { id: 3 })).toEqual([]);
  });

  it('runs a statement first built inside a transaction on the database once that transaction is over', async () => {
    let built = 0;
    const bodyById = builtOnce((db: DbExecutor) => {
      built += 1;
      return db
        .select({ body: notes.body })
        .from(notes)
        .where(eq(notes.id, sql.placeholder('id')));
    });
    await handle.db.transaction(async (tx) => {
      expect(await bodyById(tx, { id: 2 })).toEqual([{ body: 'two' }]);
    });
    expect(await bodyById(handle.db, { id: 1 })).toEqual([{ body: 'one' }]);
    // Two at once on the database: each takes a connection of its own from the pool.
    expect(await Promise.all([bodyById(handle.db, { id: 1 }), bodyById(handle.db, { id: 2 })])).toEqual([
      [{ body: 'one' }],
      [{ body: 'two' }],
    ]);
    expect(built).toBe(1);
  });
});
