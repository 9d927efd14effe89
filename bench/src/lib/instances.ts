import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '@pass/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { REDIS_URL, redisReachable } from './chat-fanout.js';
import { deferCleanup } from './cleanup.js';
import { machineCpuSeconds, processCpuSeconds } from './cpu.js';
import { seedGradedMember } from './data-benchmarks.js';
import { LOAD_SETTINGS, measureLoadAcross, probe, type LoadResult } from './load.js';
import { SERVERS_DIR } from './paths.js';
import { startBenchServer, type BenchServer } from './processes.js';
import type { HttpBenchmark } from './report.js';
import { createThrowawayDatabase } from './throwaway-database.js';

/**
 * Two instances (issue 24; decision 057): the same server started twice on one throwaway PostgreSQL database and
 * one Redis, against one instance of it, for a cached read (the schedule with odds) and a read from the database
 * (a member's settled entries, as the home page asks for them). The load is spread by the load generator itself,
 * one autocannon per instance with half the connections each, as a load balancer would deal them; a proxy
 * process would take CPU of its own from the two cores. Each row's CPU figures (the instances, the PostgreSQL
 * backends of the database, the load generator, the whole machine) go to the notes under the table.
 */

/** The member's entries: about a season and a half of a daily player's picks and bets. */
const MEMBER_ENTRIES = 500;
/** What the home page asks for a section of settled entries (HOME_ENTRIES, Status.completed). */
const LEDGER_PATH = '/api/user/bets?status=8&limit=8';
/** The first start imports the reference data (PASS_SEED=demo) and adds the odds snapshots. */
const START_TIMEOUT_MS = 180_000;
const DATABASE = 'PostgreSQL + Redis';

type AppEnv = (database: { DATABASE_URL: string; DATA_DIR: string }) => NodeJS.ProcessEnv;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Kind {
  key: string;
  urlPath: string;
  headers: Record<string, string>;
  what: string;
}

/** What each process used over a measured window, in percent of one core; null where it could not be read. */
interface CpuUse {
  instances: (number | null)[];
  postgres: number | null;
  generator: number;
  machine: { busy: number; of: number } | null;
}

/** The PostgreSQL backends serving the throwaway database, seen through a connection of the bench's own. */
class Backends {
  private constructor(
    private readonly client: pg.Client,
    private readonly name: string,
    /** Ends the connection; also a cleanup step, so an interrupted run ends it before the database is dropped. */
    readonly close: () => Promise<void>,
  ) {}

  static async open(url: string, name: string): Promise<Backends> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    // Dropping the database ends the connection from the server's side: expected, not a crash.
    client.on('error', () => {});
    await client.connect();
    return new Backends(
      client,
      name,
      deferCleanup(`end the connection to ${name}`, () => client.end()),
    );
  }

  /** CPU seconds of each backend of the database but this connection's, by process id; null off this machine. */
  async cpuSeconds(): Promise<Map<number, number> | null> {
    const { rows } = await this.client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [this.name],
    );
    const seconds = new Map<number, number>();
    for (const { pid } of rows) {
      // A backend may end between the query and the read (the pool closes idle connections).
      const used = processCpuSeconds(pid);
      if (used !== null) seconds.set(pid, used);
    }
    // None readable: PostgreSQL runs on another machine (or in a container whose processes are not ours to see).
    return rows.length > 0 && seconds.size === 0 ? null : seconds;
  }
}

interface Snapshot {
  at: number;
  instances: (number | null)[];
  postgres: Map<number, number> | null;
  generator: NodeJS.CpuUsage;
  machine: { busy: number; total: number } | null;
}

async function snapshot(servers: BenchServer[], backends: Backends): Promise<Snapshot> {
  return {
    at: performance.now(),
    instances: servers.map((server) => (server.child.pid ? processCpuSeconds(server.child.pid) : null)),
    postgres: await backends.cpuSeconds(),
    generator: process.cpuUsage(),
    machine: machineCpuSeconds(),
  };
}

