import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { events, sessions, type Database } from '@pass/db';
import { NFL_TEAMS } from '@pass/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../../apps/server/src/env.js';
import { hashSecret, randomSecret } from '../../../apps/server/src/modules/auth/crypto.js';
import { SESSION_ABSOLUTE_MS } from '../../../apps/server/src/modules/auth/sessions.service.js';
import { pollDueSources } from '../../../apps/server/src/modules/imports/source-polls.service.js';
import { startServer } from '../../../apps/server/src/start.js';
import { announceAndWatchParent } from './announce.js';
import { espnLiveSources, liveScheduler } from './live-scheduler.js';

/**
 * The real PA$$ server (startServer, as main.ts) for the live standings benchmark (lib/live-standings.ts), with
 * the scheduler main.ts runs (live-scheduler.ts: the live sources' poll of a stand-in ESPN on every tick, then the
 * room notices, the sync access and the session clean-up), on the server clock the parent sets (PASS_CLOCK: forty
 * minutes into the 1 pm games of the Sunday of NFL week 12, 2025). Before listening it stores, on PGlite or
 * PostgreSQL:
 *
 * - the Sunday's 16 games, under way: the live sources' first poll, made here once, imports them from the
 *   stand-in's scoreboard as the scheduler would;
 * - weeks 1–11 of the 2025 season before them, generated: 16 final games a week (the 32 teams in a round robin,
 *   each week's Sunday at the Sunday's kickoff hour);
 * - LIVE_POOLS pools in set-based SQL, as their tables hold them (the app makes them one request at a time, which
 *   at this size would take an hour), as sunday-app.ts does: 5 members each, every pool `ats` with double plays
 *   and Last Man Standing from week 1, each week's slate 10 of the week's 16 games (a window of them that moves
 *   with the pool, so pools hold different games), the spread frozen at publish and the close, every game
 *   locked at its kickoff, and every member's whole sheet for each of the 12 weeks (a pick of every slate game,
 *   one double play, a Last Man Standing team, a tiebreaker);
 * - a session for one guest of every pool (the member whose screen is open);
 * - the room notices job run once through the app (every room told of the weeks so far, each pool's week totals
 *   worked out and stored), as the scheduler would have before the Sunday.
 *
 * What the parent needs (each pool's id, cookie and slate of the Sunday, the sizes) goes as JSON to
 * BENCH_INFO_FILE.
 */

const NFL = 'americanfootball_nfl';
const SEASON = 2025;
const MEMBERS_PER_POOL = 5;
const GAMES_PER_WEEK = 16;
const SLATE_GAMES = 10;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SCORES = [3, 6, 7, 10, 13, 14, 16, 17, 20, 20, 21, 23, 24, 24, 27, 28, 30, 31, 34, 38];

const pools = Number(process.env.LIVE_POOLS);
if (!Number.isInteger(pools) || pools < 1) throw new Error('LIVE_POOLS must be a whole number of pools');

const warn = (message: string) => console.error(message);
const config = loadConfig(process.env);
const server = await startServer(config, warn);
const { app, database, now } = server;
const db: Database = database.db;
const started = performance.now();
const timings: Record<string, number> = {};
const lap = (name: string, since: number) => (timings[name] = Math.round(performance.now() - since));
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A fixed pseudo-random whole number below `n` for these keys: the same season on every run. */
function draw(n: number, ...keys: number[]): number {
  let hash = 2166136261;
  for (const key of keys) hash = Math.imul(hash ^ key, 16777619) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d) >>> 0;
  return ((hash ^ (hash >>> 12)) >>> 0) % n;
}

// ---------------------------------------------------------------------------------------------------------
// The Sunday's games, from the stand-in ESPN, and the season's weeks before it

let step = performance.now();
const liveSources = espnLiveSources(config);
await pollDueSources(db, liveSources, now(), warn);
const sunday = await db
  .select({ id: events.id, week: events.week, kickoffAt: events.kickoffAt })
  .from(events)
  .where(and(eq(events.sport, NFL), eq(events.season, SEASON), eq(events.status, 'in_progress')))
  .orderBy(asc(events.id));
if (sunday.length !== GAMES_PER_WEEK)
  throw new Error(`the first poll stored ${sunday.length} games under way, not ${GAMES_PER_WEEK}`);
const liveWeek = sunday[0]!.week!;
if (sunday.some((game) => game.week !== liveWeek || !game.kickoffAt))
  throw new Error('the Sunday games are not all of one week with a kickoff');
const sundayKickoff = sunday[0]!.kickoffAt!.getTime();

const teams = NFL_TEAMS.map((team) => team.abbr).sort();
if (teams.length !== 2 * GAMES_PER_WEEK) throw new Error(`${teams.length} NFL teams, not ${2 * GAMES_PER_WEEK}`);

