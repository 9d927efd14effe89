import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { name: string; in: string; required?: boolean }[]; responses?: Record<string, unknown> }
    >
  >;
}

describe('API docs', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ PUBLIC_URL: 'https://pass.example.org' });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('publishes an OpenAPI 3 document of the routes', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBe('PA$$ API');
    expect(document.servers).toEqual([{ url: 'https://pass.example.org' }]);
    for (const path of [
      '/api/health',
      '/api/health/ready',
      '/legal/privacy-policy',
      '/legal/terms-of-service',
      '/legal/pool-party-rules',
      '/api/segments',
      '/api/config',
    ]) {
      expect(document.paths, path).toHaveProperty([path, 'get']);
    }
  });

  it('documents the query schema and the error responses of a route', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    const segments = document.paths['/api/segments']?.get;
    expect(segments?.parameters).toContainEqual(
      expect.objectContaining({ name: '_route', in: 'query', required: true }),
    );
    expect(Object.keys(segments?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']));
    expect(Object.keys(document.paths['/api/health/ready']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '503']),
    );
  });

  it('leaves the docs themselves and the web app out of the document', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
  });

  it('serves the documentation page as HTML', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/swagger/i);
  });
});
