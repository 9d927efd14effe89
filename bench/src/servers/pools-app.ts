import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { events, oddsQuotes, type Database } from '@pass/db';
import { lastManStanding } from '@pass/domain';
import type { PoolWeekView, SubmitPicksBody } from '@pass/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../../apps/server/src/env.js';
import * as authRepository from '../../../apps/server/src/modules/auth/auth.repository.js';
import { hashPassword } from '../../../apps/server/src/modules/auth/crypto.js';
import { startSession } from '../../../apps/server/src/modules/auth/sessions.service.js';
import { STORED_FILES } from '../../../apps/server/src/modules/imports/stored-files.js';
import { setEventResult } from '../../../apps/server/src/modules/ledger/results.service.js';
import { accept, makeShareLink } from '../../../apps/server/src/modules/pools/invitations.service.js';
import { createPool, poolLimits } from '../../../apps/server/src/modules/pools/pools.service.js';
import { findMembership } from '../../../apps/server/src/modules/pools/pools.repository.js';
import { submitPicks } from '../../../apps/server/src/modules/pools/picks.service.js';
import { loadSeason } from '../../../apps/server/src/modules/pools/slates.service.js';
import { getWeek, publishWeekSlate } from '../../../apps/server/src/modules/pools/weeks.service.js';
import { startServer } from '../../../apps/server/src/start.js';
import { announceAndWatchParent } from './announce.js';

/**
 * The real PA$$ server (startServer, as main.ts) for the Pool Party benchmarks, on a server clock the parent
 * sets (PASS_CLOCK, after the stored 2025 NFL season and before the 2026 one). Before listening it plays a
 * whole pool season through the app's own services:
 *
 * - the stored nflverse files are imported (as the first run does: games.csv and the complete 2025 season); the 2025 regular season
 *   is put back to scheduled, and each game's closing consensus line is also quoted eight days before kickoff (the look-ahead line)
 *   (the line of record a Lifeguard's slate freezes);
 * - a full pool (the Lifeguard and 25 guests who joined by the shareable link: 26 members, the most a pool
 *   holds) plays the 2025 NFL season, `ats`, 16 games a week, double plays and Last Man Standing: for each of
 *   the 18 weeks every member submits a whole sheet (submitPicks, on the clock of an hour before the week's
 *   first kickoff; the first submission stores the automatic slate: every game of the week), then each game's
 *   stored result is entered through the ledger's admin result service (setEventResult: grading, which raises
 *   the pool's version);
 * - a confidence pool of the same 26 members (picks ranked 1..16, no plays) plays the same season beside it, week
 *   by week (its sheets submitted before the week's results, which are entered once for both pools);
 * - a second pool of the same 26 members for the 2026 season, with 16 generated games for its week 1 (in the
 *   future of the server clock, lines quoted the day before the clock), and its week 1 slate published by the
 *   Lifeguard: the sheets submitted under load.
 *
 * What the parent needs (pool ids, session cookies, sheets, the games whose result it changes) goes as JSON
 * to BENCH_INFO_FILE.
 */

const NFL = 'americanfootball_nfl';
const GUESTS = 25;
const GAMES_PER_WEEK = 16;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const config = loadConfig(process.env);
const { app, database, now, loadData } = await startServer(config, (message) => console.error(message));
// PASS_SEED=none: the first run imports nothing; the games below are imported here, before listening.
await loadData();
const db: Database = database.db;
const started = performance.now();
const timings: Record<string, number> = {};
const lap = (name: string, since: number) => (timings[name] = Math.round(performance.now() - since));

// ---------------------------------------------------------------------------------------------------------
// Games: the stored season, replayed

let step = performance.now();
// Both nflverse files, as the first run imports them: games.csv and the complete 2025 season.
for (const stored of STORED_FILES.filter((candidate) => candidate.file.startsWith('nflverse/'))) {
  await stored.load(db, now());
}
lap('importMs', step);

