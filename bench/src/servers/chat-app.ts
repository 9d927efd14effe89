import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { poolMembers, sessions, users, type Database } from '@pass/db';
import { loadConfig } from '../../../apps/server/src/env.js';
import * as authRepository from '../../../apps/server/src/modules/auth/auth.repository.js';
import { hashPassword, hashSecret, randomSecret } from '../../../apps/server/src/modules/auth/crypto.js';
import { SESSION_ABSOLUTE_MS } from '../../../apps/server/src/modules/auth/sessions.service.js';
import { createPool, poolLimits } from '../../../apps/server/src/modules/pools/pools.service.js';
import { startServer } from '../../../apps/server/src/start.js';
import { announceAndWatchParent } from './announce.js';

/**
 * The real PA$$ server (startServer, as main.ts) for the chat fan-out benchmark. With CHAT_MEMBERS set, before
 * listening it makes one pool of that many members, created straight in the database (a pool's guest limit is a
 * rule of joining, not of the room): the Lifeguard's pool through the pools service, then every other member's
 * account, membership and session in one statement each. The pool id and the session cookies go as JSON to
 * BENCH_INFO_FILE. Without it, the server joins a database another instance has prepared (the second instance
 * behind Redis). REDIS_URL, when set, carries the room's frames between instances.
 */

const config = loadConfig(process.env);
const { app, database, now } = await startServer(config, (message) => console.error(message));
const db: Database = database.db;
const count = Number(process.env.CHAT_MEMBERS ?? 0);

if (count > 0) {
  const started = performance.now();
  const at = now();
  const passwordHash = await hashPassword(randomUUID());
  const run = randomUUID().slice(0, 8);
  const lifeguard = await authRepository.createUser(db, {
    username: `chat_lifeguard_${run}`,
    email: `chat_lifeguard_${run}@example.com`,
    passwordHash,
    emailVerifiedAt: at,
    setupCompletedAt: at,
    isAdmin: false,
  });
  const pool = await createPool(
    { db, limits: poolLimits(config.poolMaxPerLifeguard) },
    {
      userId: lifeguard.id,
      now: at,
      body: {
        name: 'Chat bench pool',
        icon: 'wave',
        icon_color: '#1e90ff',
        icon_background: '#ffffff',
        sport: 'americanfootball_nfl',
        season: Number(process.env.CHAT_SEASON ?? at.getUTCFullYear()),
        start_week: 1,
        games_per_week: 16,
        win_basis: 'ats',
        double_play: false,
        triple_play: false,
        last_man_standing: false,
      },
    },
  );
  const guests = await db
    .insert(users)
    .values(
      Array.from({ length: count - 1 }, (_, index) => ({
        username: `chat_${run}_${index}`,
        email: `chat_${run}_${index}@example.com`,
        passwordHash,
        emailVerifiedAt: at,
        setupCompletedAt: at,
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(poolMembers)
    .values(guests.map((guest) => ({ poolId: pool.id, userId: guest.id, role: 'guest' as const, joinedAt: at })));
  // Sessions live on the wall clock (resumeSession reads the real time), not on the server clock.
  const wall = new Date();
  const cookies = [lifeguard.id, ...guests.map((guest) => guest.id)].map((userId) => ({
    userId,
    cookie: randomSecret(),
  }));
  await db.insert(sessions).values(
    cookies.map(({ userId, cookie }) => ({
      idHash: hashSecret(cookie),
      userId,
      deviceId: null,
      createdAt: wall,
      lastSeenAt: wall,
      expiresAt: new Date(wall.getTime() + SESSION_ABSOLUTE_MS),
    })),
  );
  writeFileSync(
    process.env.BENCH_INFO_FILE!,
    JSON.stringify({
      poolId: pool.id,
      cookies: cookies.map(({ cookie }) => cookie),
      prepareMs: Math.round(performance.now() - started),
    }),
  );
}

await app.listen({ port: config.port, host: config.host });
announceAndWatchParent(app.server as Server, () => app.close());
