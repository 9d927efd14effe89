import { appendFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SubmitPicksBody } from '@pass/contracts';
import { events, oddsQuotes, sessions, type Database } from '@pass/db';
import { lastManStanding, NFL_TEAMS, usedLmsTeams } from '@pass/domain';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../../apps/server/src/env.js';
import * as authRepository from '../../../apps/server/src/modules/auth/auth.repository.js';
import { hashSecret, randomSecret } from '../../../apps/server/src/modules/auth/crypto.js';
import { SESSION_ABSOLUTE_MS, startSession } from '../../../apps/server/src/modules/auth/sessions.service.js';
import { findMembership } from '../../../apps/server/src/modules/pools/pools.repository.js';
import { loadSeason } from '../../../apps/server/src/modules/pools/slates.service.js';
import { publishWeekSlate } from '../../../apps/server/src/modules/pools/weeks.service.js';
import { linesOfRecord } from '../../../apps/server/src/modules/sports/sports.service.js';
import { startServer } from '../../../apps/server/src/start.js';
import { announceAndWatchParent } from './announce.js';
// The app's own fields of its Fastify instance (`app.roomNotices`), declared beside buildApp.
import type {} from '../../../apps/server/src/app.js';

/**
 * The real PA$$ server (startServer, as main.ts) for the Sunday-at-scale benchmarks, on PostgreSQL, on a server
 * clock the parent sets (PASS_CLOCK: the Monday night after week 7's Sunday of the 2025 season). Before
 * listening it stores a Sunday of BENCH_SUNDAY_POOLS pools (2,000 by default):
 *
 * - the 2025 NFL season, generated: 18 weeks of 16 games (the 32 teams in a round robin, every game on the
 *   week's Sunday), weeks 1–6 final, week 7's games under way, the rest scheduled; 26 earlier seasons of final
 *   games beside it, about what nflverse holds; a consensus spread and total quoted eight days before each
 *   kickoff (the line a slate freezes) and an hour before (the close), as far as the clock has come;
 * - the pools in set-based SQL, as their tables hold them (the app makes them one request at a time, which at
 *   this size would take hours): 5 members each (BENCH_SUNDAY_POOLS × 5 accounts), every pool `ats` with
 *   double plays and Last Man Standing, weeks 1–7 stored with all 16 games of the week on the slate (the spread
 *   frozen at publish and the close at the lock, both from the app's line of record), and every member's whole
 *   sheet for each of them (16 picks, one double play, a Last Man Standing team, a tiebreaker);
 * - one more pool of 26 members (the most a pool holds; accounts of the pools above) stored the same way, whose
 *   week 8 slate the Lifeguard publishes through the service: the pool the submissions burst and the standings
 *   after a change are measured on;
 * - a session for one guest of every pool, for each member of the full pool and for an admin;
 * - the room notices job run once through the app (every room told of the weeks so far), as the scheduler
 *   would have before the Sunday's finals.
 *
 * What the parent needs (pool ids and cookies, the finals' scores, the full pool's sheets, the sizes) goes as
 * JSON to BENCH_INFO_FILE.
 */

const NFL = 'americanfootball_nfl';
const MEMBERS_PER_POOL = 5;
const FULL_POOL_MEMBERS = 26;
const WEEKS = 18;
const GAMES_PER_WEEK = 16;
/** The week whose games are under way at the clock; the weeks before it are final. */
const SUNDAY_WEEK = 7;
const OPEN_WEEK = SUNDAY_WEEK + 1;
const EARLIER_SEASONS = { first: 1999, last: 2024, games: 272 };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Week 1's Sunday, 1 pm Eastern. */
const FIRST_SUNDAY = Date.parse('2025-09-07T17:00:00Z');
/** A Sunday's kickoffs after the early window: 9 early games, 2 at 4:05, 4 at 4:25, one on Sunday night. */
const KICKOFF_SLOTS = [...Array<number>(9).fill(0), 185, 185, 205, 205, 205, 205, 440].map(
  (minutes) => minutes * MINUTE,
);
const SCORES = [3, 6, 7, 10, 13, 14, 16, 17, 20, 20, 21, 23, 24, 24, 27, 28, 30, 31, 34, 38];

const pools = Number(process.env.BENCH_SUNDAY_POOLS);
if (!Number.isInteger(pools) || pools < 1) throw new Error('BENCH_SUNDAY_POOLS must be a whole number of pools');

