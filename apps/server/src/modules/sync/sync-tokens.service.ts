import { createHash, randomBytes } from 'node:crypto';
import type { SyncToken } from '@pass/contracts';
import { syncAccounts, syncTokens, type Database, type DbExecutor } from '@pass/db';
import type { FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../errors.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';
import { getSession, type AuthDeps } from '../auth/auth-context.js';
import { findLinkedAccount, type SyncAccountRow } from './sync-accounts.repository.js';
import { decideMemberSyncAccess } from './sync-accounts.service.js';

/**
 * The bet-sync client's account-scoped tokens (decision 051): `pass_sync_` and 32 random bytes (base64url),
 * shown once; only the SHA-256 is kept, with the first characters so the member can tell tokens apart. A token
 * writes bets to its own account and reads nothing.
 */

export const SYNC_TOKEN_PREFIX = 'pass_sync_';
/** How much of the token is kept in clear, to tell tokens apart: the prefix and 6 characters of the secret. */
const SHOWN_CHARACTERS = SYNC_TOKEN_PREFIX.length + 6;

type SyncTokenRow = typeof syncTokens.$inferSelect;

export function hashSyncToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function toSyncTokenView(row: SyncTokenRow): SyncToken {
  return {
    id: row.id,
    label: row.label,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listSyncTokens(db: DbExecutor, account: SyncAccountRow): Promise<SyncToken[]> {
  const rows = await db
    .select()
    .from(syncTokens)
    .where(eq(syncTokens.accountId, account.id))
    .orderBy(asc(syncTokens.createdAt), asc(syncTokens.id));
  return rows.map(toSyncTokenView);
}

/** Makes a token for the account; the answer is the only place the token itself ever appears. */
export async function createSyncToken(
  db: Database,
  account: SyncAccountRow,
  label: string,
  now: Date,
  audit: AuditContext,
): Promise<SyncToken & { token: string }> {
  const token = `${SYNC_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(syncTokens)
      .values({
        accountId: account.id,
        label,
        tokenHash: hashSyncToken(token),
        prefix: token.slice(0, SHOWN_CHARACTERS),
        createdAt: now,
      })
      .returning();
    await recordAuditEvent(tx, audit, 'sync_token_created', account.userId, {
      account: account.publicId,
      token: row!.id,
    });
    return { ...toSyncTokenView(row!), token };
  });
}

export async function revokeSyncToken(
  db: Database,
  account: SyncAccountRow,
  tokenId: number,
  now: Date,
  audit: AuditContext,
): Promise<SyncToken> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(syncTokens)
      .where(and(eq(syncTokens.id, tokenId), eq(syncTokens.accountId, account.id)));
    if (!row) throw AppError.notFound('No such token');
    // Revoking twice changes nothing.
    if (row.revokedAt) return toSyncTokenView(row);
    const [revoked] = await tx.update(syncTokens).set({ revokedAt: now }).where(eq(syncTokens.id, row.id)).returning();
    await recordAuditEvent(tx, audit, 'sync_token_revoked', account.userId, {
      account: account.publicId,
      token: row.id,
    });
    return toSyncTokenView(revoked!);
  });
}

/** The bearer token of a request, when it is a bet-sync token. */
export function bearerSyncToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match && match[1]!.startsWith(SYNC_TOKEN_PREFIX) ? match[1]! : null;
}

export interface SyncWriter {
  account: SyncAccountRow;
  userId: number;
  /** How the caller proved who they are: the member's session, or the account's token. */
  via: 'session' | 'token';
}

const SYNC_OFF_MESSAGE =
  "This account's free sync days are over and no subscription covers it: subscribe at /subscribe to sync it again";

/**
 * Who may write bets to `{accountId}`: the member's session (cookie and CSRF pair, checked by the security
 * plugin), or a bet-sync token as `Authorization: Bearer pass_sync_…` (its route opts in with
 * `config.syncToken`, which lets a bearer request without cookies skip the CSRF pair). Refuses a revoked or
 * unknown token (401), a token of another account (404, as for an account that is not the caller's: the token
 * names no account it could learn about), and an account without sync now (403, naming /subscribe), decided on
 * the server clock at this moment so nothing waits for the access job.
 *
 *   const { account, userId } = await authorizeSyncWrite(deps, request, request.params.accountId);
 */
export async function authorizeSyncWrite(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  request: FastifyRequest,
  publicId: string,
): Promise<SyncWriter> {
  const now = deps.now();
  const token = bearerSyncToken(request);
  let writer: SyncWriter;
  if (token) {
    const [found] = await deps.db
      .select({ token: syncTokens, account: syncAccounts })
      .from(syncTokens)
      .innerJoin(syncAccounts, eq(syncAccounts.id, syncTokens.accountId))
      .where(eq(syncTokens.tokenHash, hashSyncToken(token)));
    if (!found || found.token.revokedAt || found.account.unlinkedAt) {
      throw new AppError('UNAUTHORIZED', 'This sync token is not valid (revoked or unknown): make a new one');
    }
    if (found.account.publicId !== publicId) throw AppError.notFound('No such linked account');
    await deps.db.update(syncTokens).set({ lastUsedAt: now }).where(eq(syncTokens.id, found.token.id));
    writer = { account: found.account, userId: found.account.userId, via: 'token' };
  } else {
    const session = await getSession(deps, request);
    if (!session) throw new AppError('UNAUTHORIZED', 'Log in, or send the account’s sync token, to continue');
    const account = await findLinkedAccount(deps.db, session.user.id, publicId);
    if (!account) throw AppError.notFound('No such linked account');
    writer = { account, userId: session.user.id, via: 'session' };
  }
  const decided = (await decideMemberSyncAccess(deps.db, writer.userId, now)).find(
    ({ account }) => account.id === writer.account.id,
  );
  if (!decided?.decision.access) throw AppError.forbidden(SYNC_OFF_MESSAGE);
  return writer;
}
