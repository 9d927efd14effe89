import { createHash } from 'node:crypto';
import type {
  FieldError,
  MissingPicksResponse,
  PoolEditListResponse,
  PoolWeekView,
  PublishSlateBody,
  SubmitPicksBody,
} from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import {
  autoSlate,
  byKickoff,
  isLocked,
  lastManStanding,
  lockInstant,
  poolPickClv,
  poolWeekWindow,
  publishSlate,
  slateDeadline,
  slateTeams,
  usedLmsTeams,
  validateSlate,
  validateWeekSheet,
  visibleEdit,
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
import { recordCloses } from './closing.service.js';
import * as repository from './pools.repository.js';
import * as weekTotals from './week-totals.repository.js';
import type { GameRow, PoolRow, PoolWeekRow, SheetRow, SlateRow } from './pools.repository.js';
import { iso, poolWeekOf, refuseEnded, requireLifeguard, requireMembership, settingsOf } from './pools.service.js';
import type { SystemLines } from '../chat/pool-events.js';

/** For the importers: slate games keep their locks before a schedule moves their kickoffs (decision 027). */
export { keepLocksBeforeEventsChange } from './pools.repository.js';

/**
 * A pool week (DESIGN.md section 6; decision records 026 and 027): its slate (the Lifeguard's, else the first
 * games by kickoff, stored when first needed), the members' sheets, locks by the server clock and what each
 * member may see. The rules decide; this file loads, stores and shapes.
 */

/** The calendar week of a pool week; 404 for a week the pool does not play. */
function requirePoolWeek(pool: PoolRow, week: number): CalendarWeek {
  const calendarWeek = poolWeekOf(pool, week);
  if (!calendarWeek) throw AppError.notFound('No such week in this pool');
  return calendarWeek;
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
  closingHomeSpread: row.closingHomeSpread,
});

const toSheet = (row: SheetRow): WeekSheet => ({
  memberId: String(row.memberId),
  picks: row.picks.map((pick) => ({ gameId: String(pick.eventId), team: pick.team, play: pick.play })),
  lmsTeam: row.lmsTeam,
  tiebreaker: row.tiebreaker,
  submittedAt: iso(row.submittedAt),
});

/**
 * The week's games with their lines of record as of `asOf`, and whether they are the generated demo season's
 * (a week without real games, docs/decisions/028).
 */
async function weekGamesWithLines(
  db: DbExecutor,
  pool: PoolRow,
  week: CalendarWeek,
  asOf: Date,
): Promise<{ games: WeekGame[]; demo: boolean }> {
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
  return {
    games: games.map((game) => toWeekGame(game, lines.get(game.id)?.homeSpread ?? null)),
    demo: games.some((game) => game.isDemo),
  };
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
  const { games: all } = await weekGamesWithLines(db, pool, week, now);
  const deadline = slateDeadline(all);
  const asOf = deadline !== undefined && Date.parse(deadline) < now.getTime() ? new Date(deadline) : now;
  // A game without a line by the first kickoff (a source that files only the closing line) takes its line as
  // of now, which is never after its own kickoff: a past season's weeks fill with their closing lines.
  const games =
    asOf === now
      ? all
      : (await weekGamesWithLines(db, pool, week, asOf)).games.map((game) =>
          game.homeSpread === null
            ? { ...game, homeSpread: all.find((candidate) => candidate.id === game.id)?.homeSpread ?? null }
            : game,
        );
  const chosen = autoSlate(games, pool.gamesPerWeek, pool.winBasis);
  const weekRow = await storeGames(db, { pool, week: week.number, games: chosen, source: 'auto' }, null, now, false);
  // A stored week enters the standings (its missed picks count): the cached standings are no longer current.
  await repository.bumpVersion(db, pool.id, [weekRow.id]);
  return weekRow;
}

