import cookie from '@fastify/cookie';
import { createTestDb } from '@pass/db/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import type { AuthDeps } from '../modules/auth/auth-context.js';
import { expectError, seedUser, TestClient } from '../test/accounts.js';
import { testConfig } from '../test/helpers.js';
import { accessPlugin, setContextAccess } from './access.js';

/** The access plugin alone: enough to see which routes it lets be declared. */
async function bareApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(cookie);
  // Building routes needs no database: the rules are checked when a route is declared.
  await app.register(accessPlugin, {} as AuthDeps);
  return app;
}

describe('route access rules at build time', () => {
  it('refuses an API route without a rule, naming it', async () => {
    const app = await bareApp();
    expect(() => app.get('/api/things/:id', async () => ({}))).toThrow(
      /GET \/api\/things\/:id declares no access rule/,
    );
    for (const url of ['/auth/thing', '/billing/thing', '/legal/thing', '/api']) {
      expect(() => app.post(url, async () => ({})), url).toThrow(/declares no access rule/);
    }
    await app.close();
  });

  it('refuses a route declared inside a plugin when the app is made ready', async () => {
    const app = await bareApp();
    // Not awaited: the error surfaces when the app loads its plugins.
    void app.register(
      async (child) => {
        child.route({ method: ['PUT', 'DELETE'], url: '/things/:id', handler: async () => ({}) });
      },
      { prefix: '/api' },
    );
    await expect(app.ready()).rejects.toThrow(/PUT,DELETE \/api\/things\/:id declares no access rule/);
  });

  it('refuses an unknown rule', async () => {
    const app = await bareApp();
    expect(() => app.get('/api/things', { config: { access: 'everyone' as never } }, async () => ({}))).toThrow(
      /unknown access rule 'everyone'/,
    );
    await app.close();
  });

  it('accepts declared rules, pages outside the API without one, and a rule given by the context', async () => {
    const app = await bareApp();
    app.get('/api/open', { config: { access: 'public' } }, async () => ({}));
    app.get('/api/mine', { config: { access: 'member' } }, async () => ({}));
    app.get('/apiary', async () => ({}));
    app.get('/', async () => ({}));
    await app.register(async (docs) => {
      setContextAccess(docs, 'public');
      docs.get('/api/docs/page', async () => ({}));
    });
    await app.ready();
    const rules = app.accessRules.filter((rule) => rule.method === 'GET');
    expect(rules).toEqual([
      { method: 'GET', url: '/api/open', access: 'public' },
      { method: 'GET', url: '/api/mine', access: 'member' },
      { method: 'GET', url: '/apiary', access: null },
      { method: 'GET', url: '/', access: null },
      { method: 'GET', url: '/api/docs/page', access: 'public' },
    ]);
    await app.close();
  });
});

describe('route access rules on requests', () => {
  const adminName = 'access-admin';
  let app: FastifyInstance;
  const ran = { member: 0, admin: 0 };
  const Body = z.object({ amount: z.number().int() });

  beforeAll(async () => {
    const database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
    app = await buildApp({ config: testConfig(), database, logger: false });
    app.post('/api/test/mine', { config: { access: 'member' }, schema: { body: Body } }, async () => ({
      count: ++ran.member,
    }));
    app.post('/api/test/admin', { config: { access: 'admin' }, schema: { body: Body } }, async () => ({
      count: ++ran.admin,
    }));
    await app.ready();
    await seedUser(database.db, { username: adminName, password: 'admin-password-1', admin: true });
    await seedUser(database.db, { username: 'access-member', password: 'member-password-1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses a visitor on a member route with 401 before reading the body', async () => {
    const visitor = new TestClient(app);
    const response = await visitor.request({
      method: 'POST',
      url: '/api/test/mine',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expectError(response, 401);
    expect(ran.member).toBe(0);
  });

  it('refuses a member on an admin route with 403 before validating, and a visitor with 401', async () => {
    const member = new TestClient(app);
    expect((await member.login('access-member', 'member-password-1')).statusCode).toBe(200);
    expectError(await member.post('/api/test/admin', { amount: 'lots' }), 403);
    expectError(await new TestClient(app).post('/api/test/admin', { amount: 1 }), 401);
    expect(ran.admin).toBe(0);
    // The member's own route validates and runs.
    expectError(await member.post('/api/test/mine', { amount: 'lots' }), 400, 'body.amount');
    expect((await member.post('/api/test/mine', { amount: 1 })).json()).toEqual({ count: 1 });
  });

  it('lets the admin through to validation and the handler', async () => {
    const admin = new TestClient(app);
    expect((await admin.login(adminName, 'admin-password-1')).statusCode).toBe(200);
    expectError(await admin.post('/api/test/admin', { amount: 'lots' }), 400, 'body.amount');
    expect((await admin.post('/api/test/admin', { amount: 1 })).json()).toEqual({ count: 1 });
  });

  it('publishes each rule in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { 'x-access'?: string; security?: unknown }>>;
      components: { securitySchemes?: Record<string, unknown> };
    }>();
    expect(document.paths['/api/health']?.get).toMatchObject({ 'x-access': 'public' });
    expect(document.paths['/api/health']?.get?.security).toBeUndefined();
    expect(document.paths['/api/user/bets']?.post).toMatchObject({
      'x-access': 'member',
      security: [{ session: [] }],
    });
    expect(document.paths['/api/admin/outbox']?.get).toMatchObject({ 'x-access': 'admin' });
    expect(document.components.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'pass_session' },
    });
  });

  it('lists every route of the app with its rule; the documentation pages are public', () => {
    const docs = app.accessRules.filter((rule) => rule.url.startsWith('/api/docs'));
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.every((rule) => rule.access === 'public')).toBe(true);
    expect(app.accessRules).toContainEqual({ method: 'POST', url: '/api/test/admin', access: 'admin' });
  });
});
