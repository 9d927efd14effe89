import type {
  CreatePoolBody,
  FieldError,
  PoolDetail,
  PoolListResponse,
  PoolStanding,
  PoolSummary,
  SportKey,
  UpdatePoolBody,
} from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import {
  DEFAULT_POOL_LIMITS,
  joiningClosesAt,
  lastPoolWeek,
  poolCalendarWeek,
  poolStatus,
  displayName,
  poolWeekNumbers,
  poolWeekWindow,
  refuseNewPool,
  slateGameState,
  Status,
  validatePoolSettings,
  validateSettingsChange,
  type CalendarWeek,
  type PoolLimits,
  type PoolProblem,
  type PoolSettings,
  type Sport,
} from '@pass/domain';
import { AppError } from '../../errors.js';
import * as repository from './pools.repository.js';
import type { MemberRow, MemberWithName, PoolLock, PoolRow } from './pools.repository.js';
import * as weeksRepository from './weeks.repository.js';
import type { SlateRow } from './weeks.repository.js';

/** For chat and notices: a member's pools, and a pool's current members. */
export { currentMembers, listMemberships } from './pools.repository.js';

/**
 * Pool Party's lifecycle: create, list, read, change settings, end. The pool rules decide (packages/domain
 * src/pools); this file stores what they decided and answers in the contract's shape. `now` is always the
 * server clock (decision 020).
 */

export interface PoolsContext {
  db: Database;
  limits: PoolLimits;
}

export const poolLimits = (maxPoolsPerLifeguard: number): PoolLimits => ({
  ...DEFAULT_POOL_LIMITS,
  maxPoolsPerLifeguard,
});

// ---------------------------------------------------------------------------------------------------------
// Settings between the API's names and the rules' ones

/** The pool's page in the web app, at a week (baseball pools open on the football page too, as the web app does). */
export function poolPagePath(sport: SportKey, poolId: number, week?: number): string {
  const page = sport === 'americanfootball_ncaaf' ? `/college/football/pool/${poolId}` : `/football/pool/${poolId}`;
  return week === undefined ? page : `${page}?week=${week}`;
}

/** The API's field of each setting. */
const FIELD_OF: Record<keyof PoolSettings, keyof CreatePoolBody> = {
  name: 'name',
  icon: 'icon',
  iconColor: 'icon_color',
  iconBackground: 'icon_background',
  sport: 'sport',
  season: 'season',
  startWeek: 'start_week',
  gamesPerWeek: 'games_per_week',
  winBasis: 'win_basis',
  doublePlay: 'double_play',
  triplePlay: 'triple_play',
  lastManStanding: 'last_man_standing',
  confidence: 'confidence',
  survivorStrikes: 'survivor_strikes',
  survivorBuyBackWeek: 'survivor_buy_back_week',
  dropWorstWeeks: 'drop_worst_weeks',
  defaultPicks: 'default_picks',
};

export function settingsOf(pool: PoolRow): PoolSettings {
  return {
    name: pool.name,
    icon: pool.icon,
    iconColor: pool.iconColor,
    iconBackground: pool.iconBackground,
    sport: pool.sport as Sport,
    season: pool.season,
    startWeek: pool.startWeek,
    gamesPerWeek: pool.gamesPerWeek,
    winBasis: pool.winBasis,
    doublePlay: pool.doublePlay,
    triplePlay: pool.triplePlay,
    lastManStanding: pool.lastManStanding,
    confidence: pool.confidence,
    survivorStrikes: pool.survivorStrikes,
    survivorBuyBackWeek: pool.survivorBuyBackWeek,
    dropWorstWeeks: pool.dropWorstWeeks,
    defaultPicks: pool.defaultPicks,
  };
}

/** The weeks each sport, season and start week plays, worked out once: the calendar is a pure function of them. */
const poolWeeksByCalendar = new Map<string, ReadonlyMap<number, CalendarWeek>>();
const CALENDARS_KEPT = 1000;

