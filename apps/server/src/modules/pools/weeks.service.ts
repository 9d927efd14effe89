import { createHash } from 'node:crypto';
import type { FieldError, PoolWeekView, PublishSlateBody, SubmitPicksBody } from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import {
  autoSlate,
  isLocked,
  lastManStanding,
  lockInstant,
  poolCalendarWeek,
  poolWeekWindow,
  publishSlate,
  slateDeadline,
  usedLmsTeams,
  validateSlate,
  validateWeekSheet,
  visibleSheet,
  type CalendarWeek,
  type PoolProblem,
  type PoolSeason,
  type PoolWeekData,
  type SlateGame,
  type WeekGame,
  type WeekSheet,
} from '@pass/domain';
import { AppError } from '../../errors.js';
import { linesOfRecord } from '../sports/sports.service.js';
import * as repository from './pools.repository.js';
import type { GameRow, PoolRow, PoolWeekRow, SheetRow, SlateRow } from './pools.repository.js';
import { requireLifeguard, requireMembership, settingsOf } from './pools.service.js';

/**
 * A pool week (DESIGN.md section 6; decision records 026 and 027): its slate (the Lifeguard's, else the first
 * games by kickoff, stored when first needed), the members' sheets, locks by the server clock and what each
 * member may see. The rules decide; this file loads, stores and shapes.
 */

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The calendar week of a pool week; 404 for a week the pool does not play. */
function requirePoolWeek(pool: PoolRow, week: number): CalendarWeek {
  const calendarWeek = poolCalendarWeek(settingsOf(pool), week);
  if (!calendarWeek) throw AppError.notFound('No such week in this pool');
  return calendarWeek;
}

function refuseEnded(pool: PoolRow): void {
  if (pool.endedAt !== null) {
    throw new AppError('CONFLICT', 'This pool has ended: it takes no more changes', [
      { field: 'params.id', message: 'This pool has ended', reason: 'pool_ended' },
    ]);
  }
}

/** The rules' problems as a 400, each with its field, reason and (in the message) the game it is about. */
function refuseProblems(problems: readonly PoolProblem[]): never {
  const fieldOf: Record<string, string> = {
    picks: 'body.picks',
    play: 'body.picks',
    lmsTeam: 'body.lms_team',
    tiebreaker: 'body.tiebreaker',
    slate: 'body.event_ids',
  };
  const fields: FieldError[] = problems.map((problem) => ({
    field: fieldOf[problem.field] ?? `body.${problem.field}`,
    message: problem.message,
    reason: problem.reason,
  }));
  throw new AppError('BAD_REQUEST', problems.map((problem) => problem.message).join('; '), fields);
}

const toWeekGame = (game: GameRow, homeSpread: number | null): WeekGame => ({
  id: String(game.id),
  home: game.homeTeam,
  away: game.awayTeam,
  kickoff: game.kickoff.toISOString(),
  status: game.status,
  homeSpread,
});

const toSlateGame = (row: SlateRow): SlateGame => ({
  id: String(row.id),
  home: row.homeTeam,
  away: row.awayTeam,
  kickoff: row.kickoff.toISOString(),
  lockedAt: iso(row.lockedAt),
  status: row.status,
  homeScore: row.homeScore,
  awayScore: row.awayScore,
  frozenHomeSpread: row.frozenHomeSpread,
});

const toSheet = (row: SheetRow): WeekSheet => ({
  memberId: String(row.memberId),
  picks: row.picks.map((pick) => ({ gameId: String(pick.eventId), team: pick.team, play: pick.play })),
  lmsTeam: row.lmsTeam,
  tiebreaker: row.tiebreaker,
  submittedAt: iso(row.submittedAt),
});

/** The week's games with their lines of record as of `asOf`. */
async function weekGamesWithLines(db: DbExecutor, pool: PoolRow, week: CalendarWeek, asOf: Date) {
  const games = await repository.weekGames(db, {
    sport: pool.sport,
    season: pool.season,
    week: week.number,
    start: week.start,
    end: week.end,
  });
  const lines = await linesOfRecord(
    db,
    games.map((game) => ({ id: game.id, homeTeam: game.homeTeam, awayTeam: game.awayTeam })),
    asOf,
  );
  return games.map((game) => toWeekGame(game, lines.get(game.id)?.homeSpread ?? null));
}