/** The week's 16 games: the round robin's pairing of the 32 teams, home and away alternating. */
function pairings(week: number): [string, string][] {
  const rotating = teams.slice(1);
  const shift = (week - 1) % rotating.length;
  const order = [teams[0]!, ...rotating.slice(shift), ...rotating.slice(0, shift)];
  return Array.from({ length: GAMES_PER_WEEK }, (_, index) => {
    const [one, other] = [order[index]!, order[order.length - 1 - index]!];
    return (week + index) % 2 === 0 ? [one, other] : [other, one];
  });
}

const earlier = Array.from({ length: liveWeek - 1 }, (_, offset) => offset + 1).flatMap((week) =>
  pairings(week).map(([home, away], index) => {
    const kickoff = new Date(sundayKickoff - (liveWeek - week) * 7 * DAY);
    return {
      sport: NFL,
      season: SEASON,
      week,
      seasonType: 'regular' as const,
      kickoffAt: kickoff,
      gameDate: new Date(kickoff.getTime() - 6 * HOUR).toISOString().slice(0, 10),
      homeTeam: home,
      awayTeam: away,
      status: 'final' as const,
      homeScore: SCORES[draw(SCORES.length, week, index, 1)]!,
      awayScore: SCORES[draw(SCORES.length, week, index, 2)]!,
    };
  }),
);
const earlierIds = (await db.insert(events).values(earlier).returning({ id: events.id })).map((row) => row.id);

/** Every game of weeks 1 to the Sunday's: its event, week, place in the week, frozen spread and close. */
const games = [
  ...earlier.map((game, position) => ({ id: earlierIds[position]!, week: game.week, index: position % 16 })),
  ...sunday.map((game, index) => ({ id: game.id, week: liveWeek, index })),
].map((game) => {
  const frozen = (draw(27, game.week, game.index, 3) - 13) / 2;
  return { ...game, frozen, close: frozen + (draw(3, game.week, game.index, 4) - 1) / 2 + 0 };
});
lap('gamesMs', step);

// ---------------------------------------------------------------------------------------------------------
// Accounts, pools, members, weeks, slates, sheets and picks, set-based

step = performance.now();
const members = pools * MEMBERS_PER_POOL;
const joined = new Date('2025-08-20T12:00:00Z');
/** Each week's slate was published the Tuesday before its Sunday; sheets were in on the Saturday. */
const publishedAt = new Date(sundayKickoff - (liveWeek - 1) * 7 * DAY - 5 * DAY);
const submittedAt = new Date(sundayKickoff - (liveWeek - 1) * 7 * DAY - DAY);
await db.execute(sql`
  insert into users (username, email, email_verified_at, setup_completed_at, created_at, updated_at)
  select 'standings' || i, 'standings' || i || '@example.com', ${joined}, ${joined}, ${joined}, ${joined}
  from generate_series(1, ${members}) i`);
await db.execute(sql`
  insert into pools (lifeguard_id, name, icon, icon_color, icon_background, sport, season, start_week,
                     games_per_week, win_basis, double_play, triple_play, last_man_standing, created_at, updated_at)
  select u.id, 'Live pool ' || p, 'wave', '#1e90ff', '#ffffff', ${NFL}, ${SEASON}, 1, ${SLATE_GAMES}, 'ats', true,
         false, true, ${joined}, ${joined}
  from generate_series(1, ${pools}) p join users u on u.username = 'standings' || ((p - 1) * ${MEMBERS_PER_POOL} + 1)
  order by p`);
await db.execute(sql`
  insert into pool_members (pool_id, user_id, role, joined_at)
  select pl.id, u.id, case when m = 1 then 'lifeguard' else 'guest' end, ${joined}
  from generate_series(1, ${pools}) p
  join pools pl on pl.name = 'Live pool ' || p
  cross join generate_series(1, ${MEMBERS_PER_POOL}) m
  join users u on u.username = 'standings' || ((p - 1) * ${MEMBERS_PER_POOL} + m)`);
await db.execute(sql`
  insert into pool_weeks (pool_id, week, slate_source, published_at)
  select p.id, w, 'auto', ${publishedAt}::timestamptz + (w - 1) * interval '7 days'
  from pools p, generate_series(1, ${liveWeek}) w`);
// A window of 10 of the week's 16 games, starting at a place that moves with the pool.
await db.execute(sql`
  insert into pool_slate_games (pool_week_id, event_id, frozen_home_spread, locked_at, closing_home_spread)
  select pw.id, g.event_id, g.frozen, e.kickoff_at, g.close
  from pool_weeks pw
  join unnest(${sql.param(games.map((game) => game.id))}::int[], ${sql.param(games.map((game) => game.week))}::int[],
              ${sql.param(games.map((game) => game.index))}::int[], ${sql.param(games.map((game) => game.frozen))}::real[],
              ${sql.param(games.map((game) => game.close))}::real[]) g(event_id, week, slot, frozen, close)
    on g.week = pw.week and (g.slot - pw.pool_id % ${GAMES_PER_WEEK} + ${GAMES_PER_WEEK}) % ${GAMES_PER_WEEK} < ${SLATE_GAMES}
  join events e on e.id = g.event_id`);
