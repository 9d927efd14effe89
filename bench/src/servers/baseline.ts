import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { announceAndWatchParent } from './announce.js';

/**
 * The yardstick: the least work a Node HTTP server can do per request, a fixed body from memory.
 * Other benchmarks are reported as a ratio to a baseline measured in the same run.
 *
 * By default the body is ~100 bytes of JSON. With BENCH_BODY_FILE the body is that file's bytes (the
 * schedule benchmark passes the exact payload the app answered), sent with BENCH_CONTENT_TYPE and, when
 * given, BENCH_ETAG: the same bytes and the same kind of headers as the endpoint it is compared with.
 */

// About 100 bytes, the order of size of the small API answers benchmarked beside it.
const BODY = process.env.BENCH_BODY_FILE
  ? readFileSync(process.env.BENCH_BODY_FILE)
  : Buffer.from(
      JSON.stringify({
        status: 'ok',
        server: 'node:http baseline',
        note: 'fixed bytes from memory',
        padding: 'xxxxxxxx',
      }),
    );

const HEADERS: Record<string, string> = {
  'content-type': process.env.BENCH_CONTENT_TYPE ?? 'application/json; charset=utf-8',
  'content-length': String(BODY.length),
  ...(process.env.BENCH_ETAG ? { etag: process.env.BENCH_ETAG } : {}),
};

const server = createServer((_request, response) => {
  response.writeHead(200, HEADERS);
  response.end(BODY);
});

server.listen(0, '127.0.0.1', () => {
  announceAndWatchParent(
    server,
    () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
});
