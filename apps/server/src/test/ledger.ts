import { events, oddsQuotes, userBets, type DbExecutor } from '@pass/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { invalidateSportCache } from '../modules/sports/sports.service.js';
import { seedUser, TestClient, type TestAccount } from './accounts.js';

/** Ledger fixtures: games to pick on, signed-in members, entries, results. Each test makes its own. */

export const NFL = 'americanfootball_nfl';
const HOUR = 3_600_000;

export interface GameOptions {
  /** Kickoff from now; negative: already started (in progress). Default 48. */
  hoursFromNow?: number;
  /** The kickoff itself, for a test on a fixed server clock (instead of hoursFromNow). */
  kickoff?: Date;
  home?: string;
  away?: string;
  season?: number;
  week?: number;
  /** Quote lines for the game (default true). */
  lines?: boolean;
  /** The sport (default the NFL); a baseball game has no week. */
  sport?: string;
}

/**
 * An NFL game (or a game of `sport`) with consensus lines quoted an hour before kickoff: KC −4.5 / BUF +4.5 (or the given teams),
 * total 47.5, moneyline −200 / +170, and a later quote after kickoff that is not the close. Returns the
 * event's id.
 */
export async function makeGame(db: DbExecutor, options: GameOptions = {}): Promise<number> {
  const kickoff = options.kickoff ?? new Date(Date.now() + (options.hoursFromNow ?? 48) * HOUR);
  const home = options.home ?? 'KC';
  const away = options.away ?? 'BUF';
  const [event] = await db
    .insert(events)
    .values({
      sport: options.sport ?? NFL,
      season: options.season ?? 2025,
      week: options.sport === 'baseball_mlb' ? null : (options.week ?? 7),
      seasonType: 'regular',
      kickoffAt: kickoff,
      gameDate: kickoff.toISOString().slice(0, 10),
      homeTeam: home,
      awayTeam: away,
      status: options.hoursFromNow !== undefined && options.hoursFromNow < 0 ? 'in_progress' : 'scheduled',
    })
    .returning({ id: events.id });
  const eventId = event!.id;
  // As an import does once it has stored a sport's games and quotes: what was kept of the sport is read again.
  const stored = () => {
    invalidateSportCache(db, options.sport ?? NFL);
    return eventId;
  };
  if (options.lines === false) return stored();
  const fetchedAt = new Date(kickoff.getTime() - HOUR);
  const quote = (market: 'h2h' | 'spreads' | 'totals', outcome: string, price: number, point: number | null) => ({
    eventId,
    book: 'consensus',
    market,
    outcome,
    price,
    point,
    fetchedAt,
    source: 'test',
  });
  await db.insert(oddsQuotes).values([
    quote('spreads', home, -110, -4.5),
    quote('spreads', away, -110, 4.5),
    quote('totals', 'Over', -110, 47.5),
    quote('totals', 'Under', -110, 47.5),
    quote('h2h', home, -200, null),
    quote('h2h', away, 170, null),
    // A later quote, after kickoff, is not the close.
    { ...quote('spreads', home, -110, -9.5), fetchedAt: new Date(kickoff.getTime() + HOUR) },
  ]);
  return stored();
}

/** A new verified member, signed in through the app. */
export async function signedInMember(
  app: FastifyInstance | string,
  db: DbExecutor,
): Promise<{ account: TestAccount; client: TestClient }> {
  const account = await seedUser(db);
  const client = new TestClient(app);
  expect((await client.login(account.username, account.password)).statusCode).toBe(200);
  return { account, client };
}

let keyCounter = 0;
/** A fresh Idempotency-Key. */
export const newKey = () => `key-${++keyCounter}-${Math.random().toString(36).slice(2)}`;

/** POST /api/user/bets with an Idempotency-Key (a fresh one unless given). */
export function postEntry(client: TestClient, body: unknown, idempotencyKey: string = newKey()) {
  return client.post('/api/user/bets', body, { headers: { 'idempotency-key': idempotencyKey } });
}

/** The number of entries stored for a member, deleted ones included. */
export async function storedEntries(db: DbExecutor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(userBets)
    .where(eq(userBets.userId, userId));
  return Number(row!.n);
}