/**
 * Keeps the lock of every slate game that has locked, so a later kickoff cannot reopen it, and in an `ats`
 * pool the close of every locked game that has none yet (closing.service.ts). Returns the slate with both.
 */
async function keepLocks(
  db: DbExecutor,
  pool: PoolRow,
  weekId: number,
  slate: readonly SlateGame[],
  now: Date,
  record = true,
): Promise<SlateGame[]> {
  const locks = new Map(
    slate
      .filter((game) => game.lockedAt == null && isLocked(game, now))
      .map((game) => [game.id, new Date(Math.min(lockInstant(game), now.getTime())).toISOString()]),
  );
  if (!record) return slate.map((game) => (locks.has(game.id) ? { ...game, lockedAt: locks.get(game.id)! } : game));
  // A lock or a close written is a change the week's stored totals depend on.
  const recorded = () => weekTotals.invalidateWeeks(db, pool.id, [weekId]);
  if (locks.size > 0) {
    await recorded();
    await repository.recordLocks(
      db,
      weekId,
      [...locks].map(([id, lockedAt]) => ({ eventId: Number(id), lockedAt: new Date(lockedAt) })),
    );
  }
  const locked = slate.map((game) => (locks.has(game.id) ? { ...game, lockedAt: locks.get(game.id)! } : game));
  if (pool.winBasis !== 'ats') return locked;
  const unclosed = locked.filter((game) => game.lockedAt != null && game.closingHomeSpread == null);
  if (unclosed.length === 0) return locked;
  const closes = await recordCloses(
    db,
    unclosed.map((game) => ({
      poolWeekId: weekId,
      eventId: Number(game.id),
      homeTeam: game.home,
      awayTeam: game.away,
      lockedAt: new Date(game.lockedAt!),
      closingHomeSpread: null,
    })),
  );
  if ([...closes.values()].some((close) => close !== null)) await recorded();
  return locked.map((game) =>
    closes.has(Number(game.id)) ? { ...game, closingHomeSpread: closes.get(Number(game.id)) ?? null } : game,
  );
}

/** A stored week's slate (locks and closes kept) and sheets. */
async function loadWeek(db: DbExecutor, pool: PoolRow, weekRow: PoolWeekRow, now: Date) {
  const stored = (await repository.slateOf(db, weekRow.id)).map(toSlateGame);
  const slate = await keepLocks(db, pool, weekRow.id, stored, now);
  const sheets = (await repository.sheetsOf(db, weekRow.id)).map(toSheet);
  return { slate, sheets };
}

/**
 * The pool's season as the rules read it: every stored week with its slate and sheets, the current members
 * (read here unless the caller has just read them). A member's read keeps the locks and closes it finds;
 * with `record` false (a background job's read) they are worked out the same way and written nowhere.
 */
export async function loadSeason(
  db: DbExecutor,
  pool: PoolRow,
  now: Date,
  currentMembers?: readonly repository.MemberWithName[],
  { record = true }: { record?: boolean } = {},
): Promise<PoolSeason> {
  const members = currentMembers ?? (await repository.currentMembers(db, [pool.id]));
  const weekRows = (await repository.weeksOf(db, pool.id)).filter((row) => poolWeekOf(pool, row.week));
  return {
    settings: settingsOf(pool),
    members: members.map((member) => ({ id: String(member.id), joinedAt: member.joinedAt.toISOString() })),
    weeks: await loadWeeks(db, pool, now, weekRows, { record }),
  };
}

/**
 * Stored weeks of the pool as the rules read them, in three queries whatever their number: their slates (locks
 * and closes kept, as loadSeason says) and sheets with their picks.
 */
