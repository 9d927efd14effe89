import {
  lastPoolWeek,
  roomNoticeChangesOfWeeks,
  type LmsOutNoticeState,
  type Sport,
  type StandingsNoticeState,
} from '@pass/domain';
import { z } from 'zod';
import { groupBy } from '@pass/db';
import type { Clock } from '../../lib/clock.js';
import { groupsWeighing } from '../../lib/collections.js';
import { turnsEvery, turnsGivingWay } from '../../lib/event-loop.js';
import type { MemberWithName, PoolRow } from '../pools/pools.repository.js';
import { keepStandingsAnswers, registerStandingsRun } from '../pools/standings.service.js';
import { PoolBatches } from './pool-batches.js';
import { membersAndWeekTotals, WorkStopped, type PoolWeekTotals } from '../pools/week-totals.service.js';
import type { StatsCache } from '../ledger/stats-cache.js';
import type { ChatContext } from './chat.service.js';
import { systemLines } from './chat.service.js';
import * as repository from './chat.repository.js';
import type { PoolEvent } from './pool-events.js';

/**
 * The room notices job (decision 041): the system lines derived from results and time, never stored as events
 * of their own: a member out of Last Man Standing (and back in, when a corrected result reverses it) and the
 * standings when a week's results change their top. A room is read from its pool's stored week totals (decision
 * 059; the weeks a change touched are worked out again and stored, so the standings reads after it find them),
 * then looked at in a transaction under the pool's row lock (with other rooms', decision 104): what the room
 * was told (chat_room_notices) is read, compared with what the totals say (the domain's
 * `roomNoticeChangesOfWeeks`), and the new lines and records are written together, so a run repeated, or run on
 * two instances at once, tells the room once. The lines are published after the commit.
 */

/**
 * Rooms with news told in one transaction: a few statements for all of them, while their pools' rows are held
 * (a member's post to one of them waits) for a few milliseconds.
 */
const ROOMS_TOLD_TOGETHER = 50;

/**
 * Pools whose week totals are worked out together before their rooms are looked at: a result reaches every
 * pool holding the game, and their weeks are read, worked out and stored a few statements per batch.
 */
const POOLS_PER_BATCH = 200;

export const STANDINGS_NOTICE = 'standings';
export const lmsOutNotice = (memberId: number | string) => `lms-out:${memberId}`;
const LMS_OUT_PREFIX = 'lms-out:';

/**
 * The standings record: the order last recorded, and when the room was last looked at (the pool's version and
 * the next instant time alone could change its news), so a run skips a room with nothing new without reading
 * its season.
 */
const StandingsRecord = z.object({
  week: z.number().int().nullable(),
  order: z.array(z.string()),
  points: z.array(z.number()),
  version: z.number().int(),
  until: z.number(),
});
type StandingsRecord = z.infer<typeof StandingsRecord>;

const LmsOutRecord = z.object({
  week: z.number().int(),
  team: z.string().nullable(),
  result: z.enum(['lost', 'pushed', 'missed']),
});

export interface RoomNoticesResult {
  /** Rooms whose season was read. */
  looked: number;
  /** System lines written. */
  lines: number;
}

type NoticeContext = Pick<ChatContext, 'db' | 'bus' | 'onPublishError'> & {
  /**
   * The pools' standings answers (standings.service.ts): a run keeps the answer of each pool read from the
   * instance as it works out its totals, so the reads after a result find them built (decision 089).
   */
  standingsCache?: StatsCache;
};

function standingsRecordOf(rows: readonly repository.NoticeRow[]): StandingsRecord | undefined {
  const row = rows.find((candidate) => candidate.noticeKey === STANDINGS_NOTICE);
  const parsed = StandingsRecord.safeParse(row?.state);
  return parsed.success ? parsed.data : undefined;
}

/** A room to look at: its pool as listed (with the version its totals are at least as new as), members and totals. */
interface Room {
  pool: PoolRow;
  members: readonly MemberWithName[];
  totals: PoolWeekTotals;
}

/**
 * What a room's records (`rows`, chat_room_notices) and its pool's totals say is news: the domain's changes,
 * and the standings record to write with them. Null when a look that read the pool later has recorded what it
 * found (this one's totals may be older).
 */