/** Stores a slate of these games, their spreads frozen (ats pools). */
function storeGames(
  db: DbExecutor,
  input: { pool: PoolRow; week: number; games: readonly WeekGame[]; source: 'lifeguard' | 'auto' },
  publishedBy: number | null,
  now: Date,
  replace: boolean,
) {
  const slate = publishSlate(input.games, input.pool.winBasis);
  return repository.storeSlate(db, {
    poolId: input.pool.id,
    week: input.week,
    source: input.source,
    publishedBy,
    now,
    replace,
    games: slate.map((game) => ({ eventId: Number(game.id), frozenHomeSpread: game.frozenHomeSpread })),
  });
}

/**
 * The week's stored slate, filled automatically when none is stored yet: with the lines of record of `now`,
 * or of the week's first kickoff once it has passed (the moment the Lifeguard's choice ended).
 */
async function ensureWeek(db: DbExecutor, pool: PoolRow, week: CalendarWeek, now: Date): Promise<PoolWeekRow> {
  const stored = await repository.findWeek(db, pool.id, week.number);
  if (stored) return stored;
  const all = await weekGamesWithLines(db, pool, week, now);
  const deadline = slateDeadline(all);
  const asOf = deadline !== undefined && Date.parse(deadline) < now.getTime() ? new Date(deadline) : now;
  const games = asOf === now ? all : await weekGamesWithLines(db, pool, week, asOf);
  const chosen = autoSlate(games, pool.gamesPerWeek, pool.winBasis);
  return storeGames(db, { pool, week: week.number, games: chosen, source: 'auto' }, null, now, false);
}

/** Keeps the lock of every slate game that has locked, so a later kickoff cannot reopen it. */
async function keepLocks(db: DbExecutor, weekId: number, slate: readonly SlateGame[], now: Date): Promise<void> {
  const locks = slate
    .filter((game) => game.lockedAt == null && isLocked(game, now))
    .map((game) => ({ eventId: Number(game.id), lockedAt: new Date(Math.min(lockInstant(game), now.getTime())) }));
  if (locks.length > 0) await repository.recordLocks(db, weekId, locks);
}

/** A stored week's slate (locks kept) and sheets. */
async function loadWeek(db: DbExecutor, weekRow: PoolWeekRow, now: Date) {
  const slate = (await repository.slateOf(db, weekRow.id)).map(toSlateGame);
  await keepLocks(db, weekRow.id, slate, now);
  const sheets = (await repository.sheetsOf(db, weekRow.id)).map(toSheet);
  return { slate, sheets };
}

/** The pool's season as the rules read it: every stored week with its slate and sheets, the current members. */
export async function loadSeason(db: DbExecutor, pool: PoolRow, now: Date): Promise<PoolSeason> {
  const members = await repository.currentMembers(db, [pool.id]);
  const weeks: PoolWeekData[] = [];
  for (const weekRow of await repository.weeksOf(db, pool.id)) {
    const calendarWeek = poolCalendarWeek(settingsOf(pool), weekRow.week);
    if (!calendarWeek) continue;
    const { slate, sheets } = await loadWeek(db, weekRow, now);
    const window = poolWeekWindow(
      calendarWeek,
      slate.map((game) => game.kickoff),
    );
    weeks.push({ week: weekRow.week, window, slate, sheets });
  }
  return {
    settings: settingsOf(pool),
    members: members.map((member) => ({ id: String(member.id), joinedAt: member.joinedAt.toISOString() })),
    weeks,
  };
}