// Each member's Last Man Standing team never repeats (the team after last week's, in a fixed order), the
// tiebreaker and submission time differ from member to member.
await db.execute(sql`
  insert into pool_sheets (pool_week_id, member_id, lms_team, tiebreaker, submitted_at, updated_at)
  select pw.id, pm.id, (${sql.param(teams)}::text[])[1 + (pm.id * 7 + pw.week) % 32], 30 + (pm.id * 3 + pw.week * 7) % 30,
         ${submittedAt}::timestamptz + (pw.week - 1) * interval '7 days' + (pm.id % 3600) * interval '1 second',
         ${submittedAt}::timestamptz + (pw.week - 1) * interval '7 days'
  from pool_weeks pw join pool_members pm on pm.pool_id = pw.pool_id`);
// Mostly the favourite on the frozen spread, sometimes the underdog; one double play a sheet (a place in the
// pool's window of games that moves with the member and the week).
await db.execute(sql`
  insert into pool_picks (sheet_id, event_id, team, play, updated_at)
  select s.id, g.event_id,
         case when ((s.member_id * 31 + g.event_id * 17 + pw.week * 5) % 10 < 6) = (g.frozen_home_spread <= 0)
              then e.home_team else e.away_team end,
         case when (slot.slot - pw.pool_id % ${GAMES_PER_WEEK} + ${GAMES_PER_WEEK}) % ${GAMES_PER_WEEK}
                   = (s.member_id * 7 + pw.week) % ${SLATE_GAMES} then 'double' end,
         s.updated_at
  from pool_sheets s
  join pool_weeks pw on pw.id = s.pool_week_id
  join pool_slate_games g on g.pool_week_id = s.pool_week_id and not g.survivor_only
  join events e on e.id = g.event_id
  join unnest(${sql.param(games.map((game) => game.id))}::int[], ${sql.param(games.map((game) => game.index))}::int[])
    slot(event_id, slot) on slot.event_id = g.event_id`);
await db.execute(sql`analyze`);
lap('poolsMs', step);

// ---------------------------------------------------------------------------------------------------------
// Sessions: a guest of every pool, whose standings screen is open

step = performance.now();
const viewers = await rows<{ pool_id: number; user_id: number }>(sql`
  select distinct on (pool_id) pool_id, user_id from pool_members
  where role = 'guest' order by pool_id, user_id`);
const slates = await rows<{ pool_id: number; games: number[] }>(sql`
  select pw.pool_id, array_agg(g.event_id order by g.event_id) as games
  from pool_weeks pw join pool_slate_games g on g.pool_week_id = pw.id and not g.survivor_only
  where pw.week = ${liveWeek} group by pw.pool_id`);
const slateOf = new Map(slates.map((slate) => [slate.pool_id, slate.games.map(Number)]));
// Sessions live on the wall clock (resumeSession reads the real time), not on the server clock.
const wall = new Date();
const viewerSessions = viewers.map((viewer) => ({ ...viewer, cookie: randomSecret() }));
const sessionRows = viewerSessions.map(({ user_id, cookie }) => ({
  idHash: hashSecret(cookie),
  userId: user_id,
  deviceId: null,
  createdAt: wall,
  lastSeenAt: wall,
  expiresAt: new Date(wall.getTime() + SESSION_ABSOLUTE_MS),
}));
// A statement holds at most 65,535 parameters: 5,000 sessions of six columns each at a time.
for (let from = 0; from < sessionRows.length; from += 5000) {
  await db.insert(sessions).values(sessionRows.slice(from, from + 5000));
}
lap('sessionsMs', step);

// ---------------------------------------------------------------------------------------------------------
// The rooms told of the season so far: every pool's week totals worked out and stored

step = performance.now();
const roomPass = await app.roomNotices.run();
if (!roomPass) throw new Error('the room notices run failed');
lap('roomNoticesMs', step);

const [sizes] = await rows<Record<string, number>>(sql`
  select (select count(*)::int from events) as events,
         (select count(*)::int from pool_members) as memberships,
         (select count(*)::int from pool_weeks) as pool_weeks,
         (select count(*)::int from pool_slate_games) as slate_games,
         (select count(*)::int from pool_sheets) as sheets,
         (select count(*)::int from pool_picks) as picks,
         (select count(*)::int from pool_week_totals) as week_totals`);
const info = {
  liveWeek,
  pools: viewerSessions.map(({ pool_id, cookie }) => ({ id: pool_id, cookie, games: slateOf.get(pool_id) ?? [] })),
  members,
  slateGames: SLATE_GAMES,
  roomsLooked: roomPass.looked,
  sizes: sizes!,
  timings,
  prepareMs: Math.round(performance.now() - started),
};
if (info.pools.some((pool) => pool.games.length !== SLATE_GAMES))
  throw new Error(`a pool's week ${liveWeek} slate does not hold ${SLATE_GAMES} games`);
writeFileSync(process.env.BENCH_INFO_FILE!, JSON.stringify(info));

const scheduler = liveScheduler(server, config, liveSources);
await app.listen({ port: config.port, host: config.host });
scheduler.start();
announceAndWatchParent(app.server as Server, async () => {
  await scheduler.stop();
  await app.close();
});
