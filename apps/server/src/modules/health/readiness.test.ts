import net from 'node:net';
import { ReadinessResponse } from '@pass/contracts';
import { createDb, migrate, seedReferenceData } from '@pass/db';
import { createPostgresTestDatabaseUrl, testDatabaseKind } from '@pass/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { runningLifecycle } from '../../lib/lifecycle.js';
import { buildTestApp, testConfig } from '../../test/helpers.js';

/** The readiness deadline of the operations contract: an answer within 2 s even when the database hangs. */
const READINESS_DEADLINE_MS = 2000;

async function timedReadiness(app: FastifyInstance) {
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
  return { response, elapsedMs: performance.now() - started };
}

/**
 * A TCP proxy in front of PostgreSQL that a test can cut, freeze and restore, to play a database
 * that goes away, hangs, and comes back.
 */
class DatabaseProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private mode: 'forward' | 'hang' = 'forward';
  port = 0;

  constructor(
    private readonly upstreamHost: string,
    private readonly upstreamPort: number,
  ) {}

  async start(): Promise<void> {
    this.mode = 'forward';
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Closes the listening socket and every open connection: the database is gone. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.dropConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Drops open connections; new ones are accepted but never answered: the database hangs. */
  hang(): void {
    this.mode = 'hang';
    this.dropConnections();
  }

  private dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private accept(client: net.Socket): void {
    this.track(client);
    if (this.mode === 'hang') return;
    const upstream = net.connect(this.upstreamPort, this.upstreamHost);
    this.track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

if (testDatabaseKind() === 'postgres') {
  describe('readiness while PostgreSQL goes away and comes back', () => {
    let proxy: DatabaseProxy;
    let app: FastifyInstance;
    let pool: { totalCount: number };
    let dropDatabase: () => Promise<void>;
    // Idle connections cut by the proxy report here instead of crashing the process.
    const poolErrors: Error[] = [];

    beforeAll(async () => {
      const admin = new URL(process.env.DATABASE_URL ?? '');
      proxy = new DatabaseProxy(admin.hostname, Number(admin.port || 5432));
      await proxy.start();

      const database = await createPostgresTestDatabaseUrl();
      dropDatabase = database.drop;
      const proxied = new URL(database.url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);

      const handle = await createDb({
        databaseUrl: proxied.toString(),
        poolSize: 2,
        onPoolError: (error) => poolErrors.push(error),
      });
      if (handle.raw.kind !== 'postgres') throw new Error('expected a PostgreSQL handle');
      pool = handle.raw.pool;
      await migrate(handle);
      await seedReferenceData(handle.db);
      app = await buildApp({ config: testConfig(), database: handle, logger: false });
      await app.ready();
    });

    afterAll(async () => {
      await app?.close();
      await proxy?.stop();
      await dropDatabase?.();
    });

    it('is ready while the database answers', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(ReadinessResponse.parse(response.json())).toMatchObject({
        status: 'ready',
        database: { kind: 'postgres', reachable: true },
      });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('answers 503 in time while the database accepts connections but never answers', async () => {
      proxy.hang();
      // Let the pool notice its dropped connections, so the ping has to open a new one and wait.
      await vi.waitFor(() => expect(pool.totalCount).toBe(0), { timeout: 5000, interval: 20 });
      const { response, elapsedMs } = await timedReadiness(app);
      expect(response.statusCode).toBe(503);
      expect(ReadinessResponse.parse(response.json())).toEqual({
        status: 'unavailable',
        database: { kind: 'postgres', reachable: false },
      });
      expect(elapsedMs).toBeLessThan(READINESS_DEADLINE_MS);
    });

    it('answers 503 in time once the database is gone', async () => {
      await proxy.stop();
      const { response, elapsedMs } = await timedReadiness(app);
      expect(response.statusCode).toBe(503);
      expect(ReadinessResponse.parse(response.json())).toMatchObject({
        status: 'unavailable',
        database: { reachable: false },
      });
      expect(elapsedMs).toBeLessThan(READINESS_DEADLINE_MS);
    });

    it('answers a request that needs the database with 503 UNAVAILABLE, not 500', async () => {
      const response = await app.inject({ method: 'GET', url: '/legal/privacy-policy' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    });

    it('is ready again once the database is back, without a restart', async () => {
      await proxy.start();
      await vi.waitFor(
        async () => {
          const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
          expect(response.statusCode).toBe(200);
        },
        { timeout: 10_000, interval: 200 },
      );
      const legal = await app.inject({ method: 'GET', url: '/legal/privacy-policy' });
      expect(legal.statusCode).toBe(200);
    });
  });
}

describe('readiness after the database is closed', () => {
  it('answers 503 with the database kind', async () => {
    const { app, database } = await buildTestApp();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await database.close();
      const { response, elapsedMs } = await timedReadiness(app);
      expect(response.statusCode).toBe(503);
      expect(ReadinessResponse.parse(response.json())).toEqual({
        status: 'unavailable',
        database: { kind: testDatabaseKind(), reachable: false },
      });
      expect(elapsedMs).toBeLessThan(READINESS_DEADLINE_MS);
      // Liveness does not depend on the database.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('readiness of an instance shutting down', () => {
  it('answers 503 draining once the instance is asked to stop, while it still serves', async () => {
    const lifecycle = runningLifecycle();
    const { app } = await buildTestApp({}, { lifecycle });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      lifecycle.draining = true;
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(ReadinessResponse.parse(response.json()).status).toBe('draining');
      // Requests already routed here are still answered while the load balancer takes the instance out.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
