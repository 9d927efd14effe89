import { createHash } from 'node:crypto';
import type { Database, DbExecutor } from '@pass/db';
import {
  sameLiveState,
  eventFromObservation,
  fileDataAsOf,
  matchScheduleGames,
  mergeObservation,
  observedStatus,
  quotesReplace,
  scheduleInstant,
  scheduleMatchWindowHours,
  type GameObservation,
  type MergedEvent,
  type Skipped,
  type Sport,
} from '@pass/domain';
import { systemClock } from '../../lib/clock.js';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import { gradeEvents } from '../ledger/grading.service.js';
import { announceEventsChanged, type EventsChanged } from '../live/live.service.js';
import { keepLocksBeforeEventsChange } from '../pools/slates.service.js';
import { invalidateSportCache } from '../sports/sports.service.js';
import * as repository from './imports.repository.js';
import type { EventFields, EventProvenance, ImportTrigger, QuoteRow, StoredEvent } from './imports.repository.js';

export type { ImportTrigger } from './imports.repository.js';

/** What an import did, per game (per quote for odds): the CLI prints it, the run row keeps it. */
export interface ImportSummary {
  runId: number;
  added: number;
  updated: number;
  unchanged: number;
  skipped: { reason: string; count: number }[];
  /** False when the same body had been imported before (raw_responses keeps each body once). */
  rawStored: boolean;
}

export interface ImportProgress {
  phase: string;
  done: number;
  total: number;
}

export interface ImportOptions {
  trigger?: ImportTrigger;
  /** Only games of these seasons (inclusive), e.g. `--seasons 2015-2025`. */
  seasons?: SeasonRange;
  /** Where the body came from: a file path or a URL (never with a key in it). */
  location?: string;
  /** The answer's headers kept with a fetched body: a live source's ETag, for its next conditional GET. */
  headers?: Record<string, string>;
  onProgress?: (progress: ImportProgress) => void;
  /** Told the run's id as soon as its row exists (the admin API answers with it while the run goes on). */
  onRun?: (runId: number) => void;
  /** The server clock: a file's data time is never later than it (docs/decisions/022). */
  now?: Date;
}

export interface SeasonRange {
  from: number;
  to: number;
}

/** `2015-2025` or `2022` → a range; undefined for anything else. */
export function parseSeasonRange(value: string): SeasonRange | undefined {
  const match = /^(\d{4})(?:-(\d{4}))?$/.exec(value.trim());
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = Number(match[2] ?? match[1]);
  return from <= to ? { from, to } : undefined;
}

export const inSeasons = (season: number, range: SeasonRange | undefined) =>
  !range || (season >= range.from && season <= range.to);

/**
 * Skip reasons grouped for the summary. Parsers prefix a reason with the row's id (`2022_17_X_Y: …`) and
 * may end it with details after a colon; the group is what is left, so 121 opponents outside FBS read as one
 * line with a count. Odds matcher reasons are kept whole: there are few, and each names its event.
 */
