import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { deferCleanup } from './cleanup.js';
import type { TimedBenchmark } from './data-benchmarks.js';
import { measureLoad, percentile } from './load.js';
import { SERVERS_DIR } from './paths.js';
import { startBenchServer, type BenchServer } from './processes.js';
import type { HttpBenchmark } from './report.js';
import { createThrowawayDatabase } from './throwaway-database.js';

/**
 * Pool Party: a full pool's season standings (cached, and rebuilt after a result change) and a week's sheet
 * submitted, on `src/servers/pools-app.ts` (which seeds the pools through the app's services before it
 * listens), next to a bare node:http server sending the standings' bytes from memory in the same run. Each
 * endpoint is loaded by autocannon (req/s, p50, p99 under 10 connections) and also timed one request at a
 * time (p50, p99 against the targets of the issue: the latency of a request on its own, without the queue
 * that 10 connections make on one pool).
 */

/** After the stored 2025 NFL season (every game final) and before week 1 of 2026 (every game open). */
export const POOL_CLOCK = '2026-08-01T12:00:00Z';
const SEQUENTIAL_REQUESTS = 200;
const REBUILD_REQUESTS = 100;
const WARMUP = 5;
/** The seeding plays a season of 468 submissions and 272 results through the services: minutes on a busy machine. */
const START_TIMEOUT_MS = 900_000;
const CSRF = randomBytes(18).toString('base64url');

const TARGETS = {
  standings: { targetMs: 20, targetLabel: 'p99 < 20 ms' },
  rebuild: { targetMs: 100, targetLabel: 'p99 < 100 ms' },
  picks: { targetMs: 50, targetLabel: 'p99 < 50 ms' },
};

interface PoolInfo {
  clock: string;
  seasonPoolId: number;
  /** The same season in a confidence pool (picks ranked 1..16, no plays). */
  confidencePoolId: number;
  openPoolId: number;
  openWeek: number;
  members: { cookie: string; sheet: unknown }[];
  adminCookie: string;
  changeGames: { eventId: number; scores: { home_score: number; away_score: number }[] }[];
  weeks: number;
  slateGames: number;
  submissions: number;
  survivors: number;
  openGames: number;
  timings: Record<string, number>;
  prepareMs: number;
}

type AppEnv = (database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string }) => NodeJS.ProcessEnv;
type ChildEnv = (overrides: Record<string, string>) => NodeJS.ProcessEnv;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const sessionCookie = (cookie: string) => `pass_session=${cookie}; XSRF-TOKEN=${CSRF}`;

/** The row names of one database, in the order they are reported. */
export function poolRowNames(label: string) {
  return {
    baseline: `pools-baseline-${label}`,
    standings: `pool-standings-${label}`,
    picks: `pool-picks-${label}`,
    standingsSequential: `pool-standings-seq-${label}`,
    rebuild: `pool-standings-rebuild-${label}`,
    picksSequential: `pool-picks-seq-${label}`,
    confidenceSequential: `pool-confidence-standings-seq-${label}`,
    confidenceRebuild: `pool-confidence-standings-rebuild-${label}`,
  };
}

export async function timed(send: () => Promise<Response>): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const response = await send();
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, bytes: body.byteLength };
}

export function summary(latencies: number[]) {
  const sorted = Float64Array.from(latencies).sort();
  const total = latencies.reduce((sum, value) => sum + value, 0);
  return {
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1]!,
    perSecond: (latencies.length * 1000) / total,
  };
}

