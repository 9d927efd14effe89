/**
 * A sportsbook's bet-history export of 10,000 bets synced to one account (decision 051): the file is made
 * here, in FanDuel's format, from the real NFL 2024 and MLB 2025 games (singles on every market, two-leg
 * parlays, one bet in ten on a team PA$$ does not know), then read and written to the ledger as the upload
 * call does it (the connector, then the import in one transaction), on PGlite in memory and, with
 * DATABASE_URL, on a throwaway PostgreSQL database.
 */
import { syncAccounts, users } from '@pass/db';
import { teamRegistry, type Sport } from '@pass/domain';
import { sql } from 'drizzle-orm';
import { importNflverse, importStatsapi } from '../../../apps/server/src/modules/imports/game-importers.js';
import { readHistoryFile } from '../../../apps/server/src/modules/imports/history-files.js';
import { importSyncSlips } from '../../../apps/server/src/modules/sync/sync-import.service.js';
import { readBetHistory } from '../../../apps/server/src/providers/sportsbooks/index.js';
import { openPrepared, type TimedBenchmark } from './data-benchmarks.js';
import { createThrowawayDatabase } from './throwaway-database.js';

export const SYNC_BETS = 10_000;
const NOW = new Date('2025-12-01T12:00:00Z');

const HEADER = [
  'External Bet ID',
  'Bet Date Time',
  'Bet Type',
  'Bet Amount',
  'Bet Settled',
  'Event Name',
  'League',
  'Bet Selection',
  'Market Name',
  'Leg Handicap',
  'Bet American Odds',
  'Multi Bet American Odds',
  'Leg American Odds',
  'Leg Result',
  'Bet Result',
  'Payout',
  'Leg Event Date Time',
  'Primary',
];

interface Game {
  sport: string;
  kickoff: Date;
  home: string;
  away: string;
}

/** A fixed-seed generator, so every run syncs the same file. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const eastern = (date: Date) => new Date(date.getTime() - 4 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** The export: one row per leg, the bet's amount and result on its Primary row. */
export function makeExport(games: readonly Game[], bets: number): string {
  const next = random(20_261_125);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const name = (game: Game, abbr: string) => teamRegistry.get(game.sport as Sport, abbr)!.name;
  const lines = [HEADER.join(',')];
  for (let index = 0; index < bets; index++) {
    const legs = next() < 0.2 ? 2 : 1;
    const chosen: Game[] = [];
    while (chosen.length < legs) {
      const game = pick(games);
      if (!chosen.includes(game) && (chosen.length === 0 || chosen[0]!.sport === game.sport)) chosen.push(game);
    }
    const id = `BENCH-${index + 1}`;
    const placed = eastern(new Date(chosen[0]!.kickoff.getTime() - 3 * 3_600_000));
    chosen.forEach((game, legIndex) => {
      const unknown = next() < 0.1;
      const event = `${unknown ? 'Springfield Isotopes' : name(game, game.away)} @ ${name(game, game.home)}`;
      const market = pick(['Moneyline', 'Spread', 'Total']);
      const team = name(game, pick([game.home, game.away]));
      const selection = market === 'Total' ? pick(['Over', 'Under']) : team;
      const handicap = market === 'Spread' ? pick(['-3.5', '+3.5', '-1.5', '+1.5']) : market === 'Total' ? '8.5' : '';
      const league = game.sport === 'baseball_mlb' ? 'MLB' : 'NFL';
      const primary = legIndex === 0;
      lines.push(
        [
          id,
          placed,
          legs === 1 ? 'Single' : 'Parlay',
          primary ? '10.00' : '',
          'Settled',
          event,
          league,
          selection,
          market,
          handicap,
          primary && legs === 1 ? '-110' : '',
          primary && legs > 1 ? '+264' : '',
          '-110',
          'LOST',
          primary ? 'LOST' : '',
          primary ? '0.00' : '',
          eastern(game.kickoff),
          primary ? '1' : '0',
        ]
          .map(quote)
          .join(','),
      );
    });
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function timeSyncImport(databaseUrl: string | undefined) {
  const handle = await openPrepared(databaseUrl);
  try {
    const { db } = handle;
    await importNflverse(db, readHistoryFile('nflverse/games.csv'), {
      seasons: { from: 2024, to: 2024 },
    });
    await importStatsapi(db, readHistoryFile('mlb/statsapi/games_2025.csv'));
    const games = (
      (await db.execute(
        sql`select sport, coalesce(kickoff_at, (game_date || 'T23:00:00Z')::timestamptz) as kickoff, home_team, away_team
            from events order by id`,
      )) as unknown as { rows: { sport: string; kickoff: string | Date; home_team: string; away_team: string }[] }
    ).rows.map((row) => ({
      sport: row.sport,
      kickoff: new Date(row.kickoff),
      home: row.home_team,
      away: row.away_team,
    }));
    const text = makeExport(games, SYNC_BETS);
    const [user] = await db
      .insert(users)
      .values({ username: 'bench-sync', email: 'bench-sync@example.com', passwordHash: 'x', emailVerifiedAt: NOW })
      .returning({ id: users.id });
    const [account] = await db
      .insert(syncAccounts)
      .values({ userId: user!.id, book: 'fanduel', createdAt: NOW })
      .returning();
    const started = performance.now();
    const history = readBetHistory(text);
    const summary = await importSyncSlips(db, { account: account!, history, content: text, now: NOW });
    const ms = performance.now() - started;
    return { ms, summary, bytes: Buffer.byteLength(text) };
  } finally {
    await handle.close();
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runSyncImportBenchmarks(): Promise<TimedBenchmark[]> {
  const what = `an export of ${SYNC_BETS.toLocaleString('en-US')} bets read and synced to the ledger in one transaction`;
  const rows: TimedBenchmark[] = [];
  for (const target of [
    { name: 'sync-import-pglite', database: 'PGlite (memory)', url: undefined as string | undefined },
    { name: 'sync-import-postgres', database: 'PostgreSQL', url: process.env.DATABASE_URL },
  ]) {
    const details = { name: target.name, what, database: target.database, targetMs: 0, targetLabel: '-' };
    if (target.name === 'sync-import-postgres' && !target.url) {
      rows.push({ ...details, outcome: { status: 'skipped', reason: 'DATABASE_URL not set' } });
      continue;
    }
    console.log(`• ${target.name}: ${SYNC_BETS} bets (${target.database})`);
    try {
      const database = target.url ? await createThrowawayDatabase(target.url) : undefined;
      try {
        const { ms, summary, bytes } = await timeSyncImport(database?.url);
        const share = summary.bets === 0 ? 0 : summary.matched / summary.bets;
        rows.push({
          ...details,
          outcome: {
            status: 'measured',
            valueMs: ms,
            figures: `${(ms / 1000).toFixed(2)} s`,
            detail:
              `${summary.rows.toLocaleString('en-US')} rows (${(bytes / 1_048_576).toFixed(1)} MB), ` +
              `${summary.bets.toLocaleString('en-US')} bets: ${summary.matched.toLocaleString('en-US')} matched ` +
              `(${(share * 100).toFixed(1)} %), ${summary.rejected.toLocaleString('en-US')} rejected, ` +
              `${summary.row_errors.length} row errors`,
          },
        });
      } finally {
        await database?.drop();
      }
    } catch (error) {
      rows.push({ ...details, outcome: { status: 'failed', error: message(error) } });
    }
  }
  return rows;
}
