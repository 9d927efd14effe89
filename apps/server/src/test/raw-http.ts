import net from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** Starts the app on a free port of 127.0.0.1, for requests Node's own parser must see. Returns the port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as net.AddressInfo).port;
}

/** A port of 127.0.0.1 free now, for a server process the test starts. */
export function freePortOnLoopback(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything the server wrote before it closed the connection. */
  raw: string;
}

/**
 * Opens a connection, lets `talk` write to it (all at once or bit by bit), and collects what the server
 * writes until it closes the connection. `talk` is told when the server has closed, so a trickle can stop.
 */
export function rawExchange(
  port: number,
  talk: (socket: net.Socket, closed: () => boolean) => void | Promise<void>,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let closed = false;
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may close while a write is still on its way; what it answered is what counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n'), raw });
    });
    socket.on('connect', () => {
      Promise.resolve(talk(socket, () => closed)).catch(reject);
    });
  });
}

/** Sends a whole request at once and half-closes nothing: the server decides when the connection ends. */
export function rawRequest(port: number, request: string): Promise<RawResponse> {
  return rawExchange(port, (socket) => {
    socket.write(request);
  });
}

/**
 * An injected request's options sent over real HTTP to a server process at `baseUrl`, and its answer in the
 * shape `app.inject` gives (status, headers, body, `json()`, cookies), so TestClient works against either.
 */
export async function requestOverHttp(baseUrl: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  const url = new URL(String(options.url ?? '/'), baseUrl);
  if (options.query && typeof options.query === 'object') {
    for (const [name, value] of Object.entries(options.query)) url.searchParams.append(name, String(value));
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined) headers.set(name, String(value));
  }
  const cookies = Object.entries(options.cookies ?? {}).map(([name, value]) => `${name}=${value}`);
  if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
  let body: string | Buffer | undefined;
  const payload = options.payload ?? options.body;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) body = payload;
  else if (payload !== undefined && payload !== null) {
    body = JSON.stringify(payload);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const answer = await fetch(url, { method: options.method ?? 'GET', headers, body, redirect: 'manual' });
  const text = await answer.text();
  const responseHeaders: Record<string, string | string[]> = Object.fromEntries(answer.headers.entries());
  const setCookies = answer.headers.getSetCookie();
  if (setCookies.length > 0) responseHeaders['set-cookie'] = setCookies;
  const response = {
    statusCode: answer.status,
    statusMessage: answer.statusText,
    headers: responseHeaders,
    body: text,
    payload: text,
    rawPayload: Buffer.from(text),
    cookies: setCookies.map(parseSetCookie),
    json: () => JSON.parse(text) as unknown,
  };
  return response as unknown as LightMyRequestResponse;
}

/** One Set-Cookie header as `inject` reports it: name, value, and the attributes that end it. */
function parseSetCookie(header: string): { name: string; value: string; maxAge?: number; expires?: Date } {
  const [pair = '', ...attributes] = header.split(';');
  const separator = pair.indexOf('=');
  const cookie: { name: string; value: string; maxAge?: number; expires?: Date } = {
    name: pair.slice(0, separator).trim(),
    value: decodeURIComponent(pair.slice(separator + 1).trim()),
  };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    if (key.trim().toLowerCase() === 'max-age') cookie.maxAge = Number(value);
    if (key.trim().toLowerCase() === 'expires') cookie.expires = new Date(value);
  }
  return cookie;
}
