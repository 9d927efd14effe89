import type { Database } from '@pass/db';
import {
  calendarWeek,
  matchOddsEvent,
  mergeObservation,
  parseOddsApiOdds,
  parseOddsApiScores,
  seasonCalendar,
  seasonForDate,
  type OddsEvent,
  type Sport,
} from '@pass/domain';
import { gradeEvents } from '../ledger/grading.service.js';
import * as repository from './imports.repository.js';
import type { EventFields, ProvenancedFields, QuoteRow, StoredEvent } from './imports.repository.js';
import {
  groupSkipped,
  runImport,
  sameFields,
  updateEvents,
  type ImportOptions,
  type ImportSummary,
} from './imports.service.js';
import type { OddsApiClient, OddsApiQuota } from './odds-api-client.js';

/**
 * The Odds API's odds and scores, written to the events the schedule sources made. An Odds API event id
 * is the API's own, so the first time an event is seen it is matched by sport, teams and kickoff within
 * ±36 h (matchOddsEvent) and its id kept as a source key; after that the key finds it directly.
 */

export const ODDS_API_SOURCE = 'odds-api';
const MATCH_WINDOW_HOURS = 36;
const HOUR_MS = 3_600_000;

/** A body of The Odds API as fetched (or replayed): the quotes are filed under its fetch time. */
export interface OddsApiBody {
  body: string;
  location: string;
  fetchedAt: Date;
  headers?: Record<string, string>;
  quota?: OddsApiQuota;
}

type Candidate = StoredEvent & { fromSchedule: boolean };

interface Matchable {
  id: string;
  sport: Sport;
  home: string;
  away: string;
  commenceTime: string;
}

/** The stored event of each Odds API event: by its key, else by the matcher; unmatched ones with the matcher's reason. */
async function findEvents(
  tx: Parameters<Parameters<typeof runImport>[2]>[0]['tx'],
  events: readonly Matchable[],
): Promise<{
  found: Map<string, StoredEvent>;
  unmatched: { event: Matchable; reason: string; scheduleKnown: boolean }[];
  newKeys: { source: string; sourceKey: string; eventId: number }[];
}> {
  const found = await repository.listEventsByKeys(
    tx,
    ODDS_API_SOURCE,
    events.map((event) => event.id),
  );
  const unmatched: { event: Matchable; reason: string; scheduleKnown: boolean }[] = [];
  const newKeys: { source: string; sourceKey: string; eventId: number }[] = [];
  const toMatch = events.filter((event) => !found.has(event.id));
  const candidatesBySport = new Map<string, Candidate[]>();
  for (const sport of new Set(toMatch.map((event) => event.sport))) {
    const times = toMatch.filter((event) => event.sport === sport).map((event) => Date.parse(event.commenceTime));
    candidatesBySport.set(
      sport,
      await repository.listEventsKickingOffBetween(
        tx,
        sport,
        new Date(Math.min(...times) - MATCH_WINDOW_HOURS * HOUR_MS),
        new Date(Math.max(...times) + MATCH_WINDOW_HOURS * HOUR_MS),
      ),
    );
  }
  for (const event of toMatch) {
    const commence = Date.parse(event.commenceTime);
    const candidates = (candidatesBySport.get(event.sport) ?? [])
      .filter((game) => Math.abs(Date.parse(game.kickoffAt!) - commence) <= MATCH_WINDOW_HOURS * HOUR_MS)
      .map((game) => ({
        ...game,
        sport: game.sport as Sport,
        home: game.homeTeam,
        away: game.awayTeam,
        kickoff: game.kickoffAt,
      }));
    const result = matchOddsEvent(event, candidates, { windowHours: MATCH_WINDOW_HOURS });
    if (result.matched) {
      found.set(event.id, result.game);
      newKeys.push({ source: ODDS_API_SOURCE, sourceKey: event.id, eventId: result.game.id });
    } else {
      unmatched.push({ event, reason: result.reason, scheduleKnown: candidates.some((game) => game.fromSchedule) });
    }
  }
  return { found, unmatched, newKeys };
}

/** The sports calendar's week of a game by its US date (decision 024); none before the season opens (preseason). */
function weekOf(sport: Sport, season: number, kickoff: Date): number | null {
  const date = new Date(kickoff.getTime() - 6 * HOUR_MS).toISOString().slice(0, 10);
  if (sport !== 'americanfootball_ncaaf' && date < seasonCalendar(sport, season)[0]!.start) return null;
  return calendarWeek({ sport, season, seasonType: 'regular', date, sourceWeek: null });
}

/**
 * An event for an Odds API game no schedule source has loaded (a sport or period without schedule data, or
 * a game the API lists before the schedule does). A schedule source that lists the game later keys this
 * event instead of adding another (writeGames). The feed tells the kickoff, as of the fetch; its week,
 * season type, date and status are placeholders without a data time, which any schedule source replaces
 * (docs/decisions/022).
 */
