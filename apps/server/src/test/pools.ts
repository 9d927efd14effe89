import { PoolResponse, type CreatePoolBody } from '@pass/contracts';
import { oddsQuotes, type DbExecutor } from '@pass/db';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { invalidateSportCache } from '../modules/sports/sports.service.js';
import { NFL, signedInMember } from './ledger.js';

/**
 * Pool Party's test helpers (the pools module's server tests): the settings of a 2025 NFL pool, a consensus
 * spread quoted at a chosen time, and a pool with its Lifeguard and guests who joined by the shareable link.
 */

/** A 2025 NFL pool against the spread from week 1; each test file overrides what it is about. */
export function poolSettings(overrides: Partial<CreatePoolBody> = {}): CreatePoolBody {
  return {
    name: 'Office pool',
    icon: 'wave',
    icon_color: '#1e90ff',
    icon_background: '#ffffff',
    sport: 'americanfootball_nfl',
    season: 2025,
    start_week: 1,
    games_per_week: 5,
    win_basis: 'ats',
    double_play: true,
    triple_play: false,
    last_man_standing: true,
    ...overrides,
  };
}

/** The consensus spread of an NFL game, both sides, fetched at `fetchedAt`: what the line of record reads. */
export async function quoteSpread(
  db: DbExecutor,
  quote: { eventId: number; home: string; away: string; homeSpread: number; fetchedAt: Date },
): Promise<void> {
  const row = (outcome: string, point: number) => ({
    eventId: quote.eventId,
    book: 'consensus',
    market: 'spreads' as const,
    outcome,
    price: -110,
    point,
    fetchedAt: quote.fetchedAt,
    source: 'test',
  });
  await db.insert(oddsQuotes).values([row(quote.home, quote.homeSpread), row(quote.away, -quote.homeSpread)]);
  // As an import does once it has stored quotes: what was kept of the sport is read again.
  invalidateSportCache(db, NFL);
}

/** A new pool with its Lifeguard and `guestCount` guests who joined by the shareable link, with their member ids. */
export async function poolWithGuests(
  app: FastifyInstance | string,
  db: DbExecutor,
  settings: CreatePoolBody,
  guestCount = 2,
) {
  const lifeguard = await signedInMember(app, db);
  const created = await lifeguard.client.post('/api/pools', settings);
  expect(created.statusCode, created.body).toBe(201);
  const pool = PoolResponse.parse(created.json()).data;
  const link = (await lifeguard.client.post(`/api/pools/${pool.id}/link`)).json<{ data: { token: string } }>().data;
  const guests = [];
  for (let index = 0; index < guestCount; index += 1) {
    const guest = await signedInMember(app, db);
    const joined = await guest.client.post('/api/pools/accept', { token: link.token });
    expect(joined.statusCode, joined.body).toBe(200);
    guests.push(guest);
  }
  const read = PoolResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}`)).json()).data;
  const idOf = (username: string) => read.members.find((member) => member.username === username)!.id;
  return {
    pool,
    lifeguard: { ...lifeguard, memberId: idOf(lifeguard.account.username) },
    guests: guests.map((guest) => ({ ...guest, memberId: idOf(guest.account.username) })),
  };
}
