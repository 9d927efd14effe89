import { authTokens, sessions, type DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as authRepository from '../modules/auth/auth.repository.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../modules/auth/sessions.service.js';
import { seedUser } from '../test/accounts.js';
import { cleanUpSessionsAndTokens, USED_TOKEN_KEPT_MS } from '../modules/auth/sessions.service.js';
import { createSessionCleanupJob } from './session-cleanup-job.js';

/** Ended sessions and spent links are deleted by the clean-up job; live ones stay (decision 054). */

const now = new Date('2025-11-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('the session clean-up job', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  });
  afterAll(async () => {
    await database.close();
  });

  async function session(idHash: string, userId: number, createdAt: Date, lastSeenAt: Date) {
    await authRepository.createSession(database.db, {
      idHash,
      userId,
      deviceId: null,
      createdAt,
      lastSeenAt,
      expiresAt: new Date(createdAt.getTime() + SESSION_ABSOLUTE_MS),
    });
  }

  async function token(tokenHash: string, userId: number, expiresAt: Date, usedAt: Date | null) {
    await authRepository.createToken(database.db, {
      tokenHash,
      userId,
      purpose: 'password_reset',
      email: 'someone@example.com',
      createdAt: ago(60_000),
      expiresAt,
    });
    if (usedAt) {
      await database.db
        .update(authTokens)
        .set({ usedAt })
        .where(inArray(authTokens.tokenHash, [tokenHash]));
    }
  }

  it('deletes sessions past their end or idle, and links expired or used a day ago, keeping the rest', async () => {
    const ended = await seedUser(database.db);
    const live = await seedUser(database.db);
    await session('past-absolute-end', ended.id, ago(SESSION_ABSOLUTE_MS + 1_000), ago(1_000));
    await session('idle-too-long', ended.id, ago(10 * 86_400_000), ago(SESSION_IDLE_MS + 1_000));
    await session('live', live.id, ago(86_400_000), ago(60_000));
    await session('idle-not-yet', live.id, ago(8 * 86_400_000), ago(SESSION_IDLE_MS - 60_000));
    await token('expired', ended.id, ago(1_000), null);
    await token('used-long-ago', ended.id, new Date(now.getTime() + 3_600_000), ago(USED_TOKEN_KEPT_MS + 1_000));
    await token('used-just-now', live.id, new Date(now.getTime() + 3_600_000), ago(60_000));
    await token('unused', live.id, new Date(now.getTime() + 3_600_000), null);

    const told: number[] = [];
    await createSessionCleanupJob({
      db: database.db,
      now: () => now,
      memberSignal: async (userId) => void told.push(userId),
    })();

    const sessionsLeft = await database.db.select({ idHash: sessions.idHash }).from(sessions);
    expect(sessionsLeft.map((row) => row.idHash).sort()).toEqual(['idle-not-yet', 'live']);
    const tokensLeft = await database.db.select({ tokenHash: authTokens.tokenHash }).from(authTokens);
    expect(tokensLeft.map((row) => row.tokenHash).sort()).toEqual(['unused', 'used-just-now']);
    // The member whose sessions ended is told once, so a socket still open on one closes.
    expect(told).toEqual([ended.id]);
    // Nothing more to do at the same instant.
    expect(await cleanUpSessionsAndTokens(database.db, now)).toEqual({ sessions: 0, tokens: 0, userIds: [] });
  });
});
