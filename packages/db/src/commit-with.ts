import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, DbExecutor } from './client.js';

/**
 * A transaction whose last statements travel with its COMMIT, in one message (decision 097). Rows those
 * statements update — the versions every writer of a pool raises — are then held for the commit alone: not for
 * a round trip to the app and the app's turn on a busy event loop, which is what queued a burst of submissions
 * behind one another.
 */

/**
 * A statement sent as text with the COMMIT: it takes no parameters, so whatever it holds is spelled into it
 * (`lastStatement` checks the numbers it is given).
 */
export interface LastStatement {
  readonly text: string;
}

/** A last statement from text and the whole numbers spelled into it (row ids, never anything a user typed). */
export function lastStatement(
  parts: TemplateStringsArray,
  ...numbers: readonly (number | readonly number[])[]
): LastStatement {
  const spelled = numbers.map((value) => {
    const list = typeof value === 'number' ? [value] : value;
    if (list.length === 0 || !list.every(Number.isSafeInteger)) {
      throw new Error(`A last statement takes whole numbers, not ${JSON.stringify(value)}`);
    }
    return list.join(', ');
  });
  return { text: parts.reduce((text, part, index) => text + spelled[index - 1]! + part) };
}

export interface CommittingOptions {
  /**
   * On PostgreSQL, the transaction's statements run with the plan each connection keeps for them (a generic
   * plan, `plan_cache_mode`), never planned again for their values: for a transaction of statements keyed by
   * ids whose plan does not depend on them, where planning a long statement afresh cost as much as running it
   * (decision 100). Said with the BEGIN, so it costs no round trip; it ends with the transaction.
   */
  readonly genericPlans?: boolean;
}

/**
 * Runs `work` in a transaction, then its `last` statements and the COMMIT. On PostgreSQL the three go as one
 * message of the simple protocol; on PGlite (one connection, nothing waits for a lock), or inside a transaction
 * already, they run as statements of their own before the commit.
 */
export async function transactionCommittingWith<T>(
  db: Database,
  work: (tx: DbExecutor) => Promise<{ value: T; last: readonly LastStatement[] }>,
  committing: CommittingOptions = {},
): Promise<T> {
  const root = (db as unknown as { session: { client: unknown } }).session;
  if (!(root.client instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      const { value, last } = await work(tx);
      for (const statement of last) await tx.execute(sql.raw(statement.text));
      return value;
    });
  }
  const client = await root.client.connect();
  // The transaction drizzle's own `transaction` would hand out, on this connection (savepoints nest in it).
  const { dialect, schema, options } = root as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema, options), schema);
  let broken: Error | undefined;
  try {
    await client.query(committing.genericPlans ? 'begin; set local plan_cache_mode = force_generic_plan' : 'begin');
    try {
      const { value, last } = await work(tx as unknown as DbExecutor);
      await client.query([...last.map((statement) => statement.text), 'commit'].join(';\n'));
      return value;
    } catch (error) {
      await client.query('rollback').catch((rollbackFailed: Error) => {
        broken = rollbackFailed;
      });
      throw error;
    }
  } finally {
    // A connection whose rollback failed is not handed out again.
    client.release(broken);
  }
}
