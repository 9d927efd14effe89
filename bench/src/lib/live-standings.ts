import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Board } from '../../../apps/server/src/test/espn.js';
import { deferCleanup } from './cleanup.js';
import { machineCpuSeconds, processRssMiB } from './cpu.js';
import type { TimedBenchmark } from './data-benchmarks.js';
import {
  CHANGE_TIMEOUT_MS,
  CHANGES,
  CLIENT_PROCESSES,
  JOBS_TICK_MS,
  LIVE_EVERY_MS,
  LIVE_SOCKETS,
  ORIGIN,
  SUNDAY_CLOCK,
  TARGET_MS,
  WARMUP,
  BASELINE_POLL_MS,
  boardOfChange,
  channelsOf,
  closeClients,
  cpuMs,
  deliveriesRow,
  fixed,
  is,
  message,
  openClients,
  runBaseline,
  sleep,
  sorted,
  startStandIn,
  sundayBoard,
  type AppEnv,
  type Clients,
  type Database,
  type IpcChild,
} from './live-fanout.js';
import { monotonicMs, type Ask, type StandInCommand, type StandInReport } from './live-fanout-protocol.js';
import { percentile } from './load.js';
import { SERVERS_DIR } from './paths.js';
import { startBenchServer, type BenchServer } from './processes.js';
import { createThrowawayDatabase } from './throwaway-database.js';

/**
 * Live standings "if the games ended now" (the issue's "Live 'if the games ended now' standings of 2,000 pools
 * kept current while 16 games change score every 30 s, without delaying the socket updates"): the live fan-out of
 * live-fanout.ts, with every socket also a pool's open standings screen. The server (servers/live-standings-app.ts)
 * is the real one with the scheduler main.ts runs, polling the same stand-in ESPN (every 5 s while games are
 * played, ticks of 1 s), and holds 2,000 pools of 5 members from week 1 of the 2025 season: weeks 1–11 final and
 * their week totals stored, and week 12's Sunday under way, each pool's slate 10 of its 16 games with a pick of
 * every member for each.
 *
 * The 2,000 sockets are one guest of each pool, subscribed to week 12 as the pool screen is. Each is also that
 * member's standings screen (live-fanout-clients.ts), as the browser has it (decision 072): it reads
 * `GET /api/pools/{id}/live-standings` (the decided weeks' totals, the week being played with the picks that have
 * locked) when it opens and again only when a frame shows a slate game in another state (a read still unanswered
 * is abandoned for the new one; a 5xx or a network error is read again after 1 s and 2 s, the web app's retries,
 * and after that the pool has no refreshed standings for the changes it was for: counted apart), and works out
 * the standings if the games ended now itself at every score a frame brings. Before the changes every screen
 * opens (one read each, 25 at a time in each client process, timed apart); then the stand-in moves the score of
 * all 16 games every 30 s (BENCH_LIVE_STANDINGS_EVERY_MS), 16 times after 2 discarded; only a change not yet
 * delivered to every socket holds the next one back (up to 5 minutes).
 *
 * Each change is timed from the moment the stand-in has written the changed scoreboard in answer to the poll (the
 * poll's wait is reported apart, as in live-fanout.ts), to:
 * - each socket's last frame of the change (the socket delivery, target p99 under 2 s for the last socket, as in
 *   live-fanout.ts);
 * - each pool's refreshed standings: worked out once its socket had the change's frames of every game of its
 *   slate (a read first, if a game changed state); the last of the 2,000 must come within the 30 s before the
 *   next change.
 * Every read's answer time, the abandoned and failed reads, the server's CPU per interval and its RSS are
 * reported. After the last change every screen asks the server's own `what-if?rules=ended_now`: each screen's
 * last rows must be the same (worked out right, and current). A row of the bare node:http and ws floor
 * (live-fanout.ts's baseline, its sockets and frames only: it has no standings) is measured in the same run.
 *
 * BENCH_CPU_PROF_DIR, when set, has the app server write a V8 CPU profile there (node --cpu-prof) when it stops.
 */

