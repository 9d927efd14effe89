import { eq } from 'drizzle-orm';
import { legalDocuments, type DbExecutor } from '@pass/db';

export async function getLegalDocument(db: DbExecutor, slug: string) {
  const [row] = await db.select().from(legalDocuments).where(eq(legalDocuments.slug, slug)).limit(1);
  return row ?? null;
}
