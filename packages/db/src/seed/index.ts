import type { DbExecutor } from '../client.js';
import { seedLegalDocuments } from './legal-documents.js';

export * from './legal-documents.js';

/** The seeds every database gets at start: reference rows the app cannot run without. Idempotent. */
export async function seedReferenceData(db: DbExecutor): Promise<void> {
  await seedLegalDocuments(db);
}
