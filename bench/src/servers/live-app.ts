import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { sessions, users, type Database } from '@pass/db';
import { loadConfig } from '../../../apps/server/src/env.js';
import { hashPassword, hashSecret, randomSecret } from '../../../apps/server/src/modules/auth/crypto.js';
import { SESSION_ABSOLUTE_MS } from '../../../apps/server/src/modules/auth/sessions.service.js';
import { startServer } from '../../../apps/server/src/start.js';
import { announceAndWatchParent } from './announce.js';
import { espnLiveSources, liveScheduler } from './live-scheduler.js';

/**
 * The real PA$$ server (startServer, as main.ts) for the live fan-out benchmark, with the scheduler main.ts runs
 * (live-scheduler.ts: the live sources' poll of a stand-in ESPN on every tick, then the room notices, the sync
 * access and the session clean-up). Before listening, LIVE_MEMBERS members are made straight in the database,
 * each with a session (one statement each); their session cookies go as JSON to BENCH_INFO_FILE.
 */

const config = loadConfig(process.env);
const server = await startServer(config, (message) => console.error(message));
const { app, database, now } = server;
const db: Database = database.db;
const count = Number(process.env.LIVE_MEMBERS ?? 0);
const started = performance.now();
const at = now();
const passwordHash = await hashPassword(randomUUID());
const run = randomUUID().slice(0, 8);
const members =
  count > 0
    ? await db
        .insert(users)
        .values(
          Array.from({ length: count }, (_, index) => ({
            username: `live_${run}_${index}`,
            email: `live_${run}_${index}@example.com`,
            passwordHash,
            emailVerifiedAt: at,
            setupCompletedAt: at,
          })),
        )
        .returning({ id: users.id })
    : [];
// Sessions live on the wall clock (resumeSession reads the real time), not on the server clock.
const wall = new Date();
const cookies = members.map(({ id }) => ({ userId: id, cookie: randomSecret() }));
if (cookies.length > 0) {
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
}
writeFileSync(
  process.env.BENCH_INFO_FILE!,
  JSON.stringify({ cookies: cookies.map(({ cookie }) => cookie), prepareMs: Math.round(performance.now() - started) }),
);

const scheduler = liveScheduler(server, config, espnLiveSources(config));

await app.listen({ port: config.port, host: config.host });
scheduler.start();
announceAndWatchParent(app.server as Server, async () => {
  await scheduler.stop();
  await app.close();
});
