/**
 * One client process of the live fan-out benchmark (live-fanout.ts forks a few, so reading 2,000 sockets' frames
 * is not one event loop's work). Told over IPC to open its share of the sockets, it opens them a batch at a time
 * (each a member's session cookie), subscribes each to the channels and waits for `subscribed`. Then, for each
 * change the bench announces (`expect`), it stamps when every socket received each of the change's game frames
 * and, once every socket has all of them, sends back for each socket the time of its first and of its last.
 *
 * Times are the machine's monotonic clock (live-fanout-protocol.ts), which the stand-in ESPN's stamps are read on
 * too; a change is told by its frames' home score.
 */
import WebSocket from 'ws';
import { changeOfHomeScore, monotonicMs, type ClientCommand, type ClientReport } from './live-fanout-protocol.js';

interface Arrival {
  events: Set<number>;
  first: number;
  last: number;
}

interface Client {
  socket: WebSocket;
  arrivals: Map<number, Arrival>;
}

const clients: Client[] = [];
/** The change being waited for, and how many game frames each socket is to get. */
let expected: { change: number; games: number } | undefined;

const report = (message: ClientReport) => process.send!(message);

function complete(client: Client, change: number, games: number) {
  return (client.arrivals.get(change)?.events.size ?? 0) >= games;
}

function checkDelivered() {
  if (!expected) return;
  const { change, games } = expected;
  if (!clients.every((client) => complete(client, change, games))) return;
  const first: number[] = [];
  const last: number[] = [];
  for (const client of clients) {
    const arrival = client.arrivals.get(change)!;
    first.push(arrival.first);
    last.push(arrival.last);
    for (const key of client.arrivals.keys()) if (key <= change) client.arrivals.delete(key);
  }
  expected = undefined;
  report({ type: 'delivered', change, first, last });
}

function onFrame(client: Client, data: WebSocket.RawData) {
  const at = monotonicMs();
  const frame = JSON.parse(String(data)) as { type: string; event_id?: number; scores?: { home: number | null } };
  if (frame.type !== 'game' || frame.scores?.home == null) return;
  const change = changeOfHomeScore(frame.scores.home);
  if (change === undefined) return;
  let arrival = client.arrivals.get(change);
  if (!arrival) {
    arrival = { events: new Set(), first: at, last: at };
    client.arrivals.set(change, arrival);
  }
  arrival.events.add(frame.event_id!);
  arrival.last = at;
  if (expected?.change === change && arrival.events.size >= expected.games) checkDelivered();
}

function open(command: Extract<ClientCommand, { type: 'open' }>, cookie: string): Promise<Client> {
  const socket = new WebSocket(command.url, { headers: { cookie: `pass_session=${cookie}` }, origin: command.origin });
  const client: Client = { socket, arrivals: new Map() };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not subscribed within 60 s')), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', channels: command.channels })));
    socket.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('{"type":"subscribed"')) {
        clearTimeout(timer);
        resolve(client);
      } else if (text.startsWith('{"type":"error"')) fail(new Error(`error frame: ${text}`));
      else onFrame(client, data);
    });
    socket.once('unexpected-response', (_request, response) =>
      fail(new Error(`upgrade refused with ${response.statusCode}`)),
    );
    socket.once('error', fail);
    socket.once('close', (code) => {
      if (expected) report({ type: 'failed', error: `a socket closed with ${code} while a change was awaited` });
    });
  });
}

async function openAll(command: Extract<ClientCommand, { type: 'open' }>) {
  const started = performance.now();
  for (let start = 0; start < command.cookies.length; start += command.batch) {
    const batch = command.cookies.slice(start, start + command.batch);
    clients.push(...(await Promise.all(batch.map((cookie) => open(command, cookie)))));
  }
  report({ type: 'opened', ms: performance.now() - started });
}

async function closeAll() {
  await Promise.all(
    clients.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
          setTimeout(() => {
            socket.terminate();
            resolve();
          }, 2000).unref();
        }),
    ),
  );
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'open') {
    openAll(command).catch((error: unknown) =>
      report({ type: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
  } else if (command.type === 'expect') {
    expected = { change: command.change, games: command.games };
    checkDelivered();
  } else if (command.type === 'status') {
    const waiting = expected
      ? clients.filter((client) => !complete(client, command.change, expected!.games)).length
      : 0;
    report({ type: 'status', change: command.change, waiting, sockets: clients.length });
  } else {
    void closeAll().then(() => {
      report({ type: 'closed' });
      process.exit(0);
    });
  }
});
// The bench went away: nothing is left to report to.
process.on('disconnect', () => process.exit(0));
