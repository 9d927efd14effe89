import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gamesChannel } from '@pass/contracts';
import { calendarWeek } from '@pass/domain';
import { ESPN_FIXTURES, readEspnBoard, withState, type Board } from '../../../apps/server/src/test/espn.js';
import { deferCleanup } from './cleanup.js';
import { machineCpuSeconds, processCpuSeconds, processRssMiB } from './cpu.js';
import type { TimedBenchmark } from './data-benchmarks.js';
import {
  homeScoreOf,
  type ClientCommand,
  type ClientReport,
  type StandInCommand,
  type StandInReport,
  type ViewerSpec,
} from './live-fanout-protocol.js';
import { percentile } from './load.js';
import { BENCH_DIR, REPO_ROOT, SERVERS_DIR } from './paths.js';
import { startBenchServer, type BenchServer } from './processes.js';
import { createThrowawayDatabase } from './throwaway-database.js';

/**
 * The live fan-out (the "from a source reporting a score change to every open socket having it"): 2,000
 * members' sockets open on `/ws/live`, each subscribed to the NFL week being played, and a stand-in ESPN whose
 * scoreboard moves the score of every game of that Sunday at once, as a poll in the middle of the 1 pm games finds
 * it. The server is the real one with the scheduler main.ts runs (servers/live-app.ts: REFRESH_LIVE on, ESPN_API_URL
 * at the stand-in, JOBS_TICK_MS 1 s), so the change goes the product's way: the poll of the live sources, the
 * import and its commit, the read-back, the bus, every socket.
 *
 * Each change is timed from the moment the stand-in has written the changed scoreboard in answer to the poll to
 * each socket's receipt of the change's last game frame, both on the machine's monotonic clock (the stand-in, the
 * server and the client processes are separate processes). The wait before the poll came (the scheduler's cadence,
 * not the push) is reported apart. The clients run in a few processes of their own, so reading 2,000 sockets'
 * frames is not one event loop's work; on 2 cores they still share the machine with the server.
 *
 * The board is the week-12 capture with every kickoff on Sunday at 1 pm Eastern, and two games made of its four
 * teams on bye: 16 games, a full Sunday's, each under way and scored anew by each change.
 */

export const LIVE_SOCKETS = Number(process.env.BENCH_LIVE_SOCKETS ?? 2000);
export const CLIENT_PROCESSES = 4;
export const CHANGES = 16;
export const WARMUP = 2;
export const TARGET_MS = 2000;
/** Sockets a client process opens at a time: each upgrade checks the session in the database. */
const OPEN_BATCH = 25;
/** While games are played the source is polled this often instead of every 30 s (the push does not depend on it). */
export const LIVE_EVERY_MS = 5000;
export const JOBS_TICK_MS = 1000;
export const BASELINE_POLL_MS = 1000;
export const ORIGIN = 'http://localhost:3000';
/** Forty minutes into the 1 pm games of Sunday 23 November 2025 (NFL week 12), by the server clock. */
export const SUNDAY_CLOCK = '2025-11-23T18:40:00Z';
const KICKOFF = '2025-11-23T18:00Z';
const SPORT = 'americanfootball_nfl';
const SEASON = 2025;
const START_TIMEOUT_MS = 300_000;
export const CHANGE_TIMEOUT_MS = 60_000;
/** Between one change's last delivery and the next change: the server settles, as between two polls. */
const SETTLE_MS = 500;

export type Database = { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string };
export type AppEnv = (database: Database) => NodeJS.ProcessEnv;

export const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A forked child spoken to over IPC; what it says is kept until asked for, so nothing is missed. */
export class IpcChild<Command, Report extends { type: string }> {
  private readonly reports: Report[] = [];
  private readonly waiters = new Set<() => void>();
  private exit: string | undefined;
  readonly stop: () => Promise<void>;

  constructor(
    readonly child: ChildProcess,
    readonly name: string,
  ) {
    child.on('message', (report: Report) => {
      this.reports.push(report);
      for (const wake of [...this.waiters]) wake();
    });
    child.once('exit', (code, signal) => {
      this.exit = `${name} exited (${code ?? signal})`;
      for (const wake of [...this.waiters]) wake();
    });
    this.stop = deferCleanup(`stop ${name}`, async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    });
  }

  /** Sends a command; a child gone (or going) throws, saying how it ended, rather than crashing the bench. */
  send(command: Command) {
    if (!this.child.connected) throw new Error(this.exit ?? `${this.name} is no longer connected`);
    this.child.send(command as object, (error) => {
      if (error) this.exit ??= `${this.name} could not be sent a command: ${error.message}`;
    });
  }

  /** The first report (kept or to come) that `matches`, taken; a `failed` report or the child's exit rejects. */
  take<T extends Report>(matches: (report: Report) => report is T, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const failed = this.reports.find((report) => report.type === 'failed');
        const index = this.reports.findIndex(matches);
        if (index >= 0) return finish(() => resolve(this.reports.splice(index, 1)[0] as T));
        if (failed) return finish(() => reject(new Error(`${this.name}: ${(failed as { error?: string }).error}`)));
        if (this.exit) return finish(() => reject(new Error(`${this.exit} while waiting for ${what}`)));
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`${this.name}: no ${what} within ${timeoutMs / 1000} s`))),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(look);
        settle();
      };
      this.waiters.add(look);
      look();
    });
  }
}

