import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataStatusResponse, ErrorBody, HealthResponse, ReadinessResponse } from '@pass/contracts';

/**
 * What answers on the server's port while the database is created and migrated, before the app exists
 * (docs/decisions/019): on an empty data directory PGlite's initdb alone takes seconds. Liveness answers
 * at once; readiness and the data status say "loading"; everything else is a 503 the browser retries (a
 * page that reloads itself) and the API client reads (the documented error shape with Retry-After). Every
 * answer closes its connection, so nothing stays attached to this listener when the app takes the port.
 */

const RETRY_AFTER_SECONDS = 2;

const STARTING_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>Starting · PA$$</title>
</head>
<body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 32rem; padding: 0 1rem">
<h1>PA$$ is starting</h1>
<p>The database is being prepared. This page reloads by itself in a moment.</p>
</body>
</html>
`;

export interface StartingListener {
  /** The port listened on: the configured one, or the one the system chose for port 0. */
  port: number;
  /** Stops listening and drops any connection left, so the app can listen on the same port. */
  close(): Promise<void>;
}

export async function listenWhileStarting(options: {
  port: number;
  host: string;
  databaseKind: ReadinessResponse['database']['kind'];
  /** The server clock, whose time /api/health reports. */
  now: () => Date;
}): Promise<StartingListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        connection: 'close',
        ...headers,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    const json = (status: number, body: unknown, headers?: Record<string, string>) =>
      send(status, 'application/json; charset=utf-8', JSON.stringify(body), headers);

    if (path === '/api/health') {
      const body: HealthResponse = {
        status: 'ok',
        uptimeSeconds: Math.round(process.uptime()),
        time: options.now().toISOString(),
      };
      return json(200, body);
    }
    if (path === '/api/health/ready') {
      const body: ReadinessResponse = { status: 'loading', database: { kind: options.databaseKind } };
      return json(503, body);
    }
    if (path === '/api/health/data') {
      const body: DataStatusResponse = {
        state: 'loading',
        progress: 0,
        current: null,
        steps: [],
        startedAt: null,
        finishedAt: null,
      };
      return json(200, body);
    }
    const retry = { 'retry-after': String(RETRY_AFTER_SECONDS) };
    if ((request.method === 'GET' || request.method === 'HEAD') && request.headers.accept?.includes('text/html')) {
      return send(503, 'text/html; charset=utf-8', STARTING_PAGE, {
        ...retry,
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
    }
    const body: ErrorBody = {
      error: { code: 'UNAVAILABLE', message: 'PA$$ is starting. Try again in a few seconds.' },
    };
    return json(503, body, retry);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
