import { createHash } from 'node:crypto';
import type { PoolEditListResponse, PoolWeekView, SubmitPicksBody } from '@pass/contracts';
import { readTogether, transactionCommittingWith, type Database, type DbExecutor } from '@pass/db';
import {
  displayName,
  isLocked,
  lmsGames,
  slateTeams,
  validateWeekSheet,
  visibleEdit,
  type CalendarWeek,
  type SlateGame,
  type WeekSheet,
} from '@pass/domain';
import { AppError } from '../../errors.js';
import type { SystemLines } from '../chat/pool-events.js';
import * as poolsRepository from './pools.repository.js';
import type { PoolRow } from './pools.repository.js';
import {
  refuseEnded,
  requireLifeguard,
  requireMembership,
  requireMembershipAndWeek,
  settingsOf,
} from './pools.service.js';
import {
  ensureWeek,
  keepLocks,
  loadWeek,
  refuseProblems,
  requirePoolWeek,
  toSlateGame,
  weekGamesWithLinesRead,
} from './slates.service.js';
import { membersAndLmsBeforeWeek, type LmsBefore } from './week-totals.service.js';
import * as weekTotalsRepository from './week-totals.repository.js';
import * as repository from './weeks.repository.js';
import type { PoolWeekRow } from './weeks.repository.js';
import { weekView, type StoredWeek } from './weeks.service.js';

/**
 * A member's picks for a week (DESIGN.md section 6; decision records 026, 027 and 052): submitted in one request
 * under an Idempotency-Key, or entered and corrected by the Lifeguard before they lock, each change logged and
 * shown to the pool. The rules check every sheet; a change to a locked pick is refused with the game named.
 */

const requestHashOf = (poolId: number, week: number, body: SubmitPicksBody) =>
  createHash('sha256')
    .update(JSON.stringify({ poolId, week, picks: body.picks, lms: body.lms_team, tiebreaker: body.tiebreaker }))
    .digest('hex');

/** A submission's transaction: the answer stored for its key (a retry), or what its answer is built from. */
type Submitted = { replayed: PoolWeekView; answer: null } | { replayed: null; answer: Parameters<typeof weekView>[1] };

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
  // The versions go up in the transaction's last statements, sent with its COMMIT: every submission to the week
  // raises the same two rows, and each waits for the one before to commit. Its statements are keyed by the
  // pool, the member and the week: each runs with the plan its connection keeps (decision 100).
  const outcome = await transactionCommittingWith<Submitted>(
    db,
    async (tx) => {
      // The pool's row first, shared: members' submissions go side by side (each takes its own sheet's row),
      // while publishing a slate, a change of settings or the pool's end wait for them, and they for it.
      // The week's stored row comes in the same statement: a week with no row yet is stored below (ensureWeek).
      const {
        pool,
        member,
        week: storedWeek,
      } = await requireMembershipAndWeek(tx, input.poolId, input.userId, input.week, {
        lock: 'share',
      });
      // The locks are judged when the sheet is written, not when the request arrived: a submission that waited
      // for the pool (or, on PGlite, for the one connection every transaction shares, behind an import or a
      // standings rebuild) could otherwise store a pick after its game locked, and after others saw the lock.
      const now = typeof input.now === 'function' ? input.now() : input.now;
      refuseEnded(pool);
      const week = requirePoolWeek(pool, input.week);
      const weekRow = storedWeek ?? (await ensureWeek(tx, pool, week, now));
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
        return {
          value: { replayed: await weekView(tx, { pool, viewerMemberId: member.id, week, now }), answer: null },
          last: [],
        };
      }
      // In one statement, once the claim has locked the sheet's row: the week's games and lines the answer shows
      // (kept per database between submissions: the rules are judged by the stored slate, not by these), the
      // stored week's slate and sheets, and the pool's members with its weeks' states (Last Man Standing).
      const [games, slateAndSheets, statesAndMembers] = await readTogether(tx, [
        weekGamesWithLinesRead(pool, week, now, db),
        repository.slateAndSheetsRead(weekRow.id),
        weekTotalsRepository.weekStatesAndMembersRead([pool.id]),
      ] as const);
      const written = await applySheet(tx, {
        pool,
        weekRow,
        week,
        memberId: member.id,
        body: input.body,
        now,
        editorId: null,
        // The claim locked the sheet's row.
        sheetLocked: true,
        read: { slateAndSheets, statesAndMembers },
      });
      return {
        value: {
          replayed: null,
          answer: { pool, viewerMemberId: member.id, week, now, lms: written.lms, stored: written.stored, games },
        },
        last: poolsRepository.versionBumps(pool.id, [weekRow.id]),
      };
    },
    { genericPlans: true },
  );
  // The answer is built from what the transaction read and wrote once it has committed: the versions it raised
  // are held until then, and every other submission to the week waits for them.
  return outcome.answer === null ? outcome.replayed : weekView(db, outcome.answer);
}