async function weekView(
  db: DbExecutor,
  input: { pool: PoolRow; viewerMemberId: number; week: CalendarWeek; now: Date },
): Promise<PoolWeekView> {
  const { pool, week, now } = input;
  const stored = await repository.findWeek(db, pool.id, week.number);
  const all = await weekGamesWithLines(db, pool, week, now);
  const deadline = slateDeadline(all) ?? null;
  let weekRow = stored;
  // None chosen before the week's first kickoff: the first games by kickoff fill it, for good.
  if (!weekRow && deadline !== null && Date.parse(deadline) <= now.getTime()) {
    weekRow = await ensureWeek(db, pool, week, now);
  }
  let slate: SlateGame[];
  let sheets: WeekSheet[] = [];
  if (weekRow) ({ slate, sheets } = await loadWeek(db, weekRow, now));
  else slate = publishSlate(autoSlate(all, pool.gamesPerWeek, pool.winBasis), pool.winBasis);

  const members = await repository.currentMembers(db, [pool.id]);
  const viewer = String(input.viewerMemberId);
  const sheetOf = new Map(sheets.map((sheet) => [sheet.memberId, sheet]));
  const ordered = [...slate].sort(
    (a, b) => Date.parse(a.kickoff) - Date.parse(b.kickoff) || Number(a.id) - Number(b.id),
  );
  return {
    pool: { id: pool.id, name: pool.name },
    week: week.number,
    label: week.label,
    window: poolWeekWindow(
      week,
      slate.map((game) => game.kickoff),
    ),
    slate_deadline: deadline,
    slate_source: weekRow?.slateSource ?? null,
    games: ordered.map((game) => ({
      event_id: Number(game.id),
      home_team: game.home,
      away_team: game.away,
      kickoff: game.kickoff,
      status: game.status,
      home_score: game.homeScore,
      away_score: game.awayScore,
      frozen_home_spread: game.frozenHomeSpread,
      locked: isLocked(game, now),
    })),
    sheets: members.map((member) => {
      const id = String(member.id);
      const sheet = visibleSheet(sheetOf.get(id) ?? { memberId: id, picks: [] }, viewer, slate, now);
      return {
        member_id: member.id,
        username: member.username,
        picks: sheet.picks.map((pick) => ({ event_id: Number(pick.gameId), team: pick.team, play: pick.play ?? null })),
        lms_team: sheet.lmsTeam ?? null,
        tiebreaker: sheet.tiebreaker ?? null,
        submitted_at: sheet.submittedAt ?? null,
      };
    }),
  };
}

export async function getWeek(
  db: Database,
  input: { poolId: number; userId: number; week: number; now: Date },
): Promise<PoolWeekView> {
  return db.transaction(async (tx) => {
    const { pool, member } = await requireMembership(tx, input.poolId, input.userId);
    const week = requirePoolWeek(pool, input.week);
    return weekView(tx, { pool, viewerMemberId: member.id, week, now: input.now });
  });
}

/** The Lifeguard publishes (or replaces, until the week's first kickoff) a week's slate. */
export async function publishWeekSlate(
  db: Database,
  input: { poolId: number; userId: number; week: number; body: PublishSlateBody; now: Date },
): Promise<PoolWeekView> {
  return db.transaction(async (tx) => {
    const { pool, member } = await requireLifeguard(tx, input.poolId, input.userId, { forUpdate: true });
    refuseEnded(pool);
    const week = requirePoolWeek(pool, input.week);
    const games = await weekGamesWithLines(tx, pool, week, input.now);
    const gameIds = input.body.event_ids.map(String);
    const problems = validateSlate({
      gameIds,
      weekGames: games,
      gamesPerWeek: pool.gamesPerWeek,
      winBasis: pool.winBasis,
      now: input.now,
    });
    if (problems.length > 0) refuseProblems(problems);
    const chosen = games.filter((game) => gameIds.includes(game.id));
    await storeGames(
      tx,
      { pool, week: week.number, games: chosen, source: 'lifeguard' },
      input.userId,
      input.now,
      true,
    );
    await repository.bumpVersion(tx, pool.id);
    return weekView(tx, { pool, viewerMemberId: member.id, week, now: input.now });
  });
}

const requestHashOf = (poolId: number, week: number, body: SubmitPicksBody) =>
  createHash('sha256')
    .update(JSON.stringify({ poolId, week, picks: body.picks, lms: body.lms_team, tiebreaker: body.tiebreaker }))
    .digest('hex');

