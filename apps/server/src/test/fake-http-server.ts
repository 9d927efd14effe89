import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP server under every provider's stand-in in the tests (PayPal, Google Play, Google sign-in, The Odds
 * API, a push service): it listens on 127.0.0.1 at a free port, answers from a route table, records each
 * request, and fails on demand (`failNext`) as `../shared/contracts/README.md` asks of a fake: an error status,
 * a slow answer, a reset connection, a body that is not JSON. The fake keeps its state and its routes.
 */

export interface FakeRequest {
  method: string;
  /** The request's URL, on the fake's origin. */
  url: URL;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as it came. */
  raw: Buffer;
  /** The body as UTF-8 text. */
  text: string;
  /** The route pattern's groups, URL-decoded. */
  params: string[];
}

/** A header's first value. */
export function header(request: FakeRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** An answer: `json` sent as JSON, else `text` as it is, else no body. */
export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
}

export interface FakeRoute {
  method: string;
  /** The exact path, or a pattern whose groups become the request's `params`. */
  path: string | RegExp;
  answer: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;
}

/**
 * A failure told in advance: an error status (answered with the provider's own error body), `slow` (held, then
 * answered as usual), `reset` (the connection dropped unanswered), `malformed` (a 200 whose JSON breaks off) or
 * `truncated` (the usual answer, its Content-Length announced in full, the connection dropped halfway through
 * the body).
 */
export type FakeFailure = number | 'slow' | 'reset' | 'malformed' | 'truncated';

export interface FakeHttpServerOptions<Recorded> {
  routes: FakeRoute[];
  /** What a request no route takes is answered. */
  notFound: (request: FakeRequest) => FakeAnswer;
  /** The provider's answer for an error status told by `failNext`. */
  failure?: (status: number) => FakeAnswer;
  /** What `requests` keeps of each request. */
  record: (request: FakeRequest) => Recorded;
  /** How long a `slow` failure holds its answer. */
  slowMs?: number;
  /** Headers of every answer (PayPal's debug id). */
  headers?: () => Record<string, string>;
  /** Serves https with this key and certificate. */
  tls?: { key: string; cert: string };
  /** A route that throws: the request is answered 500 and the error passed here. */
  onError?: (error: unknown) => void;
}

interface PendingFailure {
  failure: FakeFailure;
  /** A path prefix, or '*' for any request. */
  path: string;
  headers: Record<string, string>;
  remaining: number;
}

export class FakeHttpServer<Recorded = FakeRequest> {
  readonly requests: Recorded[] = [];
  /** http(s)://127.0.0.1:<port> once started. */
  url = '';
  private server: Server | null = null;
  private readonly failures: PendingFailure[] = [];

  constructor(private readonly options: FakeHttpServerOptions<Recorded>) {}

  async start(): Promise<string> {
    const listener = (request: IncomingMessage, response: ServerResponse) => {
      this.handle(request, response).catch((error: unknown) => {
        this.options.onError?.(error);
        if (!response.headersSent) response.writeHead(500).end();
      });
    };
    const server = this.options.tls ? createHttpsServer(this.options.tls, listener) : createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    const scheme = this.options.tls ? 'https' : 'http';
    this.url = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * The next `times` requests whose path starts with `path` (any request when not given) fail this way; an
   * answered failure carries `headers` too (a Retry-After).
   */
  failNext(
    failure: FakeFailure,
    { times = 1, path = '*', headers = {} }: { times?: number; path?: string; headers?: Record<string, string> } = {},
  ): void {
    this.failures.push({ failure, path, headers, remaining: times });
  }

  /** Failures told and not yet used are forgotten. */
  clearFailures(): void {
    this.failures.length = 0;
  }

  private async handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(incoming.url ?? '/', this.url);
    const request: FakeRequest = {
      method: incoming.method ?? 'GET',
      url,
      path: url.pathname,
      headers: incoming.headers,
      raw,
      text: raw.toString('utf8'),
      params: [],
    };
    this.requests.push(this.options.record(request));

    const pending = this.failures.find((entry) => entry.path === '*' || request.path.startsWith(entry.path));
    let truncated = false;
    if (pending) {
      pending.remaining -= 1;
      if (pending.remaining <= 0) this.failures.splice(this.failures.indexOf(pending), 1);
      if (pending.failure === 'reset') return void incoming.socket.destroy();
      if (pending.failure === 'malformed') {
        return this.send(response, { status: 200, headers: { 'content-type': 'application/json' }, text: '{"id": ' });
      }
      if (pending.failure === 'truncated') {
        truncated = true;
      } else if (pending.failure === 'slow') {
        await new Promise((resolve) => setTimeout(resolve, this.options.slowMs ?? 2_000));
      } else {
        const answer = this.options.failure?.(pending.failure) ?? { status: pending.failure };
        return this.send(response, { ...answer, headers: { ...answer.headers, ...pending.headers } });
      }
    }

    for (const route of this.options.routes) {
      if (route.method !== request.method) continue;
      const match = typeof route.path === 'string' ? route.path === request.path : route.path.exec(request.path);
      if (!match) continue;
      request.params = match === true ? [] : match.slice(1).map((group) => decodeURIComponent(group ?? ''));
      return this.send(response, await route.answer(request), truncated);
    }
    return this.send(response, this.options.notFound(request), truncated);
  }

  private send(response: ServerResponse, answer: FakeAnswer, truncated = false): void {
    const headers = { ...this.options.headers?.(), ...answer.headers };
    if (truncated) {
      const body = Buffer.from(answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? ''));
      response.writeHead(answer.status, { ...headers, 'content-length': String(body.length) });
      response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.socket?.destroy());
      return;
    }
    if (answer.json !== undefined) {
      response.writeHead(answer.status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(answer.json));
    } else {
      response.writeHead(answer.status, headers);
      response.end(answer.text);
    }
  }
}
