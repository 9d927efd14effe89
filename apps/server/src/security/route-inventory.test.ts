import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDb } from '@pass/db/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { isApiPath } from '../plugins/access.js';
import { buildTestApp, testConfig } from '../test/helpers.js';
import { FIGURES_DIR, writeFigures } from './figures.js';
import { fetchOpenApi, listOperations } from './openapi.js';

/**
 * The route inventory (docs/decisions/021): every route of the API declares who may call it, the app
 * refuses to start with one that does not, the OpenAPI document publishes every rule (so the bad-input
 * suite and the authorization matrix cover every route), and the rules agree with where a route lives.
 */

const { app, database } = await buildTestApp();
const operations = listOperations(await fetchOpenApi(app));
// Fastify answers HEAD for each GET by itself; the GET's rule is the one that counts.
const apiRoutes = app.accessRules.filter((rule) => isApiPath(rule.url) && rule.method !== 'HEAD');
/** Routes of the API left out of the document on purpose: the documentation's own pages. */
const UNDOCUMENTED = [/^\/api\/docs(\/|$)/];

/** `/api/user/bets/:id` → `/api/user/bets/{id}`, as the document writes it. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('route inventory', () => {
  afterAll(async () => {
    await app.close();
  });

  it('will not build an app with an API route that declares no access rule, and names the route', async () => {
    const bare = await buildApp({
      config: testConfig(),
      database: await createTestDb({ pgliteTemplate: inject('pgliteTemplate') }),
      logger: false,
    });
    try {
      expect(() => bare.post('/api/pools/:id/picks', async () => ({}))).toThrow(
        "POST /api/pools/:id/picks declares no access rule: add config: { access: 'public' | 'member' | 'admin' } to the route",
      );
      expect(() => bare.get('/billing/plans', async () => ({}))).toThrow(
        /GET \/billing\/plans declares no access rule/,
      );
    } finally {
      await bare.close();
    }
  });

  it('lists every route of the API with its rule', () => {
    const table = apiRoutes.map((rule) => `${rule.access}\t${rule.method}\t${rule.url}`).sort();
    const file = path.join(FIGURES_DIR, `routes-${database.kind}.tsv`);
    writeFigures(`route-inventory-${database.kind}`, {
      routes: apiRoutes.length,
      public: apiRoutes.filter((rule) => rule.access === 'public').length,
      member: apiRoutes.filter((rule) => rule.access === 'member').length,
      admin: apiRoutes.filter((rule) => rule.access === 'admin').length,
    });
    writeFileSync(file, `${table.join('\n')}\n`);
    expect(apiRoutes.filter((rule) => rule.access === null)).toEqual([]);
    expect(apiRoutes.length).toBeGreaterThan(40);
  });

  it('documents every API route with its rule, so that the suite covers it', () => {
    const documented = new Map(
      operations.map((operation) => [`${operation.method} ${operation.path}`, operation.access]),
    );
    const undocumented = apiRoutes
      .filter((rule) => !UNDOCUMENTED.some((pattern) => pattern.test(rule.url)))
      .map((rule) => `${rule.method} ${openApiPath(rule.url)}`)
      .filter((key) => !documented.has(key));
    expect(undocumented, 'API routes missing from the OpenAPI document (hidden routes escape the suite)').toEqual([]);
    const disagreeing = apiRoutes
      .filter((rule) => documented.has(`${rule.method} ${openApiPath(rule.url)}`))
      .filter((rule) => documented.get(`${rule.method} ${openApiPath(rule.url)}`) !== rule.access)
      .map((rule) => `${rule.method} ${rule.url}`);
    expect(disagreeing).toEqual([]);
  });

  it('gives routes under /api/admin the admin rule, and routes of the signed-in member at least the member rule', () => {
    const wrong = apiRoutes.filter(
      (rule) =>
        (rule.url.startsWith('/api/admin/') && rule.access !== 'admin') ||
        (/^\/(api\/user|api\/teller|billing\/user)(\/|$)/.test(rule.url) && rule.access === 'public'),
    );
    expect(wrong.map((rule) => `${rule.access} ${rule.method} ${rule.url}`)).toEqual([]);
  });
});
