import { ErrorBody, SegmentsResponse } from '@pass/contracts';
import { pageViews } from '@pass/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { uniqueAddress } from '../../test/accounts.js';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.js';
import {
  listPageViews,
  MAX_QUERIES_PER_ROUTE_PER_DAY,
  normalizeSegmentQuery,
  OTHER_QUERIES,
  recordPageView,
} from './segments.service.js';

describe('normalizeSegmentQuery', () => {
  it('sorts keys, so the order of parameters does not matter', () => {
    expect(normalizeSegmentQuery({ week: '3', season: '2025', sport: 'americanfootball_nfl' })).toBe(
      'season=2025&sport=americanfootball_nfl&week=3',
    );
    expect(normalizeSegmentQuery({ b: '2', a: '1' })).toBe(normalizeSegmentQuery({ a: '1', b: '2' }));
  });

  it.each([
    ['token', 'abc123'],
    ['reset_token', 'abc123'],
    ['email', 'pat@example.com'],
    ['code', '4/0AX4XfWh'],
    ['state', 'xyz'],
    ['username', 'pat'],
    ['password', 'hunter2'],
    ['X-AUTH-IDENT', 'e3b0c442'],
  ])('counts the value of %s as *', (key, value) => {
    const normalized = normalizeSegmentQuery({ [key]: value, week: '3' });
    expect(normalized).toBe(
      new URLSearchParams(
        (
          [
            [key, '*'],
            ['week', '3'],
          ] as [string, string][]
        ).sort(),
      ).toString(),
    );
    expect(normalized).not.toContain(encodeURIComponent(value));
  });

  it('keeps every value of a repeated key, and redacts each when sensitive', () => {
    expect(normalizeSegmentQuery({ team: ['NE', 'KC'] })).toBe('team=NE&team=KC');
    expect(normalizeSegmentQuery({ token: ['a', 'b'] })).toBe('token=*&token=*');
  });

  it('encodes values, so a value cannot forge another parameter', () => {
    expect(normalizeSegmentQuery({ q: 'a b&token=leak' })).toBe('q=a+b%26token%3Dleak');
  });

  it('caps the stored query at 500 characters', () => {
    const normalized = normalizeSegmentQuery({ a: 'x'.repeat(300), b: 'y'.repeat(300) });
    expect(normalized).toHaveLength(500);
    expect(normalized.startsWith(`a=${'x'.repeat(300)}&b=`)).toBe(true);
  });

  it('is empty for an empty query', () => {
    expect(normalizeSegmentQuery({})).toBe('');
  });
});

