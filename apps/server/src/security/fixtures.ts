import type { DbHandle } from '@pass/db';
import type { FastifyInstance } from 'fastify';
import { makeGame } from '../test/ledger.js';
import { FRESH, type Hints } from './bad-input.js';
import { send, type Caller } from './callers.js';

/**
 * What the schemas cannot tell the suite: a game that exists, and what a valid moneyline bet on it needs.
 * Cases start from a valid request built with these, so that each reaches the code behind the checks.
 */
export function requestHints(gameId: number): Hints {
  return { event_id: gameId, eventId: gameId, bet_mode: 3, bet_type: 5, bet_team: 'KC', price: -110, stake: 10 };
}

/** A game two days ahead, to bet on. */
export function makeOpenGame(database: DbHandle): Promise<number> {
  return makeGame(database.db, { home: 'KC', away: 'BUF', hoursFromNow: 48 });
}

export interface FixtureContext {
  app: FastifyInstance;
  database: DbHandle;
  owner: Caller;
  /** Text to store in the object, so that the suite can tell when another caller is shown it. */
  marker: string;
}

/**
 * How to make an object owned by a member, for each member route with a path parameter
 * (docs/decisions/021). `create` returns the path parameters that name the object; a route whose path
 * parameters choose within the caller's own data instead says why. The authorization matrix fails when a
 * member route with a path parameter has no entry here.
 */
export type OwnedObject =
  { create(context: FixtureContext): Promise<Record<string, string>> } | { notAnObject: string };

export const OWNED_OBJECTS: Record<string, OwnedObject> = {
  '/api/user/bets/{id}': {
    async create({ app, database, owner, marker }) {
      const gameId = await makeOpenGame(database);
      const response = await send(app, owner, {
        method: 'POST',
        url: '/api/user/bets',
        headers: { 'content-type': 'application/json', 'idempotency-key': `owned-${FRESH}` },
        payload: JSON.stringify({
          event_id: gameId,
          bet_mode: 3,
          bet_kind: 1,
          bet_type: 5,
          bet_team: 'KC',
          price: -110,
          stake: 10,
          book: marker,
        }),
      });
      if (response.statusCode !== 201)
        throw new Error(`recording the owner's bet: ${response.statusCode} ${response.body}`);
      return { id: String(response.json<{ data: { id: number } }>().data.id) };
    },
  },
  '/api/user/bets/outcome/{sport}': { notAnObject: "the sport chooses among the caller's own graded entries" },
  '/api/user/stats/{sport}/season/{season}': {
    notAnObject: "sport and season choose within the caller's own statistics",
  },
  '/api/user/stats/{sport}/season': { notAnObject: 'answers that a season is needed, for the caller alone' },
  '/api/user/stats/{sport}': { notAnObject: 'answers that a season is needed, for the caller alone' },
};
