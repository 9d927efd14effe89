import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbExecutor, type DbHandle } from './client.js';
import { lastStatement, transactionCommittingWith } from './commit-with.js';
import { rows } from './sql-helpers.js';
import { createPostgresTestDatabaseUrl } from './testing/index.js';

/**
 * On PostgreSQL, the rows a transaction's last statements update (decision 097) are not held while its work is
 * under way: another connection updates them meanwhile without waiting, and the last statements then add to that.
 */

describe('transactionCommittingWith on PostgreSQL', () => {
  let handle: DbHandle;
  let other: pg.Client;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createPostgresTestDatabaseUrl();
    drop = database.drop;
    handle = await createDb({ databaseUrl: database.url, poolSize: 2 });
    await handle.db.execute(sql`create table versions (id int primary key, version int not null)`);
    await handle.db.execute(sql`insert into versions values (1, 0)`);
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
    // Waiting for a lock would fail here rather than hang.
    await other.query(`set lock_timeout = '2s'`);
  });
  afterAll(async () => {
    await other.end();
    await handle.close();
    await drop();
  });

  it('holds the rows of its last statements for the commit only', async () => {
    await transactionCommittingWith(handle.db, async (tx) => {
      await tx.execute(sql`select 1`);
      // Another writer of the same version goes through while this transaction is under way.
      await other.query('update versions set version = version + 1 where id = 1');
      return { value: null, last: [lastStatement`update versions set version = version + 1 where id = ${1}`] };
    });
    expect((await other.query('select version from versions where id = 1')).rows).toEqual([{ version: 2 }]);
  });

  it('runs its statements with the plans the connection keeps when asked, for that transaction only', async () => {
    const mode = async (tx: DbExecutor) =>
      (await rows<{ plan_cache_mode: string }>(tx, sql`show plan_cache_mode`))[0]!.plan_cache_mode;
    const inside = await transactionCommittingWith(handle.db, async (tx) => ({ value: await mode(tx), last: [] }), {
      genericPlans: true,
    });
    expect(inside).toBe('force_generic_plan');
    // The pool's connections (two) go back to PostgreSQL's own choice once the transaction ends.
    const after = await Promise.all([1, 2].map(() => handle.db.transaction((tx) => mode(tx))));
    expect(after).toEqual(['auto', 'auto']);
    const plain = await transactionCommittingWith(handle.db, async (tx) => ({ value: await mode(tx), last: [] }));
    expect(plain).toBe('auto');
  });
});