function roomChanges(room: Room, rows: readonly repository.NoticeRow[]) {
  const { pool, members, totals } = room;
  const standings = standingsRecordOf(rows);
  if (standings && standings.version > pool.version) return null;
  const lmsOut = new Map<string, LmsOutNoticeState>();
  for (const row of rows) {
    if (!row.noticeKey.startsWith(LMS_OUT_PREFIX)) continue;
    const parsed = LmsOutRecord.safeParse(row.state);
    if (parsed.success) lmsOut.set(row.noticeKey.slice(LMS_OUT_PREFIX.length), parsed.data);
  }
  const changes = roomNoticeChangesOfWeeks(
    {
      memberIds: members.map((member) => String(member.id)),
      lastManStanding: pool.lastManStanding,
      survivorStrikes: pool.survivorStrikes,
      survivorBuyBackWeek: pool.survivorBuyBackWeek,
      dropWorstWeeks: pool.dropWorstWeeks,
      lastWeek: lastPoolWeek(pool.sport as Sport, pool.season),
      weeks: totals.weeks,
    },
    { standings, lmsOut },
  );
  const state: StandingsNoticeState = changes.standings?.state ?? standings!;
  const record: StandingsRecord = {
    week: state.week,
    order: state.order,
    points: state.points,
    version: pool.version,
    until: totals.until,
  };
  const quiet = changes.reinstated.length === 0 && changes.eliminations.length === 0 && !changes.standings?.line;
  return { changes, record, quiet };
}

/**
 * Rooms with news, told together: their lines and records in one transaction under their pools' locks (taken in
 * id order, as a result takes them), their records read again under the locks; a few statements whatever the
 * number of rooms. The lines are published once committed. Answers the number of lines.
 */
async function tellRooms(context: NoticeContext, rooms: readonly Room[], now: Date): Promise<number> {
  const lines = systemLines(context);
  const written = await context.db.transaction(async (tx) => {
    // Taken first: a second run waits here and then reads what the first recorded.
    const locked = await repository.lockPoolRows(
      tx,
      rooms.map((room) => room.pool.id),
    );
    const open = new Set(
      locked.filter((row) => row.endedAt === null || row.endedAt.getTime() > now.getTime()).map((row) => row.id),
    );
    const recordsOf = groupBy(await repository.listNotices(tx, [...open]), (row) => row.poolId);
    const told: { poolId: number; event: PoolEvent }[] = [];
    const tell = (poolId: number, event: PoolEvent) => told.push({ poolId, event }) - 1;
    const deleted: { poolId: number; noticeKey: string }[] = [];
    // Each record with the place of its line among those told (null: recorded without a line).
    const records: { poolId: number; noticeKey: string; state: unknown; line: number | null }[] = [];
    // Each room's look is a piece of work of its own: requests meanwhile wait for one room's, not the group's.
    const turn = turnsGivingWay();
    for (const room of rooms) {
      await turn();
      const poolId = room.pool.id;
      if (!open.has(poolId)) continue;
      const look = roomChanges(room, recordsOf.get(poolId) ?? []);
      if (!look) continue;
      const { changes, record } = look;
      for (const { memberId, week } of changes.reinstated) {
        tell(poolId, { type: 'lms_back', memberId: Number(memberId), week });
        deleted.push({ poolId, noticeKey: lmsOutNotice(memberId) });
      }
      for (const { memberId, state, tell: shown } of changes.eliminations) {
        const line = shown ? tell(poolId, { type: 'lms_out', memberId: Number(memberId), ...state }) : null;
        records.push({ poolId, noticeKey: lmsOutNotice(memberId), state, line });
      }
      const standings = changes.standings?.line;
      const line = standings
        ? tell(poolId, {
            type: 'standings',
            week: standings.week,
            top: standings.top.map((row) => ({ memberId: Number(row.memberId), rank: row.rank, points: row.points })),
          })
        : null;
      records.push({ poolId, noticeKey: STANDINGS_NOTICE, state: record, line });
    }
    const ids = await lines.addMany(tx, told, now);
    // Deleted before the records are written: a member back in and out again in one look keeps the new record.
    await repository.deleteNotices(tx, deleted);
    await repository.writeNotices(
      tx,
      records.map(({ line, ...record }) => ({ ...record, chatMessageId: line === null ? null : ids[line]! })),
      now,
    );
    return told.length;
  });
  await lines.publish();
  return written;
}

/**
 * Looks at every room with results (or those of `poolIds`) at `now`: a room whose pool has not changed since it
 * was last looked at, and whose next lock or week end has not come, is skipped without reading its totals. The
 * rest go in batches: their totals worked out together, their records read together; the rooms with nothing to
 * tell have their standings records written in one statement (never over a record of a later version), and
 * only those with news take their pools' locks, many rooms in one transaction.
 */
