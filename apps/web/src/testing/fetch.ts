import { vi, type Mock } from 'vitest';

/** Test helpers for code that calls the global `fetch` (through lib/api-client). */
export type FetchMock = Mock<typeof fetch>;

/** A JSON response, as the API sends it. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** An error response in the API's one error shape. */
export function errorResponse(status: number, code: string, message = `${code} happened`): Response {
  return jsonResponse({ error: { code, message } }, { status });
}

/** Replaces `fetch` with a mock for the current test; undo with `vi.unstubAllGlobals()`. */
export function stubFetch(implementation: (url: URL, init: RequestInit) => Response | Promise<Response>): FetchMock {
  const mock: FetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve().then(() => implementation(toUrl(input), init ?? {})),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The URL and options of one call to the mock (the first by default). */
export function fetchCall(mock: FetchMock, index = 0): { url: URL; init: RequestInit } {
  const call = mock.mock.calls[index];
  if (!call) throw new Error(`fetch was called ${mock.mock.calls.length} time(s), not ${index + 1}`);
  return { url: toUrl(call[0]), init: call[1] ?? {} };
}

/** The request headers of one call, as a plain object. */
export function fetchHeaders(mock: FetchMock, index = 0): Record<string, string> {
  return Object.fromEntries(new Headers(fetchCall(mock, index).init.headers).entries());
}

function toUrl(input: RequestInfo | URL): URL {
  if (input instanceof URL) return input;
  return new URL(typeof input === 'string' ? input : input.url, window.location.origin);
}