/**
 * A member submits a week's picks in one request (Idempotency-Key: a retry with the same body returns the
 * sheet as stored and stores nothing again; another body with the same key is a 409). Picks of locked games
 * left out stay as they were; a change to one is refused with the game named, by the server clock.
 */
export async function submitPicks(
  db: Database,
  input: { poolId: number; userId: number; week: number; idempotencyKey: string; body: SubmitPicksBody; now: Date },
): Promise<PoolWeekView> {
  return db.transaction(async (tx) => {
    // The pool's row first, as publishing does: a pool's submissions and slate changes go one at a time.
    const { pool, member } = await requireMembership(tx, input.poolId, input.userId, { forUpdate: true });
    refuseEnded(pool);
    const week = requirePoolWeek(pool, input.week);
    const weekRow = await ensureWeek(tx, pool, week, input.now);
    const requestHash = requestHashOf(pool.id, week.number, input.body);
    const claim = await repository.claimSubmission(tx, {
      memberId: member.id,
      poolWeekId: weekRow.id,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      now: input.now,
    });
    if (!claim.claimed) {
      if (claim.requestHash !== requestHash || claim.poolWeekId !== weekRow.id) {
        throw new AppError(
          'CONFLICT',
          'This Idempotency-Key was used for other picks; use a new key for a new submission',
        );
      }
      return weekView(tx, { pool, viewerMemberId: member.id, week, now: input.now });
    }
    await repository.lockSheet(tx, weekRow.id, member.id, input.now);
    const season = await loadSeason(tx, pool, input.now);
    const thisWeek = season.weeks.find((candidate) => candidate.week === week.number)!;
    const memberId = String(member.id);
    const previousRow = thisWeek.sheets.find((sheet) => sheet.memberId === memberId);
    const previous =
      previousRow &&
      (previousRow.submittedAt !== null ||
        previousRow.picks.length > 0 ||
        previousRow.lmsTeam !== null ||
        previousRow.tiebreaker !== null)
        ? previousRow
        : null;

    const submitted = input.body.picks.map((pick) => ({
      gameId: String(pick.event_id),
      team: pick.team.toUpperCase(),
      play: pick.play ?? null,
    }));
    // The picks of locked games may be left out: they stay as they were.
    const kept = (previous?.picks ?? []).filter(
      (pick) =>
        !submitted.some((candidate) => candidate.gameId === pick.gameId) &&
        thisWeek.slate.some((game) => game.id === pick.gameId && isLocked(game, input.now)),
    );
    const next: WeekSheet = {
      memberId,
      picks: [...submitted, ...kept],
      lmsTeam:
        input.body.lms_team === undefined ? (previous?.lmsTeam ?? null) : (input.body.lms_team?.toUpperCase() ?? null),
      tiebreaker: input.body.tiebreaker === undefined ? (previous?.tiebreaker ?? null) : input.body.tiebreaker,
    };
    const earlier: PoolSeason = { ...season, weeks: season.weeks.filter((candidate) => candidate.week < week.number) };
    const problems = validateWeekSheet({
      settings: season.settings,
      slate: thisWeek.slate,
      previous,
      next,
      usedLmsTeams: usedLmsTeams(season, memberId, week.number, input.now),
      survivor: !pool.lastManStanding || lastManStanding(earlier, input.now).survivors.includes(memberId),
      now: input.now,
    });
    if (problems.length > 0) refuseProblems(problems);
    await repository.writeSheet(tx, {
      poolWeekId: weekRow.id,
      memberId: member.id,
      lmsTeam: next.lmsTeam ?? null,
      tiebreaker: next.tiebreaker ?? null,
      submittedAt: input.now,
      now: input.now,
      picks: next.picks.map((pick) => ({ eventId: Number(pick.gameId), team: pick.team, play: pick.play ?? null })),
    });
    await repository.bumpVersion(tx, pool.id);
    return weekView(tx, { pool, viewerMemberId: member.id, week, now: input.now });
  });
}
