import type { BookEvent, LiveGameFrame, LiveGameState, SlateGameView, SportKey } from '@pass/contracts';

/**
 * A game under way as screens word it (decision 071-live-push), and a `game` frame applied to an event the page
 * holds. Pure: the live connection (live-connection.ts) and the components call these.
 */

/** A score older than this shows how old it is. */
export const STALE_SCORE_MS = 2 * 60_000;

const ordinal = (value: number) => {
  const tens = value % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][value % 10] ?? 'th');
  return `${value}${suffix}`;
};

/** The half of an inning from the source's line ("Bottom 9th" → Bot); null when the line names none. */
function inningHalf(detail: string): string | null {
  const match = /^(top|bot(?:tom)?|mid(?:dle)?|end)\b/i.exec(detail.trim());
  if (!match) return null;
  const word = match[1]!.toLowerCase();
  if (word === 'top') return 'Top';
  if (word.startsWith('bot')) return 'Bot';
  if (word.startsWith('mid')) return 'Mid';
  return 'End';
}

/** A football period: Q1–Q4, then OT, 2OT … (college overtimes count on). */
function quarter(period: number): string {
  if (period <= 4) return `Q${period}`;
  return period === 5 ? 'OT' : `${period - 4}OT`;
}

/**
 * Where a game under way stands, short: "Q3 4:12", "OT 0:45", "Bot 9th". The source's own line when the period
 * and clock do not say it (a break, "Halftime", "Rain Delay").
 */
export function liveLabel(sport: SportKey, live: Pick<LiveGameState, 'period' | 'clock' | 'detail'>): string {
  if (live.period !== null && live.period > 0) {
    if (sport === 'baseball_mlb') {
      const half = inningHalf(live.detail);
      if (half) return `${half} ${ordinal(live.period)}`;
    } else if (live.clock !== null && live.clock !== '') {
      return `${quarter(live.period)} ${live.clock}`;
    }
  }
  return live.detail;
}

/**
 * How old a score is, when it is older than two minutes ("5 min old", "2 h old"); null while it is fresh or its
 * time is not known. `now` is the server's clock, as the score's time is.
 */
export function scoreAge(asOf: string | null | undefined, now: Date | null): string | null {
  if (!asOf || !now) return null;
  const age = now.getTime() - Date.parse(asOf);
  if (!(age > STALE_SCORE_MS)) return null;
  const minutes = Math.floor(age / 60_000);
  if (minutes < 60) return `${minutes} min old`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h old` : `${Math.floor(hours / 24)} days old`;
}

/** The event as the frame says it stands now (a game's other fields, its odds and line, are kept). */
export function withGameFrame(event: BookEvent, frame: LiveGameFrame): BookEvent {
  return {
    ...event,
    status: frame.status,
    event_scores: { home: frame.scores.home, away: frame.scores.away },
    live: frame.live ? { ...frame.live, as_of: frame.as_of } : null,
    // A game that has started, or was called off, has its result reported.
    ...(frame.status === 'scheduled' ? {} : { result_missing: false }),
  };
}

const isBookEvent = (value: unknown): value is BookEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BookEvent).event_id === 'number' &&
  typeof (value as BookEvent).event_scores === 'object';

/**
 * What a frame does to one query's data: the data with the game patched (and `readAgain` when the server has more
 * to say than the frame carries), or why it was left alone.
 */
export type Patched = { data: unknown; readAgain?: true } | { missing: true } | null;

/**
 * Applies a frame to a query's data, whatever screen holds it: a list of events (`{ events }`: a schedule's
 * week, the home's weeks, the ledger's current games) or one event (`{ event }`: a game's line history). The
 * patched data is new objects along the path, so the screens showing it render again. `missing` when the data is
 * the frame's very week and lacks the game (a game added to the schedule: the week is read again); null when the
 * data has nothing to do with it.
 */
export function patchGame(data: unknown, frame: LiveGameFrame): Patched {
  if (typeof data !== 'object' || data === null) return null;
  const poolWeek = patchPoolWeek(data, frame);
  if (poolWeek) return poolWeek;
  const holder = data as { events?: unknown; event?: unknown; sport?: unknown; season?: unknown; week?: unknown };
  if (Array.isArray(holder.events)) {
    const index = holder.events.findIndex((event) => isBookEvent(event) && event.event_id === frame.event_id);
    if (index >= 0) {
      const events = [...(holder.events as BookEvent[])];
      const before = events[index]!;
      events[index] = withGameFrame(before, frame);
      // A game that kicks off gets its line of record, which the frame does not carry (the card grades the final
      // against it): the week is read again once, at kickoff.
      const kickedOff = before.status === 'scheduled' && frame.status !== 'scheduled' && !before.line_of_record;
      return kickedOff ? { data: { ...holder, events }, readAgain: true } : { data: { ...holder, events } };
    }
    const week = holder.week as { number?: unknown } | null | undefined;
    const sameWeek = holder.sport === frame.sport && holder.season === frame.season && week?.number === frame.week;
    return sameWeek ? { missing: true } : null;
  }
  if (isBookEvent(holder.event) && holder.event.event_id === frame.event_id) {
    return { data: { ...holder, event: withGameFrame(holder.event, frame) } };
  }
  return null;
}

const isSlateGame = (value: unknown): value is SlateGameView =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SlateGameView).event_id === 'number' &&
  'frozen_home_spread' in value;

/**
 * A pool's week (`{ data: { games } }`, the grid and the pick sheet): its slate game moves with the frame, and a
 * game under way or over is locked (its picks showed at kickoff already).
 */
function patchPoolWeek(data: object, frame: LiveGameFrame): Patched {
  const view = (data as { data?: { games?: unknown } }).data;
  if (!view || !Array.isArray(view.games)) return null;
  const index = view.games.findIndex((game) => isSlateGame(game) && game.event_id === frame.event_id);
  if (index < 0) return null;
  const games = [...(view.games as SlateGameView[])];
  const game = games[index]!;
  games[index] = {
    ...game,
    status: frame.status,
    home_score: frame.scores.home,
    away_score: frame.scores.away,
    locked: game.locked || frame.status !== 'scheduled',
  };
  return { data: { ...data, data: { ...view, games } } };
}

/** Whether a query's data shows a game of one of these weeks (`<sport>:<season>:<week>`): read again on reconnect. */
export function showsWeeks(data: unknown, weeks: ReadonlySet<string>): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const holder = data as { events?: unknown; event?: unknown };
  const events = Array.isArray(holder.events) ? holder.events : isBookEvent(holder.event) ? [holder.event] : [];
  return events.some(
    (event) => isBookEvent(event) && event.week !== null && weeks.has(`${event.sport}:${event.season}:${event.week}`),
  );
}
