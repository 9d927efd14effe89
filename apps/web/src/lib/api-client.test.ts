import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, errorResponse, sentRequest, sentRequests } from '../testing/api-server';
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
});

describe('api.get', () => {
  it('requests JSON from the same origin and returns the parsed body', async () => {
    answer('get', '/api/health', { ok: true, n: 3 });
    await expect(api.get('/api/health')).resolves.toEqual({ ok: true, n: 3 });
    expect(sentRequests()).toHaveLength(1);
    const { url, method, headers, request } = sentRequest();
    expect(url.origin).toBe(window.location.origin);
    expect(url.pathname).toBe('/api/health');
    expect(method).toBe('GET');
    expect(request.credentials).toBe('same-origin');
    expect(request.body).toBeNull();
    expect(headers).toEqual({ accept: 'application/json' });
  });

  it('appends the query parameters, skipping undefined ones', async () => {
    answer('get', '/api/segments', []);
    await api.get('/api/segments', { query: { _route: 'home', week: 3, skipped: undefined, q: 'a b&c' } });
    const { url } = sentRequest();
    expect(url.pathname).toBe('/api/segments');
    expect([...url.searchParams]).toEqual([
      ['_route', 'home'],
      ['week', '3'],
      ['q', 'a b&c'],
    ]);
  });

  it('does not send the CSRF header on GET, even with the cookie set', async () => {
    setCookie('XSRF-TOKEN=csrf-value');
    answer('get', '/api/config', {});
    await api.get('/api/config');
    expect(sentRequest().headers).not.toHaveProperty('x-xsrf-token');
  });

  it('passes the abort signal and extra headers', async () => {
    // Never answers: only the signal ends the request.
    answer('get', '/api/config', () => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const request = api.get('/api/config', { signal: controller.signal, headers: { 'x-extra': 'yes' } });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    const sent = sentRequest();
    expect(sent.request.signal.aborted).toBe(true);
    expect(sent.headers).toMatchObject({ 'x-extra': 'yes', accept: 'application/json' });
  });

  it('returns null for an empty success body', async () => {
    answer('get', '/api/segments', () => new HttpResponse(null, { status: 204 }));
    await expect(api.get('/api/segments')).resolves.toBeNull();
  });
});

describe('the offline copies of the service worker', () => {
  afterEach(() => clearSessionUser());

  it('names the signed-in member on the reads the worker keeps, and a visitor when no one is signed in', async () => {
    answer('get', '/api/*', {});
    await api.get('/api/pools');
    storeSessionUser({ id: 42, username: 'ann', name: null, isAdmin: false });
    await api.get('/api/pools/7/standings');
    await api.get('/api/segments');
    expect(sentRequest(0).headers['x-pass-user']).toBe('visitor');
    expect(sentRequest(1).headers['x-pass-user']).toBe('42');
    expect(sentRequest(2).headers).not.toHaveProperty('x-pass-user');
  });

  it('notes an answer the worker gave from its copy, until the server answers again', async () => {
    let offline = true;
    answer('get', '/api/pools', () =>
      HttpResponse.json({ n: 1 }, { headers: offline ? { 'x-pass-offline': '1' } : {} }),
    );
    await expect(api.get('/api/pools')).resolves.toEqual({ n: 1 });
    expect(isShowingKeptAnswers()).toBe(true);
    offline = false;
    await api.get('/api/pools');
    expect(isShowingKeptAnswers()).toBe(false);
  });

  it('keeps the offline mark while the browser is offline, whatever its own HTTP cache answers', async () => {
    answer('get', '/api/pools', { n: 1 }, { headers: { 'x-pass-offline': '1' } });
    await api.get('/api/pools');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      answer('get', '/api/config', { supportEmail: 'x' });
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
    answer('post', '/api/pools', { id: 1 }, { status: 201 });
    await expect(api.post('/api/pools', { name: 'Office' })).resolves.toEqual({ id: 1 });
    const { method, request, headers } = sentRequest();
    expect(method).toBe('POST');
    expect(await request.text()).toBe(JSON.stringify({ name: 'Office' }));
    expect(headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-xsrf-token': 'csrf-value',
    });
  });

  it('sends a raw body as it is, with its content type and the CSRF header', async () => {
    setCookie('XSRF-TOKEN=csrf-value');
    answer('post', '/api/sync/accounts/x/uploads', { data: { rows: 1 } });
    const csv = 'a,b\n1,2\n';
    const file = new Blob([csv], { type: 'text/csv' });
    await api.postRaw(
      '/api/sync/accounts/x/uploads',
      { raw: file, contentType: 'text/csv' },
      { query: { file_name: 'h.csv' } },
    );
    const { url, method, request, headers } = sentRequest();
    expect(url.searchParams.get('file_name')).toBe('h.csv');
    expect(method).toBe('POST');
    expect(await request.text()).toBe(csv);
    expect(headers).toEqual({
      accept: 'application/json',
      'content-type': 'text/csv',
      'x-xsrf-token': 'csrf-value',
    });
  });

  it('finds the CSRF cookie among others and decodes it', async () => {
    setCookie('first=1');
    setCookie('XSRF-TOKEN=abc%3D%3D');
    setCookie('last=2');
    answer('post', '/auth/logout', {});
    await api.post('/auth/logout');
    expect(sentRequest().headers['x-xsrf-token']).toBe('abc==');
  });

  it('does not mistake a cookie whose name ends like the CSRF cookie for it', async () => {
    setCookie('NOT-XSRF-TOKEN=wrong');
    answer('post', '/auth/logout', {});
    await api.post('/auth/logout');
    expect(sentRequest().headers).not.toHaveProperty('x-xsrf-token');
  });

  it('sends no CSRF header without the cookie, and no content type without a body', async () => {
    answer('post', '/auth/logout', {});
    await api.post('/auth/logout');
    const { request, headers } = sentRequest();
    expect(request.body).toBeNull();
    expect(headers).toEqual({ accept: 'application/json' });
  });

  it('sends the CSRF header on other state-changing methods', async () => {
    setCookie('XSRF-TOKEN=t');
    answer('delete', '/api/pools/1', {});
    await apiRequest('/api/pools/1', { method: 'DELETE' });
    const { method, headers } = sentRequest();
    expect(method).toBe('DELETE');
    expect(headers['x-xsrf-token']).toBe('t');
  });
});