const config = loadConfig(process.env);
const { app, database, now, loadData } = await startServer(config, (message) => console.error(message));
// PASS_SEED=none: the first run imports nothing; everything below is stored here, before listening.
await loadData();
const db: Database = database.db;
const started = performance.now();
const timings: Record<string, number> = {};
const lap = (name: string, since: number) => (timings[name] = Math.round(performance.now() - since));
const clock = now();
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A fixed pseudo-random whole number below `n` for these keys: the same season on every run. */
function draw(n: number, ...keys: number[]): number {
  let hash = 2166136261;
  for (const key of keys) hash = Math.imul(hash ^ key, 16777619) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d) >>> 0;
  return ((hash ^ (hash >>> 12)) >>> 0) % n;
}

// ---------------------------------------------------------------------------------------------------------
// The 2025 season and the seasons before it

let step = performance.now();
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

interface Game {
  week: number;
  index: number;
  kickoff: Date;
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
  /** The look-ahead spread (home side) and the close an hour before kickoff. */
  spread: number;
  close: number;
}

const season: Game[] = [];
for (let week = 1; week <= WEEKS; week++) {
  const sunday = FIRST_SUNDAY + (week - 1) * 7 * DAY;
  pairings(week).forEach(([home, away], index) => {
    const spread = (draw(27, week, index, 3) - 13) / 2;
    season.push({
      week,
      index,
      kickoff: new Date(sunday + KICKOFF_SLOTS[index]!),
      home,
      away,
      homeScore: SCORES[draw(SCORES.length, week, index, 1)]!,
      awayScore: SCORES[draw(SCORES.length, week, index, 2)]!,
      spread,
      close: spread + (draw(3, week, index, 4) - 1) / 2 + 0,
    });
  });
}
const statusOf = (week: number) =>
  week < SUNDAY_WEEK ? ('final' as const) : week === SUNDAY_WEEK ? ('in_progress' as const) : ('scheduled' as const);
const stored = await db
  .insert(events)
  .values(
    season.map((game) => ({
      sport: NFL,
      season: 2025,
      week: game.week,
      seasonType: 'regular' as const,
      kickoffAt: game.kickoff,
      gameDate: new Date(game.kickoff.getTime() - 6 * HOUR).toISOString().slice(0, 10),
      homeTeam: game.home,
      awayTeam: game.away,
      status: statusOf(game.week),
      // The Sunday's games are late in their fourth quarter: the finals below settle them.
      homeScore: game.week < SUNDAY_WEEK ? game.homeScore : game.week === SUNDAY_WEEK ? game.homeScore - 3 : null,
      awayScore: game.week <= SUNDAY_WEEK ? game.awayScore : null,
    })),
  )
  .returning({ id: events.id });
const eventIds = stored.map((row) => row.id);
const eventOf = (game: Game) => eventIds[(game.week - 1) * GAMES_PER_WEEK + game.index]!;

await db.execute(sql`
  insert into events (sport, season, week, season_type, kickoff_at, game_date, home_team, away_team, status,
                      home_score, away_score)
  select ${NFL}, s, 1 + g / 16, 'regular',
         make_timestamptz(s, 9, 10, 17, 0, 0, 'UTC') + (g / 16) * interval '7 days' + (g % 16) * interval '10 minutes',
         to_char(make_date(s, 9, 10) + (g / 16) * 7, 'YYYY-MM-DD'),
         (${sql.param(teams)}::text[])[1 + g % 32], (${sql.param(teams)}::text[])[1 + (g + 1 + g / 32) % 32], 'final',
         17 + (g * 7 + s) % 14, 14 + (g * 5 + s) % 17
  from generate_series(${EARLIER_SEASONS.first}::int, ${EARLIER_SEASONS.last}::int) s,
       generate_series(0, ${EARLIER_SEASONS.games - 1}) g`);

// The consensus lines as far as the clock has come: the look-ahead line eight days before kickoff (the spread
// a slate freezes), and the close an hour before it for the games that have kicked off.
const quote = (game: Game, fetchedAt: Date, spread: number) =>
  (
    [
      ['spreads', game.home, spread],
      ['spreads', game.away, -spread + 0],
      ['totals', 'Over', 44.5],
      ['totals', 'Under', 44.5],
    ] as const
  ).map(([market, outcome, point]) => ({
    eventId: eventOf(game),
    book: 'consensus',
    market,
    outcome,
    price: -110,
    point,
    fetchedAt,
    source: 'bench',
  }));
