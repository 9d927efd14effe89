import { chunks, column, type DbExecutor, events, groupBy, parlayLegs, parlays, rows } from '@pass/db';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ledgerEventColumns, type LedgerEvent } from './ledger-event.js';
import { firstOfEachKey, memberKey } from './entries.repository.js';
import type { Outcome } from './entry-rows.js';

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
  const byParlay = groupBy(
    legs,
    ({ leg }) => leg.parlayId,
    ({ leg, event }): ParlayWithLegs['legs'][number] => ({ ...leg, event: event as LedgerEvent }),
  );
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

/** A parlay to insert, with its legs in ticket order. */
export interface NewParlayWithLegs {
  parlay: NewParlay;
  legs: readonly NewParlayLeg[];
}

/** Parlays per statement of `insertParlays`: their columns go as arrays, each statement kept short (PGlite). */
const INSERT_BATCH = 1000;

/**
 * Inserts parlays and their legs as `insertParlay` does each in turn, two statements per 1,000 parlays: a
 * parlay whose member already used its key (before, or earlier in `tickets`) is not stored, nor its legs.
 * Returns each parlay's id, in the order given; undefined where the key was taken. Call it in a transaction,
 * with the members' ledger versions raised in the same one.
 */
export async function insertParlays(
  db: DbExecutor,
  tickets: readonly NewParlayWithLegs[],
  now: Date,
): Promise<(number | undefined)[]> {
  const first = firstOfEachKey(tickets, ({ parlay }) => memberKey(parlay.userId, parlay.idempotencyKey));
  const ids = new Map<string, number>();
  const at = now.toISOString();
  for (const batch of chunks(
    tickets.filter((_, index) => first[index]),
    INSERT_BATCH,
  )) {
    const values = <T>(value: (parlay: NewParlay) => T) => batch.map((ticket) => value(ticket.parlay));
    const inserted = await rows<{ id: unknown; user_id: unknown; idempotency_key: unknown }>(
      db,
      sql`insert into parlays (user_id, sport, season, week, is_simulated, stake_cents, ticket_price, book,
            first_kickoff_at, recorded_after_start, idempotency_key, request_hash, status, outcome, reward, graded_at,
            created_at, updated_at)
          select user_id, sport, season, week, is_simulated, stake_cents, ticket_price, book, first_kickoff_at,
            recorded_after_start, idempotency_key, request_hash, status, outcome, reward, graded_at, ${at}::timestamptz,
            ${at}::timestamptz
          from unnest(${column(
            values((parlay) => parlay.userId),
            'int',
          )}, ${column(
            values((parlay) => parlay.sport),
            'text',
          )}, ${column(
            values((parlay) => parlay.season),
            'int',
          )}, ${column(
            values((parlay) => parlay.week ?? null),
            'int',
          )}, ${column(
            values((parlay) => parlay.isSimulated),
            'boolean',
          )}, ${column(
            values((parlay) => parlay.stakeCents),
            'int',
          )}, ${column(
            values((parlay) => parlay.ticketPrice ?? null),
            'int',
          )}, ${column(
            values((parlay) => parlay.book ?? null),
            'text',
          )}, ${column(
            values((parlay) => parlay.firstKickoffAt.toISOString()),
            'timestamptz',
          )}, ${column(
            values((parlay) => parlay.recordedAfterStart ?? false),
            'boolean',
          )}, ${column(
            values((parlay) => parlay.idempotencyKey),
            'text',
          )}, ${column(
            values((parlay) => parlay.requestHash),
            'text',
          )}, ${column(
            values((parlay) => parlay.status),
            'smallint',
          )}, ${column(
            values((parlay) => parlay.outcome ?? null),
            'text',
          )}, ${column(
            values((parlay) => parlay.reward ?? null),
            'int',
          )}, ${column(
            values((parlay) => parlay.gradedAt?.toISOString() ?? null),
            'timestamptz',
          )}) with ordinality as v(user_id, sport, season, week, is_simulated, stake_cents, ticket_price, book,
            first_kickoff_at, recorded_after_start, idempotency_key, request_hash, status, outcome, reward, graded_at, n)
          order by n
          on conflict (user_id, idempotency_key) do nothing
          returning id, user_id, idempotency_key`,
    );
    for (const row of inserted) ids.set(memberKey(Number(row.user_id), String(row.idempotency_key)), Number(row.id));
    const legs = batch.flatMap(({ parlay, legs }) => {
      const parlayId = ids.get(memberKey(parlay.userId, parlay.idempotencyKey));
      return parlayId === undefined ? [] : legs.map((leg) => ({ ...leg, parlayId }));
    });
    if (legs.length === 0) continue;
    const legValues = <T>(value: (leg: (typeof legs)[number]) => T) => legs.map(value);
    await db.execute(sql`insert into parlay_legs (parlay_id, position, event_id, bet_kind, bet_type, bet_team, line, price)
      select parlay_id, position, event_id, bet_kind, bet_type, bet_team, line, price
      from unnest(${column(
        legValues((leg) => leg.parlayId),
        'int',
      )}, ${column(
        legValues((leg) => leg.position),
        'smallint',
      )}, ${column(
        legValues((leg) => leg.eventId),
        'int',
      )}, ${column(
        legValues((leg) => leg.betKind),
        'smallint',
      )}, ${column(
        legValues((leg) => leg.betType),
        'smallint',
      )}, ${column(
        legValues((leg) => leg.betTeam ?? null),
        'text',
      )}, ${column(
        legValues((leg) => leg.line ?? null),
        'real',
      )}, ${column(
        legValues((leg) => leg.price),
        'int',
      )}) with ordinality as v(parlay_id, position, event_id, bet_kind, bet_type, bet_team, line, price, n)
      order by n`);
  }
  return tickets.map(({ parlay }, index) =>
    first[index] ? ids.get(memberKey(parlay.userId, parlay.idempotencyKey)) : undefined,
  );
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

/** Parlays per statement of `writeParlayGrades`. */
const GRADE_BATCH = 5000;

/**
 * Writes parlays' grades and their legs' outcomes: two statements per 5,000 parlays; `now` (the server clock)
 * is their updated_at. A grade is never stamped before its parlay was stored (decision 018).
 */
export async function writeParlayGrades(db: DbExecutor, writes: readonly ParlayGradeWrite[], now: Date): Promise<void> {
  for (const batch of chunks(writes, GRADE_BATCH)) {
    await db.execute(sql`update parlays p set status = v.status, outcome = v.outcome, reward = v.reward,
        graded_at = case when v.graded_at is null then null else greatest(v.graded_at, p.created_at) end,
        updated_at = ${now.toISOString()}::timestamptz
      from unnest(${column(
        batch.map((write) => write.id),
        'int',
      )}, ${column(
        batch.map((write) => write.status),
        'smallint',
      )}, ${column(
        batch.map((write) => write.outcome),
        'text',
      )}, ${column(
        batch.map((write) => write.reward),
        'int',
      )}, ${column(
        batch.map((write) => write.gradedAt?.toISOString() ?? null),
        'timestamptz',
      )}) as v(id, status, outcome, reward, graded_at)
      where p.id = v.id`);
    const legs = batch.flatMap((write) => write.legs);
    if (legs.length === 0) continue;
    await db.execute(sql`update parlay_legs l set outcome = v.outcome
      from unnest(${column(
        legs.map((leg) => leg.id),
        'int',
      )}, ${column(
        legs.map((leg) => leg.outcome),
        'text',
      )}) as v(id, outcome)
      where l.id = v.id`);
  }
}
