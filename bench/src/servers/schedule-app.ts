import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../../apps/server/src/env.js';
import { invalidateSportCache, listBookEvents } from '../../../apps/server/src/modules/sports/sports.service.js';
import { startServer } from '../../../apps/server/src/start.js';
import { announceAndWatchParent } from './announce.js';

/**
 * The real PA$$ server (startServer, as main.ts) for the schedule-with-odds benchmark. The parent passes
 * PASS_SEED=demo, so the database holds every nflverse game and the demo season with its odds. Before
 * listening, each quote of the current NFL week gets older snapshots until every
 * event × book × market × outcome has BENCH_SNAPSHOTS of them (one INSERT … SELECT generate_series): the
 * line history a busy week accumulates. The latest quotes stay as they were, so the payload does not change,
 * only the table the endpoint reads from grows. What was done is written as JSON to BENCH_INFO_FILE.
 */

const SPORT = 'americanfootball_nfl';
const snapshots = Number(process.env.BENCH_SNAPSHOTS ?? '50');

const config = loadConfig(process.env);
const { app, database, loadData } = await startServer(config, (message) => console.error(message));
// The data has to be there before the snapshots are added, so here the first run goes before listening.
await loadData();
const db = database.db;

const started = performance.now();
const week = await listBookEvents(db, SPORT, { now: new Date() });
const ids = week.events.map((event) => event.event_id);
const eventList =
  ids.length > 0
    ? sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;
if (ids.length > 0 && snapshots > 1) {
  await db.execute(sql`
    insert into odds_quotes (event_id, book, market, outcome, price, point, quoted_at, fetched_at, source)
    select q.event_id, q.book, q.market, q.outcome, q.price, q.point,
           q.first_at - g * interval '20 minutes', q.first_at - g * interval '20 minutes', 'bench'
    from (
      select event_id, book, market, outcome, min(fetched_at) as first_at, count(*)::int as n,
             (array_agg(price order by fetched_at))[1] as price, (array_agg(point order by fetched_at))[1] as point
      from odds_quotes where event_id in (${eventList})
      group by event_id, book, market, outcome
    ) q
    cross join lateral generate_series(1, greatest(0, ${snapshots} - q.n)) as g
    on conflict do nothing`);
  invalidateSportCache(db, SPORT);
}
const counts = (await db.execute(sql`
  select count(*)::int as quotes, count(distinct book)::int as books, count(distinct market)::int as markets,
         count(distinct (event_id, book, market, outcome))::int as series
  from odds_quotes where event_id in (${eventList})`)) as unknown as {
  rows: { quotes: number; books: number; markets: number; series: number }[];
};
const info = {
  season: week.season,
  week: week.week?.number ?? null,
  events: ids.length,
  ...counts.rows[0],
  prepareMs: performance.now() - started,
};
if (process.env.BENCH_INFO_FILE) writeFileSync(process.env.BENCH_INFO_FILE, JSON.stringify(info));

await app.listen({ port: config.port, host: config.host });
announceAndWatchParent(app.server as Server, () => app.close());
