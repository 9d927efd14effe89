import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client.js';
import { rows } from './sql-helpers.js';
import { createPostgresTestDatabaseUrl } from './testing/index.js';

/**
 * Statements prepared once per connection (decision 096), on PostgreSQL: what a connection holds prepared is
 * `pg_prepared_statements`, seen from that connection (a transaction keeps one).
 */

const preparedOn = async (tx: Parameters<Parameters<DbHandle['db']['transaction']>[0]>[0]) =>
  (await rows<{ statement: string }>(tx, sql`select statement from pg_prepared_statements`)).map(
    (row) => row.statement,
  );

describe('statements prepared per connection', () => {
  const opened: { handle: DbHandle; drop: () => Promise<void> }[] = [];
  const open = async (preparedStatements?: number) => {
    const { url, drop } = await createPostgresTestDatabaseUrl();
    const handle = await createDb({ databaseUrl: url, poolSize: 1, preparedStatements });
    opened.push({ handle, drop });
    return handle;
  };
  afterEach(async () => {
    for (const { handle, drop } of opened.splice(0)) {
      await handle.close();
      await drop();
    }
  });

  const doubled = (value: number) => sql`select ${value}::int * 2 as doubled`;
  const tripled = (value: number) => sql`select ${value}::int * 3 as tripled`;

  it('prepares a statement with parameters once and runs it again by name, with new values', async () => {
    const handle = await open();
    const seen = await handle.db.transaction(async (tx) => {
      const answers = [];
      for (const value of [1, 2, 3]) answers.push((await rows<{ doubled: number }>(tx, doubled(value)))[0]!.doubled);
      // No parameters: sent as text, never prepared.
      await tx.execute(sql`select 4 * 2`);
      return { answers, prepared: await preparedOn(tx) };
    });
    expect(seen.answers).toEqual([2, 4, 6]);
    expect(seen.prepared.filter((text) => text.includes('* 2'))).toEqual(['select $1::int * 2 as doubled']);
    expect(seen.prepared.some((text) => text.includes('4 * 2'))).toBe(false);
  });

  it('keeps at most its limit of statements prepared, and sends the rest unnamed', async () => {
    const handle = await open(1);
    const prepared = await handle.db.transaction(async (tx) => {
      await rows(tx, doubled(1));
      expect((await rows<{ tripled: number }>(tx, tripled(2)))[0]!.tripled).toBe(6);
      return preparedOn(tx);
    });
    expect(prepared.filter((text) => text.startsWith('select $1::int'))).toEqual(['select $1::int * 2 as doubled']);
  });

  it('prepares nothing when asked for none', async () => {
    const handle = await open(0);
    const prepared = await handle.db.transaction(async (tx) => {
      await rows(tx, doubled(1));
      return preparedOn(tx);
    });
    expect(prepared.filter((text) => text.startsWith('select $1::int'))).toEqual([]);
  });

  it('prepares again under a new name once a migration changed what a statement answers', async () => {
    const handle = await open();
    await handle.db.execute(sql`create table widgets (id int)`);
    const read = () => rows<Record<string, unknown>>(handle.db, sql`select * from widgets where id = ${1}`);
    await handle.db.execute(sql`insert into widgets values (1)`);
    expect(await read()).toEqual([{ id: 1 }]);
    await handle.db.execute(sql`alter table widgets add column name text default 'first'`);
    // The copy prepared before the change is refused once by PostgreSQL; the next run prepares it afresh.
    await expect(read()).rejects.toMatchObject({ cause: { code: '0A000' } });
    expect(await read()).toEqual([{ id: 1, name: 'first' }]);
  });
});
