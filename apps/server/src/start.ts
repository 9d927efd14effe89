import { createDb, migrate, seedReferenceData, type DbHandle } from '@pass/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './env.js';

/**
 * Opens the database, brings it up to date, seeds reference data and builds the app.
 * Shared by main.ts and the tests that start a real server.
 */
export async function startApp(config: Config, log: (message: string) => void = () => {}): Promise<FastifyInstance> {
  const database: DbHandle = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => log(`database connection lost: ${error.message}`),
  });
  try {
    await migrate(database);
    await seedReferenceData(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return buildApp({ config, database });
}
