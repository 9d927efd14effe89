import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fetchCall, fetchHeaders, jsonResponse, stubFetch } from '../testing/fetch';
import { api, ApiError, apiRequest, parseRetryAfter } from './api-client';
import { isShowingKeptAnswers } from './offline-status';
import { clearSessionUser, storeSessionUser } from './session-user';

function setCookie(value: string) {
  document.cookie = `${value}; path=/`;
}

function clearCookies() {
  for (const entry of document.cookie.split('; ')) {
    const name = entry.split('=')[0];
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  clearCookies();
});

afterEach(() => {
  clearCookies();
  vi.unstubAllGlobals();
});

describe('api.get', () => {
  it('requests JSON from the same origin and returns the parsed body', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ok: true, n: 3 }));
    await expect(api.get('/api/health')).resolves.toEqual({ ok: true, n: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, init } = fetchCall(fetchMock);
    expect(url.origin).toBe(window.location.origin);
    expect(url.pathname).toBe('/api/health');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeNull();
    expect(fetchHeaders(fetchMock)).toEqual({ accept: 'application/json' });
  });

  it('appends the query parameters, skipping undefined ones', async () => {
    const fetchMock = stubFetch(() => jsonResponse([]));
    await api.get('/api/segments', { query: { _route: 'home', week: 3, skipped: undefined, q: 'a b&c' } });
    const { url } = fetchCall(fetchMock);
    expect(url.pathname).toBe('/api/segments');
    expect([...url.searchParams]).toEqual([
      ['_route', 'home'],
      ['week', '3'],
      ['q', 'a b&c'],
    ]);
  });

  it('does not send the CSRF header on GET, even with the cookie set', async () => {
    setCookie('XSRF-TOKEN=csrf-value');
    const fetchMock = stubFetch(() => jsonResponse({}));
    await api.get('/api/config');
    expect(fetchHeaders(fetchMock)).not.toHaveProperty('x-xsrf-token');
  });

  it('passes the abort signal and extra headers', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const controller = new AbortController();
    await api.get('/api/config', { signal: controller.signal, headers: { 'x-extra': 'yes' } });
    expect(fetchCall(fetchMock).init.signal).toBe(controller.signal);
    expect(fetchHeaders(fetchMock)).toMatchObject({ 'x-extra': 'yes', accept: 'application/json' });
  });

  it('returns null for an empty success body', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.get('/api/segments')).resolves.toBeNull();
  });
});

describe('the offline copies of the service worker', () => {
  afterEach(() => clearSessionUser());

  it('names the signed-in member on the reads the worker keeps, and a visitor when no one is signed in', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await api.get('/api/pools');
    storeSessionUser({ id: 42, username: 'ann', name: null, isAdmin: false });
    await api.get('/api/pools/7/standings');
    await api.get('/api/segments');
    expect(fetchHeaders(fetchMock, 0)['x-pass-user']).toBe('visitor');
    expect(fetchHeaders(fetchMock, 1)['x-pass-user']).toBe('42');
    expect(fetchHeaders(fetchMock, 2)).not.toHaveProperty('x-pass-user');
  });

  it('notes an answer the worker gave from its copy, until the server answers again', async () => {
    let offline = true;
    stubFetch(() => jsonResponse({ n: 1 }, { headers: offline ? { 'x-pass-offline': '1' } : {} }));
    await expect(api.get('/api/pools')).resolves.toEqual({ n: 1 });
    expect(isShowingKeptAnswers()).toBe(true);
    offline = false;
    await api.get('/api/pools');
    expect(isShowingKeptAnswers()).toBe(false);
  });

  it('keeps the offline mark while the browser is offline, whatever its own HTTP cache answers', async () => {
    stubFetch(() => jsonResponse({ n: 1 }, { headers: { 'x-pass-offline': '1' } }));
    await api.get('/api/pools');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      stubFetch(() => jsonResponse({ supportEmail: 'x' }));
      await api.get('/api/config');
      expect(isShowingKeptAnswers()).toBe(true);
    } finally {
      onLine.mockRestore();
    }
    await api.get('/api/config');
    expect(isShowingKeptAnswers()).toBe(false);
  });
});

