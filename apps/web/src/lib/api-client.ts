import type { ErrorBody } from '@pass/contracts';
import { isOfflineRead, OFFLINE_HEADER, USER_HEADER } from './offline-cache';
import { noteAnswerSource } from './offline-status';
import { getSessionUser } from './session-user';

/**
 * The HTTP client: JSON in and out, the session cookie sent, the CSRF cookie echoed in its header on
 * state-changing requests, status 200–299 as success and no timeout (as the specification says).
 * It never shows messages or redirects: it returns data or throws an ApiError for the caller to handle.
 * Answers the service worker gave from its offline copy are noted (lib/offline-status.ts) for the offline marker.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    /** From a Retry-After header (seconds or an HTTP date), when the answer had a readable one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body?.error.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }

  get code() {
    return this.body?.error.code;
  }
}

const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

/** A body sent as it is (a file's bytes) with its own content type, rather than as JSON. */
export interface RawBody {
  raw: Blob | ArrayBuffer | string;
  contentType: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent instead of `body`; the CSRF header is sent with it all the same. */
  rawBody?: RawBody;
  query?: Record<string, string | number | string[] | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.rawBody) headers['content-type'] = options.rawBody.contentType;
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  // The service worker files what it keeps for offline use under the member the page believes is signed in.
  if (isOfflineRead(method, url, window.location.origin))
    headers[USER_HEADER] = String(getSessionUser()?.id ?? 'visitor');
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.rawBody ? options.rawBody.raw : options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  noteAnswerSource(response.headers.get(OFFLINE_HEADER) === '1');
  const text = await response.text();
  const data: unknown = text ? parseJson(text) : null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isErrorBody(data) ? data : null,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  /** POSTs a body as it is, such as a file, with its content type. */
  postRaw: <T>(path: string, rawBody: RawBody, options?: Omit<RequestOptions, 'method' | 'body' | 'rawBody'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', rawBody }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Retry-After is whole seconds or an HTTP date; anything else is unreadable (null). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  // An HTTP date names its day and month; a bare number such as "-3" is not one.
  const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ErrorBody).error?.code === 'string'
  );
}
