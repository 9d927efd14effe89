import type { MissingPicksResponse, PoolWeekView, PublishSlateBody } from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import {
  autoSlate,
  byKickoff,
  displayName,
  frozenSpreadFor,
  isLocked,
  lmsGame,
  lmsGames,
  lockInstant,
  poolPickClv,
  poolWeekWindow,
  publishSlate,
  slateDeadline,
  validateSlate,
  visibleSheet,
  type CalendarWeek,
  type SlateGame,
  type WeekSheet,
} from '@pass/domain';
import * as poolsRepository from './pools.repository.js';
import type { MemberWithName, PoolRow } from './pools.repository.js';
import * as remindersRepository from './reminders.repository.js';
import { poolWeekOf, refuseEnded, requireLifeguard, requireMembership } from './pools.service.js';
import {
  ensureWeek,
  loadWeek,
  refuseProblems,
  requirePoolWeek,
  storeGames,
  survivorOnlyGames,
  weekGamesWithLines,
} from './slates.service.js';
import { lmsBeforeWeek, lmsStandingBeforeWeek, type LmsBefore } from './week-totals.service.js';
import * as repository from './weeks.repository.js';
import type { PoolWeekRow } from './weeks.repository.js';

/**
 * A pool week as a member reads it (DESIGN.md section 6; decision records 026 and 027): the slate with its
 * locks and every member's sheet as the viewer may see it; the Lifeguard's slate, who has not picked yet, and
 * what the pick reminders need. The week as stored is slates.service.ts; picks and edits are picks.service.ts.
 */

/** A stored week as a change has just read and written it: its row, slate, sheets and the current members. */
export interface StoredWeek {
  weekRow: PoolWeekRow;
  slate: SlateGame[];
  /** The week's survivor-only games (Last Man Standing picks off the slate). */
  survivorGames: SlateGame[];
  sheets: WeekSheet[];
  members: MemberWithName[];
}

/** A week as a member (the viewer) reads it: the answer to reading the week, and to each change made to it. */
export async function weekView(
  db: DbExecutor,
  input: {
    pool: PoolRow;
    viewerMemberId: number;
    week: CalendarWeek;
    now: Date;
    /** The viewer's Last Man Standing before the week, when the caller has just read it. */
    lms?: LmsBefore;
    /** The stored week as the caller has just read and written it (a sheet): not read again. */
    stored?: StoredWeek;
    /** The week's games with their lines, when the caller has just read them. */
    games?: Awaited<ReturnType<typeof weekGamesWithLines>>;
  },
): Promise<PoolWeekView> {
  const { pool, week, now } = input;
  const stored = input.stored?.weekRow ?? (await repository.findWeek(db, pool.id, week.number));
  const { games: all, demo } = input.games ?? (await weekGamesWithLines(db, pool, week, now));
  const deadline = slateDeadline(all) ?? null;
  let weekRow = stored;
  // None chosen before the week's first kickoff: the first games by kickoff fill it, for good.
  if (!weekRow && deadline !== null && Date.parse(deadline) <= now.getTime()) {
    weekRow = await ensureWeek(db, pool, week, now);
  }
  let slate: SlateGame[];
  let survivorGames: SlateGame[] = [];
  let sheets: WeekSheet[] = [];
  if (weekRow) ({ slate, survivorGames, sheets } = input.stored ?? (await loadWeek(db, pool, weekRow, now)));
  else {
    slate = publishSlate(autoSlate(all, pool.gamesPerWeek, pool.winBasis), pool.winBasis);
    // Not stored yet: the week's other games as publishing would keep them, at today's lines.
    survivorGames = publishSlate(survivorOnlyGames(pool, all, slate), pool.winBasis);
  }

  const members = input.stored?.members ?? (await poolsRepository.currentMembers(db, [pool.id]));
  const viewer = String(input.viewerMemberId);
  // The caller's Last Man Standing before the week, by the rule the submission is checked against.
  const lms = !pool.lastManStanding
    ? null
    : (input.lms ?? (await lmsBeforeWeek(db, pool, members, week.number, input.viewerMemberId, now)));
  const lmsUsed = lms?.usedTeams ?? [];
  const sheetOf = new Map(sheets.map((sheet) => [sheet.memberId, sheet]));
  const gameOf = new Map(slate.map((game) => [game.id, game]));
  const currentSpread = new Map(all.map((game) => [game.id, game.homeSpread]));
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
      frozen_line_source: weekRow && game.frozenHomeSpread !== null ? (game.frozenLineSource ?? null) : null,
      frozen_at: weekRow && game.frozenHomeSpread !== null ? weekRow.publishedAt.toISOString() : null,
      current_home_spread: pool.winBasis === 'ats' ? (currentSpread.get(game.id) ?? null) : null,
      locked: isLocked(game, now),
    })),
    sheets: members.map((member) => {
      const id = String(member.id);
      const sheet = visibleSheet(sheetOf.get(id) ?? { memberId: id, picks: [] }, viewer, slate, now, survivorGames);
      return {
        member_id: member.id,
        username: member.username,
        name: displayName(member),
        picks: sheet.picks.map((pick) => {
          const game = gameOf.get(pick.gameId);
          return {
            event_id: Number(pick.gameId),
            team: pick.team,
            play: pick.play ?? null,
            confidence: pick.confidence ?? null,
            clv: game ? poolPickClv(game, pick.team, game.closingHomeSpread ?? null) : null,
          };
        }),
        lms_team: sheet.lmsTeam ?? null,
        tiebreaker: sheet.tiebreaker ?? null,
        submitted_at: sheet.submittedAt ?? null,
      };
    }),
    lms_used_teams: lmsUsed,
    lms_choices: lms ? lmsChoices(slate, survivorGames, lmsUsed, now) : [],
    lms_status: lms
      ? {
          may_pick: lms.mayPick,
          buy_back: lms.mayPick && !lms.survivor,
          out_week: lms.member?.outWeek ?? null,
          strikes_used: lms.member?.strikesUsed ?? 0,
          strikes_allowed: pool.survivorStrikes,
          bought_back_in: lms.member?.boughtBackIn ?? null,
        }
      : null,
  };
}