export async function tellRoomNotices(
  context: NoticeContext,
  input: {
    now: Date;
    poolIds?: readonly number[];
    /** Rooms with news told in one transaction (ROOMS_TOLD_TOGETHER unless given). */
    roomsTogether?: number;
    /** Asked before each batch and between its pools: true stops the run there (a newer run, after newer results, takes over). */
    stop?: () => boolean;
    /**
     * Called once every pool's totals are worked out and the quiet rooms recorded, before the rooms with news are
     * told (or when the run stops or fails): a next run may start from there.
     */
    onTotalsDone?: () => void;
  },
): Promise<RoomNoticesResult> {
  const candidates = await repository.listPoolsWithResults(context.db, {
    now: input.now,
    recordKey: STANDINGS_NOTICE,
    poolIds: input.poolIds,
  });
  // First every batch's totals, worked out and stored (what the standings reads after a result need), and the
  // quiet rooms recorded; then the rooms with news, whose lines take longer, many together.
  const withNews: Room[] = [];
  const lookAt = async (batch: readonly PoolRow[], { forReaders = false } = {}) => {
    const ids = batch.map((pool) => pool.id);
    // A batch's answers and looks are a few hundred small pieces of work: done in turns, so a request meanwhile
    // waits for one piece, not the batch's. The run's own batches also give way to the requests being answered;
    // the lane of waiting reads does not (its reads wait for it).
    const turn = forReaders ? turnsEvery() : turnsGivingWay();
    let rooms: Room[];
    try {
      rooms = await membersAndWeekTotals(context.db, batch, input.now, {
        turn,
        // Reads waiting for these pools go on as soon as their answers are kept; the weeks are stored after.
        store: forReaders ? 'after' : true,
        // A read waits for its pool at the version it has just read, often newer than the run listed (a change
        // came meanwhile): the answer is kept at that version, not built a second time by the read.
        poolsAgain: forReaders,
        // A run told to stop gives up its batch between two pools: the next run does every pool again.
        stop: input.stop,
      });
    } catch (error) {
      if (error instanceof WorkStopped) return;
      throw error;
    }
    const cache = context.standingsCache;
    if (cache) {
      for (const room of rooms) {
        await turn();
        keepStandingsAnswers(cache, [room], input.now);
      }
    }
    batches.done(ids);
    const recordsOf = groupBy(await repository.listNotices(context.db, ids), (row) => row.poolId);
    const quiet: { poolId: number; state: StandingsRecord }[] = [];
    for (const room of rooms) {
      await turn();
      const look = roomChanges(room, recordsOf.get(room.pool.id) ?? []);
      if (!look) continue;
      if (look.quiet) quiet.push({ poolId: room.pool.id, state: look.record });
      else withNews.push(room);
    }
    await repository.writeQuietRecords(context.db, { noticeKey: STANDINGS_NOTICE, records: quiet, now: input.now });
  };

  // The pools reads wait for go in a lane of their own, beside the batch under way, a few at a time: a read waits
  // for about its own pool's work, and the pool is still worked out once.
  const batches = new PoolBatches(candidates, POOLS_PER_BATCH);
  let readersLane: Promise<void> | null = null;
  let readersLaneError: unknown = null;
  const serveReaders = () => {
    readersLane ??= (async () => {
      for (let batch = batches.nextWaiting(); batch.length > 0; batch = batches.nextWaiting()) {
        if (input.stop?.()) return;
        await lookAt(batch, { forReaders: true });
      }
    })()
      .catch((error: unknown) => {
        readersLaneError ??= error;
      })
      .finally(() => {
        readersLane = null;
      });
  };
  const unregister = context.standingsCache
    ? registerStandingsRun(context.standingsCache, {
        // A run told to stop is not waited for: a read builds its own answer.
        bringForward: (poolId, version) => {
          if (input.stop?.()) return null;
          const waiting = batches.bringForward(poolId, version);
          if (waiting) serveReaders();
          return waiting;
        },
      })
    : () => undefined;
  try {
    for (let batch = batches.next(); batch.length > 0; batch = batches.next()) {
      if (input.stop?.()) break;
      await lookAt(batch);
    }
    while (readersLane) await readersLane;
    if (readersLaneError) throw readersLaneError;
    if (input.stop?.()) return { looked: 0, lines: 0 };
  } finally {
    unregister();
    batches.end();
    input.onTotalsDone?.();
  }
  // A pool's room once, as last listed (the lane of waiting reads may have looked at it after its batch).
  const rooms = [...new Map(withNews.map((room) => [room.pool.id, room])).values()];
  let lines = 0;
  for (const group of groupsWeighing(rooms, input.roomsTogether ?? ROOMS_TOLD_TOGETHER, () => 1)) {
    lines += await tellRooms(context, group, input.now);
  }
  return { looked: candidates.length, lines };
}

