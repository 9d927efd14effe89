import { createDb, migrate, seedReferenceData, type DbHandle } from '@pass/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './env.js';
import { clockFor, type Clock } from './lib/clock.js';
import { runFirstRun } from './modules/imports/first-run.js';

/**
 * Opens the database, brings it up to date, seeds reference data, runs the first-run imports (PASS_SEED)
 * and builds the app. Shared by main.ts and the tests that start a real server. The server clock is made
 * here, once, and returned with the app for the scheduler: the first run, the app and the jobs read the same.
 */
export async function startServer(
  config: Config,
  log: (message: string) => void = () => {},
): Promise<{ app: FastifyInstance; database: DbHandle; now: Clock }> {
  const now = clockFor(config);
  const database: DbHandle = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => log(`database connection lost: ${error.message}`),
  });
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    await runFirstRun(database.db, {
      seed: config.seed,
      now: now(),
      oddsApiKey: config.oddsApiKey,
      oddsApiUrl: config.oddsApiUrl,
      log,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  return { app: await buildApp({ config, database, now }), database, now };
}

export async function startApp(config: Config, log: (message: string) => void = () => {}): Promise<FastifyInstance> {
  return (await startServer(config, log)).app;
}
