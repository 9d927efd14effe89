import { BetResponse } from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey, postEntry, signedInMember, storedEntries } from '../../test/ledger.js';

describe('an Idempotency-Key reused', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const member = () => signedInMember(testApp.app, testApp.database.db);
  const bet = (eventId: number) => ({
    event_id: eventId,
    bet_mode: 3,
    bet_kind: 3,
    bet_type: 3,
    bet_team: 'BUF',
    line: 4.5,
    price: -110,
    stake: 110,
    book: 'betus',
  });

  it('with the same body, however it is written, returns the stored entry (200) and stores nothing more', async () => {
    const { client, account } = await member();
    const eventId = await makeGame(testApp.database.db);
    const key = newKey();
    const first = await postEntry(client, bet(eventId), key);
    expect(first.statusCode, first.body).toBe(201);
    // The same request: other key order, the team in lower case, the defaults stated, a stake of 110.00.
    const sameRequest = {
      stake: 110.0,
      book: 'betus',
      price: -110,
      line: 4.5,
      bet_team: 'buf',
      bet_type: 3,
      bet_kind: 3,
      bet_mode: 3,
      event_id: eventId,
      is_simulated: true,
      teaser_points: null,
    };
    const again = await postEntry(client, sameRequest, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await storedEntries(testApp.database.db, account.id)).toBe(1);
  });

  it('with a different body is refused with 409 naming the header, and stores and changes nothing', async () => {
    const { client, account } = await member();
    const eventId = await makeGame(testApp.database.db);
    const key = newKey();
    const stored = BetResponse.parse((await postEntry(client, bet(eventId), key)).json()).data;
    const otherEvent = await makeGame(testApp.database.db, { home: 'DEN', away: 'LV' });
    const changes: Record<string, unknown>[] = [
      { stake: 120 },
      { price: -105 },
      { line: 5.5 },
      { bet_team: 'KC', line: -4.5 },
      { book: 'draftkings' },
      { book: undefined },
      { is_simulated: false },
      { event_id: otherEvent, bet_team: 'LV' },
    ];
    for (const change of changes) {
      const response = await postEntry(client, { ...bet(eventId), ...change }, key);
      const body = expectError(response, 409, 'headers.idempotency-key');
      expect(body.error.code).toBe('CONFLICT');
    }
    expect(await storedEntries(testApp.database.db, account.id)).toBe(1);
    expect(BetResponse.parse((await client.get(`/api/user/bets/${stored.id}`)).json()).data).toEqual(stored);
    // The key is the member's: another member may use it for anything.
    const other = await member();
    expect((await postEntry(other.client, { ...bet(eventId), stake: 120 }, key)).statusCode).toBe(201);
  });

  it('across the teller and the ledger is a different request (409)', async () => {
    const { client, account } = await member();
    const eventId = await makeGame(testApp.database.db);
    const key = newKey();
    const teller = await client.post(
      '/api/teller/bets',
      { event_id: eventId, bet_team: 'BUF', price: 170, stake: 50 },
      { headers: { 'idempotency-key': key } },
    );
    expect(teller.statusCode, teller.body).toBe(201);
    const sameAsLedgerEntry = {
      event_id: eventId,
      bet_mode: 3,
      bet_kind: 1,
      bet_type: 5,
      bet_team: 'BUF',
      price: 170,
      stake: 50,
    };
    expectError(await postEntry(client, sameAsLedgerEntry, key), 409, 'headers.idempotency-key');
    const retried = await client.post(
      '/api/teller/bets',
      { event_id: eventId, bet_team: 'buf', price: 170, stake: 50 },
      { headers: { 'idempotency-key': key } },
    );
    expect(retried.statusCode, retried.body).toBe(200);
    expectError(
      await client.post(
        '/api/teller/bets',
        { event_id: eventId, bet_team: 'BUF', price: 170, stake: 60 },
        { headers: { 'idempotency-key': key } },
      ),
      409,
      'headers.idempotency-key',
    );
    expect(await storedEntries(testApp.database.db, account.id)).toBe(1);
  });

  it('by racing requests stores one entry: those with its body get it, the others 409', async () => {
    const { client, account } = await member();
    const eventId = await makeGame(testApp.database.db);
    const key = newKey();
    const bodies = Array.from({ length: 40 }, (_, index) => ({ ...bet(eventId), stake: index % 2 === 0 ? 110 : 220 }));
    const responses = await Promise.all(bodies.map((body) => postEntry(client, body, key)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    const winner = BetResponse.parse(responses[statuses.indexOf(201)]!.json()).data;
    responses.forEach((response, index) => {
      const sameBody = bodies[index]!.stake * 100 === winner.stake_cents;
      if (sameBody) {
        expect([200, 201]).toContain(response.statusCode);
        expect(response.json().data.id).toBe(winner.id);
      } else {
        expectError(response, 409, 'headers.idempotency-key');
      }
    });
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    expect(await storedEntries(testApp.database.db, account.id)).toBe(1);
  });
});