await db
  .insert(oddsQuotes)
  .values(
    season.flatMap((game) => [
      ...(game.week <= OPEN_WEEK ? quote(game, new Date(game.kickoff.getTime() - 8 * DAY), game.spread) : []),
      ...(game.week <= SUNDAY_WEEK ? quote(game, new Date(game.kickoff.getTime() - HOUR), game.close) : []),
    ]),
  );

// Each slate game's frozen spread (the line of record when the week's slate was stored, the Tuesday before)
// and its close (the line of record at its lock), worked out by the app's own rule.
const frozen = new Map<number, number | null>();
const closes = new Map<number, number | null>();
const storedGame = (game: Game) => ({ id: eventOf(game), homeTeam: game.home, awayTeam: game.away });
const publishedAt = (week: number) => new Date(FIRST_SUNDAY + (week - 1) * 7 * DAY - 5 * DAY);
for (let week = 1; week <= SUNDAY_WEEK; week++) {
  const games = season.filter((game) => game.week === week);
  const lines = await linesOfRecord(db, games.map(storedGame), publishedAt(week));
  for (const game of games) frozen.set(eventOf(game), lines.get(eventOf(game))?.homeSpread ?? null);
  for (const kickoff of new Set(games.map((game) => game.kickoff.getTime()))) {
    const locking = games.filter((game) => game.kickoff.getTime() === kickoff);
    const atLock = await linesOfRecord(db, locking.map(storedGame), new Date(kickoff));
    for (const game of locking) closes.set(eventOf(game), atLock.get(eventOf(game))?.homeSpread ?? null);
  }
}
lap('gamesMs', step);

// ---------------------------------------------------------------------------------------------------------
// Accounts, pools, members, weeks, slates, sheets and picks, set-based

step = performance.now();
const members = pools * MEMBERS_PER_POOL;
const joined = new Date('2025-08-20T12:00:00Z');
await db.execute(sql`
  insert into users (username, email, email_verified_at, setup_completed_at, created_at, updated_at)
  select 'sunday' || i, 'sunday' || i || '@example.com', ${joined}, ${joined}, ${joined}, ${joined}
  from generate_series(1, ${members}) i`);
const poolColumns = sql`'wave', '#1e90ff', '#ffffff', ${NFL}, 2025, 1, ${GAMES_PER_WEEK}, 'ats', true, false, true,
  ${joined}, ${joined}`;
await db.execute(sql`
  insert into pools (lifeguard_id, name, icon, icon_color, icon_background, sport, season, start_week,
                     games_per_week, win_basis, double_play, triple_play, last_man_standing, created_at, updated_at)
  select u.id, 'Sunday pool ' || p, ${poolColumns}
  from generate_series(1, ${pools}) p join users u on u.username = 'sunday' || ((p - 1) * ${MEMBERS_PER_POOL} + 1)
  order by p`);
const [fullPool] = await rows<{ id: number }>(sql`
  insert into pools (lifeguard_id, name, icon, icon_color, icon_background, sport, season, start_week,
                     games_per_week, win_basis, double_play, triple_play, last_man_standing, created_at, updated_at)
  select u.id, 'Sunday full pool', ${poolColumns} from users u where u.username = 'sunday1'
  returning id`);
const fullPoolId = fullPool!.id;
await db.execute(sql`
  insert into pool_members (pool_id, user_id, role, joined_at)
  select pl.id, u.id, case when m = 1 then 'lifeguard' else 'guest' end, ${joined}
  from generate_series(1, ${pools}) p
  join pools pl on pl.name = 'Sunday pool ' || p
  cross join generate_series(1, ${MEMBERS_PER_POOL}) m
  join users u on u.username = 'sunday' || ((p - 1) * ${MEMBERS_PER_POOL} + m)`);
await db.execute(sql`
  insert into pool_members (pool_id, user_id, role, joined_at)
  select ${fullPoolId}, u.id, case when m = 1 then 'lifeguard' else 'guest' end, ${joined}
  from generate_series(1, ${Math.min(FULL_POOL_MEMBERS, members)}) m join users u on u.username = 'sunday' || m`);
await db.execute(sql`
  insert into pool_weeks (pool_id, week, slate_source, published_at)
  select p.id, w, 'auto', ${publishedAt(1)}::timestamptz + (w - 1) * interval '7 days'
  from pools p, generate_series(1, ${SUNDAY_WEEK}) w`);