export async function loadWeeks(
  db: DbExecutor,
  pool: PoolRow,
  now: Date,
  weekRows: readonly { id: number; week: number }[],
  { record = true }: { record?: boolean } = {},
): Promise<PoolWeekData[]> {
  const ids = weekRows.map((row) => row.id);
  const [slates, sheetRows] = await Promise.all([
    repository.slatesOfWeekIds(db, ids),
    repository.sheetsOfWeeks(db, ids),
  ]);
  const weeks: PoolWeekData[] = [];
  for (const weekRow of weekRows) {
    const calendarWeek = poolWeekOf(pool, weekRow.week);
    if (!calendarWeek) continue;
    const stored = (slates.get(weekRow.id) ?? []).map(toSlateGame);
    const slate = await keepLocks(db, pool, weekRow.id, stored, now, record);
    const sheets = sheetRows.filter((row) => row.poolWeekId === weekRow.id).map(toSheet);
    const window = poolWeekWindow(
      calendarWeek,
      slate.map((game) => game.kickoff),
    );
    weeks.push({ week: weekRow.week, window, slate, sheets });
  }
  return weeks;
}

async function weekView(
  db: DbExecutor,
  input: { pool: PoolRow; viewerMemberId: number; week: CalendarWeek; now: Date },
): Promise<PoolWeekView> {
  const { pool, week, now } = input;
  const stored = await repository.findWeek(db, pool.id, week.number);
  const { games: all, demo } = await weekGamesWithLines(db, pool, week, now);
  const deadline = slateDeadline(all) ?? null;
  let weekRow = stored;
  // None chosen before the week's first kickoff: the first games by kickoff fill it, for good.
  if (!weekRow && deadline !== null && Date.parse(deadline) <= now.getTime()) {
    weekRow = await ensureWeek(db, pool, week, now);
  }
  let slate: SlateGame[];
  let sheets: WeekSheet[] = [];
  if (weekRow) ({ slate, sheets } = await loadWeek(db, pool, weekRow, now));
  else slate = publishSlate(autoSlate(all, pool.gamesPerWeek, pool.winBasis), pool.winBasis);

  const members = await repository.currentMembers(db, [pool.id]);
  const viewer = String(input.viewerMemberId);
  // The caller's Last Man Standing teams of earlier weeks, by the rule the submission is checked against.
  const lmsUsed = pool.lastManStanding ? usedLmsTeams(await loadSeason(db, pool, now), viewer, week.number, now) : [];
  const sheetOf = new Map(sheets.map((sheet) => [sheet.memberId, sheet]));
  const gameOf = new Map(slate.map((game) => [game.id, game]));
  const ordered = [...slate].sort(byKickoff);
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
    demo,
    choices:
      deadline !== null && Date.parse(deadline) <= now.getTime()
        ? []
        : [...all].sort(byKickoff).map((game) => ({
            event_id: Number(game.id),
            home_team: game.home,
            away_team: game.away,
            kickoff: game.kickoff,
            status: game.status,
            home_spread: game.homeSpread,
          })),
    games: ordered.map((game) => ({
      event_id: Number(game.id),
      home_team: game.home,
      away_team: game.away,
      kickoff: game.kickoff,
      status: game.status,
      home_score: game.homeScore,
      away_score: game.awayScore,
      frozen_home_spread: game.frozenHomeSpread,
      closing_home_spread: game.closingHomeSpread ?? null,
      locked: isLocked(game, now),
    })),
    sheets: members.map((member) => {
      const id = String(member.id);
      const sheet = visibleSheet(sheetOf.get(id) ?? { memberId: id, picks: [] }, viewer, slate, now);
      return {
        member_id: member.id,
        username: member.username,
        picks: sheet.picks.map((pick) => {
          const game = gameOf.get(pick.gameId);
          return {
            event_id: Number(pick.gameId),
            team: pick.team,
            play: pick.play ?? null,
            clv: game ? poolPickClv(game, pick.team, game.closingHomeSpread ?? null) : null,
          };
        }),
        lms_team: sheet.lmsTeam ?? null,
        tiebreaker: sheet.tiebreaker ?? null,
        submitted_at: sheet.submittedAt ?? null,
      };
    }),
    lms_used_teams: lmsUsed,
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
    const { games } = await weekGamesWithLines(tx, pool, week, input.now);
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
    const weekRow = await storeGames(
      tx,
      { pool, week: week.number, games: chosen, source: 'lifeguard' },
      input.userId,
      input.now,
      true,
    );
    await repository.bumpVersion(tx, pool.id, [weekRow.id]);
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
  input: {
    poolId: number;
    userId: number;
    week: number;
    idempotencyKey: string;
    body: SubmitPicksBody;
    /** The server clock (read once the pool is locked), or a fixed instant. */
    now: Date | (() => Date);
  },
): Promise<PoolWeekView> {
  return db.transaction(async (tx) => {
    // The pool's row first, as publishing does: a pool's submissions and slate changes go one at a time.
    const { pool, member } = await requireMembership(tx, input.poolId, input.userId, { forUpdate: true });
    // The locks are judged when the sheet is written, not when the request arrived: a submission that waited
    // for the pool (or, on PGlite, for the one connection every transaction shares, behind an import or a
    // standings rebuild) could otherwise store a pick after its game locked, and after others saw the lock.
    const now = typeof input.now === 'function' ? input.now() : input.now;
    refuseEnded(pool);
    const week = requirePoolWeek(pool, input.week);
    const weekRow = await ensureWeek(tx, pool, week, now);
    const requestHash = requestHashOf(pool.id, week.number, input.body);
    const claim = await repository.claimSubmission(tx, {
      memberId: member.id,
      poolWeekId: weekRow.id,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      now,
    });
    if (!claim.claimed) {
      if (claim.requestHash !== requestHash || claim.poolWeekId !== weekRow.id) {
        throw new AppError(
          'CONFLICT',
          'This Idempotency-Key was used for other picks; use a new key for a new submission',
        );
      }
      return weekView(tx, { pool, viewerMemberId: member.id, week, now });
    }
    await applySheet(tx, {
      pool,
      weekRow,
      week,
      memberId: member.id,
      body: input.body,
      now,
      editorId: null,
    });
    await repository.bumpVersion(tx, pool.id, [weekRow.id]);
    return weekView(tx, { pool, viewerMemberId: member.id, week, now });
  });
}