function cpuUse(start: Snapshot, end: Snapshot): CpuUse {
  const seconds = (end.at - start.at) / 1000;
  const percent = (used: number) => (100 * used) / seconds;
  let postgres: number | null = null;
  if (start.postgres && end.postgres) {
    // A backend that was not there at the start connected during the window: all of its time counts.
    let used = 0;
    for (const [pid, total] of end.postgres) used += total - (start.postgres.get(pid) ?? 0);
    postgres = percent(used);
  }
  const generator = process.cpuUsage(start.generator);
  return {
    instances: end.instances.map((total, index) => {
      const before = start.instances[index];
      return total === null || before === null || before === undefined ? null : percent(total - before);
    }),
    postgres,
    generator: percent((generator.user + generator.system) / 1e6),
    machine:
      start.machine && end.machine
        ? {
            busy: percent(end.machine.busy - start.machine.busy),
            of: percent(end.machine.total - start.machine.total),
          }
        : null,
  };
}

/** Loads the kind's path on every server of `servers` (the connections dealt among them) and reads their CPU. */
async function measure(
  kind: Kind,
  servers: BenchServer[],
  backends: Backends,
): Promise<{ total: LoadResult; each: LoadResult[]; cpu: CpuUse }> {
  const urls = servers.map((server) => `http://127.0.0.1:${server.port}${kind.urlPath}`);
  let start: Snapshot | undefined;
  const load = await measureLoadAcross(urls, { headers: kind.headers }, async () => {
    start = await snapshot(servers, backends);
  });
  const end = await snapshot(servers, backends);
  return { ...load, cpu: cpuUse(start!, end) };
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const share = (value: number | null) => (value === null ? 'not read' : `${Math.round(value)} %`);

function cpuText(cpu: CpuUse): string {
  const instances = cpu.instances.map(share).join(' + ');
  const named = [...cpu.instances, cpu.postgres, cpu.generator].reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const machine = cpu.machine
    ? `; the whole machine ${share(cpu.machine.busy)} of ${share(cpu.machine.of)}, everything else (other processes, the kernel) ${share(Math.max(0, cpu.machine.busy - named))}`
    : '';
  return `CPU in % of one core: ${cpu.instances.length === 1 ? 'the instance' : 'the instances'} ${instances}, PostgreSQL ${cpu.postgres === null ? 'not on this machine' : share(cpu.postgres)}, the load generator ${share(cpu.generator)}${machine}`;
}

/**
 * `instances-schedule-one`, `instances-schedule-two`, `instances-ledger-one` and `instances-ledger-two` (the
 * ratio of a `-two` row is to its `-one` row); `notes` gets a line per kind with each instance's share and the
 * CPU figures. Skipped without DATABASE_URL (two instances need PostgreSQL) or without Redis at REDIS_URL.
 */
export async function runInstancesBenchmarks(
  appEnv: AppEnv,
  notes: string[],
  schedule: { urlPath: string; snapshots: number },
): Promise<HttpBenchmark[]> {
  const connections = LOAD_SETTINGS.connections;
  const kinds: Kind[] = [
    {
      key: 'schedule',
      urlPath: schedule.urlPath,
      headers: {},
      what: `GET ${schedule.urlPath}, cached bytes (as schedule-postgres)`,
    },
    {
      key: 'ledger',
      urlPath: LEDGER_PATH,
      headers: {},
      what: `GET ${LEDGER_PATH}, a member's settled entries as the home page asks (the session and the list read from the database; ${MEMBER_ENTRIES} entries)`,
    },
  ];
  const planned = kinds.flatMap((kind) => [
    {
      name: `instances-${kind.key}-one`,
      what: `${kind.what}: one instance, ${connections} connections`,
      database: DATABASE,
    },
    {
      name: `instances-${kind.key}-two`,
      what: `the same on two instances of the same database and Redis, ${connections / 2} connections each`,
      database: DATABASE,
      baseline: `instances-${kind.key}-one`,
    },
  ]);
  const unmeasured = (outcome: HttpBenchmark['outcome']): HttpBenchmark[] =>
    planned.map((details) => ({ ...details, outcome }));

  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    return unmeasured({ status: 'skipped', reason: 'DATABASE_URL not set (two instances need PostgreSQL)' });
  if (!(await redisReachable()))
    return unmeasured({ status: 'skipped', reason: `Redis is not reachable at ${REDIS_URL}` });

  const rows: HttpBenchmark[] = [];
  const work = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-instances-'));
  const removeWork = deferCleanup(`remove ${work}`, () => rm(work, { recursive: true, force: true }));
  const servers: BenchServer[] = [];
  try {
    const database = await createThrowawayDatabase(adminUrl);
    try {
      console.log(`  (throwaway database ${database.name})`);
      const script = path.join(SERVERS_DIR, 'schedule-app.ts');
      const env = {
        // DATA_DIR is unused with DATABASE_URL but must still be valid.
        ...appEnv({ DATABASE_URL: database.url, DATA_DIR: work }),
        PASS_SEED: 'demo',
        REDIS_URL,
        // Keys and channels of this run only: another deployment or run on the same Redis never meets them.
        REDIS_KEY_PREFIX: `bench-${randomBytes(6).toString('hex')}:`,
      };
      console.log(`• instances: the first instance, PASS_SEED=demo and ${schedule.snapshots} odds snapshots`);
      servers.push(
        await startBenchServer(script, { ...env, BENCH_SNAPSHOTS: String(schedule.snapshots) }, START_TIMEOUT_MS),
      );
      console.log(`• instances: a member with ${MEMBER_ENTRIES} graded entries`);
      const handle = await createDb({ databaseUrl: database.url });
      try {
        const { cookie } = await seedGradedMember(handle.db, MEMBER_ENTRIES);
        await handle.db.execute(sql`analyze user_bets`);
        kinds.find((kind) => kind.key === 'ledger')!.headers = { cookie: `pass_session=${cookie}` };
      } finally {
        await handle.close();
      }
      // The second finds the database migrated and loaded, and the snapshots there (BENCH_SNAPSHOTS=1 adds none).
      console.log('• instances: the second instance on the same database and Redis');
      servers.push(await startBenchServer(script, { ...env, BENCH_SNAPSHOTS: '1' }, START_TIMEOUT_MS));
      const backends = await Backends.open(database.url, database.name);
      try {
        for (const kind of kinds) {
          const [one, two] = planned.filter((details) => details.name.startsWith(`instances-${kind.key}-`));
          try {
            let bodyBytes = 0;
            for (const server of servers) {
              const answer = await probe(`http://127.0.0.1:${server.port}${kind.urlPath}`, kind.headers);
              if (answer.status !== 200) throw new Error(`GET ${kind.urlPath} answered ${answer.status}, not 200`);
              bodyBytes = answer.bodyBytes;
            }
            console.log(`• ${one!.name}: GET ${kind.urlPath}, one instance`);
            const alone = await measure(kind, servers.slice(0, 1), backends);
            rows.push({ ...one!, outcome: { status: 'measured', load: alone.total, bodyBytes } });
            console.log(`• ${two!.name}: GET ${kind.urlPath}, two instances`);
            const both = await measure(kind, servers, backends);
            rows.push({ ...two!, outcome: { status: 'measured', load: both.total, bodyBytes } });
            const each = both.each
              .map(
                (load, index) =>
                  `the ${index === 0 ? 'first' : 'second'} ${integer(load.requestsPerSecond)} req/s (p50 ${ms(load.p50Ms)} ms, p99 ${ms(load.p99Ms)} ms)`,
              )
              .join(', ');
            const ratio = both.total.requestsPerSecond / alone.total.requestsPerSecond;
            notes.push(
              `instances-${kind.key}: one instance ${integer(alone.total.requestsPerSecond)} req/s; ${cpuText(alone.cpu)}. ` +
                `Two instances ${integer(both.total.requestsPerSecond)} req/s (${ratio.toFixed(2)} × one): ${each}; ${cpuText(both.cpu)}.`,
            );
          } catch (error) {
            for (const details of [one!, two!])
              if (!rows.some((row) => row.name === details.name))
                rows.push({ ...details, outcome: { status: 'failed', error: message(error) } });
          }
        }
      } finally {
        await backends.close();
      }
    } finally {
      for (const server of servers.splice(0)) await server.stop();
      await database.drop();
    }
  } catch (error) {
    for (const details of planned)
      if (!rows.some((row) => row.name === details.name))
        rows.push({ ...details, outcome: { status: 'failed', error: message(error) } });
  } finally {
    await removeWork();
  }
  // In the planned order, whatever failed where.
  return planned.map((details) => rows.find((row) => row.name === details.name)!);
}
