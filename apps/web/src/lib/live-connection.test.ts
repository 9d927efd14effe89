import type { BookEventsResponse, LiveGameFrame } from '@pass/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { event, eventsResponse } from '../features/sports/testing/fixtures';
import { FakeSocket } from '../testing/fake-socket';
import { chatRoomsQuery } from './chat-rooms';
import { LiveConnection, SESSION_ENDED } from './live-connection';

const WEEK2 = 'games:americanfootball_nfl:2026:2';
const WEEK3 = 'games:americanfootball_nfl:2026:3';
const SCHEDULE = ['sports', 'americanfootball_nfl', 'events', 2026, 2];
const ENTRIES = ['ledger', 'home', 1, 8];

const gameFrame = (overrides: Partial<LiveGameFrame> = {}): LiveGameFrame => ({
  type: 'game',
  event_id: 21,
  sport: 'americanfootball_nfl',
  season: 2026,
  week: 2,
  status: 'in_progress',
  scores: { home: 3, away: 0 },
  live: { period: 1, clock: '9:58', detail: '1st Quarter 9:58' },
  as_of: '2026-09-20T17:05:00.000Z',
  ...overrides,
});

describe('the tab’s live connection', () => {
  let queryClient: QueryClient;
  let connection: LiveConnection;

  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
    queryClient.setQueryData(SCHEDULE, eventsResponse(2, [event(21, 'KC', 'DEN'), event(22, 'BUF', 'MIA')]));
    queryClient.setQueryData(ENTRIES, { data: [], total: 0 });
    connection = new LiveConnection({
      queryClient,
      openSocket: () => new FakeSocket('ws://test/ws/live'),
      backoffMs: (attempt) => attempt * 1000,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const schedule = () => queryClient.getQueryData<BookEventsResponse>(SCHEDULE)!;

  it('opens one socket for every screen, asks for each channel once, and lets a channel go with its last screen', () => {
    const schedule = connection.hold([WEEK2]);
    const home = connection.hold([WEEK2, WEEK3, 'member:7']);
    expect(FakeSocket.made).toHaveLength(1);
    const socket = FakeSocket.latest();
    socket.open();
    expect(socket.frames()).toEqual([{ type: 'subscribe', channels: [WEEK2, WEEK3, 'member:7'] }]);

    home();
    expect(socket.channels()).toEqual([WEEK2]);
    schedule();
    // No screen holds a channel: the socket stays a moment, for the next screen, then closes.
    expect(socket.readyState).toBe(1);
    const next = connection.hold([WEEK3]);
    expect(socket.channels()).toEqual([WEEK3]);
    next();
    vi.advanceTimersByTime(5_000);
    expect(socket.readyState).toBe(3);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('patches the game in the queries that hold it, and keeps a later frame over an earlier one', () => {
    connection.hold([WEEK2]);
    FakeSocket.latest().open();
    const before = schedule();
    FakeSocket.latest().receive(gameFrame());
    const after = schedule();
    expect(after).not.toBe(before);
    expect(after.events[0]).toMatchObject({
      event_id: 21,
      status: 'in_progress',
      event_scores: { home: 3, away: 0 },
      live: { period: 1, clock: '9:58', detail: '1st Quarter 9:58', as_of: '2026-09-20T17:05:00.000Z' },
      odds: before.events[0]!.odds,
    });
    expect(after.events[1]).toBe(before.events[1]);

    // A frame of an earlier moment, come late, changes nothing.
    FakeSocket.latest().receive(gameFrame({ scores: { home: 0, away: 0 }, as_of: '2026-09-20T17:01:00.000Z' }));
    expect(schedule()).toBe(after);
  });

  it('patches every game of a week sent in one message', () => {
    connection.hold([WEEK2]);
    FakeSocket.latest().open();
    FakeSocket.latest().receive({
      type: 'games',
      games: [gameFrame(), gameFrame({ event_id: 22, scores: { home: 7, away: 10 } })],
    });
    expect(schedule().events.map((game) => [game.event_id, game.status, game.event_scores])).toEqual([
      [21, 'in_progress', { home: 3, away: 0 }],
      [22, 'in_progress', { home: 7, away: 10 }],
    ]);
  });

  it("reads a shown week again when a frame names a game it lacks, and the member's entries on entries_changed", () => {
    connection.hold([WEEK2, 'member:7']);
    FakeSocket.latest().open();
    FakeSocket.latest().receive(gameFrame({ event_id: 99 }));
    expect(queryClient.getQueryState(SCHEDULE)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(ENTRIES)?.isInvalidated).toBe(false);
    FakeSocket.latest().receive({ type: 'entries_changed', event_ids: [21] });
    expect(queryClient.getQueryState(ENTRIES)?.isInvalidated).toBe(true);
  });

  it("reads the member's chat rooms again when a post arrives in one of them, and nothing else", () => {
    queryClient.setQueryData(chatRoomsQuery().queryKey, { data: [] });
    connection.hold(['member:7']);
    FakeSocket.latest().open();
    FakeSocket.latest().receive({ type: 'chat_message', pool_id: 3, mention: false });
    expect(queryClient.getQueryState(chatRoomsQuery().queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(ENTRIES)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(SCHEDULE)?.isInvalidated).toBe(false);
  });

  it('comes back after a drop, waiting longer each time, asks for its channels again and reads again what is shown', () => {
    connection.hold([WEEK2, 'member:7']);
    const first = FakeSocket.latest();
    first.open();
    first.drop(1012);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.latest();
    expect(FakeSocket.made).toHaveLength(2);
    second.drop();
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeSocket.latest();
    expect(queryClient.getQueryState(SCHEDULE)?.isInvalidated).toBe(false);
    third.open();
    expect(third.channels()).toEqual([WEEK2, 'member:7']);
    // Frames were missed while away: the week shown and the entries are read again.
    expect(queryClient.getQueryState(SCHEDULE)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(ENTRIES)?.isInvalidated).toBe(true);
  });

  it('does not come back once the session has ended', () => {
    connection.hold([WEEK2]);
    FakeSocket.latest().open();
    FakeSocket.latest().drop(SESSION_ENDED);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('pings while open and takes a silent socket for dead', () => {
    connection.hold([WEEK2]);
    const socket = FakeSocket.latest();
    socket.open();
    vi.advanceTimersByTime(20_000);
    expect(socket.frames().at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(40_000);
    expect(FakeSocket.made).toHaveLength(2);
    expect(socket.readyState).toBe(3);
  });
});