describe('GET /api/segments', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const visit = (query: string) => testApp.app.inject({ method: 'GET', url: `/api/segments?${query}` });
  const rowsOf = (route: string) => testApp.database.db.select().from(pageViews).where(eq(pageViews.route, route));
  const allRows = () => testApp.database.db.select().from(pageViews);

  it('counts the same route and query as one row, whatever the parameter order', async () => {
    const first = await visit('_route=football-schedule&week=3&season=2025');
    expect(first.statusCode).toBe(200);
    expect(SegmentsResponse.parse(first.json())).toEqual({ recorded: true });
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await visit('season=2025&_route=football-schedule&week=3')).statusCode).toBe(200);

    const counted = (await listPageViews(testApp.database.db, { sinceDay: '2000-01-01', limit: 100 })).filter(
      (row) => row.route === 'football-schedule',
    );
    expect(counted).toEqual([{ route: 'football-schedule', query: 'season=2025&week=3', views: 2 }]);
    const rows = await rowsOf('football-schedule');
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(2);
    expect(rows[0]?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('counts another query of the same route separately', async () => {
    await visit('_route=home');
    await visit('_route=home&week=4');
    await visit('_route=home');
    const counted = (await listPageViews(testApp.database.db, { sinceDay: '2000-01-01', limit: 100 })).filter(
      (row) => row.route === 'home',
    );
    expect(counted).toEqual([
      { route: 'home', query: '', views: 2 },
      { route: 'home', query: 'week=4', views: 1 },
    ]);
  });

  it('stores no secret from a reset link', async () => {
    const response = await visit('_route=password-reset&token=secret-reset-value&email=pat%40example.com');
    expect(response.statusCode).toBe(200);
    const rows = await rowsOf('password-reset');
    expect(rows.map((row) => row.query)).toEqual(['email=*&token=*']);
    const everything = JSON.stringify(await allRows());
    expect(everything).not.toContain('secret-reset-value');
    expect(everything).not.toContain('example.com');
  });

  it.each([
    ['a path instead of a route name', '_route=%2Fu%2Fpasswd&token=secret'],
    ['capital letters', '_route=Home'],
    ['an empty route', '_route='],
    ['a route name that is too long', `_route=${'a'.repeat(65)}`],
    ['a route the web app does not have', '_route=no-such-screen'],
  ])('refuses %s with 400 naming querystring._route and stores nothing', async (_case, query) => {
    const before = await allRows();
    const response = await visit(query);
    expect(response.statusCode).toBe(400);
    const error = ErrorBody.parse(response.json()).error;
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.fields?.map((field) => field.field)).toContain('querystring._route');
    expect(await allRows()).toEqual(before);
  });

  it('refuses a missing _route with 400 and stores nothing', async () => {
    const before = await allRows();
    const response = await visit('week=3');
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).error.fields?.map((field) => field.field)).toContain('querystring._route');
    expect(await allRows()).toEqual(before);
  });

  it('refuses an overlong value with 400 and stores nothing', async () => {
    const before = await allRows();
    const response = await visit(`_route=home&q=${'x'.repeat(201)}`);
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).error.fields?.map((field) => field.field)).toContain('querystring.q');
    expect(await allRows()).toEqual(before);
  });

  it('refuses more than 10 parameters besides the route, and stores nothing', async () => {
    const before = await allRows();
    const query = Array.from({ length: 11 }, (_, index) => `p${index}=1`).join('&');
    const response = await visit(`_route=home&${query}`);
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).error.code).toBe('BAD_REQUEST');
    expect(await allRows()).toEqual(before);
  });

  it('takes 60 views a minute from one client, then answers 429 with Retry-After and stores nothing', async () => {
    expect(testApp.config.pageViewsPerMinute).toBe(60);
    const client = uniqueAddress();
    const from = (address: string, query: string) =>
      testApp.app.inject({ method: 'GET', url: `/api/segments?_route=about&${query}`, remoteAddress: address });
    for (let index = 0; index < 60; index += 1) {
      expect((await from(client, `n=${index}`)).statusCode).toBe(200);
    }
    const before = await allRows();
    const refused = await from(client, 'n=over');
    expect(refused.statusCode).toBe(429);
    expect(ErrorBody.parse(refused.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await allRows()).toEqual(before);
    // Another client is counted on its own.
    expect((await from(uniqueAddress(), 'n=other-client')).statusCode).toBe(200);
  });
});

describe('recordPageView', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const at = new Date('2025-10-12T18:00:00Z');
  const record = (route: string, query: Record<string, string>, when = at) =>
    recordPageView(
      testApp.database.db,
      { limiter: createMemoryRateLimiter(), client: '192.0.2.1', perMinute: 1000 },
      { route, query, at: when },
    );
  const rowsOn = (route: string, day: string) =>
    testApp.database.db
      .select()
      .from(pageViews)
      .where(and(eq(pageViews.route, route), eq(pageViews.day, day)));

  it('keeps 50 distinct queries per route and day, and counts the rest together, so no view is lost', async () => {
    for (let index = 0; index < MAX_QUERIES_PER_ROUTE_PER_DAY; index += 1) await record('menu', { q: String(index) });
    for (let index = 0; index < 5; index += 1) await record('menu', { q: `extra-${index}` });
    // A query counted before the cap was reached still counts as itself.
    await record('menu', { q: '7' });

    const rows = await rowsOn('menu', '2025-10-12');
    expect(rows).toHaveLength(MAX_QUERIES_PER_ROUTE_PER_DAY + 1);
    expect(rows.find((row) => row.query === OTHER_QUERIES)?.views).toBe(5);
    expect(rows.find((row) => row.query === 'q=7')?.views).toBe(2);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(MAX_QUERIES_PER_ROUTE_PER_DAY + 6);
  });

  it('starts afresh the next day, and another route has its own 50', async () => {
    await record('menu', { q: 'tomorrow' }, new Date('2025-10-13T09:00:00Z'));
    expect((await rowsOn('menu', '2025-10-13')).map((row) => row.query)).toEqual(['q=tomorrow']);
    await record('tos', { q: 'new' });
    expect((await rowsOn('tos', '2025-10-12')).map((row) => row.query)).toEqual(['q=new']);
  });
});