/** The job as the scheduler and the grading paths run it. */
export interface RoomNotices {
  /**
   * Looks at the rooms at the clock's time. A call while a run is under way waits for it and runs once more
   * (results committed meanwhile are seen); calls made during that wait share the second run. Never rejects:
   * a failure is logged and the next run tries again. With `newResults` (a result was just graded), the run
   * under way stops (between two pools of its batch) so the next one starts sooner: its pools are all looked at
   * again with the newer results, and the reads after a Sunday's last final wait for one run, not the end of an
   * older one too. That next run starts once no result has come for RESULTS_QUIET_MS, or RESULTS_MAX_WAIT_MS
   * after the first it waits for; a run started at that longest wait is not stopped.
   */
  run(options?: { newResults?: boolean }): Promise<RoomNoticesResult | null>;
  /** Starts no more runs (one waiting to start answers null) and waits for the one under way. */
  close(): Promise<void>;
}

/**
 * How long results must have stopped coming before a run after them starts: results that come together (an
 * import's batch, a corrected pair of scores, the admin entering a Sunday's finals one after another) make one
 * run, not a run started and stopped for each, whose work is thrown away and slows the reads and the results
 * meanwhile (bench: pool-standings-after-change). Less than a blink for the rooms.
 */
const RESULTS_QUIET_MS = 150;

/**
 * The longest a run after new results waits while they keep coming (an import correcting game after game):
 * then it starts, and runs to its end whatever comes, so the rooms are still told.
 */
const RESULTS_MAX_WAIT_MS = 5_000;

export function createRoomNotices(
  context: NoticeContext & {
    now: Clock;
    log?: (error: unknown) => void;
    /** RESULTS_QUIET_MS and RESULTS_MAX_WAIT_MS unless given (tests). */
    waits?: { quietMs: number; maxWaitMs: number };
  },
): RoomNotices {
  const { quietMs, maxWaitMs } = context.waits ?? { quietMs: RESULTS_QUIET_MS, maxWaitMs: RESULTS_MAX_WAIT_MS };
  /**
   * The run under way, until its totals are done: a next run waits for that, not for its rooms to be told.
   * `stoppable`: new results stop it (not a run that waited its longest).
   */
  let running: { totalsDone: Promise<void>; stop: boolean; stoppable: boolean } | undefined;
  /** The run under way until it has told its rooms. */
  let inFlight: Promise<RoomNoticesResult | null> | undefined;
  let queued: Promise<RoomNoticesResult | null> | undefined;
  /** The wait of the queued run for results to stop coming: `again` starts it over (within the longest wait). */
  let settling: { again: () => void; end: () => void } | undefined;
  let closed = false;
  const start = (stoppable: boolean): Promise<RoomNoticesResult | null> => {
    if (closed) return Promise.resolve(null);
    let totalsDone!: () => void;
    const run = { stop: false, stoppable, totalsDone: new Promise<void>((resolve) => (totalsDone = resolve)) };
    running = run;
    let ended = false;
    const endTotals = () => {
      if (ended) return;
      ended = true;
      if (running === run) running = undefined;
      totalsDone();
    };
    const promise = tellRoomNotices(context, { now: context.now(), stop: () => run.stop, onTotalsDone: endTotals })
      .catch((error: unknown) => {
        context.log?.(error);
        return null;
      })
      .finally(endTotals);
    inFlight = promise;
    void promise.finally(() => {
      if (inFlight === promise) inFlight = undefined;
    });
    return promise;
  };
  /** Settles once results have been quiet for `quietMs`: with true when it waited its longest instead. */
  const settle = () =>
    new Promise<boolean>((resolve) => {
      // Real time, not the server clock: how long the job waits.
      const longest = performance.now() + maxWaitMs;
      let timer: NodeJS.Timeout | undefined;
      const end = (waitedLongest: boolean) => {
        clearTimeout(timer);
        settling = undefined;
        resolve(waitedLongest);
      };
      const again = () => {
        clearTimeout(timer);
        const left = longest - performance.now();
        timer = setTimeout(() => end(left <= quietMs), Math.max(0, Math.min(quietMs, left)));
      };
      settling = { again, end: () => end(false) };
      again();
    });
  return {
    run({ newResults = false } = {}) {
      if (newResults && running?.stoppable) running.stop = true;
      if (queued) {
        if (newResults) settling?.again();
        return queued;
      }
      if (!running && !newResults) return start(true);
      queued = Promise.all([newResults ? settle() : false, running?.totalsDone]).then(([waitedLongest]) => {
        queued = undefined;
        return start(!waitedLongest);
      });
      return queued;
    },
    async close() {
      closed = true;
      settling?.end();
      if (running) running.stop = true;
      await inFlight;
    },
  };
}
