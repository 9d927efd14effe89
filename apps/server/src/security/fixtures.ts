import { createECDH, randomBytes } from 'node:crypto';
import {
  billingPlans,
  billingSubscriptions,
  chatMessages,
  poolEdits,
  poolInvitations,
  poolMembers,
  syncAccounts,
  syncBets,
  users,
  type DbHandle,
} from '@pass/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ensurePlans } from '../modules/billing/billing.repository.js';
import { makeGame } from '../test/ledger.js';
import { FRESH, type Hints } from './bad-input.js';
import { send, type Caller } from './callers.js';

/**
 * What the schemas cannot tell the suite: a game that exists, and what a valid moneyline bet on it needs.
 * Cases start from a valid request built with these, so that each reaches the code behind the checks.
 */
export function requestHints(gameId: number, otherGameId?: number): Hints {
  return {
    // A parlay needs two games: two moneyline legs on the home team of each.
    ...(otherGameId === undefined ? {} : { legs: parlayLegsOn(gameId, otherGameId) }),
    event_id: gameId,
    eventId: gameId,
    bet_mode: 3,
    bet_type: 5,
    bet_team: 'KC',
    price: -110,
    stake: 10,
    // A pool's settings the pool rules accept (a week of the season, #rrggbb colours), and a what-if rule.
    ...POOL_SETTINGS_HINTS,
    rules: 'no_plays',
    // A device's push subscription: a real P-256 point and secret, so a case reaches the checks behind them.
    ...PUSH_SUBSCRIPTION_HINTS,
  };
}

const fakeDevice = createECDH('prime256v1');
fakeDevice.generateKeys();
/**
 * A browser's PushSubscription by field name: an endpoint on a push service's host, as the server accepts; the
 * suite's app has push turned off, so nothing is ever sent to it.
 */
export const PUSH_SUBSCRIPTION_HINTS = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/security-suite',
  p256dh: fakeDevice.getPublicKey('base64url'),
  auth: randomBytes(16).toString('base64url'),
} as const;

/** Valid pool settings by field name; a pool's own names, so no other operation's request is changed. */
export const POOL_SETTINGS_HINTS = {
  icon_color: '#1e90ff',
  icon_background: '#ffffff',
  season: 2025,
  start_week: 1,
  games_per_week: 5,
} as const;

/** A pool of the owner's, as its Lifeguard, with `marker` as its name (and any other settings given). */
export async function makeOwnedPool(
  app: FastifyInstance,
  owner: Caller,
  marker: string,
  settings: Record<string, unknown> = {},
): Promise<number> {
  const response = await send(app, owner, {
    method: 'POST',
    url: '/api/pools',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      name: marker.slice(0, 60),
      icon: 'wave',
      sport: 'americanfootball_nfl',
      win_basis: 'ats',
      double_play: true,
      triple_play: false,
      last_man_standing: true,
      ...POOL_SETTINGS_HINTS,
      ...settings,
    }),
  });
  if (response.statusCode !== 201)
    throw new Error(`creating the owner's pool: ${response.statusCode} ${response.body}`);
  return response.json<{ data: { id: number } }>().data.id;
}

/** A game two days ahead, to bet on. */
export function makeOpenGame(database: DbHandle): Promise<number> {
  return makeGame(database.db, { home: 'KC', away: 'BUF', hoursFromNow: 48 });
}

/** Another game, three days ahead: a parlay's second leg. */
export function makeOtherOpenGame(database: DbHandle): Promise<number> {
  return makeGame(database.db, { home: 'KC', away: 'DEN', hoursFromNow: 72 });
}