const EVERY_MS = Number(process.env.BENCH_LIVE_STANDINGS_EVERY_MS ?? 30_000);
const REFRESH_TARGET_MS = 30_000;
/** Storing 2,000 pools' seasons (a million picks) and their week totals: minutes on a busy machine. */
const START_TIMEOUT_MS = 3_600_000;
const OPEN_TIMEOUT_MS = 600_000;
/** After the last change, how long its refreshed answers (and any still owed) may take to come. */
const REFRESH_TIMEOUT_MS = 600_000;
/** Before the check that every screen's last answer is current: the last asks settle. */
const QUIET_MS = 3000;
/**
 * How long a change's poll and delivery may take: under the screens' asks far longer than live-fanout's minute. The
 * next change waits for it (a change every EVERY_MS, or as soon as the last was delivered when that took longer).
 */
const DELIVERY_TIMEOUT_MS = 300_000;
/** Screens a client process opens (and checks at the end) at a time: members come to the screen one by one. */
const SCREEN_BATCH = 25;

interface StandingsResult {
  /** Per change (measured): the poll's wait, and from the answer to the last socket, each socket, the first one. */
  pollWaitMs: number[];
  lastSocketMs: number[];
  everySocketMs: number[];
  firstSocketMs: number[];
  /** Per change: from the answer to the last pool's refreshed answer; and every pool's, all changes. */
  lastPoolMs: number[];
  everyPoolMs: number[];
  /** The server's CPU over each interval between two changes (and after the last, as long), and its length. */
  intervalCpuMs: number[];
  intervalMs: number[];
  clientsIntervalCpuMs: number[];
  machineBusy: number | null;
  asks: Ask[];
  opening: { ms: number[]; failed: number; retried: number[]; wallMs: number };
  /** Per change: the pools whose ask failed, the web app's retries and all. */
  failedPools: number[];
  verified: { viewers: number; differing: number; failed: number };
  openMs: number;
  rssMiB: { open: number | null; max: number | null };
  games: number;
}

interface PoolsInfo {
  liveWeek: number;
  pools: { id: number; cookie: string; games: number[] }[];
  members: number;
  slateGames: number;
  roomsLooked: number;
  sizes: Record<string, number>;
  timings: Record<string, number>;
  prepareMs: number;
}

type StandIn = IpcChild<StandInCommand, StandInReport>;

/** Each client's report of this type (and change), taken. */
function fromEach<T>(clients: Clients, take: (client: Clients[number]) => Promise<T>) {
  return Promise.all(clients.map(take));
}

/** What the screens still owe for a change that did not come: sockets without every frame, viewers without an answer. */
async function owed(clients: Clients, change: number) {
  for (const client of clients) client.send({ type: 'status', change });
  const statuses = await fromEach(clients, (client) =>
    client.take(is('status', change), 5000, 'status').catch(() => undefined),
  );
  const sum = (key: 'waiting' | 'unrefreshed') => statuses.reduce((total, status) => total + (status?.[key] ?? 0), 0);
  return `${sum('waiting')} of ${LIVE_SOCKETS} sockets still without every game, ${sum('unrefreshed')} pools without a refreshed answer`;
}

/**
 * Every screen opens (one ask each), then the board changes WARMUP + CHANGES times, one change every EVERY_MS;
 * each change's socket delivery and refreshed answers are timed, and every screen's last answer checked at the end.
 */
