import http from 'node:http';
import { DataStatusResponse, ErrorBody, HealthResponse, ReadinessResponse } from '@pass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { listenWhileStarting, type StartingListener } from './starting-listener.js';

describe('the listener that answers while the database is prepared', () => {
  let listener: StartingListener | undefined;
  afterEach(async () => {
    await listener?.close();
    listener = undefined;
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${listener!.port}${path}`, { headers });
    return { response, text: await response.text() };
  };

  it('answers liveness, says loading for readiness and data, and 503 with Retry-After for the rest', async () => {
    listener = await listenWhileStarting({
      port: 0,
      host: '127.0.0.1',
      databaseKind: 'pglite',
      now: () => new Date('2026-11-22T17:00:00Z'),
    });
    expect(listener.port).toBeGreaterThan(0);

    const health = await get('/api/health');
    expect(health.response.status).toBe(200);
    expect(HealthResponse.parse(JSON.parse(health.text))).toMatchObject({ status: 'ok' });

    const ready = await get('/api/health/ready');
    expect(ready.response.status).toBe(503);
    expect(ReadinessResponse.parse(JSON.parse(ready.text))).toEqual({
      status: 'loading',
      database: { kind: 'pglite' },
    });

    const data = await get('/api/health/data');
    expect(data.response.status).toBe(200);
    expect(DataStatusResponse.parse(JSON.parse(data.text))).toMatchObject({ state: 'loading', steps: [] });

    const api = await get('/api/book/events/americanfootball_nfl?x=1');
    expect(api.response.status).toBe(503);
    expect(api.response.headers.get('retry-after')).toBe('2');
    expect(ErrorBody.parse(JSON.parse(api.text)).error.code).toBe('UNAVAILABLE');
    expect(api.text).not.toContain('americanfootball_nfl');

    const page = await get('/football/schedule', { accept: 'text/html,application/xhtml+xml' });
    expect(page.response.status).toBe(503);
    expect(page.response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<meta http-equiv="refresh"');
    expect(page.text).toContain('PA$$ is starting');
    expect(page.response.headers.get('cache-control')).toBe('no-store');
  });

  it('frees its port on close, so the app can listen on it', async () => {
    listener = await listenWhileStarting({
      port: 0,
      host: '127.0.0.1',
      databaseKind: 'postgres',
      now: () => new Date('2026-11-22T17:00:00Z'),
    });
    const { port } = listener;
    await get('/api/health');
    await listener.close();
    listener = undefined;
    const server = http.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