describe('api.post', () => {
  it('sends the body as JSON with the CSRF cookie echoed in X-XSRF-TOKEN', async () => {
    setCookie('XSRF-TOKEN=csrf-value');
    const fetchMock = stubFetch(() => jsonResponse({ id: 1 }, { status: 201 }));
    await expect(api.post('/api/pools', { name: 'Office' })).resolves.toEqual({ id: 1 });
    const { init } = fetchCall(fetchMock);
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ name: 'Office' }));
    expect(fetchHeaders(fetchMock)).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-xsrf-token': 'csrf-value',
    });
  });

  it('sends a raw body as it is, with its content type and the CSRF header', async () => {
    setCookie('XSRF-TOKEN=csrf-value');
    const fetchMock = stubFetch(() => jsonResponse({ data: { rows: 1 } }));
    const file = new Blob(['a,b\n1,2\n'], { type: 'text/csv' });
    await api.postRaw(
      '/api/sync/accounts/x/uploads',
      { raw: file, contentType: 'text/csv' },
      { query: { file_name: 'h.csv' } },
    );
    const { url, init } = fetchCall(fetchMock);
    expect(url.searchParams.get('file_name')).toBe('h.csv');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
    expect(fetchHeaders(fetchMock)).toEqual({
      accept: 'application/json',
      'content-type': 'text/csv',
      'x-xsrf-token': 'csrf-value',
    });
  });

  it('finds the CSRF cookie among others and decodes it', async () => {
    setCookie('first=1');
    setCookie('XSRF-TOKEN=abc%3D%3D');
    setCookie('last=2');
    const fetchMock = stubFetch(() => jsonResponse({}));
    await api.post('/auth/logout');
    expect(fetchHeaders(fetchMock)['x-xsrf-token']).toBe('abc==');
  });

  it('does not mistake a cookie whose name ends like the CSRF cookie for it', async () => {
    setCookie('NOT-XSRF-TOKEN=wrong');
    const fetchMock = stubFetch(() => jsonResponse({}));
    await api.post('/auth/logout');
    expect(fetchHeaders(fetchMock)).not.toHaveProperty('x-xsrf-token');
  });

  it('sends no CSRF header without the cookie, and no content type without a body', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await api.post('/auth/logout');
    const { init } = fetchCall(fetchMock);
    expect(init.body).toBeNull();
    expect(fetchHeaders(fetchMock)).toEqual({ accept: 'application/json' });
  });

  it('sends the CSRF header on other state-changing methods', async () => {
    setCookie('XSRF-TOKEN=t');
    const fetchMock = stubFetch(() => jsonResponse({}));
    await apiRequest('/api/pools/1', { method: 'DELETE' });
    expect(fetchCall(fetchMock).init.method).toBe('DELETE');
    expect(fetchHeaders(fetchMock)['x-xsrf-token']).toBe('t');
  });
});

describe('errors', () => {
  it('throws an ApiError with the status and the parsed error body for a non-2xx answer', async () => {
    stubFetch(() => errorResponse(404, 'NOT_FOUND', 'No such pool'));
    const error = await api.get('/api/pools/9').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    const apiError = error as ApiError;
    expect(apiError.name).toBe('ApiError');
    expect(apiError.status).toBe(404);
    expect(apiError.code).toBe('NOT_FOUND');
    expect(apiError.message).toBe('No such pool');
    expect(apiError.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No such pool' } });
  });

  it('keeps the field errors of a 400', async () => {
    const body = {
      error: { code: 'BAD_REQUEST', message: 'Invalid', fields: [{ field: 'body.name', message: 'Required' }] },
    };
    stubFetch(() => jsonResponse(body, { status: 400 }));
    const error = (await api.post('/api/pools', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.body?.error.fields).toEqual([{ field: 'body.name', message: 'Required' }]);
  });

  it('has no body and a generic message when the error is not JSON', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await api.get('/api/config').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(error.code).toBeUndefined();
    expect(error.message).toBe('Request failed with status 502');
  });

  it('has no body when the JSON is not the API error shape', async () => {
    stubFetch(() => jsonResponse({ message: 'nope' }, { status: 500 }));
    const error = (await api.get('/api/config').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(500);
    expect(error.body).toBeNull();
  });

  it('treats 3xx answers that reach the client as failures', async () => {
    stubFetch(() => new Response(null, { status: 304 }));
    await expect(api.get('/api/config')).rejects.toMatchObject({ name: 'ApiError', status: 304 });
  });

  it('passes a network failure through unchanged', async () => {
    const failure = new TypeError('Failed to fetch');
    stubFetch(() => Promise.reject(failure));
    await expect(api.get('/api/config')).rejects.toBe(failure);
  });

  it('reads the seconds to wait from Retry-After', async () => {
    stubFetch(() =>
      jsonResponse(
        { error: { code: 'RATE_LIMITED', message: 'slow down' } },
        { status: 429, headers: { 'retry-after': '120' } },
      ),
    );
    const error = (await api.post('/auth/login', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(120);
  });

  it('has no retry delay without a Retry-After header', async () => {
    stubFetch(() => errorResponse(429, 'RATE_LIMITED'));
    const error = (await api.post('/auth/login', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.retryAfterSeconds).toBeNull();
  });
});

describe('api.patch', () => {
  it('sends the body with PATCH', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ data: { ok: true } }));
    await api.patch('/auth/profile', { name: 'Pat' });
    const { url, init } = fetchCall(fetchMock);
    expect(url.pathname).toBe('/auth/profile');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"name":"Pat"}');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');

  it.each([
    ['90', 90],
    [' 5 ', 5],
    ['0', 0],
    ['Sat, 21 Nov 2026 12:03:00 GMT', 180],
    ['Sat, 21 Nov 2026 11:00:00 GMT', 0],
  ])('reads %j as %d seconds', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });

  it.each([[null], [''], ['soon'], ['-3']])('finds nothing readable in %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeNull();
  });
});
