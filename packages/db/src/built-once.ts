import { databaseKey, type DbExecutor } from './client.js';

/**
 * Statements built once per database (the statements every request runs: its session, its pool membership).
 * drizzle builds a statement's SQL from its builder on every run, walking each column and condition; for these
 * that cost the app more than PostgreSQL took to answer them (bench: sunday, a fifth of a millisecond a
 * request). Built once with drizzle's placeholders, a statement is only given its values after that
 * (decision 098).
 */

/** A drizzle statement as built, run with the values of its placeholders on its `client`. */
interface BuiltStatement<Result> {
  client: unknown;
  execute(values: Record<string, unknown>): Promise<Result>;
}

/**
 * drizzle's internals this reads, marked internal in its types (a drizzle upgrade should run this package's
 * tests first): a builder's `_prepare()` builds the statement (the public `prepare` requires a name, which would
 * send it named past the app's own naming and DATABASE_PREPARED_STATEMENTS), and a built statement runs on the
 * `client` it holds, which is its executor's `session.client` (the pool, or a transaction's connection), with
 * both drivers.
 */
interface Preparable<Result> {
  _prepare(): BuiltStatement<Result>;
}
interface WithSession {
  session: { client: unknown };
}

/**
 * The statement `build` makes, built once per database and run with `values` for its `sql.placeholder`s on the
 * executor it is given: the database, or a transaction on it (where it runs inside the transaction).
 */
export function builtOnce<Values extends Record<string, unknown>, Result>(
  build: (db: DbExecutor) => PromiseLike<Result>,
): (db: DbExecutor, values: Values) => Promise<Result> {
  const built = new WeakMap<object, BuiltStatement<Result>>();
  return (db, values) => {
    let statement = built.get(databaseKey(db));
    if (!statement) {
      statement = (build(db) as unknown as Preparable<Result>)._prepare();
      built.set(databaseKey(db), statement);
    }
    // The statement as built, on this executor's connection: everything else it holds is the database's.
    const client = (db as unknown as WithSession).session.client;
    const onClient = statement.client === client ? statement : Object.create(statement, { client: { value: client } });
    return (onClient as BuiltStatement<Result>).execute(values);
  };
}
