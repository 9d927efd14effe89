import type { FieldError } from '@pass/contracts';
import { groupBy, readOne, type DbExecutor, type JsonRead } from '@pass/db';
import {
  autoSlate,
  isLocked,
  lockInstant,
  poolWeekWindow,
  publishSlate,
  slateDeadline,
  type CalendarWeek,
  type PoolProblem,
  type PoolSeason,
  type PoolWeekData,
  type SlateGame,
  type WeekGame,
  type WeekSheet,
  type LineOfRecord,
} from '@pass/domain';
import { AppError } from '../../errors.js';
import { groupsWeighing } from '../../lib/collections.js';
import { turnsEvery } from '../../lib/event-loop.js';
import { weekGamesWithLinesOfRecordRead } from '../sports/sports.service.js';
import { recordCloses } from './closing.service.js';
import * as poolsRepository from './pools.repository.js';
import type { MemberWithName, PoolRow } from './pools.repository.js';
import { iso, poolWeekOf, settingsOf } from './pools.service.js';
import * as weekTotals from './week-totals.repository.js';
import * as repository from './weeks.repository.js';
import type { GameRow, PoolWeekRow, SheetRow, SlateAndSheets, SlateRow } from './weeks.repository.js';

/** For the importers: slate games keep their locks before a schedule moves their kickoffs (decision 027). */
export { keepLocksBeforeEventsChange } from './weeks.repository.js';

/**
 * A pool week as stored (DESIGN.md section 6; decision records 026 and 027): its slate (the Lifeguard's, else
 * the first games by kickoff, stored when first needed), the locks kept by the server clock and, in an `ats`
 * pool, the closes; the members' sheets; and the whole season as the rules read it. The rules decide; this file
 * loads and stores. A week as a member reads it is weeks.service.ts; picks and edits are picks.service.ts.
 */

/** The calendar week of a pool week; 404 for a week the pool does not play. */
export function requirePoolWeek(pool: PoolRow, week: number): CalendarWeek {
  const calendarWeek = poolWeekOf(pool, week);
  if (!calendarWeek) throw AppError.notFound('No such week in this pool');
  return calendarWeek;
}

