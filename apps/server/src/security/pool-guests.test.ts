import { oddsQuotes } from '@pass/db';
import { afterAll, describe, expect, it } from 'vitest';
import { makeGame, newKey } from '../test/ledger.js';
import { buildTestApp } from '../test/helpers.js';
import { validRequest } from './bad-input.js';
import { send, signedIn, type Caller } from './callers.js';
import { changedTables, watchDb } from './db-fingerprint.js';
import { writeFigures } from './figures.js';
import { makeOwnedPool, requestHints } from './fixtures.js';
import { fetchOpenApi, listOperations, operationName, type Operation } from './openapi.js';

/**
 * The authorization matrix's other half for Pool Party (docs/decisions/021 and 027): a guest of a pool against
 * every operation on it, discovered from the OpenAPI document. The Lifeguard's operations answer the guest 403
 * and change nothing; the others answer, and no answer shows the guest what a guest may not see: the
 * addresses the Lifeguard invited, or the Lifeguard's picks and tiebreaker before their games lock.
 */

// Before the 2025 season, so the pool can still be joined and nothing has locked.
const clock = new Date('2025-08-01T12:00:00Z');
const { app, database } = await buildTestApp({}, { now: () => clock });
const operations = listOperations(await fetchOpenApi(app)).filter((operation) =>
  operation.path.startsWith('/api/pools/{id}'),
);
const fingerprint = watchDb(database);
const owner = await signedIn(app, database.db, 'member');
const guest = await signedIn(app, database.db, 'member');
// A second guest, whom the Lifeguard removes: afterwards they find nothing of the pool either.
const removedGuest = await signedIn(app, database.db, 'member');

/** The operations only the pool's Lifeguard may call. A new pool operation must be listed here or below. */
const LIFEGUARD_ONLY = new Set([
  'PATCH /api/pools/{id}',
  'POST /api/pools/{id}/end',
  'POST /api/pools/{id}/again',
  'POST /api/pools/{id}/invitations',
  'POST /api/pools/{id}/invitations/many',
  'GET /api/pools/{id}/invitations',
  'POST /api/pools/{id}/link',
  'DELETE /api/pools/{id}/members/{memberId}',
  'PUT /api/pools/{id}/weeks/{week}/slate',
  'PUT /api/pools/{id}/weeks/{week}/members/{memberId}/picks',
  'GET /api/pools/{id}/weeks/{week}/missing',
  'POST /api/pools/{id}/weeks/{week}/reminders',
  'POST /api/pools/{id}/announcements',
  'DELETE /api/pools/{id}/chat/{messageId}',
]);
/** The operations every member of the pool may call (leaving is left for last: it ends the guest's access). */
const ANY_MEMBER = new Set([
  'GET /api/pools/{id}',
  'GET /api/pools/{id}/weeks/{week}',
  'PUT /api/pools/{id}/weeks/{week}/picks',
  'GET /api/pools/{id}/edits',
  'GET /api/pools/{id}/announcements',
  'GET /api/pools/{id}/standings',
  'GET /api/pools/{id}/survivors',
  'GET /api/pools/{id}/results',
  'GET /api/pools/{id}/head-to-head/{a}/{b}',
  'GET /api/pools/{id}/weeks/{week}/possible',
  'GET /api/pools/{id}/what-if',
  'GET /api/pools/{id}/live-standings',
  'GET /api/pools/{id}/chat',
  'PUT /api/pools/{id}/chat/read',
  'POST /api/pools/{id}/leave',
]);

// The secrets a guest must not see: an invited address, and the Lifeguard's tiebreaker before its game locks.
const INVITED = 'secret-invitee@example.com';
const TIEBREAKER = 987;

/**
 * Whether an answer carries the Lifeguard's tiebreaker: a field named for it holding the number. (Looking for
 * the digits anywhere would also find them in the milliseconds of a timestamp.)
 */
function showsTiebreaker(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(showsTiebreaker);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, field]) => (/tie/i.test(key) && Number(field) === TIEBREAKER) || showsTiebreaker(field),
  );
}

const poolId = await makeOwnedPool(app, owner, 'Guest matrix pool');
const gameId = await makeGame(database.db, { kickoff: new Date('2025-09-07T17:00:00Z'), week: 1, season: 2025 });
// A line quoted before the clock, so the ats pool's slate can take the game.
await database.db.insert(oddsQuotes).values(
  [
    ['KC', -4.5],
    ['BUF', 4.5],
  ].map(([outcome, point]) => ({
    eventId: gameId,
    book: 'consensus',
    market: 'spreads' as const,
    outcome: String(outcome),
    price: -110,
    point: Number(point),
    fetchedAt: new Date('2025-07-31T12:00:00Z'),
    source: 'test',
  })),
);
const hints = requestHints(gameId);

async function call(caller: Caller, request: Parameters<typeof send>[2]) {
  const response = await send(app, caller, request);
  figures.requests += 1;
  if (response.statusCode >= 500) figures['5xx'] += 1;
  return response;
}
const json = (payload: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(payload),
});

