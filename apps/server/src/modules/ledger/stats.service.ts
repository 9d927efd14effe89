import { createHash } from 'node:crypto';
import {
  StatsResponse,
  type BetOutcome,
  type OutcomeResponse,
  type StatsMoney,
  type StatsQuery,
  type StatsSummaryRow,
  type StatsTotals,
  type TeamStats,
} from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import { BetKind, BetMode, BetType, streaks, type MoneyKind, type Sport } from '@pass/domain';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { roundReal } from './entries.service.js';
import * as versions from './ledger-versions.repository.js';
import type { CachedStats, StatsCache } from './stats-cache.js';
import * as repository from './stats.repository.js';
import type { AggregateRow } from './stats.repository.js';

export type { AggregateRow } from './stats.repository.js';

/**
 * A member's outcomes and statistics of a sport's season, and the statistics answer as cached bytes with the
 * ledger version they were built at (stats-cache.ts, docs/decisions/009).
 */

/** The specification's rule: statistics need a season, with this exact message. */
export function requireStatsSeason(value: string | undefined, field: string): number {
  const season = value === undefined || value.trim() === '' ? NaN : Number(value);
  if (!Number.isInteger(season) || season < 1900 || season > 2200) {
    throw new AppError('BAD_REQUEST', 'Season must be specified for BetStats', [{ field, message: 'must be a year' }]);
  }
  return season;
}

/** Whether bet_team was the favourite: a negative spread, else a negative price on its side; null for totals. */
function favoredOf(row: repository.OutcomeRow): boolean | null {
  if (row.betKind === BetKind.totals) return null;
  if (row.betKind === BetKind.spread) return row.line === null ? null : row.line < 0;
  if (row.betType === BetType.favored) return true;
  if (row.betType === BetType.underdog) return false;
  // A price is the held side's: for an against mode that is the other team.
  const held = row.price ?? row.closingPrice;
  if (held === null) return null;
  const heldFavored = held < 0;
  return row.betMode === BetMode.pick_against || row.betMode === BetMode.bet_against ? !heldFavored : heldFavored;
}

export async function listOutcomes(
  db: DbExecutor,
  userId: number,
  sport: Sport,
  season: number,
  page: { limit: number; offset: number },
): Promise<OutcomeResponse> {
  const { rows, total } = await repository.listOutcomes(db, userId, sport, season, page);
  return {
    sport,
    season,
    total,
    data: rows.map((row): BetOutcome => ({
      event_id: row.eventId,
      event_scores: { home: row.homeScore, away: row.awayScore },
      bet_mode: row.betMode as BetOutcome['bet_mode'],
      bet_kind: row.betKind as BetOutcome['bet_kind'],
      bet_type: row.betType as BetOutcome['bet_type'],
      bet_team: row.betTeam,
      reward: row.reward,
      favored: favoredOf(row),
    })),
  };
}

/**
 * Team abbreviations in code-point order: the same as the locale's for them, and sorting a season's few
 * thousand summary rows with localeCompare took longer than the query that found them.
 */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const ratio = (value: number, of: number) => (of === 0 ? null : Math.round((value / of) * 10_000) / 10_000);

/** The totals of a group of graded entries: record, points, profit, ROI and units (the demo's replay too). */
export function totalsOf(row: AggregateRow | undefined): StatsTotals {
  if (!row) {
    return {
      entries: 0,
      wins: 0,
      losses: 0,
      pushes: 0,
      voids: 0,
      record: '0-0-0',
      picks: { count: 0, points: 0 },
      bets: { count: 0, staked_cents: 0, profit_cents: 0, roi: null, units: null },
    };
  }
  const averageStake = row.stakedBets === 0 ? 0 : row.stakedCents / row.stakedBets;
  return {
    entries: row.entries,
    wins: row.wins,
    losses: row.losses,
    pushes: row.pushes,
    voids: row.voids,
    record: `${row.wins}-${row.losses}-${row.pushes}`,
    picks: { count: row.picks, points: row.pickPoints },
    bets: {
      count: row.bets,
      staked_cents: row.stakedCents,
      profit_cents: row.profitCents,
      roi: ratio(row.profitCents, row.stakedCents),
      units: ratio(row.profitCents, averageStake),
    },
  };
}