export function groupSkipped(reasons: readonly string[]): { reason: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

export function generalReason(skipped: Skipped): string {
  let reason = skipped.reason;
  if ('line' in skipped) reason = reason.replace(/^[^\s:]+: /, '');
  return reason
    .replace(/: .*$/, '')
    .replace(/ ".*"$/, '')
    .replace(/ \(.*\)$/, '');
}

export interface RunContext {
  tx: DbExecutor;
  rawResponseId: number;
  progress: (phase: string, done: number, total: number) => void;
  /**
   * The import's clock: the server clock its caller gave (`options.now`), else the machine's, as for a file
   * imported from the command line. Grading and data times read this one.
   */
  now: Date;
}

export interface RunResult {
  added: number;
  updated: number;
  unchanged: number;
  skipped: { reason: string; count: number }[];
  /** The sports whose data changed: their cached reads are cleared. */
  changedSports: string[];
  /** The games the run changed: once it is committed, open screens are told (live/live.service.ts). */
  events?: EventsChanged;
  detail?: Record<string, unknown>;
}

/**
 * One importer run: a row in import_runs (kept even when the run fails), the body stored once in
 * raw_responses, and the work in one transaction, so a failed run leaves the data as it was.
 */
/**
 * Rewrites changed events. Pool slate games among them whose kickoff had passed by `now` keep that lock first,
 * whatever the new kickoff: a schedule that moves a game later cannot reopen picks already locked (decision 027).
 */
export async function updateEvents(tx: DbExecutor, events: readonly StoredEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  await keepLocksBeforeEventsChange(
    tx,
    events.map((event) => event.id),
    now,
  );
  await repository.updateEvents(tx, events);
}

export async function runImport(
  db: Database,
  input: {
    source: string;
    location: string;
    body: string;
    headers?: Record<string, string> | null;
    options: ImportOptions;
    /** Recorded on the run whatever its outcome (the Odds API quota). */
    detail?: Record<string, unknown>;
  },
  work: (context: RunContext) => Promise<RunResult>,
): Promise<ImportSummary> {
  const runId = await repository.createImportRun(db, input.source, input.options.trigger ?? 'cli');
  input.options.onRun?.(runId);
  const baseDetail = {
    location: input.location,
    ...(input.options.seasons ? { seasons: input.options.seasons } : {}),
    ...input.detail,
  };
  const onProgress = input.options.onProgress;
  try {
    const { result, raw } = await db.transaction(async (tx) => {
      const raw = await repository.storeRawResponse(tx, {
        source: input.source,
        location: input.location,
        bodyHash: createHash('sha256').update(input.body).digest('hex'),
        body: input.body,
        headers: input.headers ?? input.options.headers ?? null,
      });
      const result = await work({
        tx,
        rawResponseId: raw.id,
        progress: (phase, done, total) => onProgress?.({ phase, done, total }),
        now: input.options.now ?? systemClock(),
      });
      return { result, raw };
    });
    await repository.finishImportRun(db, runId, {
      status: 'succeeded',
      added: result.added,
      updated: result.updated,
      unchanged: result.unchanged,
      skipped: result.skipped.reduce((sum, entry) => sum + entry.count, 0),
      detail: { ...baseDetail, rawResponseId: raw.id, skipped: result.skipped, ...result.detail },
    });
    for (const sport of result.changedSports) invalidateSportCache(db, sport);
    await announceEventsChanged(db, result.events);
    return {
      runId,
      added: result.added,
      updated: result.updated,
      unchanged: result.unchanged,
      skipped: result.skipped,
      rawStored: raw.stored,
    };
  } catch (error) {
    await repository.finishImportRun(db, runId, {
      status: 'failed',
      error: error instanceof Error ? error.message : String(error),
      detail: baseDetail,
    });
    throw error;
  }
}

/**
 * Records a run that failed before its importer could start one (The Odds API unreachable, a file gone), so
 * the source's last error shows on the admin's screen. Returns the run's id.
 */
export async function recordFailedRun(
  db: Database,
  source: string,
  trigger: ImportTrigger,
  error: unknown,
): Promise<number> {
  const runId = await repository.createImportRun(db, source, trigger);
  await repository.finishImportRun(db, runId, {
    status: 'failed',
    error: error instanceof Error ? error.message : String(error),
    detail: {},
  });
  return runId;
}

/** A game as an importer hands it over: the event's columns, the keys that find it again, and its lines. */
export interface IncomingGame {
  /** The source's own id first; further keys (the ESPN id) let two sources of one game share an event. */
  keys: { source: string; key: string }[];
  fields: EventFields;
  quotes: Omit<QuoteRow, 'eventId'>[];
}

const FIELD_NAMES: (keyof EventFields)[] = [
  'sport',
  'season',
  'week',
  'seasonType',
  'kickoffAt',
  'gameDate',
  'homeTeam',
  'awayTeam',
  'neutralSite',
  'status',
  'homeScore',
  'awayScore',
];

export function sameFields(a: EventFields, b: EventFields): boolean {
  return FIELD_NAMES.every((name) => a[name] === b[name]) && sameLiveState(a.live, b.live);
}

/**
 * Whether a change of a game can change a grade: not when the game was and stays under way with only its score
 * and live state moved (a bet, a pick and a pool's week totals are graded on the final; a game under way is
 * already locked). So the live polls of a Sunday regrade nothing and leave the pools' standings current.
 */
function changesGrades(before: EventFields, after: EventFields): boolean {
  if (before.status !== 'in_progress' || after.status !== 'in_progress') return true;
  return FIELD_NAMES.some((name) => name !== 'homeScore' && name !== 'awayScore' && before[name] !== after[name]);
}

/** A game's event columns as the merge rule sees them, with the provenance they came from. */
function toMerged(event: StoredEvent): MergedEvent {
  return { ...event, ...event.provenance };
}

function fromMerged(id: number, merged: MergedEvent): StoredEvent {
  const { schedule, kickoff, result, ...fields } = merged;
  return { ...pickFields(fields), id, provenance: { schedule, kickoff, result } };
}

function pickFields(fields: EventFields): EventFields {
  const picked = Object.fromEntries(FIELD_NAMES.map((name) => [name, fields[name]])) as unknown as EventFields;
  return { ...picked, live: fields.live ?? null };
}

const sameProvenance = (a: EventProvenance, b: EventProvenance) =>
  (['schedule', 'kickoff', 'result'] as const).every(
    (group) => a[group].source === b[group].source && a[group].asOf === b[group].asOf,
  );

/** The data time of a file's games (docs/decisions/022): what their results prove, never later than now. */
export function gamesDataAsOf(games: readonly EventFields[], now: Date): Date {
  return fileDataAsOf(
    games.map((game) => ({ kickoff: game.kickoffAt, date: game.gameDate, status: game.status })),
    now,
  );
}

/**
 * Writes a schedule source's games: one query loads every key the source (and its shared keys) already
 * has, new games go in by batches, changed ones are rewritten, unchanged ones are not touched (their
 * updated_at stays).
 *
 * Imports only move forward (docs/decisions/022): each game is an observation as of the data's time, merged
 * into its stored event by mergeObservation, so an older snapshot never turns a final back to scheduled or
 * undoes a newer kickoff, and any order of imports ends in the same events. A game without a result well
 * before the data time is observed as cancelled. The source's quotes of a game are replaced only by a
 * non-empty set from data at least as new as the stored set's.
 *
 * With `matchUnkeyed`, a game none of its keys finds is first looked for among the real events that carry
 * no key of these sources (an event The Odds API created before the schedule listed the game): the same
 * sport and teams, kicking off within the sport's window (matchScheduleGames). A match gets the game's keys
 * and its fields merged in instead of a second event being added; its other sources' quotes stay with it.
 */
export async function writeGames(
  context: RunContext,
  input: {
    sport: string;
    quoteSource: string;
    keySources: string[];
    games: IncomingGame[];
    matchUnkeyed?: boolean;
    /** New events are the demo season's (is_demo). */
    demo?: boolean;
    /** The clock the games' statuses were decided by (the demo's server clock); grading reads the same. */
    now?: Date;
    /** The data time of the games; by default what the games prove (gamesDataAsOf), capped at `now`. */
    asOf?: Date;
    /**
     * Whether the Odds API's events of the games' span that the games leave out are removed (by default with
     * `matchUnkeyed`): only a source that lists every game of its span may say a game is left out.
     */
    removeOddsEventsLeftOut?: boolean;
    /**
     * A source's own check before a game is merged into the event found for it: a game it returns a verdict
     * for leaves the event as stored (its keys are still added), with the reason, if any, in `kept`.
     */
    keepStored?: (incoming: GameObservation, stored: StoredEvent) => { reason: string | null } | undefined;
    /**
     * The source's quotes carry the time they were fetched (a live pre-game line): a set whose prices and points
     * equal the stored set's keeps the stored one, filed when the line was first seen, so an unchanged line is
     * not rewritten on every poll and the last one seen before kickoff stays the closing line.
     */
    quotesFiledWhenSeen?: boolean;
  },
): Promise<{
  added: number;
  updated: number;
  unchanged: number;
  duplicates: number;
  matched: number;
  /** Events the Odds API created that this schedule leaves out, removed (docs/decisions/022). */
  oddsEventsRemoved: number;
  /** Why games were left unmerged by `keepStored`, one entry per game that gave a reason. */
  kept: string[];
  /** The games written: for the live frames once the run is committed. */
  events: EventsChanged;
}> {
  const { tx, progress } = context;
  const total = input.games.length;
  const asOfDate =
    input.asOf ??
    gamesDataAsOf(
      input.games.map((game) => game.fields),
      input.now ?? context.now,
    );
  const asOf = asOfDate.toISOString();
  progress('events', 0, total);
  const existing = await repository.listEventsBySourceKeys(tx, input.keySources);
  // Between the long steps of a big import, requests get their turn (docs/decisions/019).
  await yieldToEventLoop();

  /** The game as this import observes it: its source's view as of the data time. */
  const observe = (game: IncomingGame): GameObservation => ({
    ...game.fields,
    status: observedStatus(
      {
        kickoff: game.fields.kickoffAt,
        date: game.fields.gameDate,
        status: game.fields.status,
        homeScore: game.fields.homeScore,
        awayScore: game.fields.awayScore,
      },
      asOfDate,
    ),
    source: game.keys[0]!.source,
    asOf,
  });

  const seen = new Set<string>();
  let newGames: IncomingGame[] = [];
  /** The events this import rewrites, by id, as they will be written (two games of a file may share one). */
  const changed = new Map<number, StoredEvent>();
  const keysToAdd: { source: string; sourceKey: string; eventId: number }[] = [];
  /** Each game of the file with the event it landed on (undefined until new events get their ids). */
  const placed: {
    game: IncomingGame;
    event: StoredEvent | undefined;
    status: 'added' | 'updated' | 'unchanged';
    /** An update that can change a grade (changesGrades). */
    regrade?: boolean;
  }[] = [];
  let duplicates = 0;
  const kept: string[] = [];

  /** Files a game under an existing event: its missing keys are added, its observation merged in. */
  const placeOnEvent = (game: IncomingGame, found: StoredEvent) => {
    for (const { source, key } of game.keys) {
      if (!existing.has(`${source}|${key}`)) {
        keysToAdd.push({ source, sourceKey: key, eventId: found.id });
        existing.set(`${source}|${key}`, found);
      }
    }
    const event = changed.get(found.id) ?? found;
    const observation = observe(game);
    const verdict = input.keepStored?.(observation, event);
    if (verdict) {
      if (verdict.reason !== null) kept.push(verdict.reason);
      placed.push({ game: { ...game, quotes: [] }, event, status: 'unchanged' });
      return;
    }
    const merged = fromMerged(event.id, mergeObservation(toMerged(event), observation));
    const fieldsChanged = !sameFields(event, merged);
    if (fieldsChanged || !sameProvenance(event.provenance, merged.provenance)) changed.set(event.id, merged);
    placed.push({
      game,
      event: merged,
      status: fieldsChanged ? 'updated' : 'unchanged',
      regrade: fieldsChanged && changesGrades(event, merged),
    });
  };

  for (const game of input.games) {
    const ownKey = `${game.keys[0]!.source}|${game.keys[0]!.key}`;
    if (seen.has(ownKey)) {
      duplicates++;
      continue;
    }
    seen.add(ownKey);
    const event = game.keys.map(({ source, key }) => existing.get(`${source}|${key}`)).find(Boolean);
    if (event) placeOnEvent(game, event);
    else newGames.push(game);
  }

  let matched = 0;
  if (input.matchUnkeyed && newGames.length > 0) {
    const onEvents = await matchUnkeyedEvents(tx, input.sport, input.keySources, newGames);
    for (const [game, event] of onEvents) placeOnEvent(game, event);
    matched = onEvents.size;
    newGames = newGames.filter((game) => !onEvents.has(game));
  }
  for (const game of newGames) placed.push({ game, event: undefined, status: 'added' });
  await yieldToEventLoop();

  const newFields = newGames.map((game) => fromMerged(0, eventFromObservation(observe(game))));
  const newIds = await repository.insertEvents(tx, newFields, { isDemo: input.demo ?? false });
  progress('events', newGames.length, total);
  const newEvents = new Map<IncomingGame, StoredEvent>();
  newGames.forEach((game, index) => {
    const id = newIds[index]!;
    newEvents.set(game, { ...newFields[index]!, id });
    for (const { source, key } of game.keys) keysToAdd.push({ source, sourceKey: key, eventId: id });
  });
  for (const entry of placed) entry.event ??= newEvents.get(entry.game);

  await repository.insertSourceKeys(tx, keysToAdd);
  await updateEvents(tx, [...changed.values()], input.now ?? context.now);
  const oddsEventsRemoved =
    (input.removeOddsEventsLeftOut ?? input.matchUnkeyed)
      ? await removeOddsEventsLeftOut(tx, input.sport, input.games)
      : 0;
  progress('events', total, total);

  const quotesChanged = await syncQuotes(context, input.sport, input.quoteSource, placed, asOf, {
    filedWhenSeen: input.quotesFiledWhenSeen ?? false,
  });
  // Ledger entries follow their games: a changed result regrades them, a started game's new lines set their CLV.
  await gradeEvents(
    tx,
    [
      ...new Set(
        placed
          .filter((p) => p.regrade || (quotesChanged.has(p.event!.id) && p.event!.status !== 'scheduled'))
          .map((p) => p.event!.id),
      ),
    ],
    input.now ?? context.now,
  );
  let added = 0;
  let updated = 0;
  let unchanged = 0;
  for (const entry of placed) {
    if (entry.status === 'added') added++;
    else if (entry.status === 'updated' || quotesChanged.has(entry.event!.id)) updated++;
    else unchanged++;
  }
  return {
    added,
    updated,
    unchanged,
    duplicates,
    matched,
    oddsEventsRemoved,
    kept,
    events: writtenEvents(placed, changed),
  };
}

/**
 * What the live frames tell of a schedule's games: those added or whose fields changed, and those under way whose
 * result only got a newer time (a screen shows how fresh a score is). A game whose provenance alone moved, not
 * under way, is not told.
 */
function writtenEvents(
  placed: readonly { event: StoredEvent | undefined; status: 'added' | 'updated' | 'unchanged' }[],
  rewritten: ReadonlyMap<number, StoredEvent>,
): EventsChanged {
  const changed = new Set<number>();
  for (const entry of placed) if (entry.status !== 'unchanged') changed.add(entry.event!.id);
  const refreshed = [...rewritten.values()]
    .filter((event) => event.status === 'in_progress' && !changed.has(event.id))
    .map((event) => event.id);
  return { changed: [...changed], refreshed };
}

/** The odds matcher's window (odds-api.service.ts): a schedule game this close makes the period known. */
const ODDS_MATCH_WINDOW_HOURS = 36;

/** Removes the Odds API's events of the file's span that the schedule leaves out (deleteOddsEventsScheduleLeavesOut). */
async function removeOddsEventsLeftOut(tx: DbExecutor, sport: string, games: readonly IncomingGame[]): Promise<number> {
  let first = Infinity;
  let last = -Infinity;
  for (const game of games) {
    const instant = scheduleInstant({
      sport: sport as Sport,
      kickoff: game.fields.kickoffAt,
      date: game.fields.gameDate,
    });
    if (instant === null) continue;
    first = Math.min(first, instant);
    last = Math.max(last, instant);
  }
  if (first === Infinity) return 0;
  const window = ODDS_MATCH_WINDOW_HOURS * 3_600_000;
  return repository.deleteOddsEventsScheduleLeavesOut(
    tx,
    sport,
    new Date(first - window),
    new Date(last + window),
    ODDS_MATCH_WINDOW_HOURS,
  );
}

/**
 * The real events (not the demo's) without a key of these sources that the games not found by key are
 * the same games as: one query for the candidates in the games' time span, then the pure matcher.
 */
async function matchUnkeyedEvents(
  tx: DbExecutor,
  sport: string,
  keySources: readonly string[],
  games: readonly IncomingGame[],
): Promise<Map<IncomingGame, StoredEvent>> {
  const schedulable = (fields: EventFields) => ({
    sport: fields.sport as Sport,
    home: fields.homeTeam,
    away: fields.awayTeam,
    kickoff: fields.kickoffAt,
    date: fields.gameDate,
  });
  const timed = games.flatMap((game) => {
    const instant = scheduleInstant(schedulable(game.fields));
    return instant === null ? [] : [{ game, instant }];
  });
  if (timed.length === 0) return new Map();
  const windowMs = scheduleMatchWindowHours(sport as Sport) * 3_600_000;
  let first = Infinity;
  let last = -Infinity;
  for (const { instant } of timed) {
    first = Math.min(first, instant);
    last = Math.max(last, instant);
  }
  const candidates = await repository.listEventsWithoutKeys(
    tx,
    sport,
    keySources,
    new Date(first - windowMs),
    new Date(last + windowMs),
  );
  if (candidates.length === 0) return new Map();
  const matches = matchScheduleGames(
    timed.map(({ game }) => ({ ...schedulable(game.fields), game })),
    candidates.map((event) => ({ ...schedulable(event), event })),
  );
  return new Map([...matches].map(([game, candidate]) => [game.game, candidate.event]));
}

/** A sorted quote signature list with each quote's fetch time (its last field) left out. */
const withoutFetchTimes = (signature: string) =>
  signature
    .split(';')
    .map((quote) => quote.slice(0, quote.lastIndexOf('|')))
    .sort()
    .join(';');

/**
 * Makes the source's stored quotes of these games follow the incoming ones, event by event: a non-empty
 * incoming set from data at least as new as the stored set's (quotesReplace) replaces them when it differs;
 * an empty one says nothing and deletes nothing. Returns the events whose quotes changed.
 */
async function syncQuotes(
  context: RunContext,
  sport: string,
  quoteSource: string,
  placed: { game: IncomingGame; event: StoredEvent | undefined }[],
  asOf: string,
  { filedWhenSeen }: { filedWhenSeen: boolean },
): Promise<Set<number>> {
  const { tx, progress } = context;
  const stored = await repository.listQuoteSignatures(tx, quoteSource, sport);
  const storedAsOf = await repository.listQuotesAsOf(tx, quoteSource, sport);
  await yieldToEventLoop();
  const changedEvents = new Set<number>();
  const dated: { eventId: number; asOf: string }[] = [];
  const toInsert: QuoteRow[] = [];
  for (const { game, event } of placed) {
    const eventId = event!.id;
    const previousAsOf = storedAsOf.get(eventId) ?? null;
    if (!quotesReplace({ count: game.quotes.length, asOf }, previousAsOf)) continue;
    if (previousAsOf !== asOf) dated.push({ eventId, asOf });
    const signature = game.quotes.map(repository.quoteSignature).sort().join(';');
    const storedSignature = stored.get(eventId) ?? '';
    if (storedSignature === signature) continue;
    if (filedWhenSeen && withoutFetchTimes(storedSignature) === withoutFetchTimes(signature)) continue;
    changedEvents.add(eventId);
    for (const quote of game.quotes) toInsert.push({ ...quote, eventId });
  }
  progress('lines', 0, toInsert.length);
  await yieldToEventLoop();
  // Only events that had quotes of this source have any to delete (none, for a first import).
  await repository.deleteQuotesOfEvents(
    tx,
    quoteSource,
    [...changedEvents].filter((eventId) => stored.has(eventId)),
  );
  await repository.insertQuotes(tx, toInsert, {
    onBatch: (handled) => progress('lines', handled, toInsert.length),
  });
  await repository.setQuotesAsOf(tx, quoteSource, dated);
  progress('lines', toInsert.length, toInsert.length);
  return changedEvents;
}

/**
 * The refresh scheduler's record of its jobs, in the database so that every instance and every restart
 * sees the same: when each job last started (what decides when it is due), finished, succeeded and failed.
 */
export interface SchedulerJobState {
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastSuccessAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
}

/** The scores job's row also keeps when games were last seen live. */
const LIVE_GAMES_JOB = 'scores';

export async function getSchedulerState(
  db: Database,
): Promise<{ jobs: Map<string, SchedulerJobState>; liveGamesSeenAt: Date | null }> {
  const rows = await repository.listSchedulerJobs(db);
  return {
    jobs: new Map(rows.map(({ job, liveGamesSeenAt: _live, ...state }) => [job, state])),
    liveGamesSeenAt: rows.find((row) => row.job === LIVE_GAMES_JOB)?.liveGamesSeenAt ?? null,
  };
}

export async function recordJobStarted(db: Database, job: string, at: Date): Promise<void> {
  await repository.upsertSchedulerJob(db, job, { lastStartedAt: at });
}

/** A finished job: a success, or a failure with its message (an earlier error stays until the next one). */
export async function recordJobFinished(db: Database, job: string, at: Date, error?: string): Promise<void> {
  await repository.upsertSchedulerJob(
    db,
    job,
    error === undefined
      ? { lastFinishedAt: at, lastSuccessAt: at }
      : { lastFinishedAt: at, lastErrorAt: at, lastError: error },
  );
}

export async function recordLiveGamesSeen(db: Database, at: Date): Promise<void> {
  await repository.upsertSchedulerJob(db, LIVE_GAMES_JOB, { liveGamesSeenAt: at });
}