/** `count` requests one after another after a few discarded; `before` (timed apart) runs before each. */
export async function sequential(
  count: number,
  send: (index: number) => Promise<Response>,
  before?: (index: number) => Promise<Response>,
): Promise<{ main: ReturnType<typeof summary>; before?: ReturnType<typeof summary>; bytes: number }> {
  const latencies: number[] = [];
  const beforeLatencies: number[] = [];
  let bytes = 0;
  for (let index = 0; index < WARMUP + count; index++) {
    if (before) {
      const change = await timed(() => before(index));
      if (change.status !== 200) throw new Error(`the change before request ${index} answered ${change.status}`);
      if (index >= WARMUP) beforeLatencies.push(change.ms);
    }
    const answer = await timed(() => send(index));
    if (answer.status !== 200) throw new Error(`request ${index} answered ${answer.status}`);
    bytes = answer.bytes;
    if (index >= WARMUP) latencies.push(answer.ms);
  }
  return { main: summary(latencies), ...(before ? { before: summary(beforeLatencies) } : {}), bytes };
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

function timedRow(
  details: Omit<TimedBenchmark, 'outcome'>,
  result: ReturnType<typeof summary>,
  detail: string,
): TimedBenchmark {
  return {
    ...details,
    outcome: {
      status: 'measured',
      valueMs: result.p99Ms,
      figures: `p50 ${fmt(result.p50Ms)} ms, p99 ${fmt(result.p99Ms)} ms`,
      detail: `max ${fmt(result.maxMs)} ms; ≈ ${Math.round(result.perSecond).toLocaleString('en-US')} req/s one at a time; ${detail}`,
    },
  };
}

/** Every row of one database, failed with the same reason (the server did not start, the seeding failed). */
function failedRows(label: string, database: string, error: string) {
  const names = poolRowNames(label);
  const http: HttpBenchmark[] = [names.baseline, names.standings, names.picks].map((name) => ({
    name,
    what: 'Pool Party',
    database,
    outcome: { status: 'failed', error },
  }));
  const timedRows: TimedBenchmark[] = [
    names.standingsSequential,
    names.rebuild,
    names.picksSequential,
    names.confidenceSequential,
    names.confidenceRebuild,
  ].map((name) => ({
    name,
    what: 'Pool Party',
    database,
    targetMs: 0,
    targetLabel: '-',
    outcome: { status: 'failed', error },
  }));
  return { http, timed: timedRows };
}

export function skippedPoolRows(label: string, database: string, reason: string) {
  const rows = failedRows(label, database, reason);
  return {
    http: rows.http.map((row) => ({ ...row, outcome: { status: 'skipped' as const, reason } })),
    timed: rows.timed.map((row) => ({ ...row, outcome: { status: 'skipped' as const, reason } })),
  };
}

async function measureOnServer(
  label: string,
  database: string,
  server: BenchServer,
  info: PoolInfo,
  work: string,
  childEnv: ChildEnv,
): Promise<{ http: HttpBenchmark[]; timed: TimedBenchmark[] }> {
  const names = poolRowNames(label);
  const base = `http://127.0.0.1:${server.port}`;
  const standingsPath = `/api/pools/${info.seasonPoolId}/standings`;
  const picksPath = `/api/pools/${info.openPoolId}/weeks/${info.openWeek}/picks`;
  const viewer = info.members[1]!;
  const standingsOf = (poolId: number) => () =>
    fetch(`${base}/api/pools/${poolId}/standings`, { headers: { cookie: sessionCookie(viewer.cookie) } });
  const getStandings = standingsOf(info.seasonPoolId);
  const submit = (member: PoolInfo['members'][number]) =>
    fetch(`${base}${picksPath}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        cookie: sessionCookie(member.cookie),
        'x-xsrf-token': CSRF,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(member.sheet),
    });
  const http: HttpBenchmark[] = [];
  const timedRows: TimedBenchmark[] = [];
  const seeded = `${info.members.length} members, ${info.weeks} weeks, ${info.slateGames} slate games, ${info.submissions} sheets, ${info.survivors} still standing`;

  // The baseline: the standings' exact bytes and headers from memory.
  const baseline = {
    name: names.baseline,
    what: 'bare node:http, the standings payload from memory',
    database: 'none',
  };
  const response = await getStandings();
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${standingsPath} answered ${response.status}`);
  const bodyFile = path.join(work, 'standings.json');
  await writeFile(bodyFile, body);
  console.log(`• ${names.baseline}: bare node:http with the ${body.length}-byte standings`);
  try {
    const bare = await startBenchServer(
      path.join(SERVERS_DIR, 'baseline.ts'),
      childEnv({
        BENCH_BODY_FILE: bodyFile,
        BENCH_CONTENT_TYPE: response.headers.get('content-type') ?? 'application/json; charset=utf-8',
      }),
    );
    try {
      http.push({
        ...baseline,
        outcome: {
          status: 'measured',
          load: await measureLoad(`http://127.0.0.1:${bare.port}/`),
          bodyBytes: body.length,
        },
      });
    } finally {
      await bare.stop();
    }
  } catch (error) {
    http.push({ ...baseline, outcome: { status: 'failed', error: message(error) } });
  }

  const attempt = async <T>(make: () => Promise<T>, fail: (error: string) => T): Promise<T> => {
    try {
      return await make();
    } catch (error) {
      return fail(message(error));
    }
  };

  const standings = {
    name: names.standings,
    what: `GET ${standingsPath.replace(String(info.seasonPoolId), '{id}')}, cached: ${info.members.length} members × ${info.weeks} weeks`,
    database,
    baseline: names.baseline,
  };
  console.log(`• ${names.standings}: GET ${standingsPath}, 10 connections`);
  http.push(
    await attempt<HttpBenchmark>(
      async () => ({
        ...standings,
        outcome: {
          status: 'measured',
          load: await measureLoad(`${base}${standingsPath}`, { headers: { cookie: sessionCookie(viewer.cookie) } }),
          bodyBytes: body.length,
        },
      }),
      (error) => ({ ...standings, outcome: { status: 'failed', error } }),
    ),
  );

  // Each connection submits one member's sheet, again and again, each time with a new Idempotency-Key.
  const picks = {
    name: names.picks,
    what: `PUT ${picksPath.replace(String(info.openPoolId), '{id}')}, a whole sheet (${info.openGames} picks, double play, LMS, tiebreaker), new Idempotency-Key each`,
    database,
    baseline: names.baseline,
  };
  console.log(`• ${names.picks}: PUT ${picksPath}, 10 connections, one member each`);
  let nextMember = 0;
  const setupRequest = (request: autocannon.Request, context: object): autocannon.Request => {
    const connection = context as { member?: number };
    connection.member ??= nextMember++ % info.members.length;
    const member = info.members[connection.member]!;
    return {
      ...request,
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        cookie: sessionCookie(member.cookie),
        'x-xsrf-token': CSRF,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(member.sheet),
    };
  };
  http.push(
    await attempt<HttpBenchmark>(
      async () => {
        const probe = await timed(() => submit(info.members[0]!));
        if (probe.status !== 200) throw new Error(`PUT ${picksPath} answered ${probe.status}`);
        return {
          ...picks,
          outcome: {
            status: 'measured',
            load: await measureLoad(`${base}${picksPath}`, { requests: [{ method: 'PUT', setupRequest }] }),
            bodyBytes: probe.bytes,
          },
        };
      },
      (error) => ({ ...picks, outcome: { status: 'failed', error } }),
    ),
  );

  const standingsSequential = {
    name: names.standingsSequential,
    what: `GET standings of the same pool, ${SEQUENTIAL_REQUESTS} sequential requests, unchanged pool (cached answer)`,
    database,
    ...TARGETS.standings,
  };
  console.log(`• ${names.standingsSequential}: ${SEQUENTIAL_REQUESTS} sequential GETs`);
  timedRows.push(
    await attempt<TimedBenchmark>(
      async () => {
        const result = await sequential(SEQUENTIAL_REQUESTS, getStandings);
        return timedRow(
          standingsSequential,
          result.main,
          `${result.bytes.toLocaleString('en-US')}-byte answer; ${seeded}`,
        );
      },
      (error) => ({ ...standingsSequential, outcome: { status: 'failed', error } }),
    ),
  );

  // Before each read, the admin's result endpoint moves a slate game's home score by 3 and back (through
  // the ledger's grading, which raises the pool's version): every read rebuilds the standings.
  const rebuild = {
    name: names.rebuild,
    what: `GET standings of the same pool, ${REBUILD_REQUESTS} sequential requests, each after a slate game's result changed (POST /api/admin/events/{id}/result, timed apart): rebuilt from the database`,
    database,
    ...TARGETS.rebuild,
  };
  console.log(`• ${names.rebuild}: ${REBUILD_REQUESTS} result changes, each followed by a GET`);
  const change = (index: number) => {
    const game = info.changeGames[index % info.changeGames.length]!;
    const scores = game.scores[Math.floor(index / info.changeGames.length) % 2 === 0 ? 1 : 0]!;
    return fetch(`${base}/api/admin/events/${game.eventId}/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sessionCookie(info.adminCookie), 'x-xsrf-token': CSRF },
      body: JSON.stringify({ status: 'final', ...scores }),
    });
  };
  timedRows.push(
    await attempt<TimedBenchmark>(
      async () => {
        const result = await sequential(REBUILD_REQUESTS, getStandings, change);
        const before = result.before!;
        return timedRow(
          rebuild,
          result.main,
          `the result change itself (not in the figures): p50 ${fmt(before.p50Ms)} ms, p99 ${fmt(before.p99Ms)} ms; ${info.changeGames.length} games changed in turn, one per week`,
        );
      },
      (error) => ({ ...rebuild, outcome: { status: 'failed', error } }),
    ),
  );

  const picksSequential = {
    name: names.picksSequential,
    what: `PUT a whole week-1 sheet, ${SEQUENTIAL_REQUESTS} sequential requests, the ${info.members.length} members in turn, new Idempotency-Key each`,
    database,
    ...TARGETS.picks,
  };
  console.log(`• ${names.picksSequential}: ${SEQUENTIAL_REQUESTS} sequential PUTs`);
  timedRows.push(
    await attempt<TimedBenchmark>(
      async () => {
        const result = await sequential(SEQUENTIAL_REQUESTS, (index) =>
          submit(info.members[index % info.members.length]!),
        );
        return timedRow(
          picksSequential,
          result.main,
          `${result.bytes.toLocaleString('en-US')}-byte answer (the week as the member sees it); ${info.openGames} open games of week 1 of 2026`,
        );
      },
      (error) => ({ ...picksSequential, outcome: { status: 'failed', error } }),
    ),
  );

  // The same season in a confidence pool (the "25-member confidence pool over 18 weeks"): cached, and
  // rebuilt after each result change, as the rows above.
  const getConfidence = standingsOf(info.confidencePoolId);
  const confidenceSequential = {
    name: names.confidenceSequential,
    what: `GET standings of a confidence pool (${info.members.length} members, picks ranked 1..16), ${SEQUENTIAL_REQUESTS} sequential requests, unchanged pool (cached answer)`,
    database,
    ...TARGETS.standings,
  };
  console.log(`• ${names.confidenceSequential}: ${SEQUENTIAL_REQUESTS} sequential GETs`);
  timedRows.push(
    await attempt<TimedBenchmark>(
      async () => {
        const result = await sequential(SEQUENTIAL_REQUESTS, getConfidence);
        return timedRow(confidenceSequential, result.main, `${result.bytes.toLocaleString('en-US')}-byte answer`);
      },
      (error) => ({ ...confidenceSequential, outcome: { status: 'failed', error } }),
    ),
  );
  const confidenceRebuild = {
    name: names.confidenceRebuild,
    what: `GET standings of the confidence pool, ${REBUILD_REQUESTS} sequential requests, each after a slate game's result changed (timed apart)`,
    database,
    ...TARGETS.rebuild,
  };
  console.log(`• ${names.confidenceRebuild}: ${REBUILD_REQUESTS} result changes, each followed by a GET`);
  timedRows.push(
    await attempt<TimedBenchmark>(
      async () => {
        const result = await sequential(REBUILD_REQUESTS, getConfidence, change);
        const before = result.before!;
        return timedRow(
          confidenceRebuild,
          result.main,
          `the result change itself (not in the figures, it regrades both pools): p50 ${fmt(before.p50Ms)} ms, p99 ${fmt(before.p99Ms)} ms`,
        );
      },
      (error) => ({ ...confidenceRebuild, outcome: { status: 'failed', error } }),
    ),
  );
  return { http, timed: timedRows };
}

/**
 * The Pool Party rows on PGlite and, with DATABASE_URL, on a throwaway PostgreSQL database; `notes` gets a
 * line per database on what was seeded and how long it took.
 */
export async function runPoolBenchmarks(
  appEnv: AppEnv,
  childEnv: ChildEnv,
  notes: string[],
): Promise<{ http: HttpBenchmark[]; timed: TimedBenchmark[] }> {
  const http: HttpBenchmark[] = [];
  const timedRows: TimedBenchmark[] = [];
  const targets = [
    { label: 'pglite', database: 'PGlite', url: undefined as string | undefined },
    { label: 'postgres', database: 'PostgreSQL', url: process.env.DATABASE_URL },
  ];
  for (const target of targets) {
    if (target.label === 'postgres' && !target.url) {
      const skipped = skippedPoolRows(target.label, target.database, 'DATABASE_URL not set');
      http.push(...skipped.http);
      timedRows.push(...skipped.timed);
      continue;
    }
    const work = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-pools-'));
    const removeWork = deferCleanup(`remove ${work}`, () => rm(work, { recursive: true, force: true }));
    try {
      const throwaway = target.url ? await createThrowawayDatabase(target.url) : undefined;
      try {
        const dataDir = path.join(work, 'data');
        const infoFile = path.join(work, 'info.json');
        const env = {
          ...appEnv(throwaway ? { DATABASE_URL: throwaway.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir }),
          PASS_SEED: 'none',
          PASS_CLOCK: POOL_CLOCK,
          BENCH_INFO_FILE: infoFile,
        };
        console.log(
          `• pools-${target.label}: seeding a season of Pool Party through the services (${target.database})`,
        );
        const server = await startBenchServer(path.join(SERVERS_DIR, 'pools-app.ts'), env, START_TIMEOUT_MS);
        try {
          const info = JSON.parse(await readFile(infoFile, 'utf8')) as PoolInfo;
          const t = info.timings;
          notes.push(
            `pools-${target.label}: server clock ${POOL_CLOCK}; the ${info.weeks}-week 2025 pool (${info.members.length} members: the Lifeguard and ${info.members.length - 1} guests; ats, ${info.slateGames} slate games, double plays, Last Man Standing with ${info.survivors} still standing) and the 2026 pool (week 1: ${info.openGames} open games) seeded before listening in ${(info.prepareMs / 1000).toFixed(1)} s: nflverse import ${((t.importMs ?? 0) / 1000).toFixed(1)} s, the season's ${info.submissions} submissions and results ${((t.seasonMs ?? 0) / 1000).toFixed(1)} s.`,
          );
          const measured = await measureOnServer(target.label, target.database, server, info, work, childEnv);
          http.push(...measured.http);
          timedRows.push(...measured.timed);
        } finally {
          await server.stop();
        }
      } finally {
        await throwaway?.drop();
      }
    } catch (error) {
      const failed = failedRows(target.label, target.database, message(error));
      http.push(...failed.http);
      timedRows.push(...failed.timed);
    } finally {
      await removeWork();
    }
  }
  return { http, timed: timedRows };
}