/**
 * A member's statistics of a sport's season: the specification's summary rows (reward by team × week ×
 * mode × kind × type) and totals by team, week, mode, kind, type, book and side (favourite or underdog),
 * per-team streaks and average CLV. Only the member's own entries go in, so the answer changes exactly when
 * the member's ledger version does. The database does the counting (one GROUPING SETS query); JavaScript
 * only shapes the rows that come back.
 */
export async function getStats(
  db: DbExecutor,
  userId: number,
  sport: Sport,
  season: number,
  money: StatsMoney,
): Promise<StatsResponse> {
  const aggregates = await repository.aggregateStats(db, userId, sport, season, money);
  const bySet = (set: AggregateRow['set']) => aggregates.filter((row) => row.set === set);
  const teamRows = bySet('team').filter((row) => row.team !== null);
  // Parlays have no kind (nor team, type or side): the kind set's row without one is their total.
  const parlayRow = bySet('kind').find((row) => row.betKind === null);
  const summaryRows = bySet('summary').filter((row) => row.betKind !== null);
  const undated = summaryRows.some((row) => row.team !== null && row.week === null);
  const datedPeriods = undated ? await repository.listTeamPeriodRewards(db, userId, sport, season, money) : [];
  // Each team's reward per week, picks and bets apart, from the summary rows (already aggregated).
  const weekly = new Map<string, Map<number, number>>();
  for (const row of summaryRows) {
    if (row.team === null || row.week === null || row.betMode === null) continue;
    const key = `${row.team}|${row.betMode <= 2}`;
    const weeks = weekly.get(key) ?? new Map<number, number>();
    weeks.set(row.week, (weeks.get(row.week) ?? 0) + (row.betMode <= 2 ? row.pickPoints : row.profitCents));
    weekly.set(key, weeks);
  }
  const rewardsOf = (team: string, pick: boolean) => [
    ...[...(weekly.get(`${team}|${pick}`) ?? new Map<number, number>())]
      .sort((a, b) => a[0] - b[0])
      .map(([, reward]) => reward),
    ...datedPeriods.filter((period) => period.team === team && period.pick === pick).map((period) => period.reward),
  ];
  const yrWeek = (week: number | null) => (week === null ? null : season * 100 + week);
  const all = bySet('all')[0];
  const moneyRow = (kind: MoneyKind) => bySet('money').find((row) => row.money === kind);

  const summary = summaryRows.map((row): StatsSummaryRow => ({
    reward: row.betMode !== null && row.betMode <= 2 ? row.pickPoints : row.profitCents,
    team: row.team,
    yr_week: yrWeek(row.week),
    bet_mode: row.betMode as StatsSummaryRow['bet_mode'],
    bet_kind: row.betKind as StatsSummaryRow['bet_kind'],
    bet_type: row.betType as StatsSummaryRow['bet_type'],
    nbr: row.week,
  }));
  summary.sort(
    (a, b) =>
      (a.yr_week ?? 0) - (b.yr_week ?? 0) ||
      byCodePoint(a.team ?? '', b.team ?? '') ||
      a.bet_mode - b.bet_mode ||
      a.bet_kind - b.bet_kind ||
      a.bet_type - b.bet_type,
  );

  return {
    sport,
    season,
    money,
    by_money: {
      real: totalsOf(moneyRow('real')),
      simulated: totalsOf(moneyRow('simulated')),
      teller: totalsOf(moneyRow('teller')),
    },
    data: summary,
    totals: totalsOf(all),
    by_team: teamRows
      .map((row): TeamStats => ({
        team: row.team!,
        ...totalsOf(row),
        ats: { wins: row.atsWins, losses: row.atsLosses, pushes: row.atsPushes },
        streak: { picks: streaks(rewardsOf(row.team!, true)), bets: streaks(rewardsOf(row.team!, false)) },
      }))
      .sort((a, b) => a.team.localeCompare(b.team)),
    by_week: bySet('week')
      .map((row) => ({ yr_week: yrWeek(row.week), nbr: row.week, ...totalsOf(row) }))
      .sort((a, b) => (a.nbr ?? 0) - (b.nbr ?? 0)),
    by_mode: bySet('mode')
      .map((row) => ({ bet_mode: row.betMode as StatsSummaryRow['bet_mode'], ...totalsOf(row) }))
      .sort((a, b) => a.bet_mode - b.bet_mode),
    by_kind: bySet('kind')
      .filter((row) => row.betKind !== null)
      .map((row) => ({ bet_kind: row.betKind as StatsSummaryRow['bet_kind'], ...totalsOf(row) }))
      .sort((a, b) => a.bet_kind - b.bet_kind),
    by_type: bySet('type')
      .filter((row) => row.betType !== null)
      .map((row) => ({ bet_type: row.betType as StatsSummaryRow['bet_type'], ...totalsOf(row) }))
      .sort((a, b) => a.bet_type - b.bet_type),
    by_book: bySet('book')
      .map((row) => ({ book: row.book, ...totalsOf(row) }))
      .sort((a, b) => (a.book ?? '').localeCompare(b.book ?? '')),
    parlays: totalsOf(parlayRow),
    by_side: bySet('side')
      .filter((row) => row.heldFavored !== null)
      .map((row) => ({ side: row.heldFavored ? ('favored' as const) : ('underdog' as const), ...totalsOf(row) }))
      .sort((a, b) => a.side.localeCompare(b.side)),
    clv: {
      spread: { count: all?.clvSpreadCount ?? 0, average: roundReal(all?.clvSpreadAverage ?? null) },
      totals: { count: all?.clvTotalsCount ?? 0, average: roundReal(all?.clvTotalsAverage ?? null) },
      moneyline: { count: all?.clvMoneylineCount ?? 0, average: roundReal(all?.clvMoneylineAverage ?? null) },
    },
  };
}

