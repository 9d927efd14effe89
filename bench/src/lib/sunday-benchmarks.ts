import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PoolStandingsResponse, SubmitPicksBody } from '@pass/contracts';
import pg from 'pg';
import { deferCleanup } from './cleanup.js';
import { keepAliveFetch } from './keep-alive-client.js';
import type { TimedBenchmark } from './data-benchmarks.js';
import { percentile } from './load.js';
import { SERVERS_DIR } from './paths.js';
import { sequential, summary, timed } from './pool-benchmarks.js';
import { startBenchServer } from './processes.js';
import { createThrowawayDatabase } from './throwaway-database.js';
import { mapAtMost } from '../../../apps/server/src/lib/collections.js';

/**
 * A Sunday at scale, on PostgreSQL: the Sunday's 16 NFL finals entered through the admin's result endpoint
 * across thousands of pools, then every pool's standings read until all of them show the finals; a score
 * corrected again and again in one pool with its standings read after each; and a burst of whole-sheet
 * submissions into one pool. `src/servers/sunday-app.ts` stores the pools before it listens (set-based SQL);
 * everything measured here goes through the real app's HTTP API.
 */

/** The Monday night after week 7's Sunday of 2025: weeks 1–6 final, week 7's 16 games played out. */
export const SUNDAY_CLOCK = '2025-10-20T04:00:00Z';
/** BENCH_SUNDAY_POOLS: pools of 5 members; the issue's Sunday is 2,000 (10,000 members). */
const DEFAULT_POOLS = 2000;
const READ_CONCURRENCY = 10;
/** BENCH_BURST_SUBMISSIONS: a longer burst (for a CPU profile of the server); the issue's figure is 100. */
const BURST_SUBMISSIONS = Number(process.env.BENCH_BURST_SUBMISSIONS ?? 100);
const BURST_CONCURRENCY = 10;
/** Submissions between the burst on the server as it started and the one on the warm server. */
const BURST_WARMUP = 200;
const CHANGE_ITERATIONS = 200;
const CACHED_READS = 200;
const WARMUP = 5;
/** Storing 2,000 pools (a million picks) and telling their rooms once: minutes on a busy machine. */
const START_TIMEOUT_MS = 3_600_000;
/** The app's work behind the finals (each pool's room told) is over once its connections idle this long. */
const QUIET_MS = 2000;
const QUIET_POLL_MS = 200;
const QUIET_TIMEOUT_MS = 1_800_000;
const CSRF = randomBytes(18).toString('base64url');

const TARGETS = {
  resultMs: 1000,
  freshMs: 5000,
  readP50Ms: 5,
  readP99Ms: 20,
  cachedP99Ms: 10,
  submissionsPerSecond: 250,
};

export const SUNDAY_ROWS = {
  finals: 'sunday-finals-postgres',
  afterChange: 'pool-standings-after-change-postgres',
  burst: 'pool-submissions-burst-postgres',
} as const;

interface SundayPool {
  id: number;
  cookie: string;
}

interface SundayInfo {
  clock: string;
  pools: SundayPool[];
  members: number;
  weeks: number;
  gamesPerWeek: number;
  finals: { eventId: number; home_score: number; away_score: number }[];
  fullPool: { id: number; week: number; members: { cookie: string; sheet: SubmitPicksBody }[]; survivors: number };
  adminCookie: string;
  roomsLooked: number;
  sizes: Record<'events' | 'quotes' | 'memberships' | 'pool_weeks' | 'slate_games' | 'sheets' | 'picks', number>;
  timings: Record<string, number>;
  prepareMs: number;
}

type AppEnv = (database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string }) => NodeJS.ProcessEnv;
type Row = Omit<TimedBenchmark, 'outcome'>;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const sessionCookie = (cookie: string) => `pass_session=${cookie}; XSRF-TOKEN=${CSRF}`;
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
const secondsOf = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const count = (value: number) => value.toLocaleString('en-US');

/** The number of pools of the run: BENCH_SUNDAY_POOLS (a smaller Sunday while developing), else 2,000. */
export function sundayPools(): number {
  const value = process.env.BENCH_SUNDAY_POOLS;
  if (value === undefined || value === '') return DEFAULT_POOLS;
  const pools = Number(value);
  if (!Number.isInteger(pools) || pools < 1) throw new Error(`BENCH_SUNDAY_POOLS must be a whole number, not ${value}`);
  return pools;
}

