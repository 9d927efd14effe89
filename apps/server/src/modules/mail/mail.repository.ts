import { desc, sql } from 'drizzle-orm';
import { mailOutbox, type DbExecutor } from '@pass/db';

export async function listOutbox(db: DbExecutor, filters: { limit: number; to?: string | undefined }) {
  return db
    .select()
    .from(mailOutbox)
    .where(filters.to ? sql`lower(${mailOutbox.toAddress}) = ${filters.to.toLowerCase()}` : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(filters.limit);
}