/**
 * The calendar week of a pool week (poolCalendarWeek), undefined outside the pool's weeks. Remembered per
 * sport, season and start week, as standings and sheets ask for every week of a season on each read.
 */
export function poolWeekOf(
  pool: Pick<PoolRow, 'sport' | 'season' | 'startWeek'>,
  week: number,
): CalendarWeek | undefined {
  const key = `${pool.sport}:${pool.season}:${pool.startWeek}`;
  let weeks = poolWeeksByCalendar.get(key);
  if (!weeks) {
    const settings = { sport: pool.sport as Sport, season: pool.season, startWeek: pool.startWeek };
    weeks = new Map(
      poolWeekNumbers(settings).map((number) => [number, Object.freeze(poolCalendarWeek(settings, number)!)]),
    );
    if (poolWeeksByCalendar.size >= CALENDARS_KEPT) poolWeeksByCalendar.clear();
    poolWeeksByCalendar.set(key, weeks);
  }
  return weeks.get(week);
}

function settingsFromBody(body: Partial<CreatePoolBody>, base: PoolSettings | null): PoolSettings {
  // A new pool without confidence points, strikes, a buy-back, dropped weeks or default picks unless asked for
  // (the fields may be left out).
  const settings = {
    confidence: false,
    survivorStrikes: 0,
    survivorBuyBackWeek: null,
    dropWorstWeeks: 0,
    defaultPicks: 'none',
    ...base,
  } as PoolSettings;
  for (const [setting, field] of Object.entries(FIELD_OF) as [keyof PoolSettings, keyof CreatePoolBody][]) {
    if (body[field] !== undefined) (settings as unknown as Record<string, unknown>)[setting] = body[field];
  }
  // Stored as the rules read it: a name without its surrounding spaces, colours in lower case.
  return {
    ...settings,
    name: settings.name.trim(),
    icon: settings.icon.trim(),
    iconColor: settings.iconColor.toLowerCase(),
    iconBackground: settings.iconBackground.toLowerCase(),
  };
}

/** The rules' problems as a 400: each field by its API name, with the rule's reason. */
function refuseSettings(problems: readonly PoolProblem[]): never {
  const fields: FieldError[] = problems.map((problem) => ({
    field: `body.${FIELD_OF[problem.field as keyof PoolSettings] ?? problem.field}`,
    message: problem.message,
    reason: problem.reason,
  }));
  throw new AppError('BAD_REQUEST', problems.map((problem) => problem.message).join('; '), fields);
}

// ---------------------------------------------------------------------------------------------------------
// Presentation

/** An instant as the API writes it, or null. */
export const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export interface PoolFacts {
  lifeguard: { username: string; name: string | null };
  members: MemberWithName[];
  firstLock: { firstLock: Date | null; underway: boolean } | undefined;
  /** The slate of the pool's last week, once stored. */
  lastSlate: SlateRow[] | undefined;
}

/** Whether the pool's first game has locked (the scoring settings stay as they are from then on). */
const hasStarted = (facts: Pick<PoolFacts, 'firstLock'>, now: Date) =>
  facts.firstLock !== undefined &&
  (facts.firstLock.underway || (facts.firstLock.firstLock !== null && facts.firstLock.firstLock <= now));

/** The pool's status by the rules' `poolStatus`: the stored end, the first lock and the last week's results. */
export function statusOf(pool: PoolRow, facts: PoolFacts, now: Date): PoolSummary['status'] {
  const started = hasStarted(facts, now);
  return poolStatus({
    endedAt: iso(pool.endedAt),
    firstKickoff: started ? (iso(facts.firstLock?.firstLock ?? null) ?? now.toISOString()) : null,
    lastWeekComplete: lastWeekComplete(pool, facts.lastSlate, now),
    now,
  }) as PoolSummary['status'];
}

/** Whether the pool's season is over: ended by its Lifeguard, or completed (its last week decided). */
export const seasonOver = (status: PoolSummary['status']) => status === Status.closed || status === Status.completed;