/**
 * Validates and writes a member's sheet for the week (the sheet row locked first): the member's own
 * submission (`editorId` null: its time becomes `submitted_at` when it changes the sheet) or the Lifeguard's
 * edit (logged per change, `submitted_at` unmoved). The picks of locked games left out stay; a change to one is
 * refused.
 */
async function applySheet(
  tx: DbExecutor,
  input: {
    pool: PoolRow;
    weekRow: PoolWeekRow;
    week: CalendarWeek;
    memberId: number;
    body: SubmitPicksBody;
    now: Date;
    editorId: number | null;
  },
): Promise<void> {
  const { pool, weekRow, week, now } = input;
  await repository.lockSheet(tx, weekRow.id, input.memberId, now);
  const season = await loadSeason(tx, pool, now);
  const thisWeek = season.weeks.find((candidate) => candidate.week === week.number)!;
  const memberId = String(input.memberId);
  const stored = thisWeek.sheets.find((sheet) => sheet.memberId === memberId);
  // lockSheet leaves an empty row where there was none: that is no sheet yet.
  const previous =
    stored &&
    (stored.submittedAt !== null || stored.picks.length > 0 || stored.lmsTeam !== null || stored.tiebreaker !== null)
      ? stored
      : null;

  // A team in any case reads as the schedule spells it (the rules compare exact abbreviations).
  const spelled = (team: string, teams: readonly string[]) =>
    teams.find((candidate) => candidate.toLowerCase() === team.toLowerCase()) ?? team;
  const submitted = input.body.picks.map((pick) => {
    const game = thisWeek.slate.find((candidate) => candidate.id === String(pick.event_id));
    return {
      gameId: String(pick.event_id),
      team: spelled(pick.team, game ? [game.home, game.away] : []),
      play: pick.play ?? null,
    };
  });
  // The picks of locked games may be left out: they stay as they were. The Lifeguard sends only the picks they
  // enter or correct (they cannot see a member's picks of open games), so every pick left out of an edit stays.
  const lockedGame = (gameId: string) => thisWeek.slate.some((game) => game.id === gameId && isLocked(game, now));
  const kept = (previous?.picks ?? []).filter(
    (pick) =>
      !submitted.some((candidate) => candidate.gameId === pick.gameId) &&
      (input.editorId !== null || lockedGame(pick.gameId)),
  );
  // A double or triple play the Lifeguard enters moves the member's play from an open game they cannot see:
  // refusing it instead would tell the Lifeguard where the member's open play is (decision 052).
  const movesPlay = input.editorId !== null && submitted.some((pick) => pick.play !== null);
  if (movesPlay) {
    for (const [index, pick] of kept.entries()) {
      if (pick.play && !lockedGame(pick.gameId)) kept[index] = { ...pick, play: null };
    }
  }
  const next: WeekSheet = {
    memberId,
    picks: [...submitted, ...kept],
    lmsTeam:
      input.body.lms_team === undefined
        ? (previous?.lmsTeam ?? null)
        : input.body.lms_team === null
          ? null
          : spelled(input.body.lms_team, slateTeams(thisWeek.slate)),
    tiebreaker: input.body.tiebreaker === undefined ? (previous?.tiebreaker ?? null) : input.body.tiebreaker,
  };
  const earlier: PoolSeason = { ...season, weeks: season.weeks.filter((candidate) => candidate.week < week.number) };
  const problems = validateWeekSheet({
    settings: season.settings,
    slate: thisWeek.slate,
    previous,
    next,
    usedLmsTeams: usedLmsTeams(season, memberId, week.number, now),
    survivor: !pool.lastManStanding || lastManStanding(earlier, now).survivors.includes(memberId),
    now,
  });
  if (problems.length > 0) refuseProblems(problems);
  // `submitted_at` is the season's last tiebreaker (the earlier submission wins): it moves only when the member
  // submits something new. Locked picks, a locked tiebreaker and a locked Last Man Standing team cannot change
  // (refused above), so "new" is any change of the open picks, their plays, the tiebreaker or the Last Man
  // Standing team, or the member's first submission of the week (a sheet only the Lifeguard wrote has none).
  // A re-submission that changes nothing, before or after kickoff, keeps the time and so the member's rank.
  const movesSubmission =
    input.editorId === null && (stored?.submittedAt == null || sheetChanges(previous, next).length > 0);
  await repository.writeSheet(tx, {
    poolWeekId: weekRow.id,
    memberId: input.memberId,
    lmsTeam: next.lmsTeam ?? null,
    tiebreaker: next.tiebreaker ?? null,
    submittedAt: movesSubmission ? now : null,
    now,
    picks: next.picks.map((pick) => ({ eventId: Number(pick.gameId), team: pick.team, play: pick.play ?? null })),
  });
  if (input.editorId !== null) {
    await repository.insertEdits(
      tx,
      sheetChanges(previous, next).map((change) => ({
        ...change,
        poolId: pool.id,
        poolWeekId: weekRow.id,
        memberId: input.memberId,
        editorId: input.editorId,
        createdAt: now,
      })),
    );
  }
}

