import { events, parlayLegs, parlays, type DbExecutor } from '@pass/db';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { LedgerEvent, Outcome } from './ledger.repository.js';

/**
 * The SQL of parlays (docs/decisions/035): the ticket in `parlays`, its legs in `parlay_legs`. A parlay and its
 * legs are read together; grading reads every parlay with a leg on a batch of events in one query.
 */

export type ParlayRow = typeof parlays.$inferSelect;
export type ParlayLegRow = typeof parlayLegs.$inferSelect;
export type NewParlay = Omit<typeof parlays.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;
export type NewParlayLeg = Omit<typeof parlayLegs.$inferInsert, 'id' | 'parlayId' | 'outcome'>;

/** A parlay with its legs in ticket order, each with its game. */
export type ParlayWithLegs = ParlayRow & { legs: (ParlayLegRow & { event: LedgerEvent })[] };

/** The columns of an event that make a `LedgerEvent`, for the reads that join a game. */
export const ledgerEventColumns = {
  id: events.id,
  sport: events.sport,
  season: events.season,
  week: events.week,
  kickoffAt: events.kickoffAt,
  gameDate: events.gameDate,
  homeTeam: events.homeTeam,
  awayTeam: events.awayTeam,
  status: events.status,
  homeScore: events.homeScore,
  awayScore: events.awayScore,
};

/** The legs of these parlays with their games, in ticket order. */
async function attachLegs(db: DbExecutor, found: ParlayRow[]): Promise<ParlayWithLegs[]> {
  if (found.length === 0) return [];
  const legs = await db
    .select({ leg: parlayLegs, event: ledgerEventColumns })
    .from(parlayLegs)
    .innerJoin(events, eq(events.id, parlayLegs.eventId))
    .where(
      inArray(
        parlayLegs.parlayId,
        found.map((parlay) => parlay.id),
      ),
    )
    .orderBy(asc(parlayLegs.parlayId), asc(parlayLegs.position));
  const byParlay = new Map<number, ParlayWithLegs['legs']>();
  for (const { leg, event } of legs) {
    const list = byParlay.get(leg.parlayId) ?? [];
    list.push({ ...leg, event: event as LedgerEvent });
    byParlay.set(leg.parlayId, list);
  }
  return found.map((parlay) => ({ ...parlay, legs: byParlay.get(parlay.id) ?? [] }));
}

/** A member's parlay by their idempotency key (cancelled ones included: the key stays used). */
export async function findParlayByKey(
  db: DbExecutor,
  userId: number,
  key: string,
): Promise<ParlayWithLegs | undefined> {
  const found = await db
    .select()
    .from(parlays)
    .where(and(eq(parlays.userId, userId), eq(parlays.idempotencyKey, key)));
  return (await attachLegs(db, found))[0];
}

/**
 * Inserts a parlay and its legs unless the member already used its key: undefined when the key was taken.
 * Call it in a transaction, with the member's ledger version raised in the same one.
 */
export async function insertParlay(
  db: DbExecutor,
  parlay: NewParlay,
  legs: readonly NewParlayLeg[],
  now: Date,
): Promise<number | undefined> {
  const [inserted] = await db
    .insert(parlays)
    .values({ ...parlay, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [parlays.userId, parlays.idempotencyKey] })
    .returning({ id: parlays.id });
  if (!inserted) return undefined;
  await db.insert(parlayLegs).values(legs.map((leg) => ({ ...leg, parlayId: inserted.id })));
  return inserted.id;
}

/** A member's parlay that is not cancelled; another member's is not found. */
export async function getOwnParlay(db: DbExecutor, userId: number, id: number): Promise<ParlayWithLegs | undefined> {
  const found = await db
    .select()
    .from(parlays)
    .where(and(eq(parlays.id, id), eq(parlays.userId, userId), isNull(parlays.deletedAt)));
  return (await attachLegs(db, found))[0];
}

/** A member's parlays, newest first, with the number matching the filters. */
export async function listOwnParlays(
  db: DbExecutor,
  userId: number,
  filters: { sport?: string | undefined; season?: number | undefined; limit: number; offset: number },
): Promise<{ parlays: ParlayWithLegs[]; total: number }> {
  const conditions: SQL[] = [eq(parlays.userId, userId), isNull(parlays.deletedAt)];
  if (filters.sport !== undefined) conditions.push(eq(parlays.sport, filters.sport));
  if (filters.season !== undefined) conditions.push(eq(parlays.season, filters.season));
  const where = and(...conditions);
  const found = await db
    .select()
    .from(parlays)
    .where(where)
    .orderBy(desc(parlays.createdAt), desc(parlays.id))
    .limit(filters.limit)
    .offset(filters.offset);
  const [total] = await db.select({ n: count() }).from(parlays).where(where);
  return { parlays: await attachLegs(db, found), total: Number(total?.n ?? 0) };
}

/** Cancels a parlay by its owner: status canceled, soft-deleted. */
export async function cancelParlay(db: DbExecutor, id: number, canceledStatus: number, now: Date): Promise<void> {
  await db.update(parlays).set({ status: canceledStatus, deletedAt: now, updatedAt: now }).where(eq(parlays.id, id));
}

/** Every parlay that is not cancelled with a leg on one of these events, with all its legs. */
export async function listParlaysOfEvents(db: DbExecutor, eventIds: readonly number[]): Promise<ParlayWithLegs[]> {
  if (eventIds.length === 0) return [];
  const found = await db
    .select()
    .from(parlays)
    .where(
      and(
        isNull(parlays.deletedAt),
        inArray(
          parlays.id,
          db
            .select({ id: parlayLegs.parlayId })
            .from(parlayLegs)
            .where(inArray(parlayLegs.eventId, [...eventIds])),
        ),
      ),
    );
  return attachLegs(db, found);
}

/** These parlays (not cancelled), with all their legs. */
export async function listParlaysByIds(db: DbExecutor, ids: readonly number[]): Promise<ParlayWithLegs[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select()
    .from(parlays)
    .where(and(isNull(parlays.deletedAt), inArray(parlays.id, [...ids])));
  return attachLegs(db, found);
}

export interface ParlayGradeWrite {
  id: number;
  status: number;
  outcome: Outcome | null;
  reward: number | null;
  gradedAt: Date | null;
  legs: { id: number; outcome: Outcome | null }[];
}

/** Writes a parlay's grade and its legs' outcomes. */
export async function writeParlayGrade(db: DbExecutor, write: ParlayGradeWrite, now: Date): Promise<void> {
  await db
    .update(parlays)
    .set({
      status: write.status,
      outcome: write.outcome,
      reward: write.reward,
      // Never stamped before the parlay was stored (decision 018).
      gradedAt:
        write.gradedAt === null
          ? null
          : sql`greatest(${write.gradedAt.toISOString()}::timestamptz, ${parlays.createdAt})`,
      updatedAt: now,
    })
    .where(eq(parlays.id, write.id));
  for (const leg of write.legs) {
    await db.update(parlayLegs).set({ outcome: leg.outcome }).where(eq(parlayLegs.id, leg.id));
  }
}
