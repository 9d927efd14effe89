import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { syncAccounts, syncTokens, type Database } from '@pass/db';
import { loadConfig } from '../../../apps/server/src/env.js';
import * as authRepository from '../../../apps/server/src/modules/auth/auth.repository.js';
import { hashPassword } from '../../../apps/server/src/modules/auth/crypto.js';
import { hashSyncToken, SYNC_TOKEN_PREFIX } from '../../../apps/server/src/modules/sync/sync-tokens.service.js';
import { startServer } from '../../../apps/server/src/start.js';
import { announceAndWatchParent } from './announce.js';

/**
 * The real PA$$ server (startServer, as main.ts) for the hostile-upload benchmark. Before listening it makes one
 * member with a DraftKings account linked now (in its free days, so it syncs) and a bet-sync token for it,
 * straight in the database; the account id and the token go as JSON to BENCH_INFO_FILE.
 */

const config = loadConfig(process.env);
const { app, database, now } = await startServer(config, (message) => console.error(message));
const db: Database = database.db;
const at = now();
const run = randomUUID().slice(0, 8);
const member = await authRepository.createUser(db, {
  username: `sync_bench_${run}`,
  email: `sync_bench_${run}@example.com`,
  passwordHash: await hashPassword(randomUUID()),
  emailVerifiedAt: at,
  setupCompletedAt: at,
  isAdmin: false,
});
const [account] = await db
  .insert(syncAccounts)
  .values({ userId: member.id, book: 'draftkings', createdAt: at })
  .returning();
const token = `${SYNC_TOKEN_PREFIX}${randomUUID().replaceAll('-', '')}`;
await db.insert(syncTokens).values({
  accountId: account!.id,
  label: 'bench',
  tokenHash: hashSyncToken(token),
  prefix: token.slice(0, SYNC_TOKEN_PREFIX.length + 6),
  createdAt: at,
});
writeFileSync(process.env.BENCH_INFO_FILE!, JSON.stringify({ accountId: account!.publicId, token }));

await app.listen({ port: config.port, host: config.host });
announceAndWatchParent(app.server as Server, () => app.close());