function rowsOf(pools: number): Record<keyof typeof SUNDAY_ROWS, Row> {
  return {
    finals: {
      name: SUNDAY_ROWS.finals,
      what: `a Sunday's 16 finals through POST /api/admin/events/{id}/result, one after another, across ${count(pools)} pools of 5 members; then every pool's GET /api/pools/{id}/standings, ${READ_CONCURRENCY} at a time, until all show the finals`,
      database: 'PostgreSQL',
      targetMs: TARGETS.freshMs,
      targetLabel: 'each result < 1 s; every standings fresh ≤ 5 s',
    },
    afterChange: {
      name: SUNDAY_ROWS.afterChange,
      what: `GET standings of a 26-member pool among them, ${CHANGE_ITERATIONS} sequential requests, each after a score correction of the Sunday's last final (POST /api/admin/events/{id}/result, timed apart); and ${CACHED_READS} with nothing changed (cached answer)`,
      database: 'PostgreSQL',
      targetMs: TARGETS.readP99Ms,
      targetLabel: 'p50 ≤ 5 ms, p99 < 20 ms; cached p99 < 10 ms',
    },
    burst: {
      name: SUNDAY_ROWS.burst,
      what: `${BURST_SUBMISSIONS} whole-sheet submissions (PUT /api/pools/{id}/weeks/{week}/picks, new Idempotency-Key each) into that 26-member pool, ${BURST_CONCURRENCY} at a time, the members in turn, on a warm server (${BURST_WARMUP} submissions before)`,
      database: 'PostgreSQL',
      targetMs: 1000 / TARGETS.submissionsPerSecond,
      targetLabel: '≥ 250 submissions/s',
    },
  };
}

/** Each member's decided games (wins, losses and pushes) in a standings answer. */
type Decided = Map<number, number>;

interface StandingsRead {
  ms: number;
  /** performance.now() when the whole answer was in. */
  at: number;
  decided: Decided;
}

/**
 * The bench's requests. The burst's submissions go through `burstFetch` (kept-alive node:http connections): a
 * throughput on two cores the client shares, where the global fetch cost the client twice the processor; the
 * reads and results, timed one at a time, go through the global fetch as in earlier runs.
 */