/**
 * Every team playing the week as a Last Man Standing choice, with the game it is graded on (its first by
 * kickoff, as the rules grade it), the line from its side, and whether it is used or locked.
 */
function lmsChoices(
  slate: readonly SlateGame[],
  survivorGames: readonly SlateGame[],
  used: readonly string[],
  now: Date,
): PoolWeekView['lms_choices'] {
  const onSlate = new Set(slate.map((game) => game.id));
  const games = lmsGames({ slate, survivorGames });
  const teams = [...new Set([...games].sort(byKickoff).flatMap((game) => [game.away, game.home]))];
  const choices: (PoolWeekView['lms_choices'][number] & { order: number })[] = teams.map((team, order) => {
    const game = lmsGame(games, team)!;
    return {
      order,
      team,
      event_id: Number(game.id),
      opponent: team === game.home ? game.away : game.home,
      home: team === game.home,
      kickoff: game.kickoff,
      on_slate: onSlate.has(game.id),
      frozen_spread: frozenSpreadFor(game, team),
      frozen_line_source: game.frozenHomeSpread !== null ? (game.frozenLineSource ?? null) : null,
      used: used.includes(team),
      locked: isLocked(game, now),
    };
  });
  // By the kickoff of the game each team is graded on (a slate team's slate game), then as the games list them.
  choices.sort((a, b) => Date.parse(a.kickoff) - Date.parse(b.kickoff) || a.order - b.order);
  return choices.map(({ order: _order, ...choice }) => choice);
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
    const { pool, member } = await requireLifeguard(tx, input.poolId, input.userId, { lock: 'update' });
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
      { pool, week: week.number, games: chosen, weekGames: games, source: 'lifeguard' },
      input.userId,
      input.now,
      true,
    );
    await poolsRepository.bumpVersion(tx, pool.id, [weekRow.id]);
    return weekView(tx, { pool, viewerMemberId: member.id, week, now: input.now });
  });
}

