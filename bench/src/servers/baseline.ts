import { createServer } from 'node:http';
import { announceAndWatchParent } from './announce.js';

/**
 * The yardstick: the least work a Node HTTP server can do per request, a fixed JSON body from memory.
 * Every other benchmark is reported as a ratio to this one, measured in the same run.
 */

// About 100 bytes, the order of size of the small API answers benchmarked beside it.
const BODY = Buffer.from(
  JSON.stringify({ status: 'ok', server: 'node:http baseline', note: 'fixed bytes from memory', padding: 'xxxxxxxx' }),
);

const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(BODY.length),
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
