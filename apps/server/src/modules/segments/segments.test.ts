import { ErrorBody, SegmentsResponse } from '@pass/contracts';
import { pageViews } from '@pass/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { listPageViews, normalizeSegmentQuery } from './segments.service.js';

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
    const response = await visit('_route=reset-password&token=secret-reset-value&email=pat%40example.com');
    expect(response.statusCode).toBe(200);
    const rows = await rowsOf('reset-password');
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
});
