import { ADVISORY_LOCK_KEYS, type DbHandle } from '@pass/db';
import type pg from 'pg';

/**
 * The lock that makes one server instance at a time run the scheduled jobs (DESIGN.md section 2):
 * `pg_try_advisory_lock` on a dedicated connection, held for as long as the instance leads and released by
 * `release()` or by the connection closing with the process. PGlite is one process and one session (a
 * session's advisory locks are re-entrant), so there the lock is also kept in-process per database.
 */
export interface JobLock {
  /** True when this holder has the lock (now or already). Never throws: a lost database is "not held". */
  tryAcquire(): Promise<boolean>;
  readonly held: boolean;
  release(): Promise<void>;
}

const pgliteHolders = new WeakMap<object, Map<number, object>>();

export function createAdvisoryLock(handle: DbHandle, key: number = ADVISORY_LOCK_KEYS.scheduler): JobLock {
  return handle.raw.kind === 'postgres' ? postgresLock(handle.raw.pool, key) : pgliteLock(handle, key);
}

function postgresLock(pool: pg.Pool, key: number): JobLock {
  let client: pg.PoolClient | undefined;
  const drop = (broken: boolean) => {
    const current = client;
    client = undefined;
    current?.removeAllListeners('error');
    current?.release(broken);
  };
  return {
    get held() {
      return client !== undefined;
    },
    async tryAcquire() {
      if (client) return true;
      let candidate: pg.PoolClient | undefined;
      try {
        candidate = await pool.connect();
        const { rows } = await candidate.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (!rows[0]?.locked) {
          candidate.release();
          return false;
        }
        client = candidate;
        // A lost connection loses the lock with it: the next tick tries again.
        client.on('error', () => drop(true));
        return true;
      } catch {
        candidate?.release(true);
        return false;
      }
    },
    async release() {
      if (!client) return;
      try {
        await client.query('select pg_advisory_unlock($1)', [key]);
        drop(false);
      } catch {
        drop(true);
      }
    },
  };
}

function pgliteLock(handle: DbHandle, key: number): JobLock {
  const owner = {};
  const holders = () => {
    const database = handle.raw.kind === 'pglite' ? handle.raw.client : handle;
    let map = pgliteHolders.get(database);
    if (!map) {
      map = new Map();
      pgliteHolders.set(database, map);
    }
    return map;
  };
  return {
    get held() {
      return holders().get(key) === owner;
    },
    async tryAcquire() {
      const map = holders();
      const holder = map.get(key);
      if (holder) return holder === owner;
      // Taken before the first await, so two schedulers ticking together cannot both take it.
      map.set(key, owner);
      if (handle.raw.kind === 'pglite') {
        try {
          await handle.raw.client.query('select pg_try_advisory_lock($1)', [key]);
        } catch {
          map.delete(key);
          return false;
        }
      }
      return true;
    },
    async release() {
      const map = holders();
      if (map.get(key) !== owner) return;
      map.delete(key);
      if (handle.raw.kind === 'pglite' && !handle.raw.client.closed) {
        await handle.raw.client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
      }
    },
  };
}
