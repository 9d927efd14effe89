/**
 * The stand-in ESPN of the live fan-out benchmark (live-fanout.ts forks it): every path answers the scoreboard the
 * bench last sent over IPC, with an ETag of it, and 304 to a matching If-None-Match, as ESPN's CDN does. It
 * reports when it starts serving each new body (`serving`) and when it has written that body as an answer
 * (`answered`, each time), on the machine's monotonic clock (live-fanout-protocol.ts): the poll's wait is between
 * the two, and the fan-out is measured from the answer.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monotonicMs, type StandInCommand, type StandInReport } from './live-fanout-protocol.js';

let current: { version: number; body: string; etag: string } | undefined;
const report = (message: StandInReport) => process.send!(message);

const server = createServer((request, response) => {
  request.resume();
  if (!current) return void response.writeHead(503).end();
  const { version, body, etag } = current;
  if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
  response.writeHead(200, { 'content-type': 'application/json', etag });
  response.end(body, () => report({ type: 'answered', version, at: monotonicMs() }));
});

process.on('message', (command: StandInCommand) => {
  const etag = `"${createHash('sha1').update(command.body).digest('hex')}"`;
  current = { version: command.version, body: command.body, etag };
  report({ type: 'serving', version: command.version, at: monotonicMs() });
});
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => report({ type: 'listening', port: (server.address() as AddressInfo).port }));
