/**
 * What a poll of a live source costs the server when nothing changed (docs/decisions/067): the ESPN scoreboard of
 * an NFL Sunday (the real week-12 capture) polled through the scheduler's path (pollDueSources: the sources'
 * state, the calendar, the conditional GET, the record of the answer), from a stand-in ESPN in a child process,
 * once answering 304 to the ETag and once the same body without an ETag (hashed). The server's CPU per poll is
 * process.cpuUsage() around each poll; the stand-in's CPU is its own process's. The capture is the compact one
 * the tests replay (ESPN's featuredBets blobs left out): ESPN's own answer is larger (1.9 MB), which the hashed
 * case reads and hashes whole.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../../apps/server/src/env.js';
import { findRepoRoot } from '../../../apps/server/src/modules/imports/history-files.js';
import { createLiveSources } from '../../../apps/server/src/modules/imports/live-sources.js';
import { pollDueSources } from '../../../apps/server/src/modules/imports/source-polls.service.js';
import { openPrepared, type TimedBenchmark } from './data-benchmarks.js';
import { deferCleanup } from './cleanup.js';
import { createThrowawayDatabase } from './throwaway-database.js';

const POLLS = 60;
const TARGET_MS = 50;
/** Sunday of week 12, 2025, during the early games: the NFL is live, its source polled every 30 s. */
const SUNDAY = new Date('2025-11-23T19:00:00Z');

/** A stand-in ESPN: serves one body at every scoreboard path, with or without an ETag. */
const STAND_IN = `
const http = require('node:http');
const crypto = require('node:crypto');
const body = process.env.BODY;
const etag = '"' + crypto.createHash('sha1').update(body).digest('hex') + '"';
const withEtag = process.env.ETAG === 'on';
http.createServer((req, res) => {
  if (withEtag && req.headers['if-none-match'] === etag) { res.writeHead(304, { etag }); return res.end(); }
  res.writeHead(200, { 'content-type': 'application/json', ...(withEtag ? { etag } : {}) });
  res.end(body);
}).listen(0, '127.0.0.1', function () { process.send(this.address().port); });
`;

async function startStandIn(body: string, etag: boolean): Promise<{ url: string; child: ChildProcess }> {
  const child = fork('-e', [STAND_IN], {
    execArgv: [],
    env: { ...process.env, BODY: body, ETAG: etag ? 'on' : 'off' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(Number(message)));
    child.once('exit', (code) => reject(new Error(`the stand-in ESPN exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
};

async function measure(databaseUrl: string | undefined, body: string, etag: boolean) {
  const standIn = await startStandIn(body, etag);
  const stop = deferCleanup('stop the stand-in ESPN', async () => void standIn.child.kill());
  // A database of its own: the sources' polling state of one row never carries over to the next.
  const throwaway = databaseUrl ? await createThrowawayDatabase(databaseUrl) : undefined;
  const handle = await openPrepared(throwaway?.url);
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      ESPN_API_URL: standIn.url,
      OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'on',
    });
    const sources = createLiveSources(config).filter((source) => source.key === 'espn:americanfootball_nfl');
    // The first poll imports the board (the season's games); one game is made to be under way, so the NFL is live.
    await pollDueSources(handle.db, sources, SUNDAY);
    await handle.db.execute(sql`update events set status = 'in_progress', home_score = 7, away_score = 3
      where id = (select min(id) from events where sport = 'americanfootball_nfl' and season = 2025)`);
    await handle.db
      .execute(sql`update events set kickoff_at = ${new Date(SUNDAY.getTime() - 3_600_000).toISOString()}::timestamptz
      where id = (select min(id) from events where sport = 'americanfootball_nfl' and season = 2025)`);
    const cpuMs: number[] = [];
    const wallMs: number[] = [];
    let unchanged = 0;
    for (let poll = 1; poll <= POLLS; poll++) {
      const now = new Date(SUNDAY.getTime() + poll * 30_000);
      const cpu = process.cpuUsage();
      const started = performance.now();
      const run = await pollDueSources(handle.db, sources, now);
      wallMs.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpuMs.push((used.user + used.system) / 1000);
      if (run.polled[0]?.outcome === 'unchanged') unchanged++;
    }
    return { cpuMs, wallMs, unchanged };
  } finally {
    await handle.close();
    await throwaway?.drop();
    await stop();
  }
}

export async function runLivePollBenchmarks(): Promise<TimedBenchmark[]> {
  const root = findRepoRoot();
  if (!root) throw new Error('The repository was not found');
  const body = readFileSync(
    path.join(root, 'packages/domain/src/sources/fixtures/espn/nfl_2025_week12_pregame.json'),
    'utf8',
  );
  const rows: TimedBenchmark[] = [];
  for (const etag of [true, false]) {
    for (const target of [
      { suffix: 'pglite', database: 'PGlite (memory)', url: undefined as string | undefined },
      { suffix: 'postgres', database: 'PostgreSQL', url: process.env.DATABASE_URL },
    ]) {
      const name = `live-poll-${etag ? '304' : 'same-body'}-${target.suffix}`;
      const details = {
        name,
        what: `a poll of the ESPN NFL scoreboard (${(body.length / 1024).toFixed(0)} kB) that brings no change, ${
          etag ? 'answered 304 to its ETag' : 'the same body without an ETag (hashed)'
        }: server CPU per poll, p95 of ${POLLS}`,
        database: target.database,
        targetMs: TARGET_MS,
        targetLabel: `< ${TARGET_MS} ms CPU`,
      };
      if (!target.url && target.suffix === 'postgres') {
        rows.push({ ...details, outcome: { status: 'skipped', reason: 'DATABASE_URL not set' } });
        continue;
      }
      console.log(`• ${name}`);
      try {
        const { cpuMs, wallMs, unchanged } = await measure(target.url, body, etag);
        const p95 = percentile(cpuMs, 0.95);
        rows.push({
          ...details,
          outcome: {
            status: 'measured',
            valueMs: p95,
            figures: `${p95.toFixed(1)} ms CPU`,
            detail: `CPU p50 ${percentile(cpuMs, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; wall p50 ${percentile(
              wallMs,
              0.5,
            ).toFixed(1)} ms; ${unchanged}/${POLLS} polls unchanged`,
            meets: p95 < TARGET_MS && unchanged === POLLS,
          },
        });
      } catch (error) {
        rows.push({
          ...details,
          outcome: { status: 'failed', error: error instanceof Error ? error.message : String(error) },
        });
      }
    }
  }
  return rows;
}
