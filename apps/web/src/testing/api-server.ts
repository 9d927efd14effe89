import { http, HttpResponse, type HttpResponseResolver, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The API as the web tests meet it: Mock Service Worker answers what the app sends through the global `fetch`
 * (lib/api-client), each test naming the answers it needs with `answer`. A request no answer matches fails the
 * test, and the answers are dropped after each test (setup-tests.ts).
 */
export const apiServer = setupServer();

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Answers `method path` until the test ends: with `reply` as a JSON body (status 200 unless `init` says
 * otherwise), or with what a resolver returns for each request (`HttpResponse.json(…)`, `errorResponse(…)`,
 * `HttpResponse.error()` for a network failure). `path` is on the page's origin and may hold MSW's parameters
 * and wildcards (`/api/pools/:poolId`, `/api/book/events/*`); the query string is not matched, so a resolver
 * reads it from `request.url`. A later answer to the same request wins over an earlier one.
 */
export function answer(
  method: Method | 'all',
  path: string,
  reply: HttpResponseResolver | JsonBodyType,
  init?: ResponseInit,
): void {
  const resolver: HttpResponseResolver =
    typeof reply === 'function' ? (reply as HttpResponseResolver) : () => HttpResponse.json(reply, init);
  apiServer.use(http[method](`${window.location.origin}${path}`, resolver));
}

/** An error answer in the API's one error shape. */
export function errorResponse(status: number, code: string, message = `${code} happened`): Response {
  return HttpResponse.json({ error: { code, message } }, { status });
}

/** A request the app sent, as the API received it. */
export interface SentRequest {
  method: string;
  url: URL;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body, parsed as JSON. */
  json(): Promise<unknown>;
  /** The request itself, for its raw body or its signal. */
  request: Request;
}

const sent: SentRequest[] = [];

apiServer.events.on('request:start', ({ request }) => {
  // A copy, as the answer reads the request's own body.
  const copy = request.clone();
  sent.push({
    method: request.method,
    url: new URL(request.url),
    headers: Object.fromEntries(request.headers),
    json: () => copy.clone().json() as Promise<unknown>,
    request: copy,
  });
});

/** What the app has sent during the test, oldest first; only to `path` (and with `method`) when given. */
export function sentRequests(filter: { method?: Method; path?: string } = {}): SentRequest[] {
  return sent.filter(
    (request) =>
      (filter.method === undefined || request.method === filter.method.toUpperCase()) &&
      (filter.path === undefined || request.url.pathname === filter.path),
  );
}

/** One request the app sent, the first by default; fails the test when fewer were sent. */
export function sentRequest(index = 0): SentRequest {
  const request = sent[index];
  if (!request) throw new Error(`${sent.length} request(s) were sent, not ${index + 1}`);
  return request;
}

/** Forgets the requests sent so far: each test starts with none. */
export function forgetSentRequests(): void {
  sent.length = 0;
}
