import { parlayLegs, parlays, userBets, type DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { BetKind, BetMode, BetType, Status } from '@pass/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedUser } from '../../test/accounts.js';
import { makeGame } from '../../test/ledger.js';
import { findByKey, insertEntries, insertEntry } from './entries.repository.js';
import type { NewEntry } from './entry-rows.js';
import { getLedgerVersion } from './ledger-versions.repository.js';
import {
  findParlayByKey,
  insertParlay,
  insertParlays,
  writeParlayGrades,
  type NewParlay,
  type NewParlayLeg,
} from './parlays.repository.js';

/** The ledger's writes of many rows at once: each as if written one at a time. */
describe('bulk writes of the ledger', () => {
  let database: DbHandle;
  const NOW = new Date('2025-10-01T16:00:00.000Z');
  const LATER = new Date('2025-10-02T09:30:00.000Z');

  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  });
  afterAll(async () => {
    await database.close();
  });

  const entry = (userId: number, eventId: number, idempotencyKey: string, price = -110): NewEntry => ({
    userId,
    eventId,
    sport: 'americanfootball_nfl',
    season: 2025,
    week: 7,
    betMode: BetMode.bet_on,
    betKind: BetKind.spread,
    betType: BetType.underdog,
    betTeam: 'BUF',
    line: 4.5,
    price,
    stakeCents: 1000,
    book: 'fanduel',
    teaserPoints: null,
    multiplier: 1,
    isSimulated: false,
    source: 'sync',
    recordedAfterStart: false,
    idempotencyKey,
    requestHash: `hash of ${idempotencyKey}`,
    status: Status.open,
  });
  const count = async (table: typeof userBets | typeof parlays, userId: number) =>
    Number(
      (
        await database.db
          .select({ n: sql<number>`count(*)` })
          .from(table)
          .where(eq(table.userId, userId))
      )[0]!.n,
    );
  /** An entry's row as stored, without what differs between two entries of the same values. */
  const stored = async (userId: number, key: string) => {
    const row = await findByKey(database.db, userId, key);
    if (!row) return undefined;
    const { id: _id, idempotencyKey: _key, requestHash: _hash, ...rest } = row;
    return rest;
  };

  it('stores new entries, skips a key taken before or earlier in the call, and raises versions once per entry stored', async () => {
    const { db } = database;
    const [a, b] = [await seedUser(db), await seedUser(db)];
    const eventId = await makeGame(db, { kickoff: new Date('2025-10-05T17:00:00Z') });
    const taken = await insertEntry(db, entry(a.id, eventId, 'taken', -120), NOW);
    expect(taken).toBeDefined();
    const before = await findByKey(db, a.id, 'taken');
    expect(await getLedgerVersion(db, a.id)).toBe(1);
    expect(await getLedgerVersion(db, b.id)).toBe(0);

    // A key the array literal must quote, and one that reads as NULL unquoted.
    const odd = 'sync:7:a "b", {c} \\d';
    const ids = await insertEntries(
      db,
      [
        entry(a.id, eventId, 'new'),
        entry(a.id, eventId, 'taken', +150),
        entry(a.id, eventId, 'new', +200),
        entry(b.id, eventId, 'new'),
        entry(a.id, eventId, odd),
        entry(a.id, eventId, 'NULL'),
      ],
      LATER,
    );
    expect(ids.map((id) => (id === undefined ? 'taken' : 'stored'))).toEqual([
      'stored',
      'taken',
      'taken',
      'stored',
      'stored',
      'stored',
    ]);
    // Ids in the order given, each the row stored under its key.
    expect(ids[0]! < ids[3]! && ids[3]! < ids[4]! && ids[4]! < ids[5]!).toBe(true);
    expect((await findByKey(db, a.id, 'new'))!.id).toBe(ids[0]);
    expect((await findByKey(db, b.id, 'new'))!.id).toBe(ids[3]);
    expect((await findByKey(db, a.id, odd))!.id).toBe(ids[4]);
    expect((await findByKey(db, a.id, 'NULL'))!.id).toBe(ids[5]);
    // The first of a key given twice is the one stored; the entry stored before is as it was.
    expect((await findByKey(db, a.id, 'new'))!.price).toBe(-110);
    expect(await findByKey(db, a.id, 'taken')).toEqual(before);
    expect(await count(userBets, a.id)).toBe(4);
    expect(await count(userBets, b.id)).toBe(1);
    // As insertEntry would have left them: 1 + 3 stored for a, 1 for b.
    expect(await getLedgerVersion(db, a.id)).toBe(4);
    expect(await getLedgerVersion(db, b.id)).toBe(1);

    // Every column as insertEntry stores it, the server clock's times included.
    await insertEntry(db, entry(b.id, eventId, 'one at a time'), LATER);
    expect(await stored(b.id, 'new')).toEqual(await stored(b.id, 'one at a time'));
    expect((await findByKey(db, b.id, 'new'))!.createdAt).toEqual(LATER);
    expect((await findByKey(db, b.id, 'new'))!.updatedAt).toEqual(LATER);
  });

  it('meeting only keys already used, returns no id for any, and changes nothing', async () => {
    const { db } = database;
    const member = await seedUser(db);
    const eventId = await makeGame(db, { kickoff: new Date('2025-10-05T17:00:00Z') });
    await insertEntries(db, [entry(member.id, eventId, 'one'), entry(member.id, eventId, 'two')], NOW);
    const before = [await findByKey(db, member.id, 'one'), await findByKey(db, member.id, 'two')];
    const version = await getLedgerVersion(db, member.id);

    const ids = await insertEntries(
      db,
      [entry(member.id, eventId, 'two', +300), entry(member.id, eventId, 'one', +300)],
      LATER,
    );
    expect(ids).toEqual([undefined, undefined]);
    expect([await findByKey(db, member.id, 'one'), await findByKey(db, member.id, 'two')]).toEqual(before);
    expect(await count(userBets, member.id)).toBe(2);
    expect(await getLedgerVersion(db, member.id)).toBe(version);
    expect(await insertEntries(db, [], LATER)).toEqual([]);
  });

  it('takes more entries than one statement holds, in order, a key taken before skipped wherever it falls', async () => {
    const { db } = database;
    const member = await seedUser(db);
    const eventId = await makeGame(db, { kickoff: new Date('2025-10-05T17:00:00Z') });
    await insertEntry(db, entry(member.id, eventId, 'key 1800'), NOW);
    const keys = Array.from({ length: 2500 }, (_, index) => `key ${index}`);

    const ids = await insertEntries(
      db,
      keys.map((key) => entry(member.id, eventId, key)),
      LATER,
    );
    expect(ids.filter((id) => id === undefined)).toHaveLength(1);
    expect(ids[1800]).toBeUndefined();
    const stored = ids.filter((id): id is number => id !== undefined);
    expect(stored).toEqual([...stored].sort((a, b) => a - b));
    expect((await findByKey(db, member.id, 'key 2499'))!.id).toBe(ids[2499]);
    expect(await count(userBets, member.id)).toBe(2500);
    expect(await getLedgerVersion(db, member.id)).toBe(2500);
  });

  const parlay = (userId: number, idempotencyKey: string, stakeCents = 500): NewParlay => ({
    userId,
    sport: 'americanfootball_nfl',
    season: 2025,
    week: 7,
    isSimulated: false,
    stakeCents,
    ticketPrice: 264,
    book: 'fanduel',
    firstKickoffAt: new Date('2025-10-05T17:00:00Z'),
    idempotencyKey,
    requestHash: `hash of ${idempotencyKey}`,
    status: Status.open,
  });
  const leg = (position: number, eventId: number, betTeam = 'KC'): NewParlayLeg => ({
    position,
    eventId,
    betKind: BetKind.moneyline,
    betType: BetType.to_win,
    betTeam,
    line: null,
    price: -110,
  });

  it('stores new parlays with their legs and skips a key taken before or earlier in the call, legs and all', async () => {
    const { db } = database;
    const member = await seedUser(db);
    const kickoff = new Date('2025-10-05T17:00:00Z');
    const [x, y, z] = [
      await makeGame(db, { kickoff }),
      await makeGame(db, { kickoff }),
      await makeGame(db, { kickoff }),
    ];
    const takenId = await insertParlay(db, parlay(member.id, 'taken'), [leg(0, x), leg(1, y)], NOW);
    const before = await findParlayByKey(db, member.id, 'taken');

    const ids = await insertParlays(
      db,
      [
        { parlay: parlay(member.id, 'new'), legs: [leg(0, z, 'BUF'), leg(1, x), leg(2, y)] },
        { parlay: parlay(member.id, 'taken', 9900), legs: [leg(0, z)] },
        { parlay: parlay(member.id, 'new', 9900), legs: [leg(0, y)] },
        { parlay: parlay(member.id, 'another'), legs: [leg(0, y), leg(1, z)] },
      ],
      LATER,
    );
    expect(ids[0]).toBeGreaterThan(takenId!);
    expect(ids[1]).toBeUndefined();
    expect(ids[2]).toBeUndefined();
    expect(ids[3]).toBeGreaterThan(ids[0]!);
    expect(await findParlayByKey(db, member.id, 'taken')).toEqual(before);
    expect(await count(parlays, member.id)).toBe(3);

    const stored = (await findParlayByKey(db, member.id, 'new'))!;
    expect(stored).toMatchObject({ id: ids[0], stakeCents: 500, ticketPrice: 264, status: Status.open });
    expect(stored.createdAt).toEqual(LATER);
    expect(stored.legs.map((row) => [row.position, row.eventId, row.betTeam])).toEqual([
      [0, z, 'BUF'],
      [1, x, 'KC'],
      [2, y, 'KC'],
    ]);
    expect((await findParlayByKey(db, member.id, 'another'))!.legs.map((row) => row.eventId)).toEqual([y, z]);
    // As insertParlay stores one.
    const single = await insertParlay(db, parlay(member.id, 'single'), [leg(0, z, 'BUF'), leg(1, x), leg(2, y)], LATER);
    const strip = ({ id: _id, idempotencyKey: _key, requestHash: _hash, legs, ...rest }: typeof stored) => ({
      ...rest,
      legs: legs.map(({ id: _legId, parlayId: _parlayId, ...legRest }) => legRest),
    });
    expect(strip((await findParlayByKey(db, member.id, 'single'))!)).toEqual(strip(stored));
    expect(single).toBeGreaterThan(ids[3]!);
    expect(await insertParlays(db, [{ parlay: parlay(member.id, 'taken'), legs: [leg(0, z)] }], LATER)).toEqual([
      undefined,
    ]);
  });

  it('writes many parlays’ grades and legs’ outcomes at once, never stamped before the parlay was stored', async () => {
    const { db } = database;
    const member = await seedUser(db);
    const kickoff = new Date('2025-10-05T17:00:00Z');
    const [x, y] = [await makeGame(db, { kickoff }), await makeGame(db, { kickoff })];
    const won = (await insertParlay(db, parlay(member.id, 'won'), [leg(0, x), leg(1, y)], LATER))!;
    const open = (await insertParlay(db, parlay(member.id, 'open'), [leg(0, x), leg(1, y)], LATER))!;
    const untouched = (await insertParlay(db, parlay(member.id, 'untouched'), [leg(0, x), leg(1, y)], LATER))!;
    const legIds = async (parlayId: number) =>
      (
        await db
          .select({ id: parlayLegs.id })
          .from(parlayLegs)
          .where(eq(parlayLegs.parlayId, parlayId))
          .orderBy(asc(parlayLegs.position))
      ).map((row) => row.id);
    const [wonLegs, openLegs] = [await legIds(won), await legIds(open)];
    const gradedAt = new Date('2025-10-06T10:00:00Z');

    await writeParlayGrades(
      db,
      [
        {
          id: won,
          status: Status.completed,
          outcome: 'win',
          reward: 1320,
          gradedAt,
          legs: wonLegs.map((id) => ({ id, outcome: 'win' as const })),
        },
        {
          id: open,
          status: Status.pending,
          outcome: null,
          reward: null,
          gradedAt: null,
          legs: [
            { id: openLegs[0]!, outcome: 'loss' },
            { id: openLegs[1]!, outcome: null },
          ],
        },
      ],
      // Before the parlays were stored (as a test clock can be): the grade takes their created_at.
      NOW,
    );
    const read = async (key: string) => (await findParlayByKey(db, member.id, key))!;
    expect(await read('won')).toMatchObject({ status: Status.completed, outcome: 'win', reward: 1320, gradedAt });
    expect((await read('won')).updatedAt).toEqual(NOW);
    expect((await read('won')).legs.map((row) => row.outcome)).toEqual(['win', 'win']);
    expect(await read('open')).toMatchObject({ status: Status.pending, outcome: null, reward: null, gradedAt: null });
    expect((await read('open')).legs.map((row) => row.outcome)).toEqual(['loss', null]);
    expect(await read('untouched')).toMatchObject({ status: Status.open, outcome: null, updatedAt: LATER });

    await writeParlayGrades(
      db,
      [{ id: untouched, status: Status.completed, outcome: 'loss', reward: -500, gradedAt: NOW, legs: [] }],
      LATER,
    );
    // Graded before it was stored: stamped when it was stored (decision 018).
    expect((await read('untouched')).gradedAt).toEqual(LATER);
  });
});
