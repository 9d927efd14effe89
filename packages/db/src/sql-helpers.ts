import type { SQL, SQLWrapper } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from './client.js';

/**
 * The helpers of the repositories' hand-written SQL: a raw statement's rows, bulk writes cut into statements, a
 * column of values sent as one array parameter (`unnest(...)`), which keeps a bulk statement's parameters few
 * on PGlite as on PostgreSQL, and rows grouped by their parent.
 */

/** The rows of a raw statement, as the caller's row type (the SQL's `as` names are the fields). */
export async function rows<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A read that can share one statement with others (readTogether): an expression giving one JSON value (a scalar
 * subquery, which may have its own `with`), and how the app reads that value.
 */
export interface JsonRead<T> {
  expression: SQL;
  read: (value: unknown) => T;
}

/**
 * These reads as the columns of one statement: one round trip for all of them, each read as if alone (a
 * submission's week, its games and its members: the same snapshot, one statement's worth of waiting).
 */
export async function readTogether<T extends readonly unknown[]>(
  db: DbExecutor,
  reads: { readonly [K in keyof T]: JsonRead<T[K]> },
): Promise<T> {
  const list = reads as readonly JsonRead<unknown>[];
  const columns = sql.join(
    list.map((read, index) => sql`(${read.expression}) as ${sql.raw(`read_${index}`)}`),
    sql`, `,
  );
  const [row] = await rows<Record<string, unknown>>(db, sql`select ${columns}`);
  return list.map((read, index) => read.read(row![`read_${index}`])) as unknown as T;
}

/** One read (JsonRead) alone. */
export async function readOne<T>(db: DbExecutor, read: JsonRead<T>): Promise<T> {
  const [value] = await readTogether<[T]>(db, [read]);
  return value;
}

/**
 * A row type as a statement's JSON gives it (`json_build_object`, fields named as the app names them): the time
 * fields `K` arrive as text, `jsonDate` turns them back.
 */
export type JsonDated<T, K extends keyof T> = Omit<T, K> & { [P in K]: string | null };

/** A time read from a statement's JSON, as a date. */
export function jsonDate(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

/** `items` in runs of at most `size`, in order: one statement each. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/** Rows grouped by a key (a parent's id), each group in the rows' order: a one-to-many read put together. */
export function groupBy<T, K, V = T>(
  items: readonly T[],
  keyOf: (item: T) => K,
  valueOf?: (item: T) => V,
): Map<K, V[]> {
  const grouped = new Map<K, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const value = valueOf ? valueOf(item) : (item as unknown as V);
    const list = grouped.get(key);
    if (list) list.push(value);
    else grouped.set(key, [value]);
  }
  return grouped;
}

/** One column of a bulk statement: the values as a single array parameter of the PostgreSQL `type`. */
export const column = <T>(values: readonly T[], type: string): SQL => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/**
 * `target = any(values)`, the values as one array parameter of the PostgreSQL `type` (ids by default), where
 * drizzle's `inArray` spells out a parameter per value: one statement text whatever the number of values, so it
 * is prepared once (decision 096), and built in microseconds where a list of a result's 2,000 pools took a
 * millisecond. False for no values, as `inArray`.
 */
export const equalsAny = (target: SQLWrapper, values: readonly unknown[], type = 'int'): SQL =>
  sql`${target} = any(${column(values, type)})`;
