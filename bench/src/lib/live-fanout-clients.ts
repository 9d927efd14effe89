/**
 * One client process of the live benchmarks (live-fanout.ts and live-standings.ts fork a few, so reading 2,000
 * sockets' frames is not one event loop's work). Told over IPC to open its share of the sockets, it opens them a
 * batch at a time (each a member's session cookie), subscribes each to the channels and waits for `subscribed`.
 * Then, for each change the bench announces (`expect`), it stamps when every socket received each of the change's
 * games (a `game` frame each, or all in one `games` frame, as the app sends a week's games of one change) and,
 * once every socket has all of them, sends back for each socket the time of its first and of its last.
 *
 * With viewers (live-standings.ts), each socket is also a pool's standings screen, as the browser has it
 * (pool-screen.tsx and standings-panel.tsx): it reads `GET /api/pools/{id}/live-standings` when it opens and again
 * when a frame shows one of its slate games in another state than that answer had (a game starting or ending),
 * and works out the standings if the games ended now itself (standingsIfEndedNowOf) at every score a frame
 * brings. The games of one message (or of one read of the socket) make one render, as the screen renders once
 * after the frames handled together; a read still unanswered when the states move again is abandoned (aborted) for
 * a new one, as the query moving to a new key does; a network error or 5xx is read again after 1 s, then 2 s (the
 * web app's retries). For each announced change it stamps, per viewer, when its rows were worked out from that
 * change's frames of every game of its slate (the refreshed standings) and, once every viewer has them, sends
 * those times back. At the end each viewer's rows are compared with the server's own `what-if?rules=ended_now`.
 *
 * Times are the machine's monotonic clock (live-fanout-protocol.ts), which the stand-in ESPN's stamps are read on
 * too; a change is told by its frames' home score.
 */
import http from 'node:http';
import { LiveStandingsResponse, standingsIfEndedNowOf, WhatIfResponse, type GameScoreNow } from '@pass/contracts';
import WebSocket from 'ws';
import {
  changeOfHomeScore,
  monotonicMs,
  type Ask,
  type ClientCommand,
  type ClientReport,
  type ViewerSpec,
} from './live-fanout-protocol.js';

interface Arrival {
  events: Set<number>;
  first: number;
  last: number;
}

interface Viewer {
  poolId: number;
  cookie: string;
  games: Set<number>;
  /** The score last seen of each slate game, `home-away`. */
  scores: Map<number, string>;
  /** Each slate game as its last frame showed it. */
  states: Map<number, GameScoreNow>;
  /** The last live-standings answer the screen works from. */
  base: LiveStandingsResponse['data'] | undefined;
  /** The newest change whose frames of every slate game the socket has. */
  complete: number;
  /** Per change awaited, when the viewer had its refreshed answer; or that its ask failed, retries and all. */
  refreshed: Map<number, number>;
  failed: Set<number>;
  /** The ask in flight: the newest change it covers, and how to abandon it. */
  current: { covers: number; sent: number; controller: AbortController } | undefined;
  /** An ask is due once the frames read together have been handled. */
  scheduled: boolean;
  /** The rows last worked out: `member:rank:points`, by member. */
  lastRows: string | undefined;
}

interface Client {
  socket: WebSocket;
  arrivals: Map<number, Arrival>;
  viewer: Viewer | undefined;
}

const clients: Client[] = [];
/** The change being waited for, and how many game frames each socket is to get. */
let expected: { change: number; games: number } | undefined;
/** The app's HTTP origin the viewers ask. */
let httpUrl = '';
/** The changes announced whose refreshed answers are not all in yet. */
const awaitingRefresh = new Set<number>();
/** Every ask since the last `collect`. */
let asks: Ask[] = [];
const RETRY_DELAYS_MS = [1000, 2000];
/**
 * The viewers' HTTP/1.1 connections, kept alive between asks and as many as there are asks at once, as each
 * member's browser has its own; no connect timeout but the system's, as in a browser (undici's fetch gives up
 * connecting after 10 s).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** GET `url` with the member's cookie: the answer's status and body. */