step = performance.now();
interface StoredGame {
  id: number;
  week: number;
  kickoff: string;
  home_team: string;
  away_team: string;
  home_score: number;
  away_score: number;
}
const season2025 = (
  (await db.execute(sql`
    select id, week, kickoff_at as kickoff, home_team, away_team, home_score, away_score from events
    where sport = ${NFL} and season = 2025 and season_type = 'regular' and not is_demo and status = 'final'
    order by kickoff_at, id`)) as unknown as { rows: StoredGame[] }
).rows;
if (season2025.length < 250) throw new Error(`only ${season2025.length} final 2025 NFL games stored`);
await db.execute(sql`
  insert into odds_quotes (event_id, book, market, outcome, price, point, quoted_at, fetched_at, source)
  select q.event_id, q.book, q.market, q.outcome, q.price, q.point, null, e.kickoff_at - interval '8 days', 'bench'
  from odds_quotes q join events e on e.id = q.event_id
  where e.sport = ${NFL} and e.season = 2025 and e.season_type = 'regular' and not e.is_demo
  on conflict do nothing`);
await db.execute(sql`
  update events set status = 'scheduled', home_score = null, away_score = null
  where sport = ${NFL} and season = 2025 and season_type = 'regular' and not is_demo`);

// Week 1 of 2026 (not stored yet): 16 games from Thursday to Monday, lines quoted the day before the clock.
const clockAtStart = now();
const teams = [...new Set(season2025.flatMap((game) => [game.home_team, game.away_team]))].sort();
const opening = Date.parse('2026-09-11T00:20:00Z');
const kickoffs2026 = Array.from({ length: GAMES_PER_WEEK }, (_, index) =>
  index === 0
    ? opening
    : index === GAMES_PER_WEEK - 1
      ? opening + 4 * DAY
      : opening + 3 * DAY - 7 * HOUR + (index % 3) * 3 * HOUR + Math.floor(index / 14) * 5 * HOUR,
);
const games2026: number[] = [];
for (let index = 0; index < GAMES_PER_WEEK; index++) {
  const kickoff = new Date(kickoffs2026[index]!);
  const [home, away] = [teams[2 * index]!, teams[2 * index + 1]!];
  const [row] = await db
    .insert(events)
    .values({
      sport: NFL,
      season: 2026,
      week: 1,
      seasonType: 'regular',
      kickoffAt: kickoff,
      gameDate: kickoff.toISOString().slice(0, 10),
      homeTeam: home,
      awayTeam: away,
      status: 'scheduled',
    })
    .returning({ id: events.id });
  const spread = ((index % 7) - 3) * 1.5 + 0.5;
  const quote = (market: 'spreads' | 'totals', outcome: string, point: number) => ({
    eventId: row!.id,
    book: 'consensus',
    market,
    outcome,
    price: -110,
    point,
    fetchedAt: new Date(clockAtStart.getTime() - DAY),
    source: 'bench',
  });
  await db
    .insert(oddsQuotes)
    .values([
      quote('spreads', home, spread),
      quote('spreads', away, -spread),
      quote('totals', 'Over', 44.5),
      quote('totals', 'Under', 44.5),
    ]);
  games2026.push(row!.id);
}
lap('gamesMs', step);

// ---------------------------------------------------------------------------------------------------------
// Members: 26 verified accounts with a session each, and an admin

step = performance.now();
const passwordHash = await hashPassword(randomUUID());
const account = async (username: string, isAdmin = false) => {
  const user = await authRepository.createUser(db, {
    username,
    email: `${username}@example.com`,
    passwordHash,
    emailVerifiedAt: clockAtStart,
    setupCompletedAt: clockAtStart,
    isAdmin,
  });
  // Sessions live on the wall clock (resumeSession reads the real time), not on the server clock.
  const session = await startSession(db, user.id, null, new Date());
  return { userId: user.id, username, cookie: session.id };
};
const members: { userId: number; username: string; cookie: string }[] = [];
for (let index = 0; index <= GUESTS; index++) members.push(await account(`pooler${String(index).padStart(2, '0')}`));
const admin = await account('pool_admin', true);
const lifeguard = members[0]!;
const limits = poolLimits(config.poolMaxPerLifeguard);