function newEventFields(event: OddsEvent, fetchedAt: Date): ProvenancedFields {
  const kickoff = new Date(event.commenceTime);
  const season = seasonForDate(event.sport, kickoff);
  return {
    sport: event.sport,
    season,
    week: weekOf(event.sport, season, kickoff),
    seasonType: 'regular',
    kickoffAt: kickoff.toISOString(),
    // The US schedule date: six hours behind UTC keeps evening games on their local day.
    gameDate: new Date(kickoff.getTime() - 6 * HOUR_MS).toISOString().slice(0, 10),
    homeTeam: event.home,
    awayTeam: event.away,
    neutralSite: false,
    status: kickoff <= fetchedAt ? 'in_progress' : 'scheduled',
    homeScore: null,
    awayScore: null,
    provenance: {
      schedule: { source: ODDS_API_SOURCE, asOf: null },
      kickoff: { source: ODDS_API_SOURCE, asOf: fetchedAt.toISOString() },
      result: { source: ODDS_API_SOURCE, asOf: null },
    },
  };
}

/** The stored event after one observation of the feed, told only `only` (docs/decisions/022). */
function observe(
  event: StoredEvent,
  facts: Partial<EventFields>,
  fetchedAt: Date,
  only: 'kickoff' | 'result',
): StoredEvent {
  const { provenance, id, ...fields } = event;
  const merged = mergeObservation(
    { ...fields, ...provenance },
    { ...fields, ...facts, source: ODDS_API_SOURCE, asOf: fetchedAt.toISOString() },
    only,
  );
  const { schedule, kickoff, result, ...next } = merged;
  return { ...next, id, provenance: { schedule, kickoff, result } };
}

const sameProvenance = (a: StoredEvent, b: StoredEvent) =>
  JSON.stringify(a.provenance) === JSON.stringify(b.provenance);

/**
 * Imports an `/odds` body: every quote is stored with the fetch time, so a replay of the same fetch adds
 * nothing (odds_quotes_identity_key). An event no game matches is created when no schedule source covers
 * its sport around that time; where one does, the game is missing from it for a reason (BUF at CIN 2022,
 * abandoned) and the event is skipped with the matcher's reason.
 */
export async function importOddsApiOdds(
  db: Database,
  input: OddsApiBody,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  return runImport(
    db,
    {
      source: ODDS_API_SOURCE,
      location: input.location,
      body: input.body,
      headers: input.headers ?? null,
      options,
      detail: { fetchedAt: input.fetchedAt.toISOString(), ...(input.quota ? { quota: input.quota } : {}) },
    },
    async ({ tx, progress, now }) => {
      const parsed = parseOddsApiOdds(JSON.parse(input.body), { oddsFormat: 'american' });
      progress('events', 0, parsed.records.length);
      const { found, unmatched, newKeys } = await findEvents(tx, parsed.records);
      const reasons: string[] = parsed.skipped.map((entry) =>
        'line' in entry || entry.reason.startsWith('market ') ? entry.reason : `${entry.id}: ${entry.reason}`,
      );
      const toCreate = unmatched.filter((entry) => !entry.scheduleKnown).map((entry) => entry.event as OddsEvent);
      for (const entry of unmatched) if (entry.scheduleKnown) reasons.push(entry.reason);
      const createdIds = await repository.insertEvents(
        tx,
        toCreate.map((event) => newEventFields(event, input.fetchedAt)),
      );
      const created = new Set<number>();
      toCreate.forEach((event, index) => {
        found.set(event.id, { ...newEventFields(event, input.fetchedAt), id: createdIds[index]! });
        newKeys.push({ source: ODDS_API_SOURCE, sourceKey: event.id, eventId: createdIds[index]! });
        created.add(createdIds[index]!);
      });
      await repository.insertSourceKeys(tx, newKeys);
      // The feed's kickoff of a known event: a later move of the game applies when the fetch is newer data.
      const moved: StoredEvent[] = [];
      const kickoffChanged: number[] = [];
      for (const record of parsed.records) {
        const event = found.get(record.id);
        if (!event || created.has(event.id)) continue;
        const next = observe(
          event,
          { kickoffAt: new Date(record.commenceTime).toISOString() },
          input.fetchedAt,
          'kickoff',
        );
        if (!sameFields(event, next)) kickoffChanged.push(event.id);
        if (!sameFields(event, next) || !sameProvenance(event, next)) moved.push(next);
      }
      await updateEvents(tx, moved, now);
      // The kickoff decides which quote closed: the moved games' entries get their closing line value again.
      await gradeEvents(tx, kickoffChanged, now);
      progress('events', parsed.records.length, parsed.records.length);

      const fetchedAt = input.fetchedAt.toISOString();
      const quotes: QuoteRow[] = [];
      for (const quote of parsed.quotes) {
        const event = found.get(quote.eventId);
        if (!event) continue;
        quotes.push({
          eventId: event.id,
          book: quote.book,
          market: quote.market,
          outcome: quote.outcome,
          price: quote.price,
          point: quote.point,
          quotedAt: new Date(quote.lastUpdate).toISOString(),
          fetchedAt,
          source: ODDS_API_SOURCE,
        });
      }
      progress('quotes', 0, quotes.length);
      const inserted = await repository.insertQuotes(tx, quotes, {
        onBatch: (handled) => progress('quotes', handled, quotes.length),
      });
      progress('quotes', quotes.length, quotes.length);
      const sports = [...new Set(parsed.records.map((event) => event.sport))];
      return {
        added: inserted,
        updated: 0,
        unchanged: quotes.length - inserted,
        skipped: groupSkipped(reasons),
        changedSports: inserted > 0 || toCreate.length > 0 || kickoffChanged.length > 0 ? sports : [],
        // A new game (for a week a screen shows) and a moved kickoff are told; quotes are not.
        events: { changed: [...created, ...kickoffChanged] },
        detail: {
          events: parsed.records.length,
          eventsMatched: parsed.records.length - unmatched.length,
          eventsCreated: toCreate.length,
        },
      };
    },
  );
}

