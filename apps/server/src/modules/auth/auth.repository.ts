import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { authTokens, builtOnce, serverSecrets, sessions, userIdentities, users, type DbExecutor } from '@pass/db';
import { systemClock } from '../../lib/clock.js';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type TokenPurpose = 'password_reset' | 'email_verification' | 'email_change' | 'email_revert';

export async function getUserById(db: DbExecutor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** By username or email, case-insensitively: members log in with either. */
export async function getUserByLogin(db: DbExecutor, login: string): Promise<UserRow | null> {
  const lowered = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`))
    .limit(1);
  return row ?? null;
}

/** By username alone, case-insensitively: the operator's command names accounts this way. */
export async function getUserByUsername(db: DbExecutor, username: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/**
 * The account an address belongs to: the one whose email it is, or else one that may still take it back
 * with an unused revert link (so that nobody can claim an address in the days its owner may revert to it).
 */
export async function getEmailOwner(db: DbExecutor, email: string, now: Date): Promise<UserRow | null> {
  const lowered = email.toLowerCase();
  const holders = db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.purpose, 'email_revert'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
        sql`lower(${authTokens.email}) = ${lowered}`,
      ),
    );
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${lowered}`, inArray(users.id, holders)))
    .orderBy(desc(sql`lower(${users.email}) = ${lowered}`))
    .limit(1);
  return row ?? null;
}

/** The user, locked until the transaction ends. */
export async function getUserForUpdate(db: DbExecutor, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row!;
}

export async function getUserByEmail(db: DbExecutor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function isUsernameTaken(db: DbExecutor, username: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row !== undefined && row.id !== exceptUserId;
}

export async function createUser(db: DbExecutor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: DbExecutor,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: systemClock() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function createSession(db: DbExecutor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The session and its user, if the session exists and has passed neither its idle nor its absolute end. */
export async function getLiveSession(db: DbExecutor, idHash: string, now: Date, idleCutoff: Date) {
  const [row] = await liveSession(db, { idHash, now: now.toISOString(), idleCutoff: idleCutoff.toISOString() });
  return row ?? null;
}

// Every signed-in request runs it: built once (builtOnce), the instants given as text.
const liveSession = builtOnce((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        sql`${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
        sql`${sessions.lastSeenAt} > ${sql.placeholder('idleCutoff')}::timestamptz`,
        // A suspended account's sessions are ended when it is suspended; this refuses one started in between.
        isNull(users.suspendedAt),
      ),
    )
    .limit(1),
);

export async function touchSession(db: DbExecutor, idHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbExecutor, idHash: string): Promise<number | null> {
  const [row] = await db.delete(sessions).where(eq(sessions.idHash, idHash)).returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

/** Ends every session of a user, or every one but the session kept. Returns how many ended. */
export async function deleteUserSessions(db: DbExecutor, userId: number, keepIdHash?: string): Promise<number> {
  const condition = keepIdHash
    ? and(eq(sessions.userId, userId), sql`${sessions.idHash} <> ${keepIdHash}`)
    : eq(sessions.userId, userId);
  const rows = await db.delete(sessions).where(condition).returning({ idHash: sessions.idHash });
  return rows.length;
}

/** Deletes the sessions past their absolute end or idle since `idleCutoff`; returns each one's user id. */
export async function deleteExpiredSessions(db: DbExecutor, now: Date, idleCutoff: Date): Promise<number[]> {
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)))
    .returning({ userId: sessions.userId });
  return rows.map((row) => row.userId);
}

/** Deletes the single-use tokens expired by `now` or used before `usedBefore`; returns how many. */
export async function deleteSpentTokens(db: DbExecutor, now: Date, usedBefore: Date): Promise<number> {
  const rows = await db
    .delete(authTokens)
    .where(or(lt(authTokens.expiresAt, now), and(isNotNull(authTokens.usedAt), lt(authTokens.usedAt, usedBefore))))
    .returning({ tokenHash: authTokens.tokenHash });
  return rows.length;
}

/** Stores a new token; the user's older unused tokens of the same purpose stop working. */
export async function replaceToken(db: DbExecutor, values: typeof authTokens.$inferInsert): Promise<void> {
  await db
    .delete(authTokens)
    .where(
      and(eq(authTokens.userId, values.userId), eq(authTokens.purpose, values.purpose), isNull(authTokens.usedAt)),
    );
  await db.insert(authTokens).values(values);
}

export async function getUsableToken(
  db: DbExecutor,
  tokenHash: string,
  purpose: TokenPurpose | TokenPurpose[],
  now: Date,
) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        Array.isArray(purpose) ? inArray(authTokens.purpose, purpose) : eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Stores a token beside the user's others of the same purpose. */
export async function createToken(db: DbExecutor, values: typeof authTokens.$inferInsert): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** Voids the user's unused tokens of a purpose (those made after `createdAfter` only, when given). */
export async function deleteUnusedTokens(
  db: DbExecutor,
  userId: number,
  purpose: TokenPurpose,
  createdAfter?: Date,
): Promise<void> {
  await db
    .delete(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        createdAfter ? gt(authTokens.createdAt, createdAfter) : undefined,
      ),
    );
}

/** Marks a token used; false when another request used it first (single use under concurrency). */
export async function markTokenUsed(db: DbExecutor, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.usedAt)))
    .returning({ tokenHash: authTokens.tokenHash });
  return rows.length === 1;
}

export async function getIdentity(db: DbExecutor, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function createIdentity(db: DbExecutor, values: typeof userIdentities.$inferInsert): Promise<void> {
  await db.insert(userIdentities).values(values);
}

/**
 * The named server secret, made from `create()` the first time anyone asks: the insert that loses a race
 * does nothing, and everyone reads back the one value that won.
 */
export async function getOrCreateServerSecret(db: DbExecutor, name: string, create: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: create() }).onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name))
    .limit(1);
  return row!.value;
}