const pickText = (pick: WeekSheet['picks'][number] | undefined) =>
  pick === undefined ? null : pick.play ? `${pick.team} (${pick.play} play)` : pick.team;

/** What changed between two sheets, one entry per game, Last Man Standing team and tiebreaker. */
function sheetChanges(previous: WeekSheet | null, next: WeekSheet) {
  const changes: { eventId: number | null; field: string; before: string | null; after: string | null }[] = [];
  const gameIds = new Set([...(previous?.picks ?? []), ...next.picks].map((pick) => pick.gameId));
  for (const gameId of [...gameIds].sort((a, b) => Number(a) - Number(b))) {
    const before = pickText(previous?.picks.find((pick) => pick.gameId === gameId));
    const after = pickText(next.picks.find((pick) => pick.gameId === gameId));
    if (before !== after) changes.push({ eventId: Number(gameId), field: 'pick', before, after });
  }
  const lmsBefore = previous?.lmsTeam ?? null;
  if (lmsBefore !== (next.lmsTeam ?? null)) {
    changes.push({ eventId: null, field: 'lms_team', before: lmsBefore, after: next.lmsTeam ?? null });
  }
  const tieBefore = previous?.tiebreaker ?? null;
  if (tieBefore !== (next.tiebreaker ?? null)) {
    const text = (value: number | null | undefined) => (value == null ? null : String(value));
    changes.push({ eventId: null, field: 'tiebreaker', before: text(tieBefore), after: text(next.tiebreaker) });
  }
  return changes;
}