function get(url: string, cookie: string, signal?: AbortSignal): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie: `pass_session=${cookie}` }, signal }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

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

interface GameFrame {
  type: 'game';
  event_id: number;
  status: GameScoreNow['status'];
  scores: Scores;
}

/** A message: one `game` frame, or a week's games of one change as one `games` frame (the app's, since it batches). */
function onFrame(client: Client, data: WebSocket.RawData) {
  const at = monotonicMs();
  const frame = JSON.parse(String(data)) as { type: string; games?: GameFrame[] } | GameFrame;
  const games = frame.type === 'game' ? [frame as GameFrame] : frame.type === 'games' ? (frame.games ?? []) : [];
  for (const game of games) onGame(client, at, game);
}

function onGame(client: Client, at: number, game: GameFrame) {
  if (game.scores?.home == null) return;
  const change = changeOfHomeScore(game.scores.home);
  if (change === undefined) return;
  let arrival = client.arrivals.get(change);
  if (!arrival) {
    arrival = { events: new Set(), first: at, last: at };
    client.arrivals.set(change, arrival);
  }
  arrival.events.add(game.event_id);
  arrival.last = at;
  if (client.viewer) onViewerGame(client.viewer, arrival, change, game);
  if (expected?.change === change && arrival.events.size >= expected.games) checkDelivered();
}

// ---------------------------------------------------------------------------------------------------------
// Viewers: a pool's standings screen working out the standings if the games ended now as its scores move

type Scores = { home: number | null; away: number | null };

const baseUrl = (viewer: Viewer) => `${httpUrl}/api/pools/${viewer.poolId}/live-standings`;
const whatIfUrl = (viewer: Viewer) => `${httpUrl}/api/pools/${viewer.poolId}/what-if?rules=ended_now`;

function onViewerGame(viewer: Viewer, arrival: Arrival, change: number, game: GameFrame) {
  const eventId = game.event_id;
  if (!viewer.games.has(eventId)) return;
  if (change > viewer.complete && [...viewer.games].every((id) => arrival.events.has(id))) viewer.complete = change;
  const score = `${game.scores.home}-${game.scores.away}`;
  const before = viewer.states.get(eventId);
  viewer.states.set(eventId, {
    event_id: eventId,
    status: game.status,
    home_score: game.scores.home,
    away_score: game.scores.away,
  });
  if (viewer.scores.get(eventId) === score && before?.status === game.status) return;
  viewer.scores.set(eventId, score);
  // The frames of one message (a change's `games`), or of one read of the socket, are handled in one turn: the
  // screen renders once after them.
  if (viewer.scheduled) return;
  viewer.scheduled = true;
  setImmediate(() => {
    viewer.scheduled = false;
    if (needsBase(viewer)) ask(viewer, 0);
    else workOut(viewer, viewer.complete);
  });
}

/** The screen reads the live-standings answer again when a slate game is in another state than the answer had. */
function needsBase(viewer: Viewer): boolean {
  if (!viewer.base) return true;
  const had = new Map(viewer.base.open_weeks.flatMap((week) => week.games.map((game) => [game.event_id, game.status])));
  return [...viewer.states.values()].some((game) => had.has(game.event_id) && had.get(game.event_id) !== game.status);
}

/** The screen's render: the standings if the games ended now, from its answer and the scores its frames brought. */
function workOut(viewer: Viewer, covers: number) {
  const rows = standingsIfEndedNowOf(viewer.base!, [...viewer.states.values()]);
  viewer.lastRows = rows
    .map((row) => `${row.memberId}:${row.rank}:${row.points}`)
    .sort()
    .join(',');
  refreshed(viewer, covers, monotonicMs());
}

