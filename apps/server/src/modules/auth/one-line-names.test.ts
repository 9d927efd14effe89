import { PoolResponse, UserResponse } from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestClient, testPassword, unique } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { poolSettings } from '../../test/pools.js';

/**
 * One-line fields hold one line (issue 23, finding 7): a name or label with a line break, another control
 * character or a text-direction override is refused with a 400 naming the field, and nothing is stored;
 * multi-line texts (announcements, chat) keep their line breaks.
 */

const clock = new Date('2025-08-01T12:00:00Z');

describe('one-line fields', () => {
  let testApp: TestApp;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it.each([
    ['a line feed', 'Pat\nLee'],
    ['a carriage return and a header', 'Pat\r\nBcc: victim@example.com'],
    ['NEL', 'Pat\u0085Lee'],
    ['an escape sequence', 'Pat\u001b[2JLee'],
    ['the line separator', 'Pat\u2028Lee'],
    ['a right-to-left override', 'Pat\u202eeeL'],
  ])('refuses %s in a display name at sign-up and in the profile', async (_label, name) => {
    const client = new TestClient(testApp.app);
    const username = unique('line');
    const register = await client.post('/auth/register', {
      username,
      email: `${username.toLowerCase()}@example.com`,
      password: testPassword(),
      name,
    });
    expectError(register, 400, 'body.name');

    const member = await signedInMember(testApp.app, db());
    const profile = await member.client.request({ method: 'PATCH', url: '/auth/profile', payload: { name } });
    expectError(profile, 400, 'body.name');
    expect(UserResponse.parse((await member.client.whoami()).json()).data.name).not.toBe(name);
  });

  it('refuses a line break in a pool’s name, and keeps one in an announcement', async () => {
    const lifeguard = await signedInMember(testApp.app, db());
    expectError(await lifeguard.client.post('/api/pools', poolSettings({ name: 'Office\nPool' })), 400, 'body.name');
    const created = await lifeguard.client.post('/api/pools', poolSettings());
    expect(created.statusCode, created.body).toBe(201);
    const pool = PoolResponse.parse(created.json()).data;
    const announced = await lifeguard.client.post(`/api/pools/${pool.id}/announcements`, {
      body: 'Week 1 is open.\nPicks lock at kickoff.',
    });
    expect(announced.statusCode, announced.body).toBeLessThan(300);
    expect(announced.body).toContain('Week 1 is open.\\nPicks lock at kickoff.');
  });
});