/** The Lifeguard enters or corrects a member's picks before they lock: logged, and shown to the pool. */
export async function editMemberPicks(
  db: Database,
  input: { poolId: number; userId: number; week: number; memberId: number; body: SubmitPicksBody; now: Date },
  lines?: SystemLines,
): Promise<PoolWeekView> {
  return db.transaction(async (tx) => {
    const { pool, member } = await requireLifeguard(tx, input.poolId, input.userId, { forUpdate: true });
    refuseEnded(pool);
    const week = requirePoolWeek(pool, input.week);
    const target = await repository.findCurrentMember(tx, pool.id, input.memberId);
    if (!target) throw AppError.notFound('No such member of this pool');
    const weekRow = await ensureWeek(tx, pool, week, input.now);
    await applySheet(tx, {
      pool,
      weekRow,
      week,
      memberId: target.id,
      body: input.body,
      now: input.now,
      editorId: input.userId,
    });
    // The pool is told in its chat room too (the edits list keeps each change).
    await lines?.add(tx, pool.id, { type: 'pick_edit', memberId: target.id, week: week.number }, input.now);
    await repository.bumpVersion(tx, pool.id, [weekRow.id]);
    return weekView(tx, { pool, viewerMemberId: member.id, week, now: input.now });
  });
}

/**
 * The Lifeguard's edits of members' picks, newest first: every member of the pool sees that each was made, and
 * what another member's pick was and became by the reveal rule (`visibleEdit`): once the games it concerns lock.
 */
export async function listEdits(
  db: Database,
  input: { poolId: number; userId: number; now: Date },
): Promise<PoolEditListResponse> {
  const { pool, member } = await requireMembership(db, input.poolId, input.userId);
  const rows = await repository.listEdits(db, pool.id);
  const weekIds = [...new Set(rows.flatMap((row) => (row.poolWeekId === null ? [] : [row.poolWeekId])))];
  const storedSlates = await repository.slatesOfWeekIds(db, weekIds);
  const slates = new Map<number, SlateGame[]>();
  for (const weekId of weekIds) {
    const stored = (storedSlates.get(weekId) ?? []).map(toSlateGame);
    // Locks as a member's read would keep them, written nowhere: a later kickoff never hides an edit again.
    slates.set(weekId, await keepLocks(db, pool, weekId, stored, input.now, false));
  }
  return {
    data: rows.map((row) => {
      const edit = visibleEdit(
        {
          memberId: String(row.memberId),
          gameId: row.eventId === null ? null : String(row.eventId),
          field: row.field as PoolEditListResponse['data'][number]['field'],
          before: row.before,
          after: row.after,
        },
        String(member.id),
        row.poolWeekId === null ? null : (slates.get(row.poolWeekId) ?? null),
        input.now,
      );
      return {
        id: row.id,
        week: row.week,
        member: row.member,
        editor: row.editor,
        event_id: row.eventId,
        field: edit.field,
        before: edit.before,
        after: edit.after,
        hidden: edit.hidden,
        created_at: row.createdAt.toISOString(),
      };
    }),
  };
}

