import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client.js';
import { equalsAny, rows } from './sql-helpers.js';
import { createTestDb } from './testing/index.js';

/**
 * `equalsAny`: a list of ids as one array parameter, on the database of the project running it (PGlite, or
 * PostgreSQL with DATABASE_URL).
 */

describe('equalsAny', () => {
  let handle: DbHandle;
  const idsOf = async (values: readonly number[]) =>
    (
      await rows<{ id: number }>(
        handle.db,
        sql`select id from numbered where ${equalsAny(sql.raw('id'), values)} order by id`,
      )
    ).map((row) => row.id);

  beforeAll(async () => {
    handle = await createTestDb();
    await handle.db.execute(sql`create table numbered (id int primary key)`);
    await handle.db.execute(sql`insert into numbered select generate_series(1, 3000)`);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('selects the rows whose value is listed, however many are listed, and none for an empty list', async () => {
    expect(await idsOf([7, 3, 3001, 3])).toEqual([3, 7]);
    const many = Array.from({ length: 2000 }, (_, index) => 2 * index + 1);
    expect(await idsOf(many)).toEqual(many.filter((id) => id <= 3000));
    expect(await idsOf([])).toEqual([]);
  });

  it('is one statement text with one parameter whatever the number of values', () => {
    const dialect = new PgDialect();
    const one = dialect.sqlToQuery(sql`select 1 where ${equalsAny(sql.raw('id'), [1])}`);
    const many = dialect.sqlToQuery(sql`select 1 where ${equalsAny(sql.raw('id'), [1, 2, 3, 4, 5])}`);
    expect(many.sql).toBe(one.sql);
    expect(many.sql).toContain('= any($1::int[])');
    expect(many.params).toEqual([[1, 2, 3, 4, 5]]);
  });
});