/** A pool of the Lifeguard and every guest: ats, Last Man Standing, double plays or (confidence) none. */
async function fullPool(season: number, created: Date, confidence = false): Promise<number> {
  const pool = await createPool(
    { db, limits },
    {
      userId: lifeguard.userId,
      now: created,
      body: {
        name: `Bench ${confidence ? 'confidence ' : ''}pool ${season}`,
        icon: 'wave',
        icon_color: '#1e90ff',
        icon_background: '#ffffff',
        sport: NFL,
        season,
        start_week: 1,
        games_per_week: GAMES_PER_WEEK,
        win_basis: 'ats',
        double_play: !confidence,
        triple_play: false,
        last_man_standing: true,
        confidence,
      },
    },
  );
  const link = await makeShareLink(
    { db, publicUrl: config.publicUrl },
    { poolId: pool.id, userId: lifeguard.userId, now: created },
  );
  for (const guest of members.slice(1))
    await accept({ db, limits }, { userId: guest.userId, token: link.token, now: created });
  return pool.id;
}
lap('membersMs', step);

// ---------------------------------------------------------------------------------------------------------
// The 2025 season, week by week

const homeFavoured = (game: PoolWeekView['games'][number]) => (game.frozen_home_spread ?? 0) <= 0;
const backsFavourite = (member: number, week: number, game: number) => (member * 31 + game * 17 + week * 5) % 10 < 6;

/**
 * A member's whole sheet for a week: every game picked, a double play (or, in a confidence pool, every pick
 * ranked 1..N, each member in their own order), a Last Man Standing team, a tiebreaker.
 */
function sheetFor(
  memberIndex: number,
  week: number,
  games: PoolWeekView['games'],
  lms: { alive: boolean; used: Set<string> },
  confidence = false,
): SubmitPicksBody {
  const open = games.filter((game) => !game.locked);
  const doubled = (memberIndex * 7 + week) % open.length;
  const shift = memberIndex * 5 + week * 3;
  const picks = open.map((game, index) => ({
    event_id: game.event_id,
    // Mostly the favourite on the frozen spread, sometimes the underdog: members disagree.
    team: backsFavourite(memberIndex, week, index) === homeFavoured(game) ? game.home_team : game.away_team,
    play: !confidence && index === doubled ? ('double' as const) : null,
    ...(confidence ? { confidence: ((index + shift) % open.length) + 1 } : {}),
  }));
  let lmsTeam: string | null = null;
  if (lms.alive) {
    // The biggest favourite not used yet, passing over a few for variety between members.
    const candidates = open
      .map((game) =>
        homeFavoured(game)
          ? { team: game.home_team, edge: -(game.frozen_home_spread ?? 0) }
          : { team: game.away_team, edge: game.frozen_home_spread ?? 0 },
      )
      .filter((candidate) => !lms.used.has(candidate.team))
      .sort((a, b) => b.edge - a.edge);
    lmsTeam = candidates[memberIndex % Math.max(1, Math.min(4, candidates.length))]?.team ?? null;
    if (lmsTeam) lms.used.add(lmsTeam);
  }
  return { picks, lms_team: lmsTeam, tiebreaker: 30 + ((memberIndex * 3 + week * 7) % 30) };
}

step = performance.now();
/**
 * Plays the 2025 season in new pools, one a scoring (`confidence` or not), side by side: each week every member's
 * sheet in each pool, then the week's results, entered once for all of them (a game's result is final once; a
 * second pass over the same games would find them kicked off).
 */
