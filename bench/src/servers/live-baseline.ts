import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { announceAndWatchParent } from './announce.js';

/**
 * The floor of the live fan-out: bare node:http and ws (the WebSocket library under the app's), no session, no
 * database, no bus. A socket that sends `subscribe` is answered `subscribed` and hears every game. Every
 * BENCH_POLL_MS it asks the stand-in ESPN at BENCH_ESPN_URL for its scoreboard (If-None-Match its last ETag); a
 * new body is parsed and its events sent to every subscribed socket as the app sends a week's games of one change:
 * one `games` frame holding each event's `game` frame, serialised once.
 * What the app adds to the same path (the import, its commit, the read-back, the bus, the session per socket) is
 * the difference.
 */

interface Competitor {
  homeAway: string;
  score: string;
}
interface Status {
  period: number;
  displayClock: string;
  type: { detail?: string };
}
interface Board {
  season: { year: number };
  week: { number: number };
  events: { id: string; status: Status; competitions: { competitors: Competitor[] }[] }[];
}

const url = `${process.env.BENCH_ESPN_URL}/apis/site/v2/sports/football/nfl/scoreboard`;
const pollMs = Number(process.env.BENCH_POLL_MS ?? 1000);
const subscribed = new Set<WebSocket>();

const server = createServer((_request, response) => {
  response.writeHead(404).end();
});
const sockets = new WebSocketServer({ server });
sockets.on('connection', (socket) => {
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; channels?: string[] };
    if (frame.type !== 'subscribe') return;
    subscribed.add(socket);
    socket.send(JSON.stringify({ type: 'subscribed', channels: frame.channels ?? [] }));
  });
  socket.on('close', () => subscribed.delete(socket));
});

function frames(board: Board): string[] {
  const asOf = new Date().toISOString();
  return board.events.map((event) => {
    const score = (side: string) =>
      Number(event.competitions[0]!.competitors.find((competitor) => competitor.homeAway === side)!.score);
    return JSON.stringify({
      type: 'game',
      event_id: Number(event.id),
      sport: 'americanfootball_nfl',
      season: board.season.year,
      week: board.week.number,
      status: 'in_progress',
      scores: { home: score('home'), away: score('away') },
      live: { period: event.status.period, clock: event.status.displayClock, detail: event.status.type.detail ?? null },
      as_of: asOf,
    });
  });
}

let etag: string | null = null;
async function poll() {
  try {
    const response = await fetch(url, { headers: etag ? { 'if-none-match': etag } : {} });
    if (response.status !== 200) return void (await response.arrayBuffer());
    etag = response.headers.get('etag');
    const text = `{"type":"games","games":[${frames((await response.json()) as Board).join(',')}]}`;
    for (const socket of subscribed) socket.send(text);
  } catch (error) {
    console.error(`live baseline: the poll failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
let polling = false;
const timer = setInterval(() => {
  if (polling) return;
  polling = true;
  void poll().finally(() => (polling = false));
}, pollMs);

server.listen(0, '127.0.0.1', () =>
  announceAndWatchParent(server, async () => {
    clearInterval(timer);
    for (const socket of sockets.clients) socket.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }),
);