/** Two valid parlay legs: moneylines on KC in each game. */
function parlayLegsOn(gameId: number, otherGameId: number) {
  return [gameId, otherGameId].map((eventId) => ({
    event_id: eventId,
    bet_kind: 1,
    bet_type: 5,
    bet_team: 'KC',
    price: -110,
  }));
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

// One pool per owner serves every pool path: a Lifeguard may host only POOL_MAX_PER_LIFEGUARD of them.
const poolsOf = new WeakMap<Caller, Promise<number>>();
function sharedPool(app: FastifyInstance, owner: Caller, marker: string): Promise<number> {
  if (!poolsOf.has(owner)) poolsOf.set(owner, makeOwnedPool(app, owner, marker));
  return poolsOf.get(owner)!;
}

/** The owner's shared pool and the member id of its Lifeguard (a new pool's one member). */
async function poolWithLifeguard({ app, database, owner, marker }: FixtureContext) {
  const poolId = await sharedPool(app, owner, marker);
  const [member] = await database.db
    .select({ id: poolMembers.id })
    .from(poolMembers)
    .where(eq(poolMembers.poolId, poolId));
  return { poolId, memberId: member!.id };
}

const ownedPool: OwnedObject = {
  async create({ app, owner, marker }) {
    return { id: String(await sharedPool(app, owner, marker)) };
  },
};

const ownedPoolWeek: OwnedObject = {
  async create({ app, owner, marker }) {
    return { id: String(await sharedPool(app, owner, marker)), week: String(POOL_SETTINGS_HINTS.start_week) };
  },
};

// One chat message of the owner's in the shared pool, carrying the marker (stored directly: posts go by socket).
const chatMessagesOf = new WeakMap<Caller, Promise<{ poolId: number; messageId: number }>>();
function ownedChatMessage(context: FixtureContext) {
  if (!chatMessagesOf.has(context.owner)) {
    chatMessagesOf.set(
      context.owner,
      poolWithLifeguard(context).then(async ({ poolId, memberId }) => {
        const [row] = await context.database.db
          .insert(chatMessages)
          .values({ poolId, kind: 'member', authorMemberId: memberId, text: context.marker })
          .returning({ id: chatMessages.id });
        return { poolId, messageId: row!.id };
      }),
    );
  }
  return chatMessagesOf.get(context.owner)!;
}

// One linked sportsbook account per owner, with a bet-sync token labelled with the marker, serves every sync path.
const syncAccountsOf = new WeakMap<Caller, Promise<{ accountId: string; tokenId: string }>>();
function ownedSyncAccount({ app, owner, marker }: FixtureContext) {
  if (!syncAccountsOf.has(owner)) {
    syncAccountsOf.set(
      owner,
      (async () => {
        const linked = await send(app, owner, {
          method: 'POST',
          url: '/api/sync/accounts',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ book: 'draftkings' }),
        });
        if (linked.statusCode !== 201) throw new Error(`linking the owner's book: ${linked.statusCode} ${linked.body}`);
        const accountId = linked.json<{ data: { betsync_account_id: string } }>().data.betsync_account_id;
        const token = await send(app, owner, {
          method: 'POST',
          url: `/api/sync/accounts/${accountId}/tokens`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ label: marker.slice(0, 60) }),
        });
        if (token.statusCode !== 201) throw new Error(`making the owner's token: ${token.statusCode} ${token.body}`);
        return { accountId, tokenId: String(token.json<{ data: { id: number } }>().data.id) };
      })(),
    );
  }
  return syncAccountsOf.get(owner)!;
}

const ownedSyncAccountPath: OwnedObject = {
  async create(context) {
    return { accountId: (await ownedSyncAccount(context)).accountId };
  },
};

// One rejected synced bet of the owner's with a real slip (a single on a game no one stored), the marker as its
// reason, serves the paths that read its legs: its answer shows the bet, and so the marker.
const rejectedSyncBetsOf = new WeakMap<Caller, Promise<Record<string, string>>>();
const ownedRejectedSyncBet: OwnedObject = {
  create(context) {
    if (!rejectedSyncBetsOf.has(context.owner)) {
      rejectedSyncBetsOf.set(
        context.owner,
        (async () => {
          const { accountId } = await ownedSyncAccount(context);
          const [account] = await context.database.db
            .select({ id: syncAccounts.id })
            .from(syncAccounts)
            .where(eq(syncAccounts.publicId, accountId));
          const now = new Date();
          const slip = {
            book_bet_id: `slip-${context.marker}`,
            placed_at: now.toISOString(),
            kind: 'single',
            stake_cents: 1000,
            result: 'open',
            bonus: false,
            legs: [
              {
                sport: 'americanfootball_nfl',
                event: 'London Monarchs @ Kansas City Chiefs',
                market: 'moneyline',
                selection: 'Kansas City Chiefs',
                price: -110,
                result: 'open',
              },
            ],
          };
          const [row] = await context.database.db
            .insert(syncBets)
            .values({
              accountId: account!.id,
              userId: context.owner.account!.id,
              bookBetId: slip.book_bet_id,
              status: 'rejected',
              rejectReason: context.marker,
              slip,
              placedAt: now,
              stakeCents: 1000,
              bookResult: 'open',
              legCount: 1,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: syncBets.id });
          return { betId: String(row!.id) };
        })(),
      );
    }
    return rejectedSyncBetsOf.get(context.owner)!;
  },
};