/** The rules' problems as a 400, each with its field, reason and (in the message) the game it is about. */
export function refuseProblems(problems: readonly PoolProblem[]): never {
  const fieldOf: Record<string, string> = {
    picks: 'body.picks',
    play: 'body.picks',
    confidence: 'body.picks',
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

const toWeekGame = (game: GameRow, line: LineOfRecord | undefined): WeekGame => ({
  id: String(game.id),
  home: game.homeTeam,
  away: game.awayTeam,
  kickoff: game.kickoff.toISOString(),
  status: game.status,
  homeSpread: line?.homeSpread ?? null,
  lineSource: line && line.homeSpread !== null ? lineSourceText(line.source) : null,
});

/** Where a line comes from, in a few words under a slate's spread: "median of 6 books", "nflverse's line". */
export function lineSourceText(source: LineOfRecord['source']): string | null {
  if (source.kind === 'closing' && source.provider) return `${source.provider}'s line`;
  if (source.kind === 'median') return source.books === 1 ? "one book's line" : `median of ${source.books} books`;
  return null;
}

export const toSlateGame = (row: SlateRow): SlateGame => ({
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
  frozenLineSource: row.frozenLineSource,
});

const toSheet = (row: SheetRow): WeekSheet => ({
  memberId: String(row.memberId),
  picks: row.picks.map((pick) => ({
    gameId: String(pick.eventId),
    team: pick.team,
    play: pick.play,
    confidence: pick.confidence,
  })),
  lmsTeam: row.lmsTeam,
  tiebreaker: row.tiebreaker,
  submittedAt: iso(row.submittedAt),
});

/**
 * The week's games with their lines of record as of `asOf`, and whether they are the generated demo season's
 * (a week without real games, docs/decisions/028).
 */
export function weekGamesWithLines(
  db: DbExecutor,
  pool: PoolRow,
  week: CalendarWeek,
  asOf: Date,
): Promise<{ games: WeekGame[]; demo: boolean }> {
  return readOne(db, weekGamesWithLinesRead(pool, week, asOf));
}

/**
 * weekGamesWithLines as a read that can share a statement with others (readTogether); with `keptFor` (the
 * database handle), through the week's entry kept for that database: for an answer that shows them only.
 */
export function weekGamesWithLinesRead(
  pool: PoolRow,
  week: CalendarWeek,
  asOf: Date,
  keptFor?: object,
): JsonRead<{ games: WeekGame[]; demo: boolean }> {
  const stored = weekGamesWithLinesOfRecordRead(
    { sport: pool.sport, season: pool.season, week: week.number, start: week.start, end: week.end },
    asOf,
    keptFor,
  );
  return {
    expression: stored.expression,
    read: (value) => {
      const { games, lines } = stored.read(value);
      return {
        games: games.map((game) => toWeekGame(game, lines.get(game.id))),
        demo: games.some((game) => game.isDemo),
      };
    },
  };
}

/**
 * The games of the week a Last Man Standing pool keeps beside its slate for survivors only: every other game
 * of the week that can be graded (not called off; in an `ats` pool, with a line to freeze).
 */
export function survivorOnlyGames(
  pool: Pick<PoolRow, 'lastManStanding' | 'winBasis'>,
  weekGames: readonly WeekGame[],
  slate: readonly { id: string }[],
): WeekGame[] {
  if (!pool.lastManStanding) return [];
  const onSlate = new Set(slate.map((game) => game.id));
  return weekGames.filter(
    (game) =>
      !onSlate.has(game.id) &&
      game.status !== 'cancelled' &&
      game.status !== 'postponed' &&
      (pool.winBasis !== 'ats' || game.homeSpread !== null),
  );
}

/**
 * Stores a slate of these games, their spreads frozen (ats pools), and in a Last Man Standing pool the week's
 * other games (`weekGames`) as survivor-only games, frozen the same way.
 */
export function storeGames(
  db: DbExecutor,
  input: {
    pool: PoolRow;
    week: number;
    games: readonly WeekGame[];
    weekGames: readonly WeekGame[];
    source: 'lifeguard' | 'auto';
  },
  publishedBy: number | null,
  now: Date,
  replace: boolean,
) {
  const slate = publishSlate(input.games, input.pool.winBasis);
  const survivorGames = publishSlate(survivorOnlyGames(input.pool, input.weekGames, slate), input.pool.winBasis);
  const frozen = (game: SlateGame) => ({
    eventId: Number(game.id),
    frozenHomeSpread: game.frozenHomeSpread,
    frozenLineSource: game.frozenLineSource ?? null,
  });
  return repository.storeSlate(db, {
    poolId: input.pool.id,
    week: input.week,
    source: input.source,
    publishedBy,
    now,
    replace,
    games: slate.map(frozen),
    survivorGames: survivorGames.map(frozen),
  });
}

/**
 * The week's stored slate, filled automatically when none is stored yet: with the lines of record of `now`,
 * or of the week's first kickoff once it has passed (the moment the Lifeguard's choice ended).
 */
export async function ensureWeek(db: DbExecutor, pool: PoolRow, week: CalendarWeek, now: Date): Promise<PoolWeekRow> {
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
  const weekRow = await storeGames(
    db,
    { pool, week: week.number, games: chosen, weekGames: games, source: 'auto' },
    null,
    now,
    false,
  );
  // A stored week enters the standings (its missed picks count): the cached standings are no longer current.
  await poolsRepository.bumpVersion(db, pool.id, [weekRow.id]);
  return weekRow;
}

/**
 * Keeps the lock of every slate game that has locked, so a later kickoff cannot reopen it, and in an `ats`
 * pool the close of every locked game that has none yet (closing.service.ts). Returns the slate with both.
 */
export async function keepLocks(
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

/**
 * A week's stored games (locks and closes kept, survivor-only games' too) as its slate and its survivor-only
 * games: the slate is what every reader of the slate sees; the others serve Last Man Standing alone.
 */
async function keptGames(
  db: DbExecutor,
  pool: PoolRow,
  weekId: number,
  rows: readonly SlateRow[],
  now: Date,
  record: boolean,
): Promise<{ slate: SlateGame[]; survivorGames: SlateGame[] }> {
  const survivorOnly = new Set(rows.filter((row) => row.survivorOnly).map((row) => String(row.id)));
  const kept = await keepLocks(db, pool, weekId, rows.map(toSlateGame), now, record);
  return {
    slate: kept.filter((game) => !survivorOnly.has(game.id)),
    survivorGames: kept.filter((game) => survivorOnly.has(game.id)),
  };
}

/** A stored week's slate (locks and closes kept), its survivor-only games and its sheets. */
export async function loadWeek(
  db: DbExecutor,
  pool: PoolRow,
  weekRow: PoolWeekRow,
  now: Date,
  /** The week's slate and sheets when the caller has just read them (weeks.repository slateAndSheetsRead). */
  read?: SlateAndSheets,
) {
  const stored = read ?? (await repository.slateAndSheetsOf(db, weekRow.id));
  const { slate, survivorGames } = await keptGames(db, pool, weekRow.id, stored.slate, now, true);
  return { slate, survivorGames, sheets: stored.sheets.map(toSheet) };
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
  currentMembers?: readonly MemberWithName[],
  { record = true }: { record?: boolean } = {},
): Promise<PoolSeason> {
  const members = currentMembers ?? (await poolsRepository.currentMembers(db, [pool.id]));
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
  options: { record?: boolean } = {},
): Promise<PoolWeekData[]> {
  const [weeks] = await loadWeeksOfPools(db, [{ pool, weekRows }], now, options);
  return weeks!;
}

/**
 * Weeks read together by loadWeeksOfPools. A result's run reads hundreds of pools' weeks, and a read's rows are
 * turned into objects in one piece of the event loop's time: in groups of about this many weeks, a request
 * meanwhile waits for one group's rows, not the batch's (bench: pool-standings-after-change, the event loop's
 * longest wait over the corrections 46–65 ms read at once, 12–31 ms in groups).
 */
const WEEKS_PER_READ = 24;

/**
 * loadWeeks for the weeks of several pools at once (a result's pools worked out together): their slates and
 * sheets read a group of about WEEKS_PER_READ weeks at a time, the next group read while one is put together,
 * and for each pool its weeks as loadWeeks answers them.
 */
export async function loadWeeksOfPools(
  db: DbExecutor,
  pools: readonly { pool: PoolRow; weekRows: readonly { id: number; week: number }[] }[],
  now: Date,
  {
    record = true,
    weeksPerRead = WEEKS_PER_READ,
    turn = turnsEvery(),
    read: weeksRead,
  }: {
    record?: boolean;
    weeksPerRead?: number;
    /** Awaited between pools (WeekTotalsOptions' `turn`). */
    turn?: () => Promise<void>;
    /** Weeks' slates and sheets the caller has read already, by the week's id: not read again. */
    read?: ReadonlyMap<number, SlateAndSheets>;
  } = {},
): Promise<PoolWeekData[][]> {
  const groups = groupsWeighing(pools, weeksPerRead, (entry) => entry.weekRows.length);
  // One week (a read after a result works out the one week it touched): one statement, not two side by side.
  const readWeek = async (id: number) => {
    const { slate, sheets } = await repository.slateAndSheetsOf(db, id);
    return [new Map([[id, slate]]), sheets] as const;
  };
  const readAlready = (ids: readonly number[]) =>
    Promise.resolve([
      new Map(ids.map((id) => [id, weeksRead!.get(id)!.slate])),
      ids.flatMap((id) => weeksRead!.get(id)!.sheets),
    ] as const);
  const read = (group: typeof pools) => {
    const ids = group.flatMap((entry) => entry.weekRows.map((row) => row.id));
    const reading = ids.every((id) => weeksRead?.has(id))
      ? readAlready(ids)
      : ids.length === 1
        ? readWeek(ids[0]!)
        : Promise.all([repository.slatesOfWeekIds(db, ids), repository.sheetsOfWeeks(db, ids)]);
    // Awaited in its turn; a failure before then (of the group being put together) leaves it unread.
    reading.catch(() => undefined);
    return reading;
  };
  const answer: PoolWeekData[][] = [];
  // Hundreds of pools (a result's run) are put together in turns, so the requests meanwhile are answered.
  let next = groups.length > 0 ? read(groups[0]!) : null;
  for (const [index, group] of groups.entries()) {
    const [slates, sheetRows] = await next!;
    next = index + 1 < groups.length ? read(groups[index + 1]!) : null;
    await turn();
    const sheetsOf = groupBy(sheetRows, (row) => row.poolWeekId, toSheet);
    for (const { pool, weekRows } of group) {
      await turn();
      const weeks: PoolWeekData[] = [];
      for (const weekRow of weekRows) {
        const calendarWeek = poolWeekOf(pool, weekRow.week);
        if (!calendarWeek) continue;
        const stored = slates.get(weekRow.id) ?? [];
        const { slate, survivorGames } = await keptGames(db, pool, weekRow.id, stored, now, record);
        const window = poolWeekWindow(
          calendarWeek,
          slate.map((game) => game.kickoff),
        );
        weeks.push({
          week: weekRow.week,
          window,
          slate,
          ...(survivorGames.length > 0 ? { survivorGames } : {}),
          sheets: sheetsOf.get(weekRow.id) ?? [],
        });
      }
      answer.push(weeks);
    }
  }
  return answer;
}