const figures = { operations: operations.length, requests: 0, '5xx': 0, leaks: 0 };
const link = await call(owner, { method: 'POST', url: `/api/pools/${poolId}/link`, headers: {} });
const token = link.json<{ data: { token: string } }>().data.token;
expect(
  (await call(owner, { method: 'POST', url: `/api/pools/${poolId}/invitations`, ...json({ email: INVITED }) }))
    .statusCode,
).toBe(201);
expect((await call(guest, { method: 'POST', url: '/api/pools/accept', ...json({ token }) })).statusCode).toBe(200);
expect((await call(removedGuest, { method: 'POST', url: '/api/pools/accept', ...json({ token }) })).statusCode).toBe(
  200,
);
const pool = (await call(owner, { method: 'GET', url: `/api/pools/${poolId}`, headers: {} })).json<{
  data: { members: { id: number; role: string }[] };
}>().data;
const ownerMember = pool.members.find((member) => member.role === 'lifeguard')!.id;
const [guestMember, removedMember] = pool.members
  .filter((member) => member.role === 'guest')
  .map((member) => member.id);
const picked = await call(owner, {
  method: 'PUT',
  url: `/api/pools/${poolId}/weeks/1/picks`,
  headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
  payload: JSON.stringify({ picks: [{ event_id: gameId, team: 'KC', play: 'double' }], tiebreaker: TIEBREAKER }),
});
expect(picked.statusCode, picked.body).toBe(200);

const path = {
  id: String(poolId),
  week: '1',
  memberId: String(ownerMember),
  a: String(ownerMember),
  b: String(guestMember),
};
const requestFor = (operation: Operation) => {
  const request = validRequest(operation, hints, path);
  if (operation.parameters.some((parameter) => parameter.name === 'idempotency-key')) {
    request.headers = { ...request.headers, 'idempotency-key': newKey() };
  }
  return request;
};

describe('a guest against every operation of their pool', () => {
  afterAll(async () => {
    writeFigures(`pool-guests-${database.kind}`, figures);
    await app.close();
  });

  it('knows, for every pool operation, whether a guest may call it', () => {
    const unlisted = operations.map(operationName).filter((name) => !LIFEGUARD_ONLY.has(name) && !ANY_MEMBER.has(name));
    expect(unlisted, 'list these in LIFEGUARD_ONLY or ANY_MEMBER').toEqual([]);
  });

  for (const operation of operations.filter((candidate) => LIFEGUARD_ONLY.has(operationName(candidate)))) {
    it(`${operationName(operation)}: the guest gets 403 and nothing changes`, async () => {
      const before = await fingerprint();
      const response = await call(guest, requestFor(operation));
      expect(response.statusCode, response.body).toBe(403);
      expect(changedTables(before, await fingerprint())).toEqual([]);
    });
  }

  it('shows the guest no invited address and none of the Lifeguard’s picks before they lock, in any answer', async () => {
    const leaks: string[] = [];
    const reads = operations.filter(
      (operation) => operation.method === 'GET' && ANY_MEMBER.has(operationName(operation)),
    );
    for (const operation of reads) {
      const response = await call(guest, requestFor(operation));
      expect(response.statusCode, `${operationName(operation)}: ${response.body}`).toBe(200);
      if (response.body.includes(INVITED) || showsTiebreaker(response.json())) {
        leaks.push(operationName(operation));
      }
      // The Lifeguard's sheet as the guest sees it: no pick and no tiebreaker yet.
      if (operation.path === '/api/pools/{id}/weeks/{week}') {
        const sheets = response.json<{ data: { sheets: { member_id: number; picks: unknown[] }[] } }>().data.sheets;
        if (sheets.find((sheet) => sheet.member_id === ownerMember)!.picks.length > 0) leaks.push('week sheet');
      }
    }
    figures.leaks = leaks.length;
    expect(leaks).toEqual([]);
    // The Lifeguard sees the same reads with the secrets: the check above could fail.
    const own = await call(owner, { method: 'GET', url: `/api/pools/${poolId}/invitations`, headers: {} });
    expect(own.body).toContain(INVITED);
    const ownWeek = await call(owner, { method: 'GET', url: `/api/pools/${poolId}/weeks/1`, headers: {} });
    expect(showsTiebreaker(ownWeek.json())).toBe(true);
  });

  it('lets the Lifeguard remove a guest, who then finds nothing of the pool and can change nothing in it', async () => {
    const removed = await call(owner, {
      method: 'DELETE',
      url: `/api/pools/${poolId}/members/${removedMember}`,
      headers: {},
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const before = await fingerprint();
    for (const operation of operations) {
      const response = await call(removedGuest, requestFor(operation));
      expect(response.statusCode, `${operationName(operation)}: ${response.body}`).toBe(404);
    }
    expect(changedTables(before, await fingerprint())).toEqual([]);
  });

  it('lets the guest leave last, and then finds nothing of the pool', async () => {
    const left = await call(guest, { method: 'POST', url: `/api/pools/${poolId}/leave`, headers: {} });
    expect(left.statusCode, left.body).toBe(200);
    for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
      const response = await call(guest, requestFor(operation));
      expect(response.statusCode, operationName(operation)).toBe(404);
    }
  });

  it('met no 5xx', () => {
    expect(figures['5xx']).toBe(0);
  });
});