export const OWNED_OBJECTS: Record<string, OwnedObject> = {
  '/api/sync/accounts/{accountId}/uploads': ownedSyncAccountPath,
  '/api/sync/accounts/{accountId}/slips': ownedSyncAccountPath,
  '/api/sync/bets/{betId}/dismiss': {
    // A rejected synced bet of the owner's, the marker as its reason, stored directly.
    async create(context) {
      const { accountId } = await ownedSyncAccount(context);
      const [account] = await context.database.db
        .select({ id: syncAccounts.id })
        .from(syncAccounts)
        .where(eq(syncAccounts.publicId, accountId));
      const now = new Date();
      const [row] = await context.database.db
        .insert(syncBets)
        .values({
          accountId: account!.id,
          userId: context.owner.account!.id,
          bookBetId: `owned-${context.marker}`,
          status: 'rejected',
          rejectReason: context.marker,
          slip: {},
          placedAt: now,
          stakeCents: 1000,
          bookResult: 'open',
          legCount: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: syncBets.id });
      return { betId: String(row!.id) };
    },
  },
  '/api/sync/bets/{betId}/candidates': ownedRejectedSyncBet,
  '/api/sync/bets/{betId}/match': ownedRejectedSyncBet,
  '/api/sync/accounts/{accountId}': ownedSyncAccountPath,
  '/api/sync/accounts/{accountId}/tokens': ownedSyncAccountPath,
  '/api/sync/accounts/{accountId}/tokens/{tokenId}': {
    async create(context) {
      return ownedSyncAccount(context);
    },
  },
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
  '/api/user/parlays/{id}': {
    async create({ app, database, owner, marker }) {
      const legs = parlayLegsOn(await makeOpenGame(database), await makeOtherOpenGame(database));
      const response = await send(app, owner, {
        method: 'POST',
        url: '/api/user/parlays',
        headers: { 'content-type': 'application/json', 'idempotency-key': `owned-${FRESH}` },
        payload: JSON.stringify({ legs, stake: 10, is_simulated: true, book: marker }),
      });
      if (response.statusCode !== 201)
        throw new Error(`recording the owner's parlay: ${response.statusCode} ${response.body}`);
      return { id: String(response.json<{ data: { id: number } }>().data.id) };
    },
  },
  '/api/pools/{id}': ownedPool,
  '/api/pools/{id}/end': ownedPool,
  '/api/pools/{id}/again': ownedPool,
  '/api/pools/{id}/standings': ownedPool,
  '/api/pools/{id}/survivors': ownedPool,
  '/api/pools/{id}/results': ownedPool,
  '/api/pools/{id}/head-to-head/{a}/{b}': {
    // The Lifeguard against themselves: the one member a new pool has.
    async create(context) {
      const { poolId, memberId } = await poolWithLifeguard(context);
      return { id: String(poolId), a: String(memberId), b: String(memberId) };
    },
  },
  '/api/pools/{id}/what-if': ownedPool,
  '/api/pools/{id}/live-standings': ownedPool,
  '/api/pools/{id}/weeks/{week}/possible': ownedPoolWeek,
  '/api/pools/{id}/edits': {
    // An edit of the Lifeguard's own tiebreaker, stored directly: making one needs a week with games.
    async create(context) {
      const { poolId, memberId } = await poolWithLifeguard(context);
      await context.database.db.insert(poolEdits).values({
        poolId,
        memberId,
        editorId: context.owner.account!.id,
        field: 'tiebreaker',
        before: null,
        after: context.marker,
      });
      return { id: String(poolId) };
    },
  },
  '/api/pools/{id}/weeks/{week}/missing': ownedPoolWeek,
  '/api/pools/{id}/weeks/{week}/reminders': ownedPoolWeek,
  '/api/pools/{id}/announcements': {
    // The announcement carries the marker, so the owner's read shows it and no one else's may.
    async create({ app, owner, marker }) {
      const id = await sharedPool(app, owner, marker);
      const response = await send(app, owner, {
        method: 'POST',
        url: `/api/pools/${id}/announcements`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ body: marker }),
      });
      if (response.statusCode !== 201) throw new Error(`posting the owner's announcement: ${response.body}`);
      return { id: String(id) };
    },
  },
  '/api/pools/{id}/weeks/{week}/members/{memberId}/picks': {
    async create(context) {
      const { poolId, memberId } = await poolWithLifeguard(context);
      return { id: String(poolId), week: String(POOL_SETTINGS_HINTS.start_week), memberId: String(memberId) };
    },
  },
  '/api/pools/{id}/weeks/{week}': ownedPoolWeek,
  '/api/pools/{id}/weeks/{week}/slate': ownedPoolWeek,
  '/api/pools/{id}/weeks/{week}/picks': ownedPoolWeek,
  '/api/pools/{id}/leave': ownedPool,
  '/api/pools/{id}/link': ownedPool,
  '/api/pools/{id}/invitations/many': ownedPool,
  '/api/pools/{id}/invitations': {
    // Stored directly: whether joining is still open depends on the pool's season and today's date.
    async create({ app, database, owner, marker }) {
      const poolId = await sharedPool(app, owner, marker);
      await database.db.insert(poolInvitations).values({
        poolId,
        inviterId: owner.account!.id,
        email: `${marker}@example.com`,
        tokenHash: `fixture-${poolId}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      return { id: String(poolId) };
    },
  },
  '/api/pools/{id}/members/{memberId}': {
    async create(context) {
      const { poolId, memberId } = await poolWithLifeguard(context);
      return { id: String(poolId), memberId: String(memberId) };
    },
  },
  '/api/pools/{id}/chat': {
    async create(context) {
      return { id: String((await ownedChatMessage(context)).poolId) };
    },
  },
  '/api/pools/{id}/chat/{messageId}': {
    async create(context) {
      const { poolId, messageId } = await ownedChatMessage(context);
      return { id: String(poolId), messageId: String(messageId) };
    },
  },
  '/api/pools/{id}/chat/read': {
    async create(context) {
      return { id: String((await ownedChatMessage(context)).poolId) };
    },
  },
  '/ws/pools/{poolId}/chat': {
    // Without an upgrade the room's address answers the messages after `after`: the marker among them.
    async create(context) {
      return { poolId: String((await ownedChatMessage(context)).poolId) };
    },
  },
  '/billing/mobile/cancel/{billingId}/{subscriptionId}': {
    // An App Store subscription of the owner's, stored directly as a verified notification would leave it.
    async create({ database, owner, marker }) {
      await ensurePlans(database.db);
      const [plan] = await database.db.select({ id: billingPlans.id }).from(billingPlans).limit(1);
      const [user] = await database.db
        .select({ billingId: users.billingId })
        .from(users)
        .where(eq(users.id, owner.account!.id));
      const subscriptionId = `apple.${marker}`;
      await database.db
        .insert(billingSubscriptions)
        .values({
          userId: owner.account!.id,
          planId: plan!.id,
          billingPlatform: 'mobile',
          store: 'apple',
          subscriptionId,
          status: 'ACTIVE',
          mobileSubscriptionStatus: 'ACTIVE',
        })
        .onConflictDoNothing();
      return { billingId: user!.billingId, subscriptionId };
    },
  },
  '/billing/paypal/cancel/{billingId}/{subscriptionId}': {
    // A PayPal subscription of the owner's, stored directly (the suite's server has no PayPal to confirm one),
    // with the marker as its sportsbook.
    async create({ database, owner, marker }) {
      await ensurePlans(database.db);
      const [plan] = await database.db.select({ id: billingPlans.id }).from(billingPlans).limit(1);
      const [user] = await database.db
        .select({ billingId: users.billingId })
        .from(users)
        .where(eq(users.id, owner.account!.id));
      const subscriptionId = `I-SUITE${owner.account!.id}`;
      await database.db
        .insert(billingSubscriptions)
        .values({
          userId: owner.account!.id,
          planId: plan!.id,
          billingPlatform: 'paypal',
          subscriptionId,
          status: 'ACTIVE',
          paypalSubscriptionStatus: 'ACTIVE',
          sportsbook: marker,
        })
        .onConflictDoNothing();
      return { billingId: user!.billingId, subscriptionId };
    },
  },
  '/api/user/bets/outcome/{sport}': { notAnObject: "the sport chooses among the caller's own graded entries" },
  '/api/user/stats/{sport}/season/{season}': {
    notAnObject: "sport and season choose within the caller's own statistics",
  },
  '/api/user/stats/{sport}/season': { notAnObject: 'answers that a season is needed, for the caller alone' },
  '/api/user/stats/{sport}': { notAnObject: 'answers that a season is needed, for the caller alone' },
};