function api(base: string, info: SundayInfo, burstFetch: ReturnType<typeof keepAliveFetch>['fetch']) {
  const standings = (poolId: number, cookie: string) =>
    fetch(`${base}/api/pools/${poolId}/standings`, { headers: { cookie: sessionCookie(cookie) } });
  const write = (
    method: 'POST' | 'PUT',
    url: string,
    cookie: string,
    body: unknown,
    key?: string,
    send: typeof burstFetch = fetch,
  ) =>
    send(`${base}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        cookie: sessionCookie(cookie),
        'x-xsrf-token': CSRF,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
    });
  return {
    standings,
    async readStandings(pool: SundayPool): Promise<StandingsRead> {
      const started = performance.now();
      const response = await standings(pool.id, pool.cookie);
      const text = await response.text();
      const at = performance.now();
      if (response.status !== 200) throw new Error(`GET /api/pools/${pool.id}/standings answered ${response.status}`);
      const { data } = JSON.parse(text) as PoolStandingsResponse;
      return {
        ms: at - started,
        at,
        decided: new Map(data.rows.map((row) => [row.member_id, row.wins + row.losses + row.pushes])),
      };
    },
    result: (final: SundayInfo['finals'][number], scores = final) =>
      write('POST', `/api/admin/events/${final.eventId}/result`, info.adminCookie, {
        status: 'final',
        home_score: scores.home_score,
        away_score: scores.away_score,
      }),
    submit: (member: SundayInfo['fullPool']['members'][number]) =>
      write(
        'PUT',
        `/api/pools/${info.fullPool.id}/weeks/${info.fullPool.week}/picks`,
        member.cookie,
        member.sheet,
        randomUUID(),
        burstFetch,
      ),
  };
}
type Api = ReturnType<typeof api>;

/**
 * Waits until no connection of the app to `databaseUrl` has been working (in a statement or a transaction) for
 * QUIET_MS; returns performance.now() of the last moment one was.
 */
async function quietSince(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = performance.now() + QUIET_TIMEOUT_MS;
    let lastBusy = performance.now();
    while (performance.now() - lastBusy < QUIET_MS) {
      if (performance.now() > deadline)
        throw new Error(`the app was still working after ${secondsOf(QUIET_TIMEOUT_MS)}`);
      const { rows } = await client.query<{ busy: number }>(
        `select count(*)::int as busy from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
           and state <> 'idle'`,
      );
      if (rows[0]!.busy > 0) lastBusy = performance.now();
      await new Promise((resolve) => setTimeout(resolve, QUIET_POLL_MS));
    }
    return lastBusy;
  } finally {
    await client.end();
  }
}

/**
 * The burst: BURST_SUBMISSIONS submissions BURST_CONCURRENCY at a time, twice. First on the server as it started
 * (a few discarded), reported beside; then, after BURST_WARMUP more, on a warm server (its code compiled, each
 * database connection's statements prepared, as on a Sunday afternoon): the row's figure.
 */
async function measureBurst(calls: Api, info: SundayInfo, row: Row): Promise<TimedBenchmark> {
  const members = info.fullPool.members;
  let sent = 0;
  const submit = async () => {
    const index = sent++;
    const answer = await timed(() => calls.submit(members[index % members.length]!));
    if (answer.status !== 200) throw new Error(`submission ${index} answered ${answer.status}`);
    return answer.ms;
  };
  const burst = async (count: number) => {
    const started = performance.now();
    const latencies = await mapAtMost(Array.from({ length: count }), BURST_CONCURRENCY, submit);
    const wallMs = performance.now() - started;
    return { ...summary(latencies), wallMs, perSecond: (count * 1000) / wallMs };
  };
  for (let index = 0; index < WARMUP; index++) await submit();
  const cold = await burst(BURST_SUBMISSIONS);
  await burst(BURST_WARMUP);
  const warm = await burst(BURST_SUBMISSIONS);
  return {
    ...row,
    outcome: {
      status: 'measured',
      valueMs: warm.wallMs / BURST_SUBMISSIONS,
      figures: `${warm.perSecond.toFixed(0)}/s; p50 ${fmt(warm.p50Ms)} ms, p99 ${fmt(warm.p99Ms)} ms`,
      detail: `${BURST_SUBMISSIONS} in ${secondsOf(warm.wallMs)} on the warm server (max ${fmt(warm.maxMs)} ms), after ${BURST_WARMUP} more; the first ${BURST_SUBMISSIONS} after start (${WARMUP} discarded): ${cold.perSecond.toFixed(0)}/s, p50 ${fmt(cold.p50Ms)} ms, p99 ${fmt(cold.p99Ms)} ms; ${members.length} members (${info.fullPool.survivors} still in Last Man Standing), week ${info.fullPool.week}'s ${info.gamesPerWeek} open games (slate published by the Lifeguard), weeks 1–${info.weeks} stored with every member's sheet; submissions share the pool's row and each takes its own sheet's, then raises the pool's and the week's versions with its commit`,
      meets: warm.perSecond >= TARGETS.submissionsPerSecond,
    },
  };
}

/**
 * Every pool's standings read before the finals (the answers the finals must change), the finals one after
 * another, then every pool's standings again: each member must have the week's games more decided than before.
 */
async function measureFinals(calls: Api, info: SundayInfo, databaseUrl: string, row: Row): Promise<TimedBenchmark> {
  const coldStarted = performance.now();
  const before = await mapAtMost(info.pools, READ_CONCURRENCY, (pool) => calls.readStandings(pool));
  const coldMs = performance.now() - coldStarted;

  const resultMs: number[] = [];
  for (const final of info.finals) {
    const answer = await timed(() => calls.result(final));
    if (answer.status !== 200)
      throw new Error(`POST /api/admin/events/${final.eventId}/result answered ${answer.status}`);
    resultMs.push(answer.ms);
  }
  const lastFinalAt = performance.now();
  const after = await mapAtMost(info.pools, READ_CONCURRENCY, (pool) => calls.readStandings(pool));
  const freshMs = Math.max(...after.map((read) => read.at)) - lastFinalAt;

  const stale: string[] = [];
  info.pools.forEach((pool, index) => {
    for (const [memberId, decided] of after[index]!.decided) {
      const earlier = before[index]!.decided.get(memberId) ?? 0;
      if (decided - earlier !== info.finals.length)
        stale.push(`pool ${pool.id}, member ${memberId}: ${earlier} decided games before, ${decided} after`);
    }
  });
  if (stale.length > 0)
    throw new Error(
      `${stale.length} standings rows do not show the ${info.finals.length} finals (stale answers), e.g. ${stale.slice(0, 3).join('; ')}`,
    );

  const settledAt = await quietSince(databaseUrl).catch(() => Number.NaN);
  const results = summary(resultMs);
  const reads = Float64Array.from(after.map((read) => read.ms)).sort();
  const resultMax = Math.max(...resultMs);
  const sizes = info.sizes;
  const t = info.timings;
  return {
    ...row,
    outcome: {
      status: 'measured',
      valueMs: freshMs,
      figures: `results p50 ${fmt(results.p50Ms)} ms, max ${fmt(resultMax)} ms; every standings fresh ${secondsOf(freshMs)} after the last`,
      detail: [
        `${count(info.pools.length)} pools × 5 = ${count(info.members)} members (and the 26-member pool), ats, double plays, Last Man Standing, 16 games a week of the generated 2025 season; weeks 1–${info.weeks - 1} final, week ${info.weeks}'s ${info.finals.length} games under way, each member's whole sheet for all ${info.weeks}: ${count(sizes.slate_games)} slate games, ${count(sizes.sheets)} sheets, ${count(sizes.picks)} picks, ${count(sizes.events)} events, ${count(sizes.quotes)} quotes`,
        `each result's answer: ${resultMs.map((ms) => Math.round(ms)).join(', ')} ms`,
        `${count(after.length)} standings after the finals, each showing ${info.finals.length} more decided games for every member: p50 ${fmt(percentile(reads, 50))} ms, p99 ${fmt(percentile(reads, 99))} ms, max ${fmt(reads[reads.length - 1]!)} ms`,
        `before the finals, the first read of every pool (all ${info.weeks} weeks worked out and stored) took ${secondsOf(coldMs)}`,
        Number.isNaN(settledAt)
          ? `the room notices the finals set off were still running ${secondsOf(QUIET_TIMEOUT_MS)} later`
          : `the app's work behind the finals (the room notices of every pool, after each result) was over ${secondsOf(settledAt - lastFinalAt)} after the last`,
        `stored before listening in ${secondsOf(info.prepareMs)} (pools ${secondsOf(t.poolsMs ?? 0)}; the room notices of all ${count(info.roomsLooked)} rooms once ${secondsOf(t.roomNoticesMs ?? 0)}; then vacuumed and analyzed in ${secondsOf(t.vacuumMs ?? 0)})`,
      ].join('; '),
      meets: resultMax < TARGETS.resultMs && freshMs <= TARGETS.freshMs,
    },
  };
}