/**
 * Who has not picked yet (the Lifeguard's list): each current member with the open slate games they have no
 * pick for, and whether their tiebreaker and Last Man Standing team are missing.
 */
export async function missingPicks(
  db: Database,
  input: { poolId: number; userId: number; week: number; now: Date },
): Promise<MissingPicksResponse> {
  return db.transaction(async (tx) => {
    const { pool, member } = await requireLifeguard(tx, input.poolId, input.userId);
    const week = requirePoolWeek(pool, input.week);
    const view = await weekView(tx, { pool, viewerMemberId: member.id, week, now: input.now });
    const stored = await repository.findWeek(tx, pool.id, week.number);
    const sheets = stored ? await repository.sheetsOf(tx, stored.id) : [];
    const open = view.games.filter((game) => !game.locked).map((game) => game.event_id);
    return {
      pool: view.pool,
      week: view.week,
      data: view.sheets.flatMap((sheet) => {
        const own = sheets.find((row) => row.memberId === sheet.member_id);
        const picked = new Set((own?.picks ?? []).map((pick) => pick.eventId));
        const games = open.filter((eventId) => !picked.has(eventId));
        const tiebreaker = (own?.tiebreaker ?? null) === null && view.games.length > 0;
        const lms = pool.lastManStanding && (own?.lmsTeam ?? null) === null && open.length > 0;
        return games.length > 0 || tiebreaker || lms
          ? [
              {
                member_id: sheet.member_id,
                username: sheet.username,
                missing_event_ids: games,
                missing_tiebreaker: tiebreaker,
                missing_lms_team: lms,
              },
            ]
          : [];
      }),
    };
  });
}

/**
 * What a week's pick reminders need (the pool mails job, decision 042): the slate as a member reading the
 * week would see it (stored, or the automatic one still to be stored), its first lock, and each current
 * member's slate games without a pick. Null for a week outside the pool or without a slate game.
 */
export async function weekPickStatus(
  db: DbExecutor,
  pool: PoolRow,
  weekNumber: number,
  now: Date,
): Promise<{ firstLock: Date; missing: { memberId: number; userId: number; eventIds: number[] }[] } | null> {
  const week = poolWeekOf(pool, weekNumber);
  if (!week) return null;
  let weekRow = await repository.findWeek(db, pool.id, week.number);
  let slate: SlateGame[];
  let sheets: WeekSheet[] = [];
  if (!weekRow) {
    const { games: all } = await weekGamesWithLines(db, pool, week, now);
    const deadline = slateDeadline(all);
    // As reading the week does: past the week's first kickoff, the automatic slate is stored for good.
    if (deadline !== undefined && Date.parse(deadline) <= now.getTime())
      weekRow = await ensureWeek(db, pool, week, now);
    slate = weekRow ? [] : publishSlate(autoSlate(all, pool.gamesPerWeek, pool.winBasis), pool.winBasis);
  }
  if (weekRow) ({ slate, sheets } = await loadWeek(db, pool, weekRow, now));
  if (slate!.length === 0) return null;
  const firstLock = Math.min(...slate!.map((game) => lockInstant(game)));
  const members = await repository.currentMembers(db, [pool.id]);
  const picked = new Map(sheets.map((sheet) => [sheet.memberId, new Set(sheet.picks.map((pick) => pick.gameId))]));
  return {
    firstLock: new Date(firstLock),
    missing: members.map((member) => ({
      memberId: member.id,
      userId: member.userId,
      eventIds: slate!.filter((game) => !picked.get(String(member.id))?.has(game.id)).map((game) => Number(game.id)),
    })),
  };
}