/** Reads the live-standings answer, then works the rows out; a newer read abandons the one in flight. */
function ask(viewer: Viewer, attempt: number) {
  if (viewer.current) {
    viewer.current.controller.abort();
    asks.push({ sent: viewer.current.sent, ended: monotonicMs(), status: -1 });
  }
  const mine = { covers: viewer.complete, sent: monotonicMs(), controller: new AbortController() };
  viewer.current = mine;
  const settle = (status: number, body?: string, error?: string) => {
    if (viewer.current !== mine) return;
    viewer.current = undefined;
    const ended = monotonicMs();
    asks.push({ sent: mine.sent, ended, status, ...(error ? { error } : {}) });
    if (status === 200) {
      viewer.base = LiveStandingsResponse.parse(JSON.parse(body!)).data;
      workOut(viewer, mine.covers);
    } else if ((status === 0 || status >= 500) && attempt < RETRY_DELAYS_MS.length) {
      setTimeout(() => {
        if (!viewer.current) ask(viewer, attempt + 1);
      }, RETRY_DELAYS_MS[attempt]);
    } else {
      // The screen shows the error: the changes this read was for get no refreshed standings from it.
      gaveUp(viewer, mine.covers);
    }
  };
  get(baseUrl(viewer), viewer.cookie, mine.controller.signal)
    .then((answer) => settle(answer.status, answer.body))
    .catch((error: unknown) => settle(0, undefined, errorCode(error)));
}

/** What a failed request says went wrong: its code (the socket's: ECONNRESET, ETIMEDOUT), else its name. */
function errorCode(error: unknown): string {
  return (error as { code?: string } | undefined)?.code ?? (error instanceof Error ? error.name : 'unknown');
}

/** An answer to an ask that covered the changes up to `covers` came at `at`. */
function refreshed(viewer: Viewer, covers: number, at: number) {
  for (const change of awaitingRefresh) {
    if (change <= covers && !settled(viewer, change)) viewer.refreshed.set(change, at);
  }
  checkRefreshed();
}

/** The ask for the changes up to `covers` failed after the web app's retries. */
function gaveUp(viewer: Viewer, covers: number) {
  for (const change of awaitingRefresh) {
    if (change <= covers && !viewer.refreshed.has(change)) viewer.failed.add(change);
  }
  checkRefreshed();
}

const settled = (viewer: Viewer, change: number) => viewer.refreshed.has(change) || viewer.failed.has(change);

function checkRefreshed() {
  for (const change of [...awaitingRefresh].sort((a, b) => a - b)) {
    const viewers = clients.map((client) => client.viewer!);
    if (!viewers.every((viewer) => settled(viewer, change))) continue;
    awaitingRefresh.delete(change);
    report({
      type: 'refreshed',
      change,
      at: viewers.flatMap((viewer) => (viewer.refreshed.has(change) ? [viewer.refreshed.get(change)!] : [])),
      failed: viewers.filter((viewer) => viewer.failed.has(change)).length,
    });
    for (const viewer of viewers) {
      viewer.refreshed.delete(change);
      viewer.failed.delete(change);
    }
  }
}

/** One read outside the screen's own (its opening, the check at the end): status, body and time. */
async function askOnce(viewer: Viewer, url: string) {
  const sent = monotonicMs();
  try {
    const { status, body } = await get(url, viewer.cookie);
    return { status, body, ms: monotonicMs() - sent };
  } catch {
    return { status: 0, body: '', ms: monotonicMs() - sent };
  }
}

/** Each viewer's `work`, `batch` viewers at a time (screens opening one after another, not all in one instant). */
async function inBatches<T>(batch: number, work: (viewer: Viewer) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < clients.length; start += batch) {
    results.push(...(await Promise.all(clients.slice(start, start + batch).map((client) => work(client.viewer!)))));
  }
  return results;
}

/**
 * Every viewer's screen opens: one live-standings read each (read again as the web app does when it fails), a
 * batch at a time, and its rows worked out.
 */