export function forkTs<Command, Report extends { type: string }>(file: string, name: string) {
  const child = fork(path.join(BENCH_DIR, 'src', 'lib', file), [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new IpcChild<Command, Report>(child, name);
}

export const is =
  <T extends string>(type: T, version?: number) =>
  <R extends { type: string; version?: number; change?: number }>(report: R): report is Extract<R, { type: T }> =>
    report.type === type && (version === undefined || report.version === version || report.change === version);

// ---------------------------------------------------------------------------------------------------------
// The Sunday's scoreboard

/** The week-12 capture with every kickoff at 1 pm Eastern on Sunday, and two games of its teams on bye. */
export function sundayBoard(): Board {
  const board = readEspnBoard(ESPN_FIXTURES.nflWeek12);
  const byes = (board.week as { teamsOnBye: Record<string, unknown>[] }).teamsOnBye;
  const template = board.events[1]!;
  const pairs: [Record<string, unknown>, Record<string, unknown>][] = [
    [byes[0]!, byes[1]!],
    [byes[2]!, byes[3]!],
  ];
  pairs.forEach(([home, away], index) => {
    const event = structuredClone(template);
    event.id = `90177200${index + 1}`;
    event.name = `${String(away.displayName)} at ${String(home.displayName)}`;
    event.shortName = `${String(away.abbreviation)} @ ${String(home.abbreviation)}`;
    const competition = event.competitions[0]!;
    competition.id = event.id;
    for (const side of competition.competitors) {
      const team = side.homeAway === 'home' ? home : away;
      Object.assign(side, { id: team.id, uid: team.uid, team: { ...team } });
    }
    board.events.push(event);
  });
  for (const event of board.events) {
    event.date = KICKOFF;
    Object.assign(event.competitions[0]!, { date: KICKOFF, startDate: KICKOFF });
  }
  return board;
}

/** The board of change k: every game under way in the second quarter, its home score 3k (what names the change). */
export function boardOfChange(board: Board, change: number): string {
  let changed = board;
  const clock = `${14 - (change % 14)}:${change % 2 === 0 ? '00' : '30'}`;
  board.events.forEach((event, index) => {
    changed = withState(
      changed,
      event.id,
      { name: 'STATUS_IN_PROGRESS', state: 'in', period: 2, clock, detail: `${clock} - 2nd Quarter` },
      { home: homeScoreOf(change), away: 2 * change + (index % 7) },
    );
  });
  return JSON.stringify(changed);
}

/** The channels of the board's games: the schedule's weeks of their kickoffs. */
export function channelsOf(board: Board): string[] {
  const weeks = new Set(
    board.events.map((event) =>
      calendarWeek({
        sport: SPORT,
        season: SEASON,
        seasonType: 'regular',
        // The US date of a football kickoff, as the schedule reads it (six hours behind UTC).
        date: new Date(Date.parse(String(event.date)) - 6 * 3_600_000).toISOString().slice(0, 10),
        sourceWeek: (board.week as { number: number }).number,
      }),
    ),
  );
  return [...weeks].map((week) => gamesChannel(SPORT, SEASON, week));
}

// ---------------------------------------------------------------------------------------------------------
// One measured run: a server, its sockets, the changes

export interface Deliveries {
  /** Per change: the poll's wait, and from the answer to each socket's last frame and first frame. */
  pollWaitMs: number[];
  lastSocketMs: number[];
  everySocketMs: number[];
  firstSocketMs: number[];
  serverCpuMs: number[];
  clientsCpuMs: number[];
  machineBusy: number | null;
  openMs: number;
  rssMiB: number | null;
  games: number;
}

export async function startStandIn(body: string) {
  const standIn = forkTs<StandInCommand, StandInReport>('live-fanout-espn.ts', 'the stand-in ESPN');
  const { port } = await standIn.take(is('listening'), 30_000, 'port');
  standIn.send({ type: 'serve', version: 0, body });
  await standIn.take(is('serving', 0), 10_000, 'serving');
  return { standIn, url: `http://127.0.0.1:${port}` };
}

export type Clients = IpcChild<ClientCommand, ClientReport>[];

/** Opens the sockets in CLIENT_PROCESSES processes; with viewers, each socket is also the standings screen of one. */
export async function openClients(
  port: number,
  cookies: string[],
  channels: string[],
  viewers?: { httpUrl: string; specs: ViewerSpec[] },
): Promise<{ clients: Clients; openMs: number }> {
  const clients: Clients = [];
  const started = performance.now();
  for (let index = 0; index < CLIENT_PROCESSES; index++) {
    clients.push(forkTs<ClientCommand, ClientReport>('live-fanout-clients.ts', `client process ${index + 1}`));
  }
  const share = Math.ceil(cookies.length / CLIENT_PROCESSES);
  clients.forEach((client, index) =>
    client.send({
      type: 'open',
      url: `ws://127.0.0.1:${port}/ws/live`,
      origin: ORIGIN,
      cookies: cookies.slice(index * share, (index + 1) * share),
      channels,
      batch: OPEN_BATCH,
      ...(viewers
        ? { viewers: { httpUrl: viewers.httpUrl, specs: viewers.specs.slice(index * share, (index + 1) * share) } }
        : {}),
    }),
  );
  await Promise.all(clients.map((client) => client.take(is('opened'), START_TIMEOUT_MS, 'sockets open')));
  return { clients, openMs: performance.now() - started };
}

export async function closeClients(clients: Clients) {
  await Promise.all(
    clients.map(async (client) => {
      client.send({ type: 'close' });
      await client.take(is('closed'), 15_000, 'close').catch(() => undefined);
      await client.stop();
    }),
  );
}

export const cpuMs = (pids: number[]) => {
  const readings = pids.map(processCpuSeconds);
  return readings.every((value) => value !== null) ? readings.reduce((sum, value) => sum + value, 0) * 1000 : null;
};

/** Changes the board WARMUP + CHANGES times and times each change's way to every socket. */
async function measureChanges(
  standIn: IpcChild<StandInCommand, StandInReport>,
  clients: Clients,
  board: Board,
  serverPid: number,
  openMs: number,
): Promise<Deliveries> {
  const result: Deliveries = {
    pollWaitMs: [],
    lastSocketMs: [],
    everySocketMs: [],
    firstSocketMs: [],
    serverCpuMs: [],
    clientsCpuMs: [],
    machineBusy: null,
    openMs,
    rssMiB: processRssMiB(serverPid),
    games: board.events.length,
  };
  const clientPids = clients.map((client) => client.child.pid!);
  let machineStart: ReturnType<typeof machineCpuSeconds> = null;
  for (let change = 1; change <= WARMUP + CHANGES; change++) {
    if (change === WARMUP + 1) machineStart = machineCpuSeconds();
    const body = boardOfChange(board, change);
    for (const client of clients) client.send({ type: 'expect', change, games: board.events.length });
    // From the change at the stand-in: the idle ticks of the poll's wait are in it, a few ms each.
    const serverCpu = cpuMs([serverPid]);
    const clientsCpu = cpuMs(clientPids);
    standIn.send({ type: 'serve', version: change, body });
    const serving = await standIn.take(is('serving', change), 10_000, `serving change ${change}`);
    const answered = await standIn.take(is('answered', change), CHANGE_TIMEOUT_MS, `poll of change ${change}`);
    const deliveries = clients.map((client) =>
      client.take(is('delivered', change), CHANGE_TIMEOUT_MS, `delivery of change ${change}`),
    );
    let delivered;
    try {
      delivered = await Promise.all(deliveries);
    } catch (error) {
      for (const client of clients) client.send({ type: 'status', change });
      const statuses = await Promise.all(
        clients.map((client) => client.take(is('status', change), 5000, 'status').catch(() => undefined)),
      );
      const waiting = statuses.reduce((sum, status) => sum + (status?.waiting ?? 0), 0);
      throw new Error(`${message(error)} (${waiting} of ${LIVE_SOCKETS} sockets still without every game)`);
    }
    const serverAfter = cpuMs([serverPid]);
    const clientsAfter = cpuMs(clientPids);
    if (change <= WARMUP) {
      await sleep(SETTLE_MS);
      continue;
    }
    const last = delivered.flatMap((report) => report.last.map((at) => at - answered.at));
    const first = delivered.flatMap((report) => report.first.map((at) => at - answered.at));
    result.pollWaitMs.push(answered.at - serving.at);
    result.lastSocketMs.push(Math.max(...last));
    result.everySocketMs.push(...last);
    result.firstSocketMs.push(Math.min(...first));
    if (serverCpu !== null && serverAfter !== null) result.serverCpuMs.push(serverAfter - serverCpu);
    if (clientsCpu !== null && clientsAfter !== null) result.clientsCpuMs.push(clientsAfter - clientsCpu);
    await sleep(SETTLE_MS);
  }
  const machineEnd = machineCpuSeconds();
  if (machineStart && machineEnd) {
    result.machineBusy = (machineEnd.busy - machineStart.busy) / (machineEnd.total - machineStart.total);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Rows

export const fixed = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
export const sorted = (values: number[]) => Float64Array.from(values).sort();

export function deliveriesRow(
  name: string,
  what: string,
  database: string,
  result: Deliveries,
  extra: string,
  target: boolean,
) {
  const last = sorted(result.lastSocketMs);
  const every = sorted(result.everySocketMs);
  const p50 = percentile(last, 50);
  const p99 = percentile(last, 99);
  const cpu = sorted(result.serverCpuMs);
  const clientsCpu = sorted(result.clientsCpuMs);
  const wait = sorted(result.pollWaitMs);
  const busy =
    result.machineBusy === null ? '' : `; the machine ${(result.machineBusy * 100).toFixed(0)} % busy over the changes`;
  const benchmark: TimedBenchmark = {
    name,
    what,
    database,
    targetMs: target ? TARGET_MS : 0,
    targetLabel: target ? `p99 < ${TARGET_MS / 1000} s` : '-',
    outcome: {
      status: 'measured',
      valueMs: p99,
      figures: `last socket p50 ${fixed(p50)} ms, p99 ${fixed(p99)} ms`,
      detail:
        `max ${fixed(last[last.length - 1]!)} ms; each socket's last frame p50 ${fixed(percentile(every, 50))} ms, p99 ${fixed(percentile(every, 99))} ms; ` +
        `first socket p50 ${fixed(percentile(sorted(result.firstSocketMs), 50))} ms; ` +
        `${CHANGES} changes (${WARMUP} more first, discarded) of ${result.games} games each, to ${LIVE_SOCKETS} sockets; ` +
        (cpu.length > 0
          ? `server CPU per change (from the change at the stand-in) p50 ${fixed(percentile(cpu, 50))} ms, max ${fixed(cpu[cpu.length - 1]!)} ms; `
          : '') +
        (clientsCpu.length > 0
          ? `the ${CLIENT_PROCESSES} client processes' CPU per change p50 ${fixed(percentile(clientsCpu, 50))} ms`
          : '') +
        `${busy}; the poll's wait p50 ${fixed(percentile(wait, 50))} ms, max ${fixed(wait[wait.length - 1]!)} ms (not counted); ` +
        `sockets opened and subscribed in ${(result.openMs / 1000).toFixed(1)} s` +
        (result.rssMiB === null ? '' : `, server RSS ${result.rssMiB.toFixed(0)} MiB with them open`) +
        extra,
    },
  };
  return benchmark;
}

export const failed = (
  name: string,
  what: string,
  database: string,
  error: unknown,
  target: boolean,
): TimedBenchmark => ({
  name,
  what,
  database,
  targetMs: target ? TARGET_MS : 0,
  targetLabel: target ? `p99 < ${TARGET_MS / 1000} s` : '-',
  outcome: { status: 'failed', error: message(error) },
});

// ---------------------------------------------------------------------------------------------------------
// The three rows

/** The floor: bare node:http and ws polling the same stand-in and sending the same frames to the same sockets. */
export async function runBaseline(board: Board, channels: string[]): Promise<Deliveries> {
  const { standIn, url } = await startStandIn(boardOfChange(board, 0));
  let server: BenchServer | undefined;
  let clients: Clients = [];
  try {
    server = await startBenchServer(path.join(SERVERS_DIR, 'live-baseline.ts'), {
      ...process.env,
      BENCH_ESPN_URL: url,
      BENCH_POLL_MS: String(BASELINE_POLL_MS),
    });
    const cookies = Array.from({ length: LIVE_SOCKETS }, (_, index) => `bench-${index}`);
    const opened = await openClients(server.port, cookies, channels);
    clients = opened.clients;
    return await measureChanges(standIn, clients, board, server.child.pid!, opened.openMs);
  } finally {
    await closeClients(clients);
    await server?.stop();
    await standIn.stop();
  }
}

async function runApp(appEnv: AppEnv, database: Database, infoFile: string, board: Board, channels: string[]) {
  const { standIn, url } = await startStandIn(boardOfChange(board, 0));
  let server: BenchServer | undefined;
  let clients: Clients = [];
  try {
    server = await startBenchServer(
      path.join(SERVERS_DIR, 'live-app.ts'),
      {
        ...appEnv(database),
        PASS_SEED: 'none',
        PASS_CLOCK: SUNDAY_CLOCK,
        PUBLIC_URL: ORIGIN,
        BENCH_INFO_FILE: infoFile,
        LIVE_MEMBERS: String(LIVE_SOCKETS),
        LIVE_EVERY_MS: String(LIVE_EVERY_MS),
        REFRESH_LIVE: 'on',
        REFRESH_ODDS: 'off',
        REFRESH_SCORES: 'off',
        REFRESH_SCHEDULES: 'off',
        POOL_MAILS: 'off',
        JOBS_TICK_MS: String(JOBS_TICK_MS),
        ESPN_API_URL: url,
        OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'on',
      },
      START_TIMEOUT_MS,
    );
    const info = JSON.parse(await readFile(infoFile, 'utf8')) as { cookies: string[]; prepareMs: number };
    // The scheduler's first tick imports the board: the season's games of that Sunday, under way.
    await standIn.take(is('answered', 0), CHANGE_TIMEOUT_MS, 'first poll');
    const opened = await openClients(server.port, info.cookies, channels);
    clients = opened.clients;
    const result = await measureChanges(standIn, clients, board, server.child.pid!, opened.openMs);
    return { result, prepareMs: info.prepareMs };
  } finally {
    await closeClients(clients);
    await server?.stop();
    await standIn.stop();
  }
}

/**
 * `live-fanout-baseline` (bare node:http and ws), `live-fanout-pglite` and, with DATABASE_URL, `live-fanout-postgres`
 * (a throwaway database).
 */
export async function runLiveFanoutBenchmarks(appEnv: AppEnv): Promise<TimedBenchmark[]> {
  const rows: TimedBenchmark[] = [];
  const board = sundayBoard();
  const channels = channelsOf(board);
  const games = board.events.length;
  const what = `${LIVE_SOCKETS} sockets on /ws/live, a poll of ESPN bringing new scores of ${games} games: from the answer to every socket having them`;
  const polled = `; polled by the scheduler (ticks of ${JOBS_TICK_MS / 1000} s, the source every ${LIVE_EVERY_MS / 1000} s while games are played)`;

  console.log(`• live-fanout-baseline: ${LIVE_SOCKETS} sockets, bare node:http and ws`);
  const baselineWhat = `the same sockets, stand-in and frames on bare node:http and ws (no session, database or bus)`;
  try {
    const result = await runBaseline(board, channels);
    rows.push(
      deliveriesRow(
        'live-fanout-baseline',
        baselineWhat,
        'none',
        result,
        `; polled every ${BASELINE_POLL_MS / 1000} s`,
        false,
      ),
    );
  } catch (error) {
    rows.push(failed('live-fanout-baseline', baselineWhat, 'none', error, false));
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-live-'));
  const removeData = deferCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  try {
    for (const target of [
      { name: 'live-fanout-pglite', label: 'PGlite', url: undefined as string | undefined },
      { name: 'live-fanout-postgres', label: 'PostgreSQL', url: process.env.DATABASE_URL },
    ]) {
      if (target.name === 'live-fanout-postgres' && !target.url) {
        rows.push({
          name: target.name,
          what,
          database: target.label,
          targetMs: TARGET_MS,
          targetLabel: `p99 < ${TARGET_MS / 1000} s`,
          outcome: { status: 'skipped', reason: 'DATABASE_URL not set' },
        });
        continue;
      }
      console.log(`• ${target.name}: ${LIVE_SOCKETS} sockets, ${games} games changing (${target.label})`);
      const infoFile = path.join(dataDir, `${target.name}.json`);
      try {
        const throwaway = target.url ? await createThrowawayDatabase(target.url) : undefined;
        if (throwaway) console.log(`  (throwaway database ${throwaway.name})`);
        try {
          const database: Database = throwaway
            ? { DATABASE_URL: throwaway.url, DATA_DIR: dataDir }
            : { DATA_DIR: dataDir };
          const { result, prepareMs } = await runApp(appEnv, database, infoFile, board, channels);
          rows.push(
            deliveriesRow(
              target.name,
              what,
              target.label,
              result,
              `${polled}; members created in ${(prepareMs / 1000).toFixed(1)} s`,
              true,
            ),
          );
        } finally {
          await throwaway?.drop();
        }
      } catch (error) {
        rows.push(failed(target.name, what, target.label, error, true));
      }
    }
  } finally {
    await removeData();
  }
  return rows;
}
