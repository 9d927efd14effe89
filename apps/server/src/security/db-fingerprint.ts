import type { DbExecutor, DbHandle } from '@pass/db';
import { sql } from 'drizzle-orm';

/**
 * What a refused request may still write, by design. Anything else a refused request changes is a finding.
 * Add a table or column here only with the reason.
 */
export const WRITES_ALLOWED_ON_REFUSAL: Record<string, '*' | string[]> = {
  // The security log records refusals (failed logins, denied resets): that is its purpose.
  audit_events: '*',
  // Resuming a session on any request, refused or not, refreshes its last-seen time (at most once a minute).
  sessions: ['last_seen_at'],
};

/** Per table: the number of rows and a hash of their contents (in any order), minus the allowed columns. */
export type DbFingerprint = Record<string, string>;

const statements = new WeakMap<DbExecutor, ReturnType<typeof sql.raw>>();

async function fingerprintStatement(db: DbExecutor) {
  const known = statements.get(db);
  if (known) return known;
  const result = (await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const parts = result.rows
    .map((row) => row.table_name)
    .filter((table) => WRITES_ALLOWED_ON_REFUSAL[table] !== '*')
    .map((table) => {
      const ignored = WRITES_ALLOWED_ON_REFUSAL[table];
      const row = Array.isArray(ignored)
        ? `(to_jsonb(t) - array[${ignored.map((column) => `'${column}'`).join(', ')}]::text[])`
        : 'to_jsonb(t)';
      return `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(md5(${row}::text), '' order by md5(${row}::text))), '') as value from "${table}" t`;
    });
  const statement = sql.raw(parts.join(' union all '));
  statements.set(db, statement);
  return statement;
}

/**
 * A fingerprint of every table of the database (new tables included without being listed), compared
 * before and after refused requests: a refused request must change nothing.
 */
export async function fingerprintDb(db: DbExecutor): Promise<DbFingerprint> {
  const result = (await db.execute(await fingerprintStatement(db))) as unknown as {
    rows: { name: string; value: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.value]));
}

/**
 * The fingerprint, recomputed only when a transaction has written since the last one: PostgreSQL assigns
 * every writing transaction an id, so an unchanged snapshot means an unchanged database. On a shared
 * PostgreSQL server other databases' writes move it too, which costs a recomputation, never a miss.
 */
export function watchDb(database: DbHandle): () => Promise<DbFingerprint> {
  // The mark is read once per request: straight from the driver, without the query builder's overhead.
  const query = 'select pg_current_snapshot()::text as mark';
  const readMark = async (): Promise<string> => {
    const result =
      database.raw.kind === 'pglite'
        ? await database.raw.client.query<{ mark: string }>(query)
        : await database.raw.pool.query<{ mark: string }>(query);
    return result.rows[0]!.mark;
  };
  let last: { mark: string; fingerprint: DbFingerprint } | null = null;
  return async () => {
    const mark = await readMark();
    if (last?.mark === mark) return last.fingerprint;
    last = { mark, fingerprint: await fingerprintDb(database.db) };
    return last.fingerprint;
  };
}

/** The tables whose fingerprint differs, or an empty list. */
export function changedTables(before: DbFingerprint, after: DbFingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
