import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client.js';
import { lastStatement, transactionCommittingWith } from './commit-with.js';
import { rows } from './sql-helpers.js';
import { createTestDb } from './testing/index.js';

/**
 * A transaction whose last statements go with its COMMIT (decision 097), on the database of the project running
 * it (PGlite, or PostgreSQL with DATABASE_URL): what it commits, and what a failure leaves.
 */

describe('transactionCommittingWith', () => {
  let handle: DbHandle;
  const counters = () => rows<{ id: number; n: number }>(handle.db, sql`select id, n from counters order by id`);

  beforeAll(async () => {
    handle = await createTestDb();
    await handle.db.execute(sql`create table counters (id int primary key, n int not null)`);
    await handle.db.execute(sql`insert into counters values (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("commits the work and its last statements, and answers the work's value", async () => {
    const value = await transactionCommittingWith(handle.db, async (tx) => {
      await tx.execute(sql`update counters set n = n + 10 where id = ${1}`);
      return {
        value: 'written',
        last: [
          lastStatement`update counters set n = n + 1 where id in (${[1, 2]})`,
          lastStatement`update counters set n = n + 1 where id = ${2}`,
        ],
      };
    });
    expect(value).toBe('written');
    expect(await counters()).toEqual([
      { id: 1, n: 11 },
      { id: 2, n: 2 },
    ]);
  });

  it('keeps nothing of a transaction whose work fails, or whose last statement fails', async () => {
    const before = await counters();
    await expect(
      transactionCommittingWith(handle.db, async (tx) => {
        await tx.execute(sql`update counters set n = n + 100 where id = ${1}`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const failed = await transactionCommittingWith(handle.db, async (tx) => {
      await tx.execute(sql`update counters set n = n + 100 where id = ${1}`);
      return { value: null, last: [lastStatement`update counters set n = n / 0 where id = ${2}`] };
    }).catch((error: Error) => error);
    // PostgreSQL's own error, or drizzle's around it (PGlite).
    expect(failed).toBeInstanceOf(Error);
    expect([(failed as Error).message, ((failed as Error).cause as Error | undefined)?.message].join(' ')).toMatch(
      /division by zero/,
    );
    expect(await counters()).toEqual(before);
    // The connection is in use again, its transaction over.
    await transactionCommittingWith(handle.db, async () => ({ value: null, last: [] }));
    expect(await counters()).toEqual(before);
  });

  it('nests savepoints in the work as a transaction does', async () => {
    const before = await counters();
    await transactionCommittingWith(handle.db, async (tx) => {
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`update counters set n = n + 5 where id = ${1}`);
          throw new Error('undone');
        })
        .catch(() => undefined);
      return { value: null, last: [lastStatement`update counters set n = n + 1 where id = ${1}`] };
    });
    expect(await counters()).toEqual([{ id: 1, n: before[0]!.n + 1 }, before[1]]);
  });

  it('spells only whole numbers into a last statement', () => {
    expect(lastStatement`select ${3} where 1 in (${[1, 2]})`.text).toBe('select 3 where 1 in (1, 2)');
    expect(() => lastStatement`select ${1.5}`).toThrow(/whole numbers/);
    expect(() => lastStatement`select ${Number.NaN}`).toThrow(/whole numbers/);
    expect(() => lastStatement`select 1 where 1 in (${[]})`).toThrow(/whole numbers/);
  });
});