/** The wall clock in ms, as the bench's servers stamp their event-loop samples. */
const wallMs = () => performance.timeOrigin + performance.now();

/**
 * The server's event-loop delay between two moments, from its per-second samples (BENCH_DELAY_FILE): the
 * highest of those seconds' p99 and of their maxima; null when the server wrote none.
 */
async function eventLoopDelay(file: string, fromMs: number, toMs: number) {
  const text = await readFile(file, 'utf8').catch(() => '');
  const seconds = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { at: number; p99: number; max: number })
    .filter((second) => second.at > fromMs && second.at <= toMs + 1000);
  if (seconds.length === 0) return null;
  return {
    p99Ms: Math.max(...seconds.map((second) => second.p99)),
    maxMs: Math.max(...seconds.map((second) => second.max)),
  };
}

/** The full pool's standings read with nothing changed, then each read after a score correction. */
async function measureAfterChange(calls: Api, info: SundayInfo, row: Row, delayFile: string): Promise<TimedBenchmark> {
  const reader = info.fullPool.members[1]!;
  const read = () => calls.standings(info.fullPool.id, reader.cookie);
  const cached = await sequential(CACHED_READS, read);
  const game = info.finals[info.finals.length - 1]!;
  const corrected = { ...game, home_score: game.home_score + 3 };
  const correctionsFrom = wallMs();
  const rebuilt = await sequential(CHANGE_ITERATIONS, read, (index) =>
    calls.result(game, index % 2 === 0 ? corrected : game),
  );
  const delay = await eventLoopDelay(delayFile, correctionsFrom, wallMs());
  const change = rebuilt.before!;
  const { p50Ms, p99Ms, maxMs } = rebuilt.main;
  return {
    ...row,
    outcome: {
      status: 'measured',
      valueMs: p99Ms,
      figures: `p50 ${fmt(p50Ms)} ms, p99 ${fmt(p99Ms)} ms; cached p99 ${fmt(cached.main.p99Ms)} ms`,
      detail: `max ${fmt(maxMs)} ms; cached p50 ${fmt(cached.main.p50Ms)} ms, max ${fmt(cached.main.maxMs)} ms (read first, once the finals' work was over); the correction itself (not in the figures, it reaches every pool holding the game): p50 ${fmt(change.p50Ms)} ms, p99 ${fmt(change.p99Ms)} ms; ${rebuilt.bytes.toLocaleString('en-US')}-byte answer; the home score moved by 3 and back, each followed by the room notices of every pool in the background${delay ? `; the server's event loop over the corrections kept a timer waiting at most ${fmt(delay.maxMs)} ms (the worst second's p99 ${fmt(delay.p99Ms)} ms)` : ''}`,
      meets: p50Ms <= TARGETS.readP50Ms && p99Ms < TARGETS.readP99Ms && cached.main.p99Ms < TARGETS.cachedP99Ms,
    },
  };
}