/** The member's ledger version: raised with every change to their entries (see stats-cache.ts). */
export function getLedgerVersion(db: DbExecutor, userId: number): Promise<number> {
  return versions.getLedgerVersion(db, userId);
}

/**
 * Names the shape of the statistics answer, so an ETag given out before the contract changed (a deploy) is
 * not taken for the new answer at the same ledger version.
 */
const STATS_FORMAT = createHash('sha256')
  .update(JSON.stringify(z.toJSONSchema(StatsResponse)))
  .digest('base64url')
  .slice(0, 10);

/**
 * The ETag of a member's statistics at a ledger version. It names the member too: a browser that two
 * members use in turn must not revalidate one's answer as the other's.
 */
export function statsEtag(request: Omit<StatsRequest, 'version'>, version: number): string {
  const { userId, sport, season, rows, money } = request;
  return `"stats-${STATS_FORMAT}-${userId}-${sport}-${season}-${rows}-${money}-${version}"`;
}

export interface StatsRequest {
  userId: number;
  sport: Sport;
  season: number;
  rows: StatsQuery['rows'];
  money: StatsMoney;
  /** The ledger version read for this request. */
  version: number;
}

/**
 * A member's statistics as the JSON bytes they are sent as, with the ledger version they were built at:
 * from the cache when it holds them at `request.version`, else built and cached. A build reads the version
 * and the entries in one repeatable-read snapshot, so the bytes are exactly those of the version they are
 * kept under, whatever another instance commits meanwhile.
 */
export function getStatsAnswer(db: Database, cache: StatsCache, request: StatsRequest): Promise<CachedStats> {
  const { userId, sport, season, rows, money } = request;
  return cache.resolve(`${userId}|${sport}|${season}|${rows}|${money}`, request.version, async () => {
    const { version, stats } = await db.transaction(
      async (tx) => ({
        version: await versions.getLedgerVersion(tx, userId),
        stats: await getStats(tx, userId, sport, season, money),
      }),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const { data, ...totals } = stats;
    // Checked against the contract once, when built, rather than on every answer.
    const value = StatsResponse.parse(rows === 'summary' ? { ...totals, data } : totals);
    return { version, body: Buffer.from(JSON.stringify(value)) };
  });
}
