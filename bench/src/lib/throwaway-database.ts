import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { deferCleanup } from './cleanup.js';

export interface ThrowawayDatabase {
  name: string;
  /** DATABASE_URL for the new database: the admin URL with its database name replaced. */
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty database on the server `adminUrl` points at, so the benchmark migrates and seeds
 * its own and never touches the data already there. The drop is registered as a cleanup, so it
 * also happens when the bench fails or is interrupted.
 */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  // Hex only: the name is interpolated into SQL (CREATE DATABASE takes no parameters).
  const name = `pass_bench_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database "${name}"`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  const drop = deferCleanup(`drop database ${name}`, () =>
    // WITH (FORCE) (PostgreSQL 13+) ends any connection a killed server left behind.
    withClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  );
  return { name, url: url.toString(), drop };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