/** The Sunday rows, on a throwaway PostgreSQL database; skipped without DATABASE_URL. */
export async function runSundayBenchmarks(appEnv: AppEnv): Promise<TimedBenchmark[]> {
  let pools = DEFAULT_POOLS;
  let invalid: string | undefined;
  try {
    pools = sundayPools();
  } catch (error) {
    invalid = message(error);
  }
  const rows = rowsOf(pools);
  const order = [rows.finals, rows.afterChange, rows.burst];
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    return order.map((row) => ({ ...row, outcome: { status: 'skipped', reason: 'DATABASE_URL not set' } }));
  if (invalid) return order.map((row) => ({ ...row, outcome: { status: 'failed', error: invalid } }));

  const measured = new Map<string, TimedBenchmark>();
  const attempt = async (row: Row, work: () => Promise<TimedBenchmark>) => {
    try {
      measured.set(row.name, await work());
    } catch (error) {
      measured.set(row.name, { ...row, outcome: { status: 'failed', error: message(error) } });
    }
  };
  const work = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-sunday-'));
  const removeWork = deferCleanup(`remove ${work}`, () => rm(work, { recursive: true, force: true }));
  try {
    const database = await createThrowawayDatabase(adminUrl);
    try {
      const infoFile = path.join(work, 'info.json');
      const env = {
        ...appEnv({ DATABASE_URL: database.url, DATA_DIR: path.join(work, 'data') }),
        PASS_SEED: 'none',
        PASS_CLOCK: SUNDAY_CLOCK,
        BENCH_SUNDAY_POOLS: String(pools),
        BENCH_INFO_FILE: infoFile,
        BENCH_DELAY_FILE: path.join(work, 'event-loop-delay.jsonl'),
      };
      console.log(`• sunday-postgres: storing ${count(pools)} pools of 5 members and their season (${database.name})`);
      const profile = process.env.BENCH_CPU_PROF_DIR;
      const server = await startBenchServer(
        path.join(SERVERS_DIR, 'sunday-app.ts'),
        env,
        START_TIMEOUT_MS,
        profile ? ['--cpu-prof', '--cpu-prof-interval=5000', `--cpu-prof-dir=${profile}`] : [],
      );
      let removeClient = () => {};
      try {
        const info = JSON.parse(await readFile(infoFile, 'utf8')) as SundayInfo;
        console.log(`  stored in ${secondsOf(info.prepareMs)}`);
        const client = keepAliveFetch(BURST_CONCURRENCY);
        removeClient = () => client.close();
        const calls = api(`http://127.0.0.1:${server.port}`, info, client.fetch);
        // The burst first: its sheets name a Last Man Standing team for each member standing before the finals,
        // and some are out after them.
        console.log(`• ${rows.burst.name}: ${BURST_SUBMISSIONS} submissions, ${BURST_CONCURRENCY} at a time`);
        await attempt(rows.burst, () => measureBurst(calls, info, rows.burst));
        console.log(`• ${rows.finals.name}: every standings, ${info.finals.length} finals, every standings again`);
        let finalsRan = false;
        await attempt(rows.finals, async () => {
          const row = await measureFinals(calls, info, database.url, rows.finals);
          finalsRan = true;
          return row;
        });
        console.log(
          `• ${rows.afterChange.name}: ${CACHED_READS} cached reads, ${CHANGE_ITERATIONS} corrections each read`,
        );
        await attempt(rows.afterChange, async () => {
          if (!finalsRan) throw new Error('the finals did not run');
          return measureAfterChange(calls, info, rows.afterChange, env.BENCH_DELAY_FILE);
        });
      } finally {
        removeClient();
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  } catch (error) {
    for (const row of order)
      if (!measured.has(row.name))
        measured.set(row.name, { ...row, outcome: { status: 'failed', error: message(error) } });
  } finally {
    await removeWork();
  }
  return order.map((row) => measured.get(row.name)!);
}
