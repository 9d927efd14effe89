import { HealthResponse } from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { serializeHealth } from './health.routes.js';

describe('health', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('answers liveness with ok', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('writes liveness as the contract would: the same bytes as the schema checked and serialised', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const answer = HealthResponse.parse(response.json());
    expect(response.body).toBe(JSON.stringify(HealthResponse.encode(answer)));
    // serializeHealth writes these three fields: a field added to the contract has to be added there too.
    expect(Object.keys(HealthResponse.shape)).toEqual(['status', 'uptimeSeconds', 'time']);
    // The same for values the live answer does not happen to show: a long uptime, another instant.
    for (const other of [
      { status: 'ok' as const, uptimeSeconds: 0, time: '2026-01-01T00:00:00.000Z' },
      { status: 'ok' as const, uptimeSeconds: 31_536_000, time: '2030-12-31T23:59:59.999Z' },
    ]) {
      expect(serializeHealth(other)).toBe(JSON.stringify(HealthResponse.encode(other)));
    }
  });

  it('answers readiness with the database kind while the database answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ready',
      database: { kind: testApp.database.kind, reachable: true },
    });
  });
});
