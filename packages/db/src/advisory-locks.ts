import type pg from 'pg';
import type { DbHandle } from './client.js';

/**
 * Every PostgreSQL advisory lock the service takes, one key per purpose, named in this one place (DESIGN.md
 * section 2). A key shared by two purposes makes one wait on the other: a new instance's migrations once
 * waited, for as long as it led, on the running instance's scheduler lock, and never started.
 *
 * The numbers are arbitrary but fixed: instances of different releases must agree on them during a rolling
 * deploy, so a key never changes once released; a new purpose takes a new number.
 */
export const ADVISORY_LOCK_KEYS = {
  /** Held by the instance that runs the scheduled jobs, on a dedicated connection, for as long as it leads. */
  scheduler: 727_001,
  /** Held while an instance brings the schema up to date: instances starting together wait here, briefly. */
  migrations: 727_002,
  /**
   * Held while an instance runs the first-run import: an instance starting beside it waits, then finds the
   * data loaded and leaves it as it is, instead of importing the same files at the same time.
   */
  firstRun: 727_003,
} as const;

export type AdvisoryLockPurpose = keyof typeof ADVISORY_LOCK_KEYS;

/**
 * Runs `work` while this instance holds the purpose's lock, waiting while another instance holds it. On
 * PostgreSQL the lock is a session lock on a connection of its own, given to `work` (the migrations run on
 * it); on PGlite, one process and one session, there is nobody to wait for and `work` gets `null`.
 */
export async function withAdvisoryLock<T>(
  handle: DbHandle,
  purpose: AdvisoryLockPurpose,
  work: (lockedClient: pg.PoolClient | null) => Promise<T>,
): Promise<T> {
  if (handle.raw.kind === 'pglite') return work(null);
  const key = ADVISORY_LOCK_KEYS[purpose];
  const client = await handle.raw.pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {
        // A lost connection has released the lock with it; it must not go back to the pool.
        broken = true;
      });
    }
  } finally {
    client.release(broken);
  }
}