describe('errors', () => {
  it('throws an ApiError with the status and the parsed error body for a non-2xx answer', async () => {
    answer('get', '/api/pools/9', () => errorResponse(404, 'NOT_FOUND', 'No such pool'));
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
    answer('post', '/api/pools', body, { status: 400 });
    const error = (await api.post('/api/pools', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.body?.error.fields).toEqual([{ field: 'body.name', message: 'Required' }]);
  });

  it('has no body and a generic message when the error is not JSON', async () => {
    answer('get', '/api/config', () => HttpResponse.html('<html>Bad gateway</html>', { status: 502 }));
    const error = (await api.get('/api/config').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(error.code).toBeUndefined();
    expect(error.message).toBe('Request failed with status 502');
  });

  it('has no body when the JSON is not the API error shape', async () => {
    answer('get', '/api/config', { message: 'nope' }, { status: 500 });
    const error = (await api.get('/api/config').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(500);
    expect(error.body).toBeNull();
  });

  it('treats 3xx answers that reach the client as failures', async () => {
    answer('get', '/api/config', () => new HttpResponse(null, { status: 304 }));
    await expect(api.get('/api/config')).rejects.toMatchObject({ name: 'ApiError', status: 304 });
  });

  it('passes a network failure through unchanged', async () => {
    answer('get', '/api/config', () => HttpResponse.error());
    const failure = await api.get('/api/config').catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).not.toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Failed to fetch' });
  });

  it('reads the seconds to wait from Retry-After', async () => {
    answer(
      'post',
      '/auth/login',
      { error: { code: 'RATE_LIMITED', message: 'slow down' } },
      { status: 429, headers: { 'retry-after': '120' } },
    );
    const error = (await api.post('/auth/login', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(120);
  });

  it('has no retry delay without a Retry-After header', async () => {
    answer('post', '/auth/login', () => errorResponse(429, 'RATE_LIMITED'));
    const error = (await api.post('/auth/login', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.retryAfterSeconds).toBeNull();
  });
});

describe('api.patch', () => {
  it('sends the body with PATCH', async () => {
    answer('patch', '/auth/profile', { data: { ok: true } });
    await api.patch('/auth/profile', { name: 'Pat' });
    const { url, method, request } = sentRequest();
    expect(url.pathname).toBe('/auth/profile');
    expect(method).toBe('PATCH');
    expect(await request.text()).toBe('{"name":"Pat"}');
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
