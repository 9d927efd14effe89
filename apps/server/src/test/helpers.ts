import type { DbHandle } from '@pass/db';
import { seedReferenceData } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../env.js';
import type { Clock } from '../lib/clock.js';
import type { InstanceLifecycle } from '../lib/lifecycle.js';
import type { ChatBus } from '../modules/chat/chat-bus.js';
import type { WebPushNotifier } from '../modules/notifications/web-push-notifier.js';

// The global setup (test-setup/pglite-template.ts) provides this; declared here too so the server's
// own tsconfig, which does not include test-setup/, knows the key.
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** A configuration for tests: defaults plus the given variables, with no web app to serve. */
export function testConfig(env: Record<string, string> = {}): Config {
  // The tests' fake providers listen on loopback; Web Push keeps its own strict rule (notifier options).
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'on',
    // The live sources are asked only by the tests that serve them from a local fake.
    REFRESH_LIVE: 'off',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  config: Config;
}

/**
 * The whole app on a fresh, migrated and seeded database of its own (PGlite, or PostgreSQL under
 * TEST_DATABASE=postgres). Close it with `app.close()`, which also closes and drops the database.
 * With a `logStream`, the app logs as in production (at LOG_LEVEL) into that stream; otherwise not at all.
 * With `now`, the server clock is that one instead of the configuration's (the real clock, or PASS_CLOCK); with
 * `chatBus`, the chat rooms' bus is that one (a Redis bus on a channel prefix of the test's own); with
 * `chatHeartbeatMs`, chat sockets are pinged that often; with `pushNotifier`, members' devices are reached
 * through the notifier it makes from the test's database and configuration; with `routes`, a test's own routes
 * are added before the app is ready (they pass through every plugin's hooks, as the app's routes do).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: { write(line: string): void };
    now?: Clock;
    chatBus?: ChatBus;
    chatHeartbeatMs?: number;
    pushNotifier?: (made: { database: DbHandle; config: Config }) => WebPushNotifier;
    routes?: (app: FastifyInstance) => void | Promise<void>;
    yieldTurn?: () => Promise<void>;
    lifecycle?: InstanceLifecycle;
  } = {},
): Promise<TestApp> {
  const database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  await seedReferenceData(database.db);
  const config = testConfig(env);
  const dependencies = {
    ...(options.now ? { now: options.now } : {}),
    ...(options.chatBus ? { chatBus: options.chatBus } : {}),
    ...(options.chatHeartbeatMs ? { chatHeartbeatMs: options.chatHeartbeatMs } : {}),
    ...(options.yieldTurn ? { yieldTurn: options.yieldTurn } : {}),
    ...(options.lifecycle ? { lifecycle: options.lifecycle } : {}),
    ...(options.pushNotifier ? { pushNotifier: options.pushNotifier({ database, config }) } : {}),
  };
  const app = await buildApp(
    options.logStream
      ? { config, database, logStream: options.logStream, ...dependencies }
      : { config, database, logger: false, ...dependencies },
  );
  await options.routes?.(app);
  await app.ready();
  return { app, database, config };
}

/** The XSRF cookie and header pair a state-changing request needs. */
export function csrfPair(token = 'test-csrf-token-0123456789') {
  return { cookies: { 'XSRF-TOKEN': token }, headers: { 'x-xsrf-token': token } };
}