const slated = season.filter((game) => game.week <= SUNDAY_WEEK);
await db.execute(sql`
  insert into pool_slate_games (pool_week_id, event_id, frozen_home_spread, locked_at, closing_home_spread)
  select pw.id, e.id, l.frozen, e.kickoff_at, l.close
  from pool_weeks pw
  join events e on e.sport = ${NFL} and e.season = 2025 and e.week = pw.week
  join unnest(${sql.param(slated.map(eventOf))}::int[], ${sql.param(slated.map((game) => frozen.get(eventOf(game))))}::real[],
              ${sql.param(slated.map((game) => closes.get(eventOf(game))))}::real[]) l(event_id, frozen, close)
    on l.event_id = e.id`);
// Each member's Last Man Standing team never repeats (the team after last week's, in a fixed order), the
// tiebreaker and submission time (the Saturday before) differ from member to member.
await db.execute(sql`
  insert into pool_sheets (pool_week_id, member_id, lms_team, tiebreaker, submitted_at, updated_at)
  select pw.id, pm.id, (${sql.param(teams)}::text[])[1 + (pm.id * 7 + pw.week) % 32], 30 + (pm.id * 3 + pw.week * 7) % 30,
         ${new Date(FIRST_SUNDAY - DAY)}::timestamptz + (pw.week - 1) * interval '7 days' + (pm.id % 3600) * interval '1 second',
         ${new Date(FIRST_SUNDAY - DAY)}::timestamptz + (pw.week - 1) * interval '7 days'
  from pool_weeks pw join pool_members pm on pm.pool_id = pw.pool_id`);
// Mostly the favourite on the frozen spread, sometimes the underdog; one double play a sheet.
await db.execute(sql`
  insert into pool_picks (sheet_id, event_id, team, play, updated_at)
  select s.id, g.event_id,
         case when ((s.member_id * 31 + g.event_id * 17 + pw.week * 5) % 10 < 6) = (g.frozen_home_spread <= 0)
              then e.home_team else e.away_team end,
         case when slot.game = (s.member_id * 7 + pw.week) % ${GAMES_PER_WEEK} then 'double' end,
         s.updated_at
  from pool_sheets s
  join pool_weeks pw on pw.id = s.pool_week_id
  join pool_slate_games g on g.pool_week_id = s.pool_week_id and not g.survivor_only
  join events e on e.id = g.event_id
  join unnest(${sql.param(slated.map(eventOf))}::int[], ${sql.param(slated.map((game) => game.index))}::int[])
    slot(event_id, game) on slot.event_id = g.event_id`);
await db.execute(sql`analyze`);
lap('poolsMs', step);

// ---------------------------------------------------------------------------------------------------------
// Sessions: a guest of every pool, every member of the full pool, and an admin

step = performance.now();
const readers = await rows<{ pool_id: number; user_id: number }>(sql`
  select distinct on (pool_id) pool_id, user_id from pool_members
  where role = 'guest' and pool_id <> ${fullPoolId} order by pool_id, user_id`);
const fullMembers = await rows<{ member_id: number; user_id: number }>(sql`
  select id as member_id, user_id from pool_members where pool_id = ${fullPoolId}
  order by role = 'guest', user_id`);