/**
 * Validates and writes a member's sheet for the week (the sheet row locked first): the member's own
 * submission (`editorId` null: its time becomes `submitted_at` when it changes the sheet) or the Lifeguard's
 * edit (logged per change, `submitted_at` unmoved). The picks of locked games left out stay; a change to one is
 * refused. Reads the week itself and, in a Last Man Standing pool, the earlier weeks' totals (never the whole
 * season); answers the member's Last Man Standing teams used before the week.
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
    /** The caller has locked the sheet's row already (a submission's claim does). */
    sheetLocked?: boolean;
    /** The stored week and the pool's members with its weeks' states, read once the sheet's row was locked. */
    read?: {
      slateAndSheets: repository.SlateAndSheets;
      statesAndMembers: weekTotalsRepository.StatesAndMembers;
    };
  },
): Promise<{ lms: LmsBefore; stored: StoredWeek }> {
  const { pool, weekRow, week, now, read } = input;
  if (!input.sheetLocked) await repository.lockSheet(tx, weekRow.id, input.memberId, now);
  const thisWeek = await loadWeek(tx, pool, weekRow, now, read?.slateAndSheets);
  // A Last Man Standing pool reads its members with the weeks its standing comes from, in one statement.
  const { members, lms } = pool.lastManStanding
    ? await membersAndLmsBeforeWeek(tx, pool, week.number, input.memberId, now, read?.statesAndMembers)
    : {
        members: read?.statesAndMembers.members ?? (await poolsRepository.currentMembers(tx, [pool.id])),
        lms: { survivor: true, mayPick: true, usedTeams: [], member: null },
      };
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
      confidence: pick.confidence ?? null,
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
  // In the same way a confidence the Lifeguard enters is taken from the open pick that held it, which gets the
  // value the edited game held before (else the smallest one free): a refusal would tell where it was.
  if (input.editorId !== null && pool.confidence) {
    const previousOf = (gameId: string) => previous?.picks.find((pick) => pick.gameId === gameId)?.confidence ?? null;
    for (const pick of submitted) {
      const index = kept.findIndex(
        (candidate) =>
          pick.confidence !== null && candidate.confidence === pick.confidence && !lockedGame(candidate.gameId),
      );
      if (index < 0) continue;
      const used = new Set([...submitted, ...kept].map((candidate) => candidate.confidence ?? null));
      const before = previousOf(pick.gameId);
      const free =
        before !== null && !used.has(before)
          ? before
          : (Array.from({ length: thisWeek.slate.length }, (_, value) => value + 1).find((value) => !used.has(value)) ??
            null);
      kept[index] = { ...kept[index]!, confidence: free };
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
          : spelled(input.body.lms_team, slateTeams(lmsGames(thisWeek))),
    tiebreaker: input.body.tiebreaker === undefined ? (previous?.tiebreaker ?? null) : input.body.tiebreaker,
  };
  const problems = validateWeekSheet({
    settings: settingsOf(pool),
    slate: thisWeek.slate,
    survivorGames: thisWeek.survivorGames,
    previous,
    next,
    usedLmsTeams: lms.usedTeams,
    // A member out the week before may still pick: the pick is their buy-back.
    survivor: lms.mayPick,
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
    picks: next.picks.map((pick) => ({
      eventId: Number(pick.gameId),
      team: pick.team,
      play: pick.play ?? null,
      confidence: pick.confidence ?? null,
    })),
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
  // The week as it now stands, as a read of it would give it: the sheet's picks in the order they are read back.
  const written: WeekSheet = {
    ...next,
    picks: [...next.picks]
      .sort((a, b) => Number(a.gameId) - Number(b.gameId))
      .map((pick) => ({ ...pick, play: pick.play ?? null, confidence: pick.confidence ?? null })),
    submittedAt: movesSubmission ? now.toISOString() : (stored?.submittedAt ?? null),
  };
  return {
    lms,
    stored: {
      weekRow,
      slate: thisWeek.slate,
      survivorGames: thisWeek.survivorGames,
      sheets: [...thisWeek.sheets.filter((sheet) => sheet.memberId !== memberId), written],
      members,
    },
  };
}

const pickText = (pick: WeekSheet['picks'][number] | undefined) =>
  pick === undefined
    ? null
    : pick.play
      ? `${pick.team} (${pick.play} play)`
      : pick.confidence != null
        ? `${pick.team} (confidence ${pick.confidence})`
        : pick.team;

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
    const { pool, member } = await requireLifeguard(tx, input.poolId, input.userId, { lock: 'update' });
    refuseEnded(pool);
    const week = requirePoolWeek(pool, input.week);
    const target = await poolsRepository.findCurrentMember(tx, pool.id, input.memberId);
    if (!target) throw AppError.notFound('No such member of this pool');
    const weekRow = await ensureWeek(tx, pool, week, input.now);
    const written = await applySheet(tx, {
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
    // The sheet written is the target's; the Lifeguard's own Last Man Standing teams are read for the view.
    const view = await weekView(tx, { pool, viewerMemberId: member.id, week, now: input.now, stored: written.stored });
    await poolsRepository.bumpVersion(tx, pool.id, [weekRow.id]);
    return view;
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
  const slates = new Map<number, { slate: SlateGame[]; survivorGames: SlateGame[] }>();
  for (const weekId of weekIds) {
    const rows = storedSlates.get(weekId) ?? [];
    const survivorOnly = new Set(rows.filter((row) => row.survivorOnly).map((row) => String(row.id)));
    // Locks as a member's read would keep them, written nowhere: a later kickoff never hides an edit again.
    const kept = await keepLocks(db, pool, weekId, rows.map(toSlateGame), input.now, false);
    slates.set(weekId, {
      slate: kept.filter((game) => !survivorOnly.has(game.id)),
      survivorGames: kept.filter((game) => survivorOnly.has(game.id)),
    });
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
        row.poolWeekId === null ? null : (slates.get(row.poolWeekId)?.slate ?? null),
        input.now,
        row.poolWeekId === null ? [] : (slates.get(row.poolWeekId)?.survivorGames ?? []),
      );
      return {
        id: row.id,
        week: row.week,
        member: displayName({ username: row.member, name: row.memberName }),
        editor: row.editor === null ? null : displayName({ username: row.editor, name: row.editorName }),
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