/** One current member's missing picks of a week, as the Lifeguard's list and the reminders read them. */
export interface MissingRow {
  memberId: number;
  userId: number;
  username: string;
  /** How the member is shown (`displayName`). */
  name: string;
  /** Open slate games the member has no pick for. */
  missingEventIds: number[];
  missingTiebreaker: boolean;
  /** The tiebreaker is missing and its game (the week's last) has not locked: it can still be entered. */
  openTiebreakerMissing: boolean;
  missingLmsTeam: boolean;
}

/**
 * Each current member's missing picks of the week, inside the caller's transaction (which has checked the
 * viewer is the Lifeguard): the open slate games without their pick, and whether their tiebreaker and Last Man
 * Standing team are missing; with the week's games as the viewer reads them (their kickoffs and locks).
 */
export async function missingRowsOf(
  tx: DbExecutor,
  input: { pool: PoolRow; viewerMemberId: number; week: CalendarWeek; now: Date },
): Promise<{ view: PoolWeekView; rows: MissingRow[] }> {
  const { pool } = input;
  const view = await weekView(tx, input);
  const stored = await repository.findWeek(tx, pool.id, input.week.number);
  const sheets = stored ? await repository.sheetsOf(tx, stored.id) : [];
  const members = await poolsRepository.currentMembers(tx, [pool.id]);
  const userOf = new Map(members.map((member) => [member.id, member.userId]));
  const open = view.games.filter((game) => !game.locked).map((game) => game.event_id);
  const tiebreakerOpen = view.games.at(-1)?.locked === false;
  // A Last Man Standing team is missing only for a member who may still pick one: an eliminated member (without
  // a buy-back to make this week) is not asked.
  const lmsOf = pool.lastManStanding
    ? await lmsStandingBeforeWeek(tx, pool, members, input.week.number, input.now)
    : null;
  const lmsOpen = view.lms_choices.some((choice) => !choice.locked);
  const rows = view.sheets.map((sheet) => {
    const own = sheets.find((row) => row.memberId === sheet.member_id);
    const picked = new Set((own?.picks ?? []).map((pick) => pick.eventId));
    const missingTiebreaker = (own?.tiebreaker ?? null) === null && view.games.length > 0;
    return {
      memberId: sheet.member_id,
      userId: userOf.get(sheet.member_id)!,
      username: sheet.username,
      name: sheet.name,
      missingEventIds: open.filter((eventId) => !picked.has(eventId)),
      missingTiebreaker,
      openTiebreakerMissing: missingTiebreaker && tiebreakerOpen,
      missingLmsTeam: lmsOf !== null && (own?.lmsTeam ?? null) === null && lmsOpen && lmsOf(sheet.member_id).mayPick,
    };
  });
  return { view, rows };
}

/**
 * Who has not picked yet (the Lifeguard's list): each current member with the open slate games they have no
 * pick for, whether their tiebreaker and Last Man Standing team are missing, and when the Lifeguard last
 * reminded them of the week.
 */
export async function missingPicks(
  db: Database,
  input: { poolId: number; userId: number; week: number; now: Date },
): Promise<MissingPicksResponse> {
  return db.transaction(async (tx) => {
    const { pool, member } = await requireLifeguard(tx, input.poolId, input.userId);
    const week = requirePoolWeek(pool, input.week);
    const { view, rows } = await missingRowsOf(tx, { pool, viewerMemberId: member.id, week, now: input.now });
    const reminded = await remindersRepository.lastReminders(tx, pool.id, week.number);
    return {
      pool: view.pool,
      week: view.week,
      data: rows
        .filter((row) => row.missingEventIds.length > 0 || row.missingTiebreaker || row.missingLmsTeam)
        .map((row) => ({
          member_id: row.memberId,
          username: row.username,
          name: row.name,
          missing_event_ids: row.missingEventIds,
          missing_tiebreaker: row.missingTiebreaker,
          missing_lms_team: row.missingLmsTeam,
          reminded_at: reminded.get(row.memberId)?.toISOString() ?? null,
        })),
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
  const members = await poolsRepository.currentMembers(db, [pool.id]);
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