/** Imports a `/scores` body: scores and status of the events it names (matched as for odds; never created). */
export async function importOddsApiScores(
  db: Database,
  input: OddsApiBody,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  return runImport(
    db,
    {
      source: ODDS_API_SOURCE,
      location: input.location,
      body: input.body,
      headers: input.headers ?? null,
      options,
      detail: { fetchedAt: input.fetchedAt.toISOString(), ...(input.quota ? { quota: input.quota } : {}) },
    },
    async ({ tx, now }) => {
      const parsed = parseOddsApiScores(JSON.parse(input.body));
      const { found, unmatched, newKeys } = await findEvents(
        tx,
        parsed.records.map((score) => ({ ...score, id: score.eventId })),
      );
      await repository.insertSourceKeys(tx, newKeys);
      const changed: StoredEvent[] = [];
      /** Results confirmed by newer data: only their data time is written. */
      const dated: StoredEvent[] = [];
      let unchanged = 0;
      for (const score of parsed.records) {
        const event = found.get(score.eventId);
        if (!event) continue;
        // Teams as the stored event has them: sources disagree on home and away at neutral sites.
        const swapped = event.homeTeam !== score.home;
        const homeScore = swapped ? score.awayScore : score.homeScore;
        const awayScore = swapped ? score.homeScore : score.awayScore;
        // A game without scores yet tells nothing about its result.
        if (homeScore === null || awayScore === null) {
          unchanged++;
          continue;
        }
        // A result as of the fetch: it replaces an older non-final, or an older final (a correction), never a
        // final with a non-final (docs/decisions/022).
        const next = observe(
          event,
          { homeScore, awayScore, status: score.completed ? 'final' : 'in_progress' },
          input.fetchedAt,
          'result',
        );
        if (sameFields(event, next)) {
          unchanged++;
          if (!sameProvenance(event, next)) dated.push(next);
        } else {
          changed.push(next);
        }
      }
      await updateEvents(tx, [...changed, ...dated], now);
      // Ledger entries of games whose score or status changed are regraded.
      await gradeEvents(
        tx,
        changed.map((event) => event.id),
        now,
      );
      const reasons = [
        ...parsed.skipped.map((entry) => `${'id' in entry ? entry.id : entry.line}: ${entry.reason}`),
        ...unmatched.map((entry) => entry.reason),
      ];
      return {
        added: 0,
        updated: changed.length,
        unchanged,
        skipped: groupSkipped(reasons),
        changedSports: changed.length > 0 ? [...new Set(changed.map((event) => event.sport))] : [],
        events: {
          changed: changed.map((event) => event.id),
          refreshed: dated.filter((event) => event.status === 'in_progress').map((event) => event.id),
        },
      };
    },
  );
}

/** The quota The Odds API last reported, for a client that has not called yet in this process. */
export async function getLastOddsApiQuota(db: Database): Promise<{ remaining: number; used: number | null } | null> {
  return repository.getLastOddsApiQuota(db);
}

async function withKnownQuota(db: Database, client: OddsApiClient): Promise<void> {
  if (client.remaining === null) client.remaining = (await getLastOddsApiQuota(db))?.remaining ?? null;
}

/** Fetches a sport's current odds (quota permitting) and imports them. */
export async function fetchAndImportOdds(
  db: Database,
  client: OddsApiClient,
  sport: Sport,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  await withKnownQuota(db, client);
  const response = await client.fetchOdds(sport);
  return importOddsApiOdds(db, response, options);
}

/** Fetches a sport's scores of the last three days (quota permitting) and imports them. */
export async function fetchAndImportScores(
  db: Database,
  client: OddsApiClient,
  sport: Sport,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  await withKnownQuota(db, client);
  const response = await client.fetchScores(sport);
  return importOddsApiScores(db, response, options);
}
