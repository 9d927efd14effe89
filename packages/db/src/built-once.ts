import type { DbExecutor } from './client.js';

/**
 * Statements built once per database handle (the statements every request runs: its session, its pool
 * membership). drizzle builds a statement's SQL from its builder on every run, walking each column and condition;
 * for these that cost the app more than PostgreSQL took to answer them (bench: sunday, a fifth of a millisecond
 * a request). Built once with drizzle's placeholders, a statement is only given its values after that.
 */

/** A drizzle statement as built, run with the values of its placeholders. */
interface BuiltStatement<Result> {
  execute(values: Record<string, unknown>): Promise<Result>;
}

/**
 * What drizzle's query builders build from (`_prepare()`, theirs though marked internal: the public `prepare`
 * requires a name, which would send the statement named past the app's own naming and its
 * DATABASE_PREPARED_STATEMENTS setting). A drizzle upgrade should run this package's tests first.
 */
interface Preparable<Result> {
  _prepare(): BuiltStatement<Result>;
}

/**
 * The statement `build` makes, built once per executor and run with `values` for its `sql.placeholder`s. The
 * database handle is long-lived and keeps its built copy; a transaction, a new executor each time, builds its
 * own (a statement built on the handle would run outside the transaction).
 */
export function builtOnce<Values extends Record<string, unknown>, Result>(
  build: (db: DbExecutor) => PromiseLike<Result>,
): (db: DbExecutor, values: Values) => Promise<Result> {
  const built = new WeakMap<DbExecutor, BuiltStatement<Result>>();
  return (db, values) => {
    let statement = built.get(db);
    if (!statement) {
      statement = (build(db) as unknown as Preparable<Result>)._prepare();
      built.set(db, statement);
    }
    return statement.execute(values);
  };
}
