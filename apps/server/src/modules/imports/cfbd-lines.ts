import type { Database, DbExecutor } from '@pass/db';
import { parseCfbdLines, type CfbdLine, type Skipped } from '@pass/domain';
import { sql } from 'drizzle-orm';
import { gradeEvents } from '../ledger/grading.service.js';
import * as repository from './imports.repository.js';
import type { QuoteRow, StoredEvent } from './imports.repository.js';
import { closingTime, lineQuotes } from './line-quotes.js';
import { generalReason, groupSkipped, runImport, type ImportOptions, type ImportSummary } from './imports.service.js';

/**
 * CFBD lines (`/lines`, `/metrics/wp/pregame`) as quotes. A lines file names games by id only, and the games may
 * come later (another file, another order): every lines body stays in raw_responses, and the quotes are made from
 * all of them whenever a lines or a college games import runs, so the result does not depend on the order.
 * See docs/decisions/023.
 */

/** The quote source of CFBD lines: apart from the games imports' own, so a games import never replaces them. */
export const CFBD_LINES_SOURCE = 'cfbd-lines';
const SPORT = 'americanfootball_ncaaf';

/**
 * A CFBD line is filed one minute before kickoff: it is the line CFBD held for the game when we read it (after the
 * game, its closing line), and a schedule source's closing line filed at kickoff (ESPN's, through sportsdataverse)
 * stays the last word where both give one; nor do the two ever share a quote's identity (event, book, market,
 * outcome, time), where the first import would win.
 */
const BEFORE_KICKOFF_MS = 60_000;

/** CFBD line bodies are the ones with a `"spread"` key; games bodies have none. */
async function storedLineBodies(tx: DbExecutor): Promise<{ id: number; body: string }[]> {
  const result = (await tx.execute(
    sql`select id, body from raw_responses where source = 'cfbd' and position('"spread"' in body) > 0
        order by fetched_at, id`,
  )) as unknown as { rows: { id: number; body: string }[] };
  return result.rows.map((row) => ({ id: Number(row.id), body: row.body }));
}

/**
 * Every CFBD line stored, one per game and book: where two bodies give one, the body received last (the latest
 * fetch, a body seen again included) stands.
 */
function linesOfBodies(bodies: readonly { body: string }[]): Map<string, Map<string, CfbdLine>> {
  const byGame = new Map<string, Map<string, CfbdLine>>();
  for (const { body } of bodies) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      continue;
    }
    const ofBody = new Map<string, Map<string, CfbdLine>>();
    for (const line of parseCfbdLines(json).records) {
      const books = ofBody.get(line.gameId) ?? new Map<string, CfbdLine>();
      books.set(line.book, line);
      ofBody.set(line.gameId, books);
    }
    // A later body replaces a game's lines whole: a book it no longer lists is gone.
    for (const [gameId, books] of ofBody) byGame.set(gameId, books);
  }
  return byGame;
}

function quotesOf(event: StoredEvent, books: ReadonlyMap<string, CfbdLine>): Omit<QuoteRow, 'eventId'>[] {
  const filedAt = new Date(
    Date.parse(closingTime({ kickoff: event.kickoffAt, date: event.gameDate })) - BEFORE_KICKOFF_MS,
  ).toISOString();
  return [...books.values()].flatMap((line) =>
    lineQuotes(
      { kickoff: filedAt, date: event.gameDate, home: event.homeTeam, away: event.awayTeam },
      line,
      CFBD_LINES_SOURCE,
    ).map((quote) => ({ ...quote, book: line.book })),
  );
}

export interface AppliedLines {
  /**
   * What became of each game with a stored line: its quotes added, replaced or left as they were, or `waiting`
   * when the game is not in the database yet (its quotes are written when it arrives).
   */
  games: Map<string, 'added' | 'updated' | 'unchanged' | 'waiting'>;
  changedEvents: number[];
}

/**
 * Makes the CFBD line quotes equal what the stored lines bodies say of the games in the database, at their current
 * kickoffs: new games get their lines, moved ones have them refiled, unchanged ones are not touched. Regrades the
 * closing line value of started games whose lines changed. Runs inside an import's transaction.
 */
export async function applyStoredCfbdLines(tx: DbExecutor, now: Date): Promise<AppliedLines> {
  const lines = linesOfBodies(await storedLineBodies(tx));
  const events = await repository.listEventsByKeys(tx, 'espn', [...lines.keys()]);
  const stored = await repository.listQuoteSignatures(tx, CFBD_LINES_SOURCE, SPORT);
  const result: AppliedLines = { games: new Map(), changedEvents: [] };
  const toInsert: QuoteRow[] = [];
  const toDelete: number[] = [];
  const wanted = new Set<number>();
  for (const [gameId, books] of lines) {
    const event = events.get(gameId);
    if (!event || event.sport !== SPORT) {
      result.games.set(gameId, 'waiting');
      continue;
    }
    wanted.add(event.id);
    const quotes = quotesOf(event, books);
    const signature = quotes.map(repository.quoteSignature).sort().join(';');
    const before = stored.get(event.id);
    if (before === signature) {
      result.games.set(gameId, 'unchanged');
      continue;
    }
    result.games.set(gameId, before === undefined ? 'added' : 'updated');
    if (before !== undefined) toDelete.push(event.id);
    result.changedEvents.push(event.id);
    for (const quote of quotes) toInsert.push({ ...quote, eventId: event.id });
  }
  // Quotes of a game no stored body gives a line for any more (a game id CFBD changed) go.
  for (const eventId of stored.keys()) {
    if (!wanted.has(eventId)) {
      toDelete.push(eventId);
      result.changedEvents.push(eventId);
    }
  }
  await repository.deleteQuotesOfEvents(tx, CFBD_LINES_SOURCE, toDelete);
  await repository.insertQuotes(tx, toInsert);
  const started = [...events.values()].filter(
    (event) => event.status !== 'scheduled' && result.changedEvents.includes(event.id),
  );
  await gradeEvents(
    tx,
    started.map((event) => event.id),
    now,
  );
  return result;
}

/**
 * A CFBD lines body (`/lines` v1 or v2, or `/metrics/wp/pregame`): stored, then every stored line applied to the
 * games already in the database. Lines of games not imported yet wait in raw_responses for their games.
 */
export function importCfbdLines(db: Database, body: string, options: ImportOptions = {}): Promise<ImportSummary> {
  return runImport(
    db,
    { source: 'cfbd', location: options.location ?? 'cfbd/lines.json', body, options },
    async ({ tx, progress, now }) => {
      progress('lines', 0, 1);
      const parsed = parseCfbdLines(JSON.parse(body) as unknown);
      const applied = await applyStoredCfbdLines(tx, now);
      progress('lines', 1, 1);
      const counts = { added: 0, updated: 0, unchanged: 0, waiting: 0 };
      for (const gameId of new Set(parsed.records.map((line) => line.gameId))) {
        counts[applied.games.get(gameId) ?? 'unchanged']++;
      }
      const reasons = [
        ...parsed.skipped.map((entry: Skipped) => generalReason(entry)),
        ...Array.from({ length: counts.waiting }, () => 'game not in the database yet: its line waits for it'),
      ];
      return {
        added: counts.added,
        updated: counts.updated,
        unchanged: counts.unchanged,
        skipped: groupSkipped(reasons),
        changedSports: applied.changedEvents.length > 0 ? [SPORT] : [],
        detail: {
          lines: parsed.records.length,
          providers: [...new Set(parsed.records.map((line) => line.provider))].sort(),
        },
      };
    },
  );
}
