/**
 * PostgreSQL's errors as the drivers raise them (pg and PGlite alike: a `code` of SQLSTATE and the
 * `constraint`), found however deeply they are wrapped: Drizzle puts the driver's error in `cause`.
 */
export interface DatabaseErrorFields {
  code: string;
  constraint?: string;
}

/** SQLSTATE unique_violation. */
const UNIQUE_VIOLATION = '23505';
// Drizzle wraps once and a transaction may wrap again; more than this is a loop or not ours.
const MAX_CAUSE_DEPTH = 10;

/** The first error in the cause chain that carries the SQLSTATE `code`, or null. */
export function findDatabaseError(error: unknown, code: string): DatabaseErrorFields | null {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current !== null && typeof current === 'object'; depth += 1) {
    const fields = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (fields.code === code) {
      return typeof fields.constraint === 'string' ? { code, constraint: fields.constraint } : { code };
    }
    if (fields.cause === current) break;
    current = fields.cause;
  }
  return null;
}

/**
 * Whether the error is a unique violation, of the given index or constraint when one is named. The one
 * test for "someone else got there first" on every database.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = findDatabaseError(error, UNIQUE_VIOLATION);
  return found !== null && (constraint === undefined || found.constraint === constraint);
}