async function playSeason(
  scorings: readonly boolean[],
): Promise<{ poolId: number; submissions: number; survivors: number }[]> {
  const pools = [];
  for (const confidence of scorings) {
    const poolId = await fullPool(2025, new Date('2025-08-20T12:00:00Z'), confidence);
    const seasonPool = (await findMembership(db, poolId, lifeguard.userId))!.pool;
    const memberIds: number[] = [];
    for (const member of members) memberIds.push((await findMembership(db, poolId, member.userId))!.member.id);
    const lmsState = members.map(() => ({ alive: true, used: new Set<string>() }));
    pools.push({ poolId, confidence, seasonPool, memberIds, lmsState, submissions: 0 });
  }
  for (const week of weeks) {
    const played = season2025.filter((game) => game.week === week);
    const firstKickoff = Math.min(...played.map((game) => Date.parse(game.kickoff)));
    const before = new Date(firstKickoff - HOUR);
    for (const pool of pools) {
      // The automatic slate as the week shows it before it is stored (the first submission stores it).
      const view = await getWeek(db, { poolId: pool.poolId, userId: lifeguard.userId, week, now: before });
      for (const [index, member] of members.entries()) {
        await submitPicks(db, {
          poolId: pool.poolId,
          userId: member.userId,
          week,
          idempotencyKey: randomUUID(),
          body: sheetFor(index, week, view.games, pool.lmsState[index]!, pool.confidence),
          now: before,
        });
        pool.submissions++;
      }
    }
    for (const game of played) {
      await setEventResult(
        db,
        game.id,
        { status: 'final', home_score: game.home_score, away_score: game.away_score },
        new Date(Date.parse(game.kickoff) + 4 * HOUR),
      );
    }
    // Who is still standing decides who picks a Last Man Standing team next week.
    const after = new Date(Math.max(...played.map((game) => Date.parse(game.kickoff))) + 4 * HOUR);
    for (const pool of pools) {
      const survivors = new Set(lastManStanding(await loadSeason(db, pool.seasonPool, after), after).survivors);
      pool.memberIds.forEach((memberId, index) => (pool.lmsState[index]!.alive = survivors.has(String(memberId))));
    }
  }
  return pools.map((pool) => ({
    poolId: pool.poolId,
    submissions: pool.submissions,
    survivors: pool.lmsState.filter((state) => state.alive).length,
  }));
}
const weeks = [...new Set(season2025.map((game) => game.week))].sort((a, b) => a - b);
// The same season in a confidence pool too (picks ranked 1..16, no plays): its standings are measured apart.
const [played2025, confidenceSeason] = (await playSeason([false, true])) as [
  Awaited<ReturnType<typeof playSeason>>[number],
  Awaited<ReturnType<typeof playSeason>>[number],
];
const seasonPoolId = played2025.poolId;
const confidencePoolId = confidenceSeason.poolId;
const submissions = played2025.submissions + confidenceSeason.submissions;
lap('seasonMs', step);

// The slate games whose result the parent changes (one of each week, alternating two scores).
const slate = (await db.execute(sql`
  select g.event_id as id, e.home_score, e.away_score from pool_slate_games g
  join pool_weeks w on w.id = g.pool_week_id join events e on e.id = g.event_id
  where w.pool_id = ${seasonPoolId} and not g.survivor_only order by w.week, g.event_id`)) as unknown as {
  rows: { id: number; home_score: number; away_score: number }[];
};
const changeGames = slate.rows
  .filter((_, index) => index % 16 === 7)
  .map((row) => ({
    eventId: row.id,
    scores: [
      { home_score: row.home_score, away_score: row.away_score },
      { home_score: row.home_score + 3, away_score: row.away_score },
    ],
  }));

// ---------------------------------------------------------------------------------------------------------
// The 2026 pool: week 1 open

step = performance.now();
const openPoolId = await fullPool(2026, now());
const published = await publishWeekSlate(db, {
  poolId: openPoolId,
  userId: lifeguard.userId,
  week: 1,
  body: { event_ids: games2026 },
  now: now(),
});
const openSheets = members.map((_, index) =>
  sheetFor(index, 1, published.games, { alive: true, used: new Set<string>() }),
);
lap('openPoolMs', step);

const info = {
  clock: clockAtStart.toISOString(),
  seasonPoolId,
  confidencePoolId,
  openPoolId,
  openWeek: 1,
  members: members.map((member, index) => ({ cookie: member.cookie, sheet: openSheets[index] })),
  adminCookie: admin.cookie,
  changeGames,
  weeks: weeks.length,
  slateGames: slate.rows.length,
  submissions,
  survivors: played2025.survivors,
  openGames: published.games.length,
  timings,
  prepareMs: Math.round(performance.now() - started),
};
if (process.env.BENCH_INFO_FILE) writeFileSync(process.env.BENCH_INFO_FILE, JSON.stringify(info));

await app.listen({ port: config.port, host: config.host });
announceAndWatchParent(app.server as Server, () => app.close());