async function measure(
  standIn: StandIn,
  clients: Clients,
  board: Board,
  serverPid: number,
  openMs: number,
): Promise<StandingsResult> {
  const clientPids = clients.map((client) => client.child.pid!);
  const openRss = processRssMiB(serverPid);
  let maxRss = openRss;
  const sampleRss = () => {
    const rss = processRssMiB(serverPid);
    if (rss !== null) maxRss = Math.max(maxRss ?? 0, rss);
  };

  // Every pool's standings screen opens: one ask each, a few at a time in each client process.
  const openingStarted = performance.now();
  for (const client of clients) client.send({ type: 'ask-all', batch: SCREEN_BATCH });
  const asked = await fromEach(clients, (client) => client.take(is('asked'), OPEN_TIMEOUT_MS, 'screens open'));
  const opening = {
    ms: asked.flatMap((report) => report.ms),
    failed: asked.reduce((sum, report) => sum + report.failed, 0),
    retried: asked.flatMap((report) => report.retried),
    wallMs: performance.now() - openingStarted,
  };
  sampleRss();

  const result: StandingsResult = {
    pollWaitMs: [],
    lastSocketMs: [],
    everySocketMs: [],
    firstSocketMs: [],
    lastPoolMs: [],
    everyPoolMs: [],
    intervalCpuMs: [],
    intervalMs: [],
    clientsIntervalCpuMs: [],
    machineBusy: null,
    asks: [],
    opening,
    failedPools: [],
    verified: { viewers: 0, differing: 0, failed: 0 },
    openMs,
    rssMiB: { open: openRss, max: null },
    games: board.events.length,
  };
  const answeredAt = new Map<number, number>();
  let machineStart: ReturnType<typeof machineCpuSeconds> = null;
  let measuredFrom = Number.POSITIVE_INFINITY;
  let previous: { at: number; serverCpu: number | null; clientsCpu: number | null } | undefined;
  const closeInterval = () => {
    const serverCpu = cpuMs([serverPid]);
    const clientsCpu = cpuMs(clientPids);
    if (previous && previous.at >= measuredFrom) {
      result.intervalMs.push(monotonicMs() - previous.at);
      if (previous.serverCpu !== null && serverCpu !== null) result.intervalCpuMs.push(serverCpu - previous.serverCpu);
      if (previous.clientsCpu !== null && clientsCpu !== null)
        result.clientsIntervalCpuMs.push(clientsCpu - previous.clientsCpu);
    }
    return { serverCpu, clientsCpu };
  };

  for (let change = 1; change <= WARMUP + CHANGES; change++) {
    // One change every EVERY_MS, whatever the screens are still asking (later only when the last was not delivered).
    if (previous) await sleep(Math.max(0, previous.at + EVERY_MS - monotonicMs()));
    if (change === WARMUP + 1) machineStart = machineCpuSeconds();
    for (const client of clients) client.send({ type: 'expect', change, games: board.events.length });
    const cpu = closeInterval();
    standIn.send({ type: 'serve', version: change, body: boardOfChange(board, change) });
    const serving = await standIn.take(is('serving', change), 10_000, `serving change ${change}`);
    if (change === WARMUP + 1) measuredFrom = serving.at;
    previous = { at: serving.at, ...cpu };
    const answered = await standIn.take(is('answered', change), DELIVERY_TIMEOUT_MS, `poll of change ${change}`);
    answeredAt.set(change, answered.at);
    let delivered;
    try {
      delivered = await fromEach(clients, (client) =>
        client.take(is('delivered', change), DELIVERY_TIMEOUT_MS, `delivery of change ${change}`),
      );
    } catch (error) {
      throw new Error(`${message(error)} (${await owed(clients, change)})`);
    }
    sampleRss();
    if (change <= WARMUP) continue;
    const last = delivered.flatMap((report) => report.last.map((at) => at - answered.at));
    const first = delivered.flatMap((report) => report.first.map((at) => at - answered.at));
    result.pollWaitMs.push(answered.at - serving.at);
    result.lastSocketMs.push(Math.max(...last));
    result.everySocketMs.push(...last);
    result.firstSocketMs.push(Math.min(...first));
  }
  // The last interval is as long as the others.
  await sleep(Math.max(0, previous!.at + EVERY_MS - monotonicMs()));
  closeInterval();
  const machineEnd = machineCpuSeconds();
  if (machineStart && machineEnd) {
    result.machineBusy = (machineEnd.busy - machineStart.busy) / (machineEnd.total - machineStart.total);
  }

  // Every change's refreshed answers: kept by the clients as they came, or still to come.
  for (let change = WARMUP + 1; change <= WARMUP + CHANGES; change++) {
    let refreshed;
    try {
      refreshed = await fromEach(clients, (client) =>
        client.take(is('refreshed', change), REFRESH_TIMEOUT_MS, `refreshed answers of change ${change}`),
      );
    } catch (error) {
      throw new Error(`${message(error)} (${await owed(clients, change)})`);
    }
    const answered = answeredAt.get(change)!;
    const every = refreshed.flatMap((report) => report.at.map((at) => at - answered));
    result.lastPoolMs.push(every.length > 0 ? Math.max(...every) : Number.POSITIVE_INFINITY);
    result.everyPoolMs.push(...every);
    result.failedPools.push(refreshed.reduce((sum, report) => sum + report.failed, 0));
  }
  sampleRss();
  result.rssMiB.max = maxRss;

  // Every screen's last rows must be the app's own answer now.
  await sleep(QUIET_MS);
  for (const client of clients) client.send({ type: 'verify', batch: SCREEN_BATCH });
  const verified = await fromEach(clients, (client) => client.take(is('verified'), OPEN_TIMEOUT_MS, 'verification'));
  result.verified = {
    viewers: verified.reduce((sum, report) => sum + report.viewers, 0),
    differing: verified.reduce((sum, report) => sum + report.differing, 0),
    failed: verified.reduce((sum, report) => sum + report.failed, 0),
  };
  for (const client of clients) client.send({ type: 'collect' });
  const asks = await fromEach(clients, (client) => client.take(is('asks'), 10_000, 'asks'));
  result.asks = asks.flatMap((report) => report.asks).filter((ask) => ask.sent >= measuredFrom);
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Rows

const ROW_TARGET = `sockets p99 < ${TARGET_MS / 1000} s; every pool refreshed < ${REFRESH_TARGET_MS / 1000} s`;
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never');

/** The network errors' codes, `; network errors: ECONNRESET 3`. */
function codes(failed: Ask[]): string {
  const byCode = new Map<string, number>();
  for (const ask of failed) if (ask.error) byCode.set(ask.error, (byCode.get(ask.error) ?? 0) + 1);
  if (byCode.size === 0) return '';
  return `; network errors: ${[...byCode].map(([code, times]) => `${code} ${count(times)}`).join(', ')}`;
}

/** Failed asks by status, `(500: 12, network: 3)`. */
function statuses(failed: number[]): string {
  if (failed.length === 0) return '';
  const byStatus = new Map<number, number>();
  for (const status of failed) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  const parts = [...byStatus].sort(([a], [b]) => a - b);
  return ` (${parts.map(([status, times]) => `${status === 0 ? 'network' : status}: ${count(times)}`).join(', ')})`;
}
const count = (value: number) => value.toLocaleString('en-US');
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function standingsRow(
  name: string,
  what: string,
  database: string,
  result: StandingsResult,
  info: PoolsInfo,
): TimedBenchmark {
  const lastSocket = sorted(result.lastSocketMs);
  const everySocket = sorted(result.everySocketMs);
  const lastPool = sorted(result.lastPoolMs);
  const everyPool = sorted(result.everyPoolMs);
  const socketP99 = percentile(lastSocket, 99);
  const slowestPool = lastPool[lastPool.length - 1]!;
  const answered = result.asks.filter((ask) => ask.status === 200);
  const answerMs = sorted(answered.map((ask) => ask.ended - ask.sent));
  const abandoned = result.asks.filter((ask) => ask.status === -1).length;
  const failedAsks = result.asks.filter((ask) => ask.status !== 200 && ask.status !== -1);
  const failedPools = result.failedPools.reduce((sum, failed) => sum + failed, 0);
  const opening = sorted(result.opening.ms);
  const cpu = sorted(result.intervalCpuMs);
  const intervals = sorted(result.intervalMs);
  const clientsCpu = sorted(result.clientsIntervalCpuMs);
  const wait = sorted(result.pollWaitMs);
  // A change is kept current when every pool had its refreshed answer in time, none given up.
  const within = result.lastPoolMs.filter(
    (ms, index) => ms < REFRESH_TARGET_MS && result.failedPools[index] === 0,
  ).length;
  const { sizes, timings } = info;
  const detail = [
    `${count(info.pools.length)} pools × ${info.members / info.pools.length} = ${count(info.members)} members, ats with double plays and Last Man Standing from week 1; weeks 1–${info.liveWeek - 1} final, week ${info.liveWeek}'s ${result.games} games under way, each pool's slate ${info.slateGames} of them, every member's sheet of every week: ${count(sizes.slate_games ?? 0)} slate games, ${count(sizes.sheets ?? 0)} sheets, ${count(sizes.picks ?? 0)} picks, ${count(sizes.week_totals ?? 0)} stored week totals`,
    `${CHANGES} changes (${WARMUP} more first, discarded) of all ${result.games} games, one every ${EVERY_MS / 1000} s or, when the last took longer, once it was delivered`,
    `sockets: last socket max ${fixed(lastSocket[lastSocket.length - 1]!)} ms; each socket's last frame p50 ${fixed(percentile(everySocket, 50))} ms, p99 ${fixed(percentile(everySocket, 99))} ms; first socket p50 ${fixed(percentile(sorted(result.firstSocketMs), 50))} ms`,
    `every pool's refreshed answer within ${REFRESH_TARGET_MS / 1000} s of ${within} of ${CHANGES} changes; the last pool p50 ${seconds(percentile(lastPool, 50))}, max ${seconds(slowestPool)}; each pool's p50 ${seconds(percentile(everyPool, 50))}, p99 ${seconds(percentile(everyPool, 99))}` +
      (failedPools > 0
        ? `; ${count(failedPools)} pool-changes without one (the ask failed after the web app's retries), in ${result.failedPools.filter((failed) => failed > 0).length} changes`
        : ''),
    result.asks.length === 0
      ? 'no live-standings read during the changes (no slate game changed state): every refresh worked out by the screens'
      : `${count(result.asks.length)} live-standings reads during the changes (${(result.asks.length / CHANGES / info.pools.length).toFixed(2)} a pool a change): ${count(answered.length)} answered in p50 ${fixed(percentile(answerMs, 50))} ms, p99 ${fixed(percentile(answerMs, 99))} ms, max ${fixed(answerMs[answerMs.length - 1] ?? Number.NaN)} ms; ${count(abandoned)} abandoned for a newer one, ${count(failedAsks.length)} failed${statuses(failedAsks.map((ask) => ask.status))}${codes(failedAsks)}`,
    `after the last change all ${count(result.verified.viewers)} screens asked the server's what-if: ${result.verified.differing === 0 ? "every screen's own rows the server's" : `${result.verified.differing} screens' rows differed from the server's`}${result.verified.failed > 0 ? `, ${result.verified.failed} failed` : ''}`,
    `before the changes every screen opened (one ask each, ${SCREEN_BATCH} at a time in each client process; not counted): p50 ${fixed(percentile(opening, 50))} ms, p99 ${fixed(percentile(opening, 99))} ms, all in ${seconds(result.opening.wallMs)}` +
      (result.opening.retried.length > 0
        ? `, ${result.opening.retried.length} asked again${statuses(result.opening.retried)}, ${result.opening.failed} screens without an answer`
        : ''),
    `changes served every p50 ${seconds(percentile(intervals, 50))}, max ${seconds(intervals[intervals.length - 1]!)}`,
    (cpu.length > 0
      ? `server CPU per interval p50 ${fixed(percentile(cpu, 50))} ms, max ${fixed(cpu[cpu.length - 1]!)} ms (${((sum(result.intervalCpuMs) / sum(result.intervalMs)) * 100).toFixed(0)} % of a core over the changes)`
      : 'server CPU not read') +
      (clientsCpu.length > 0
        ? `; the ${CLIENT_PROCESSES} client processes' p50 ${fixed(percentile(clientsCpu, 50))} ms`
        : '') +
      (result.machineBusy === null
        ? ''
        : `; the machine ${(result.machineBusy * 100).toFixed(0)} % busy over the changes`),
    `server RSS ${result.rssMiB.open === null ? '?' : result.rssMiB.open.toFixed(0)} MiB with the sockets open, max ${result.rssMiB.max === null ? '?' : result.rssMiB.max.toFixed(0)} MiB`,
    `the poll's wait p50 ${fixed(percentile(wait, 50))} ms, max ${fixed(wait[wait.length - 1]!)} ms (not counted); polled by the scheduler (ticks of ${JOBS_TICK_MS / 1000} s, the source every ${LIVE_EVERY_MS / 1000} s while games are played)`,
    `sockets opened and subscribed in ${seconds(result.openMs)}; stored before listening in ${seconds(info.prepareMs)} (pools ${seconds(timings.poolsMs ?? 0)}; the room notices of all ${count(info.roomsLooked)} rooms once ${seconds(timings.roomNoticesMs ?? 0)})`,
  ].join('; ');
  return {
    name,
    what,
    database,
    targetMs: TARGET_MS,
    targetLabel: ROW_TARGET,
    outcome: {
      status: 'measured',
      valueMs: socketP99,
      figures: `last socket p50 ${fixed(percentile(lastSocket, 50))} ms, p99 ${fixed(socketP99)} ms; every pool refreshed p50 ${seconds(percentile(lastPool, 50))}, max ${seconds(slowestPool)}; screens' opening reads p50 ${fixed(percentile(opening, 50))} ms, p99 ${fixed(percentile(opening, 99))} ms; ${count(result.asks.length)} reads during the changes`,
      detail,
      // Kept current: every change's answers in time, and the screens' last answers the app's at the end.
      meets: socketP99 < TARGET_MS && within === CHANGES && result.verified.differing === 0,
    },
  };
}

const failedRow = (name: string, what: string, database: string, error: unknown, target: boolean): TimedBenchmark => ({
  name,
  what,
  database,
  targetMs: target ? TARGET_MS : 0,
  targetLabel: target ? ROW_TARGET : '-',
  outcome: { status: 'failed', error: message(error) },
});

// ---------------------------------------------------------------------------------------------------------
// The runs

async function runApp(appEnv: AppEnv, database: Database, infoFile: string, board: Board, channels: string[]) {
  const { standIn, url } = await startStandIn(boardOfChange(board, 0));
  let server: BenchServer | undefined;
  let clients: Clients = [];
  try {
    const profile = process.env.BENCH_CPU_PROF_DIR;
    server = await startBenchServer(
      path.join(SERVERS_DIR, 'live-standings-app.ts'),
      {
        ...appEnv(database),
        PASS_SEED: 'none',
        PASS_CLOCK: SUNDAY_CLOCK,
        PUBLIC_URL: ORIGIN,
        BENCH_INFO_FILE: infoFile,
        LIVE_POOLS: String(LIVE_SOCKETS),
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
      profile ? ['--cpu-prof', '--cpu-prof-interval=5000', `--cpu-prof-dir=${profile}`] : [],
    );
    const info = JSON.parse(await readFile(infoFile, 'utf8')) as PoolsInfo;
    console.log(`  stored in ${seconds(info.prepareMs)}`);
    // The server's own first poll imported the board (the Sunday's games, under way) before it stored the pools.
    await standIn.take(is('answered', 0), CHANGE_TIMEOUT_MS, 'first poll');
    const opened = await openClients(
      server.port,
      info.pools.map((pool) => pool.cookie),
      channels,
      {
        httpUrl: `http://127.0.0.1:${server.port}`,
        specs: info.pools.map((pool) => ({ poolId: pool.id, games: pool.games })),
      },
    );
    clients = opened.clients;
    const result = await measure(standIn, clients, board, server.child.pid!, opened.openMs);
    return { result, info };
  } catch (error) {
    // What the server said (the scheduler's jobs log their failures) goes with the error.
    const said = server?.stderrTail();
    throw said ? new Error(`${message(error)}; the server said: ${said.slice(-1500)}`) : error;
  } finally {
    await closeClients(clients);
    await server?.stop();
    await standIn.stop();
  }
}

/**
 * `live-standings-baseline` (bare node:http and ws: the sockets and frames alone), `live-standings-pglite` and,
 * with DATABASE_URL, `live-standings-postgres` (a throwaway database).
 */
export async function runLiveStandingsBenchmarks(appEnv: AppEnv): Promise<TimedBenchmark[]> {
  const rows: TimedBenchmark[] = [];
  const board = sundayBoard();
  const channels = channelsOf(board);
  const games = board.events.length;
  const what = `${LIVE_SOCKETS} pools' standings screens open (a member's socket on /ws/live; GET /api/pools/{id}/live-standings once, read again only when a slate game changes state, and the standings if the games ended now worked out on each frame, as the browser does), a poll of ESPN bringing new scores of ${games} games every ${EVERY_MS / 1000} s: from the answer to every socket having them, and to every pool's refreshed standings`;

  console.log(`• live-standings-baseline: ${LIVE_SOCKETS} sockets, bare node:http and ws`);
  const baselineWhat = `the same sockets, stand-in and frames on bare node:http and ws (no session, database, bus or standings)`;
  try {
    const result = await runBaseline(board, channels);
    rows.push(
      deliveriesRow(
        'live-standings-baseline',
        baselineWhat,
        'none',
        result,
        `; polled every ${BASELINE_POLL_MS / 1000} s; changes as soon as the last was delivered (it has no standings to wait for)`,
        false,
      ),
    );
  } catch (error) {
    rows.push(failedRow('live-standings-baseline', baselineWhat, 'none', error, false));
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-live-standings-'));
  const removeData = deferCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  try {
    for (const target of [
      { name: 'live-standings-pglite', label: 'PGlite', url: undefined as string | undefined },
      { name: 'live-standings-postgres', label: 'PostgreSQL', url: process.env.DATABASE_URL },
    ]) {
      if (target.name === 'live-standings-postgres' && !target.url) {
        rows.push({
          name: target.name,
          what,
          database: target.label,
          targetMs: TARGET_MS,
          targetLabel: ROW_TARGET,
          outcome: { status: 'skipped', reason: 'DATABASE_URL not set' },
        });
        continue;
      }
      console.log(`• ${target.name}: ${LIVE_SOCKETS} pools' screens, ${games} games changing (${target.label})`);
      const infoFile = path.join(dataDir, `${target.name}.json`);
      try {
        const throwaway = target.url ? await createThrowawayDatabase(target.url) : undefined;
        if (throwaway) console.log(`  (throwaway database ${throwaway.name})`);
        try {
          const database: Database = throwaway
            ? { DATABASE_URL: throwaway.url, DATA_DIR: dataDir }
            : { DATA_DIR: dataDir };
          const { result, info } = await runApp(appEnv, database, infoFile, board, channels);
          rows.push(standingsRow(target.name, what, target.label, result, info));
        } finally {
          await throwaway?.drop();
        }
      } catch (error) {
        rows.push(failedRow(target.name, what, target.label, error, true));
      }
    }
  } finally {
    await removeData();
  }
  return rows;
}
