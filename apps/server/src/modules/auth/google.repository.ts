import { eq, lt } from 'drizzle-orm';
import { oauthFlows, type DbExecutor } from '@pass/db';

export type OAuthFlowRow = typeof oauthFlows.$inferSelect;

export async function createFlow(db: DbExecutor, values: typeof oauthFlows.$inferInsert): Promise<void> {
  await db.insert(oauthFlows).values(values);
}

/**
 * Takes a flow out of the table: the row is deleted and returned in one statement, so of two requests
 * presenting the same flow only one gets it (single use under concurrency).
 */
export async function takeFlow(db: DbExecutor, idHash: string): Promise<OAuthFlowRow | null> {
  const [row] = await db.delete(oauthFlows).where(eq(oauthFlows.idHash, idHash)).returning();
  return row ?? null;
}

/** Forgets flows that were started and never finished. */
export async function deleteExpiredFlows(db: DbExecutor, now: Date): Promise<number> {
  const rows = await db
    .delete(oauthFlows)
    .where(lt(oauthFlows.expiresAt, now))
    .returning({ idHash: oauthFlows.idHash });
  return rows.length;
}
