import { and, asc, desc, isNull, sql } from 'drizzle-orm';
import { mailOutbox, type DbExecutor } from '@pass/db';

const toAddressIs = (to: string | undefined) =>
  to ? sql`lower(${mailOutbox.toAddress}) = ${to.toLowerCase()}` : undefined;

export async function listOutbox(db: DbExecutor, filters: { limit: number; to?: string | undefined }) {
  return db.select().from(mailOutbox).where(toAddressIs(filters.to)).orderBy(desc(mailOutbox.id)).limit(filters.limit);
}

/** Mail that has not reached an SMTP server (none configured, or delivery failed), oldest first. */
export async function listUnsentMail(db: DbExecutor, filters: { to?: string | undefined } = {}) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), toAddressIs(filters.to)))
    .orderBy(asc(mailOutbox.id));
}
