import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { preparingClient } from './prepared-statements.js';

export type Schema = typeof schema;
/** The database as services and repositories see it: the same type on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself: what services and repositories take as their first argument. */
export type DbExecutor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * One object per database handle, the same for the handle and every transaction on it (drizzle hands each
 * transaction the handle's dialect): the key of a cache of what one database holds. A transaction is a new
 * object each time, so a cache keyed by the executor itself would never be hit inside one.
 */
export function databaseKey(db: DbExecutor): object {
  return (db as unknown as { dialect: object }).dialect;
}

export interface DbHandle {
  db: Database;
  kind: DatabaseKind;
  /** Resolves true when a trivial query answers within `timeoutMs`; never rejects. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
  /** The underlying client, for the rare job that needs it (COPY, dumps, advisory locks). */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
}

export interface CreateDbOptions {
  /** A postgres:// URL switches to a real PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files when no URL is given; `memory://` for a throwaway database. */
  dataDir?: string | undefined;
  /** Load a dumped PGlite data directory (a tarball) instead of opening files: used by tests. */
  loadDataDir?: Blob | undefined;
  /** Called with errors of idle pool clients (a restarted server), which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
  /** Connections of the pool. */
  poolSize?: number;
  /**
   * Statements each PostgreSQL connection keeps prepared (prepared-statements.ts); 0 sends every statement
   * unnamed, as a pooler in transaction mode without prepared-statement support needs.
   */
  preparedStatements?: number;
  /** How long a query waits for a pool connection before it fails (default 2 s). */
  connectionTimeoutMs?: number;
  /**
   * The name PostgreSQL shows for this process's connections (`pg_stat_activity.application_name`): which
   * instance holds a lock or runs a slow query.
   */
  applicationName?: string;
}

const PING_TIMEOUT_MS = 1500;

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) return createPostgresDb(options.databaseUrl, options);
  return createPgliteDb(options);
}

async function createPgliteDb(options: CreateDbOptions): Promise<DbHandle> {
  let releaseLock: (() => void) | undefined;
  let dataDir: string | undefined;
  if (options.dataDir && !options.dataDir.startsWith('memory://')) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    // PGlite is single-process: a second process opening the same files would corrupt them.
    releaseLock = acquireDataDirLock(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    releaseLock?.();
    throw error;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    ping: (timeoutMs = PING_TIMEOUT_MS) =>
      withTimeout(
        client.query('select 1').then(() => true),
        timeoutMs,
      ),
    async close() {
      if (!client.closed) await client.close();
      releaseLock?.();
    },
  };
}

async function createPostgresDb(databaseUrl: string, options: CreateDbOptions): Promise<DbHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    ...(options.preparedStatements === 0 ? {} : { Client: preparingClient(options.preparedStatements) }),
    // Fail fast while the server is unreachable, so readiness answers in time and requests get a clear 503.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 2000,
    idleTimeoutMillis: 30_000,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = drizzlePostgres(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    raw: { kind: 'postgres', pool },
    ping: (timeoutMs = PING_TIMEOUT_MS) =>
      withTimeout(
        pool.query('select 1').then(() => true),
        timeoutMs,
      ),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Resolves the promise's value, or false once the time is up or the promise fails. */
async function withTimeout(work: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([work.catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