// Sessions live on the wall clock (resumeSession reads the real time), not on the server clock.
const wall = new Date();
const withCookie = <T extends { user_id: number }>(row: T) => ({ ...row, cookie: randomSecret() });
const readerSessions = readers.map(withCookie);
const fullSessions = fullMembers.map(withCookie);
const sessionRows = [...readerSessions, ...fullSessions].map(({ user_id, cookie }) => ({
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
const admin = await authRepository.createUser(db, {
  username: 'sunday_admin',
  email: 'sunday_admin@example.com',
  emailVerifiedAt: joined,
  setupCompletedAt: joined,
  isAdmin: true,
});
const adminSession = await startSession(db, admin.id, null, wall);
lap('sessionsMs', step);

// ---------------------------------------------------------------------------------------------------------
// The rooms told of the season so far, and the full pool's week 8

step = performance.now();
const roomPass = await app.roomNotices.run();
if (!roomPass) throw new Error('the room notices run failed');
lap('roomNoticesMs', step);

step = performance.now();
const openAt = now();
const lifeguardUserId = fullMembers[0]!.user_id;
const openWeek = season.filter((game) => game.week === OPEN_WEEK);
const published = await publishWeekSlate(db, {
  poolId: fullPoolId,
  userId: lifeguardUserId,
  week: OPEN_WEEK,
  body: { event_ids: openWeek.map(eventOf) },
  now: openAt,
});
const fullPoolRow = (await findMembership(db, fullPoolId, lifeguardUserId))!.pool;
const fullSeason = await loadSeason(db, fullPoolRow, openAt);
const survivors = new Set(lastManStanding(fullSeason, openAt).survivors);
const homeFavoured = (game: (typeof published.games)[number]) => (game.frozen_home_spread ?? 0) <= 0;

/** A member's whole sheet for the open week: every game, a double play, a Last Man Standing team if standing. */
function sheetFor(position: number, memberId: number): SubmitPicksBody {
  const doubled = (position * 7) % published.games.length;
  const picks = published.games.map((game, index) => ({
    event_id: game.event_id,
    team: (position * 31 + index * 17) % 10 < 6 === homeFavoured(game) ? game.home_team : game.away_team,
    play: index === doubled ? ('double' as const) : null,
  }));
  const used = new Set(usedLmsTeams(fullSeason, String(memberId), OPEN_WEEK, openAt));
  const candidates = published.games
    .map((game) =>
      homeFavoured(game)
        ? { team: game.home_team, edge: -(game.frozen_home_spread ?? 0) }
        : { team: game.away_team, edge: game.frozen_home_spread ?? 0 },
    )
    .filter((candidate) => !used.has(candidate.team))
    .sort((a, b) => b.edge - a.edge);
  const lmsTeam = survivors.has(String(memberId)) ? (candidates[position % 4]?.team ?? null) : null;
  return { picks, lms_team: lmsTeam, tiebreaker: 30 + ((position * 3) % 30) };
}
lap('openWeekMs', step);

// A database that had stored all this over a season would have been vacuumed and analyzed by autovacuum as it
// went; a PostgreSQL running with autovacuum off (as some test machines do) would leave the versions' updated
// rows dead in place, and every timed statement would read past them.
step = performance.now();
await db.execute(sql`vacuum (analyze)`);
lap('vacuumMs', step);

// ---------------------------------------------------------------------------------------------------------
// What the parent needs

const sundayGames = season
  .filter((game) => game.week === SUNDAY_WEEK)
  .sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.index - b.index);
const [sizes] = await rows<Record<string, number>>(sql`
  select (select count(*)::int from events) as events,
         (select count(*)::int from odds_quotes) as quotes,
         (select count(*)::int from pool_members) as memberships,
         (select count(*)::int from pool_weeks) as pool_weeks,
         (select count(*)::int from pool_slate_games) as slate_games,
         (select count(*)::int from pool_sheets) as sheets,
         (select count(*)::int from pool_picks) as picks`);
const info = {
  clock: clock.toISOString(),
  pools: readerSessions.map(({ pool_id, cookie }) => ({ id: pool_id, cookie })),
  members,
  weeks: SUNDAY_WEEK,
  gamesPerWeek: GAMES_PER_WEEK,
  finals: sundayGames.map((game) => ({
    eventId: eventOf(game),
    home_score: game.homeScore,
    away_score: game.awayScore,
  })),
  fullPool: {
    id: fullPoolId,
    week: OPEN_WEEK,
    members: fullSessions.map(({ member_id, cookie }, position) => ({
      cookie,
      sheet: sheetFor(position, member_id),
    })),
    survivors: survivors.size,
  },
  adminCookie: adminSession.id,
  roomsLooked: roomPass.looked,
  sizes: sizes!,
  timings,
  prepareMs: Math.round(performance.now() - started),
};
if (process.env.BENCH_INFO_FILE) writeFileSync(process.env.BENCH_INFO_FILE, JSON.stringify(info));

await app.listen({ port: config.port, host: config.host });
announceAndWatchParent(app.server as Server, () => app.close());

// BENCH_DELAY_FILE: each second, how long the event loop kept a timer waiting (p50, p99, max in ms), one JSON
// line stamped with the wall clock, so the parent can say what a phase's requests met.
const delayFile = process.env.BENCH_DELAY_FILE;
if (delayFile) {
  const delays = monitorEventLoopDelay({ resolution: 1 });
  delays.enable();
  const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;
  setInterval(() => {
    const line = {
      at: Math.round(performance.timeOrigin + performance.now()),
      p50: ms(delays.percentile(50)),
      p99: ms(delays.percentile(99)),
      max: ms(delays.max),
    };
    delays.reset();
    appendFileSync(delayFile, `${JSON.stringify(line)}\n`);
  }, 1000).unref();
}