async function askAll(batch: number) {
  const failures: number[] = [];
  const answers = await inBatches(batch, async (viewer) => {
    for (let attempt = 0; ; attempt++) {
      const answer = await askOnce(viewer, baseUrl(viewer));
      if (answer.status === 200) {
        viewer.base = LiveStandingsResponse.parse(JSON.parse(answer.body)).data;
        workOut(viewer, viewer.complete);
      }
      if (answer.status === 200 || (answer.status > 0 && answer.status < 500) || attempt === RETRY_DELAYS_MS.length)
        return answer;
      failures.push(answer.status);
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  });
  report({
    type: 'asked',
    ms: answers.filter((answer) => answer.status === 200).map((answer) => answer.ms),
    failed: answers.filter((answer) => answer.status !== 200).length,
    retried: failures,
  });
}

/**
 * Every viewer asks the server for its own standings if the games ended now, a batch at a time: the rows the
 * screen worked out last must be the same.
 */
async function verify(batch: number) {
  const answers = await inBatches(batch, async (viewer) => {
    const answer = await askOnce(viewer, whatIfUrl(viewer));
    if (answer.status !== 200) return { status: answer.status, same: false };
    const served = WhatIfResponse.parse(JSON.parse(answer.body))
      .data.rows.map((row) => `${row.member_id}:${row.what_if.rank}:${row.what_if.points}`)
      .sort()
      .join(',');
    return { status: 200, same: served === viewer.lastRows };
  });
  report({
    type: 'verified',
    viewers: answers.length,
    differing: answers.filter((answer) => answer.status === 200 && !answer.same).length,
    failed: answers.filter((answer) => answer.status !== 200).length,
  });
}

function viewerOf(spec: ViewerSpec | undefined, cookie: string): Viewer | undefined {
  if (!spec) return undefined;
  return {
    poolId: spec.poolId,
    cookie,
    games: new Set(spec.games),
    scores: new Map(),
    states: new Map(),
    base: undefined,
    complete: 0,
    refreshed: new Map(),
    failed: new Set(),
    current: undefined,
    scheduled: false,
    lastRows: undefined,
  };
}

function open(
  command: Extract<ClientCommand, { type: 'open' }>,
  cookie: string,
  spec: ViewerSpec | undefined,
): Promise<Client> {
  const socket = new WebSocket(command.url, { headers: { cookie: `pass_session=${cookie}` }, origin: command.origin });
  const client: Client = { socket, arrivals: new Map(), viewer: viewerOf(spec, cookie) };
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
  if (command.viewers) httpUrl = command.viewers.httpUrl;
  for (let start = 0; start < command.cookies.length; start += command.batch) {
    const batch = command.cookies.slice(start, start + command.batch);
    clients.push(
      ...(await Promise.all(
        batch.map((cookie, index) => open(command, cookie, command.viewers?.specs[start + index])),
      )),
    );
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
    if (clients.some((client) => client.viewer)) awaitingRefresh.add(command.change);
    checkDelivered();
  } else if (command.type === 'status') {
    const waiting = expected
      ? clients.filter((client) => !complete(client, command.change, expected!.games)).length
      : 0;
    const unrefreshed = awaitingRefresh.has(command.change)
      ? clients.filter((client) => !settled(client.viewer!, command.change)).length
      : 0;
    report({ type: 'status', change: command.change, waiting, sockets: clients.length, unrefreshed });
  } else if (command.type === 'ask-all') {
    void askAll(command.batch);
  } else if (command.type === 'verify') {
    void verify(command.batch);
  } else if (command.type === 'collect') {
    report({ type: 'asks', asks });
    asks = [];
  } else {
    void closeAll().then(() => {
      report({ type: 'closed' });
      process.exit(0);
    });
  }
});
// The bench went away: nothing is left to report to.
process.on('disconnect', () => process.exit(0));