/** A pool's id and settings as every answer about the pool gives them. */
export function poolFields(pool: PoolRow) {
  const settings = settingsOf(pool);
  return {
    id: pool.id,
    name: settings.name,
    icon: settings.icon,
    icon_color: settings.iconColor,
    icon_background: settings.iconBackground,
    sport: settings.sport,
    season: settings.season,
    start_week: settings.startWeek,
    games_per_week: settings.gamesPerWeek,
    win_basis: settings.winBasis,
    double_play: settings.doublePlay,
    triple_play: settings.triplePlay,
    last_man_standing: settings.lastManStanding,
    confidence: settings.confidence,
    survivor_strikes: settings.survivorStrikes,
    survivor_buy_back_week: settings.survivorBuyBackWeek,
    drop_worst_weeks: settings.dropWorstWeeks,
    default_picks: settings.defaultPicks,
  };
}

function toSummary(pool: PoolRow, member: MemberRow, facts: PoolFacts, now: Date): PoolSummary {
  const started = hasStarted(facts, now);
  const status = statusOf(pool, facts, now);
  return {
    ...poolFields(pool),
    status,
    role: member.role,
    lifeguard: { username: facts.lifeguard.username, name: displayName(facts.lifeguard) },
    member_count: facts.members.length,
    started,
    joining_closes_at: joiningClosesAt(settingsOf(pool)) ?? null,
    created_at: pool.createdAt.toISOString(),
    ended_at: iso(pool.endedAt),
    suspended: pool.suspendedAt ? { at: pool.suspendedAt.toISOString(), reason: pool.suspendedReason ?? '' } : null,
  };
}

/** Every game of the pool's last week is decided (final, or void): the pool is completed. */
function lastWeekComplete(pool: PoolRow, slate: SlateRow[] | undefined, now: Date): boolean {
  const week = poolWeekOf(pool, lastPoolWeek(pool.sport as Sport, pool.season));
  if (!week || !slate || slate.length === 0) return false;
  const window = poolWeekWindow(
    week,
    slate.map((game) => game.kickoff.toISOString()),
  );
  return slate.every(
    (game) =>
      slateGameState(
        {
          id: String(game.id),
          home: game.homeTeam,
          away: game.awayTeam,
          kickoff: game.kickoff.toISOString(),
          lockedAt: iso(game.lockedAt),
          status: game.status,
          homeScore: game.homeScore,
          awayScore: game.awayScore,
          frozenHomeSpread: game.frozenHomeSpread,
        },
        window,
        now,
      ) !== 'pending',
  );
}

export async function factsOf(
  db: DbExecutor,
  poolIds: readonly number[],
  rows: readonly PoolRow[],
): Promise<Map<number, PoolFacts>> {
  const lastWeeks = rows.map((pool) => ({ poolId: pool.id, week: lastPoolWeek(pool.sport as Sport, pool.season) }));
  const [members, names, locks, lastSlates] = await Promise.all([
    repository.currentMembers(db, poolIds),
    repository.lifeguardNames(db, poolIds),
    repository.firstLocks(db, poolIds),
    weeksRepository.slatesOfWeeks(db, lastWeeks),
  ]);
  return new Map(
    poolIds.map((id) => [
      id,
      {
        lifeguard: names.get(id) ?? { username: '', name: null },
        members: members.filter((member) => member.poolId === id),
        firstLock: locks.get(id),
        lastSlate: lastSlates.get(id),
      },
    ]),
  );
}

/** Each pool's status now, by id, for views outside the pools' members (the admin's). */
export async function poolStatuses(
  db: DbExecutor,
  rows: readonly PoolRow[],
  now: Date,
): Promise<Map<number, PoolSummary['status']>> {
  const ids = rows.map((pool) => pool.id);
  const facts = await factsOf(db, ids, rows);
  return new Map(rows.map((pool) => [pool.id, statusOf(pool, facts.get(pool.id)!, now)]));
}

