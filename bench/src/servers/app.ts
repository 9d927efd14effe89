import type { Server } from 'node:http';
import { loadConfig } from '../../../apps/server/src/env.js';
import { startApp } from '../../../apps/server/src/start.js';
import { announceAndWatchParent } from './announce.js';

/**
 * The real PA$$ server, built exactly as main.ts builds it (startApp: open the database, migrate, seed),
 * configured from the environment the parent passes: DATA_DIR (a temp dir) or DATABASE_URL (a throwaway
 * database), LOG_LEVEL=silent, PORT=0, HOST=127.0.0.1.
 */

const config = loadConfig(process.env);
const app = await startApp(config, (message) => console.error(message));
await app.listen({ port: config.port, host: config.host });
announceAndWatchParent(app.server as Server, () => app.close());