async function toDetail(db: DbExecutor, pool: PoolRow, member: MemberRow, now: Date): Promise<PoolDetail> {
  const facts = (await factsOf(db, [pool.id], [pool])).get(pool.id)!;
  return {
    ...toSummary(pool, member, facts, now),
    members: facts.members.map((row) => ({
      id: row.id,
      username: row.username,
      name: displayName(row),
      role: row.role,
      joined_at: row.joinedAt.toISOString(),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Access

/**
 * What a read of the caller's membership found, or 404 for anyone not in the pool, whether or not it exists: the
 * one answer every membership read gives an outsider.
 */
export function requireFound<Found>(found: Found | null): Found {
  if (!found) throw AppError.notFound('No such pool');
  return found;
}

/** The pool and the caller's membership: 404 for anyone not in it, whether or not the pool exists. */
export async function requireMembership(
  db: DbExecutor,
  poolId: number,
  userId: number,
  options: { lock?: PoolLock } = {},
): Promise<{ pool: PoolRow; member: MemberRow }> {
  return requireFound(await repository.findMembership(db, poolId, userId, options));
}

/** As requireMembership, with the pool's stored week of that number (null when none is stored yet). */
export async function requireMembershipAndWeek(
  db: DbExecutor,
  poolId: number,
  userId: number,
  week: number,
  options: { lock?: PoolLock } = {},
) {
  return requireFound(await repository.findMembershipAndWeek(db, poolId, userId, week, options));
}

/** As requireMembership, and the caller must be the pool's Lifeguard (a guest is told so: 403). */
export async function requireLifeguard(
  db: DbExecutor,
  poolId: number,
  userId: number,
  options: { lock?: PoolLock } = {},
): Promise<{ pool: PoolRow; member: MemberRow }> {
  const found = await requireMembership(db, poolId, userId, options);
  if (found.member.role !== 'lifeguard') throw AppError.forbidden("Only the pool's Lifeguard may do this");
  return found;
}

/** The message of every change refused because the admin has suspended the pool (decision 049). */
export function suspendedPoolMessage(reason: string | null): string {
  return `This pool is suspended by the admin${reason ? ` (${reason})` : ''}: it is read-only until the suspension is lifted`;
}

/** A pool the admin has suspended is read-only for everyone, its Lifeguard included (decision 049). */
export function refuseSuspended(pool: PoolRow): void {
  if (pool.suspendedAt !== null) {
    const message = suspendedPoolMessage(pool.suspendedReason);
    throw new AppError('CONFLICT', message, [{ field: 'params.id', message, reason: 'pool_suspended' }]);
  }
}

/** A pool the Lifeguard has ended, or the admin has suspended, takes no more changes. */
export function refuseEnded(pool: PoolRow): void {
  refuseSuspended(pool);
  if (pool.endedAt !== null) {
    throw new AppError('CONFLICT', 'This pool has ended: it takes no more changes', [
      { field: 'params.id', message: 'This pool has ended', reason: 'pool_ended' },
    ]);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Lifecycle

/**
 * The Lifeguard's active pools: neither ended nor completed (decision 030). Completion is derived by the
 * rules' `poolStatus`, so the pools not ended are read and the rule filters them; the caller holds the
 * Lifeguard's row lock (`lockLifeguard`), so pools started at once are counted in turn.
 */
export async function countActivePools(db: DbExecutor, lifeguardId: number, now: Date): Promise<number> {
  const candidates = await repository.poolsNotEnded(db, lifeguardId);
  if (candidates.length === 0) return 0;
  const facts = await factsOf(
    db,
    candidates.map((pool) => pool.id),
    candidates,
  );
  return candidates.filter((pool) => statusOf(pool, facts.get(pool.id)!, now) !== Status.completed).length;
}

/** 409 `pool_limit` when the Lifeguard already hosts the most active pools allowed. */
export async function refuseOverLimit(
  db: DbExecutor,
  lifeguardId: number,
  limits: PoolLimits,
  now: Date,
  field = 'body',
) {
  const refusal = refuseNewPool(await countActivePools(db, lifeguardId, now), limits);
  if (refusal)
    throw new AppError('CONFLICT', refusal.message, [{ field, message: refusal.message, reason: refusal.reason }]);
}

export async function createPool(
  context: PoolsContext,
  input: { userId: number; body: CreatePoolBody; now: Date },
): Promise<PoolDetail> {
  const settings = settingsFromBody(input.body, null);
  const problems = validatePoolSettings(settings);
  if (problems.length > 0) refuseSettings(problems);
  return context.db.transaction(async (tx) => {
    await repository.lockLifeguard(tx, input.userId);
    await refuseOverLimit(tx, input.userId, context.limits, input.now);
    const pool = await repository.insertPool(tx, { lifeguardId: input.userId, ...settings }, input.now);
    const member = await repository.insertMember(tx, {
      poolId: pool.id,
      userId: input.userId,
      role: 'lifeguard',
      joinedAt: input.now,
    });
    return toDetail(tx, pool, member, input.now);
  });
}

/**
 * The caller's pools, newest first, each with the caller's place in its standings (`standingOf`: the
 * standings' cached answer, so the list and the standings page never disagree).
 */
export async function listPools(
  db: DbExecutor,
  userId: number,
  now: Date,
  standingOf: (pool: PoolRow, member: MemberRow) => Promise<PoolStanding | null>,
): Promise<PoolListResponse> {
  const memberships = await repository.listMemberships(db, userId);
  const facts = await factsOf(
    db,
    memberships.map(({ pool }) => pool.id),
    memberships.map(({ pool }) => pool),
  );
  const data = [];
  // One pool after the other: each standing may build its answer in a transaction of its own.
  for (const { pool, member } of memberships) {
    data.push({ ...toSummary(pool, member, facts.get(pool.id)!, now), standing: await standingOf(pool, member) });
  }
  return { data };
}

export async function getPool(db: DbExecutor, poolId: number, userId: number, now: Date): Promise<PoolDetail> {
  const { pool, member } = await requireMembership(db, poolId, userId);
  return toDetail(db, pool, member, now);
}

export async function updatePoolSettings(
  db: Database,
  input: { poolId: number; userId: number; body: UpdatePoolBody; now: Date },
): Promise<PoolDetail> {
  return db.transaction(async (tx) => {
    const { pool, member } = await requireLifeguard(tx, input.poolId, input.userId, { lock: 'update' });
    refuseEnded(pool);
    const before = settingsOf(pool);
    const after = settingsFromBody(input.body, before);
    const facts = (await factsOf(tx, [pool.id], [pool])).get(pool.id)!;
    const problems = validateSettingsChange(before, after, hasStarted(facts, input.now));
    if (problems.length > 0) refuseSettings(problems);
    await repository.updatePool(tx, pool.id, after, input.now);
    // Turned off before the pool started: the picks' confidences would refuse every later sheet.
    if (before.confidence && !after.confidence) await repository.clearConfidences(tx, pool.id);
    // The name is in the standings' answer, and the rules in every week's totals.
    await repository.bumpVersion(tx, pool.id);
    return toDetail(tx, { ...pool, ...after, updatedAt: input.now }, member, input.now);
  });
}

/** The Lifeguard ends the pool, at any time: it is closed from now on and takes no more picks or guests. */
export async function endPool(db: Database, input: { poolId: number; userId: number; now: Date }): Promise<PoolDetail> {
  return db.transaction(async (tx) => {
    const { pool, member } = await requireLifeguard(tx, input.poolId, input.userId, { lock: 'update' });
    refuseEnded(pool);
    await repository.endPool(tx, pool.id, input.now);
    return toDetail(tx, { ...pool, status: 4, endedAt: input.now, updatedAt: input.now }, member, input.now);
  });
}
