import type { StatsMoney } from '@pass/contracts';
import { type DbExecutor, rows } from '@pass/db';
import type { MoneyKind } from '@pass/domain';
import { type SQL, sql } from 'drizzle-orm';
import { KICKOFF, numberOrNull } from './entry-rows.js';

/**
 * The SQL of a member's outcomes and statistics: the graded entries of a season, aggregated by the database
 * (GROUPING SETS), never by looping over entries here.
 */

export interface OutcomeRow {
  eventId: number;
  homeScore: number | null;
  awayScore: number | null;
  betMode: number;
  betKind: number;
  betType: number;
  betTeam: string | null;
  reward: number;
  line: number | null;
  price: number | null;
  closingPrice: number | null;
}

const GRADED = sql`b.status = 8 and b.deleted_at is null and b.outcome is not null`;

/** A member's graded entries of a sport's season, in kickoff order. */
export async function listOutcomes(
  db: DbExecutor,
  userId: number,
  sport: string,
  season: number,
  page: { limit: number; offset: number },
): Promise<{ rows: OutcomeRow[]; total: number }> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select b.event_id, e.home_score, e.away_score, b.bet_mode, b.bet_kind, b.bet_type, b.bet_team, b.reward,
          b.line, b.price, b.closing_price, count(*) over () as total_count
        from user_bets b join events e on e.id = b.event_id
        where b.user_id = ${userId} and b.sport = ${sport} and b.season = ${season} and ${GRADED}
        order by ${KICKOFF}, b.event_id, b.id
        limit ${page.limit} offset ${page.offset}`,
  );
  return {
    total: found.length > 0 ? Number(found[0]!.total_count) : 0,
    rows: found.map((row) => ({
      eventId: Number(row.event_id),
      homeScore: numberOrNull(row.home_score),
      awayScore: numberOrNull(row.away_score),
      betMode: Number(row.bet_mode),
      betKind: Number(row.bet_kind),
      betType: Number(row.bet_type),
      betTeam: (row.bet_team as string | null) ?? null,
      reward: Number(row.reward),
      line: numberOrNull(row.line),
      price: numberOrNull(row.price),
      closingPrice: numberOrNull(row.closing_price),
    })),
  };
}

/** Counts and sums of a group of graded entries, as the database aggregates them. */
export interface AggregateRow {
  /** Which grouping set the row belongs to (see GROUPING_MASKS). */
  set: StatsSet;
  /** The kind of money of a `money` row; null in the grouping sets. */
  money: MoneyKind | null;
  team: string | null;
  week: number | null;
  betMode: number | null;
  betKind: number | null;
  betType: number | null;
  book: string | null;
  /** The side the entries hold: the favourite (true) or the underdog (false); null for totals or unknown. */
  heldFavored: boolean | null;
  entries: number;
  wins: number;
  losses: number;
  pushes: number;
  voids: number;
  picks: number;
  pickPoints: number;
  bets: number;
  stakedBets: number;
  stakedCents: number;
  profitCents: number;
  atsWins: number;
  atsLosses: number;
  atsPushes: number;
  clvSpreadCount: number;
  clvSpreadAverage: number | null;
  clvTotalsCount: number;
  clvTotalsAverage: number | null;
  clvMoneylineCount: number;
  clvMoneylineAverage: number | null;
}

export type StatsSet = 'all' | 'team' | 'week' | 'mode' | 'kind' | 'type' | 'book' | 'side' | 'summary' | 'money';

/**
 * The bitmask grouping(bet_team, week, bet_mode, bet_kind, bet_type, book, held_favored) gives each set: a
 * bit is 1 where the column is not grouped on.
 */
const GROUPING_MASKS = new Map<number, StatsSet>([
  [-1, 'money'],
  [0b1111111, 'all'],
  [0b0111111, 'team'],
  [0b1011111, 'week'],
  [0b1101111, 'mode'],
  [0b1110111, 'kind'],
  [0b1111011, 'type'],
  [0b1111101, 'book'],
  [0b1111110, 'side'],
  [0b0000011, 'summary'],
]);

/**
 * Whether the side an entry holds was the favourite: bet_team's when it is backed, the other team's when it
 * is faded (modes 2 and 4). bet_team was the favourite when its spread is negative; for moneylines when the
 * type says so, else when the held side's price (the entry's, else the closing one) is negative. Null for
 * totals and where neither line nor price says. The outcome's `favored` (stats.service) is bet_team's.
 */
const HELD_FAVORED = sql`case
    when b.bet_kind = 2 then null
    when b.bet_kind = 3 then (b.line < 0) <> (b.bet_mode in (2, 4))
    when b.bet_type = 4 then b.bet_mode not in (2, 4)
    when b.bet_type = 3 then b.bet_mode in (2, 4)
    else coalesce(b.price, b.closing_price) < 0
  end`;

/**
 * The kind of money of an entry (the domain's `moneyKindOf`): the teller's paper, a real bet, or simulated (the
 * rest, picks included); of a parlay, real or simulated (the teller holds no parlays).
 */
const ENTRY_MONEY = sql`case when b.source = 'teller' then 'teller'
    when b.bet_mode >= 3 and not b.is_simulated then 'real' else 'simulated' end`;
const PARLAY_MONEY = sql`case when p.is_simulated then 'simulated' else 'real' end`;

/** Entries of one kind of money, or of every kind for `all`. */
const moneyIs = (kind: StatsMoney, expression: SQL) => (kind === 'all' ? sql`true` : sql`${expression} = ${kind}`);

/** The counts and sums of a group of `base` rows (aggregateStats), for a grouping set or a kind of money. */
const AGGREGATES = sql`
          sum(entries) as entries, sum(wins) as wins, sum(losses) as losses, sum(pushes) as pushes,
          sum(voids) as voids,
          coalesce(sum(entries) filter (where bet_mode <= 2), 0) as picks,
          coalesce(sum(reward) filter (where bet_mode <= 2), 0) as pick_points,
          coalesce(sum(entries) filter (where bet_mode >= 3), 0) as bets,
          coalesce(sum(staked_count) filter (where bet_mode >= 3), 0) as staked_bets,
          coalesce(sum(staked) filter (where bet_mode >= 3), 0) as staked_cents,
          coalesce(sum(reward) filter (where bet_mode >= 3), 0) as profit_cents,
          coalesce(sum(wins) filter (where bet_kind = 3), 0) as ats_wins,
          coalesce(sum(losses) filter (where bet_kind = 3), 0) as ats_losses,
          coalesce(sum(pushes) filter (where bet_kind = 3), 0) as ats_pushes,
          coalesce(sum(clv_count) filter (where bet_kind = 3), 0) as clv_spread_count,
          sum(clv_sum) filter (where bet_kind = 3) / nullif(sum(clv_count) filter (where bet_kind = 3), 0)
            as clv_spread_average,
          coalesce(sum(clv_count) filter (where bet_kind = 2), 0) as clv_totals_count,
          sum(clv_sum) filter (where bet_kind = 2) / nullif(sum(clv_count) filter (where bet_kind = 2), 0)
            as clv_totals_average,
          coalesce(sum(clv_count) filter (where bet_kind = 1), 0) as clv_moneyline_count,
          sum(clv_sum) filter (where bet_kind = 1) / nullif(sum(clv_count) filter (where bet_kind = 1), 0)
            as clv_moneyline_average`;

/**
 * Every total of the stats screen in one pass over the member's graded entries of a season: the grouping sets
 * over the entries of the `money` asked, and the totals of each kind of money (set `money`) beside them.
 */
export async function aggregateStats(
  db: DbExecutor,
  userId: number,
  sport: string,
  season: number,
  money: StatsMoney,
): Promise<AggregateRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    // One pass over the entries at the finest grain (a few thousand groups at most), then the grouping sets
    // are rolled up from those groups rather than from the entries nine times over. The text keys in byte order
    // ("C"): the planner then hashes the entries into groups and sorts only the groups for the rollup (about a
    // third less time on 10,000 entries); JavaScript orders the rows it shows.
    sql`with base as (
          select bet_team collate "C" as bet_team, week, bet_mode, bet_kind, bet_type, book collate "C" as book,
            ${HELD_FAVORED} as held_favored, ${ENTRY_MONEY} as money,
            count(*) as entries,
            count(*) filter (where outcome = 'win') as wins,
            count(*) filter (where outcome = 'loss') as losses,
            count(*) filter (where outcome = 'push') as pushes,
            count(*) filter (where outcome = 'void') as voids,
            count(*) filter (where outcome <> 'void') as staked_count,
            coalesce(sum(stake_cents::float8) filter (where outcome <> 'void'), 0) as staked,
            coalesce(sum(reward::float8), 0) as reward,
            -- Entries logged after their game started have no closing line value (stored before that rule too).
            count(clv) filter (where not recorded_after_start) as clv_count,
            coalesce(sum(clv::float8) filter (where not recorded_after_start), 0) as clv_sum
          from user_bets b
          where b.user_id = ${userId} and b.sport = ${sport} and b.season = ${season} and ${GRADED}
          group by bet_team, week, bet_mode, bet_kind, bet_type, book, held_favored, money
          union all
          -- Graded parlays (decision 035): each one bet (bet_on) of its first leg's week and its book, with no
          -- team, kind, type or side; the kind set's row without a kind is their own total.
          select null::text collate "C", p.week, 3::smallint, null::smallint, null::smallint, p.book collate "C",
            null::boolean, ${PARLAY_MONEY},
            count(*),
            count(*) filter (where p.outcome = 'win'),
            count(*) filter (where p.outcome = 'loss'),
            count(*) filter (where p.outcome = 'push'),
            count(*) filter (where p.outcome = 'void'),
            count(*) filter (where p.outcome <> 'void'),
            coalesce(sum(p.stake_cents::float8) filter (where p.outcome <> 'void'), 0),
            coalesce(sum(p.reward::float8), 0),
            0,
            0
          from parlays p
          where p.user_id = ${userId} and p.sport = ${sport} and p.season = ${season} and p.status = 8
            and p.deleted_at is null and p.outcome is not null
          group by p.week, p.book, p.is_simulated
        )
        select grouping(bet_team, week, bet_mode, bet_kind, bet_type, book, held_favored) as g, null as money,
          bet_team, week, bet_mode, bet_kind, bet_type, book, held_favored,
          ${AGGREGATES}
        from base
        where ${moneyIs(money, sql`money`)}
        group by grouping sets ((), (bet_team), (week), (bet_mode), (bet_kind), (bet_type), (book), (held_favored),
          (bet_team, week, bet_mode, bet_kind, bet_type))
        union all
        -- Each kind of money's totals, whichever was asked (-1: no grouping set above gives it).
        select -1, money, null, null, null, null, null, null, null, ${AGGREGATES}
        from base
        group by money`,
  );

  return found.flatMap((row): AggregateRow[] => {
    const set = GROUPING_MASKS.get(Number(row.g));
    if (!set) return [];
    const n = (key: string) => Number(row[key] ?? 0);
    return [
      {
        set,
        money: (row.money as MoneyKind | null) ?? null,
        team: (row.bet_team as string | null) ?? null,
        week: numberOrNull(row.week),
        betMode: numberOrNull(row.bet_mode),
        betKind: numberOrNull(row.bet_kind),
        betType: numberOrNull(row.bet_type),
        book: (row.book as string | null) ?? null,
        heldFavored: row.held_favored === null || row.held_favored === undefined ? null : Boolean(row.held_favored),
        entries: n('entries'),
        wins: n('wins'),
        losses: n('losses'),
        pushes: n('pushes'),
        voids: n('voids'),
        picks: n('picks'),
        pickPoints: n('pick_points'),
        bets: n('bets'),
        stakedBets: n('staked_bets'),
        stakedCents: n('staked_cents'),
        profitCents: n('profit_cents'),
        atsWins: n('ats_wins'),
        atsLosses: n('ats_losses'),
        atsPushes: n('ats_pushes'),
        clvSpreadCount: n('clv_spread_count'),
        clvSpreadAverage: numberOrNull(row.clv_spread_average),
        clvTotalsCount: n('clv_totals_count'),
        clvTotalsAverage: numberOrNull(row.clv_totals_average),
        clvMoneylineCount: n('clv_moneyline_count'),
        clvMoneylineAverage: numberOrNull(row.clv_moneyline_average),
      },
    ];
  });
}

/**
 * For sports without weeks (MLB): the last 11 game dates of each team's reward, picks and bets apart, oldest
 * first: enough for the last 10 streak marks, each compared with its real predecessor. (Weekly sports take
 * their periods from the summary rows.)
 */
export async function listTeamPeriodRewards(
  db: DbExecutor,
  userId: number,
  sport: string,
  season: number,
  money: StatsMoney,
): Promise<{ team: string; pick: boolean; reward: number }[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`with periods as (
          select b.bet_team as team, b.bet_mode <= 2 as pick, e.game_date as period, sum(b.reward::float8) as reward
          from user_bets b join events e on e.id = b.event_id
          where b.user_id = ${userId} and b.sport = ${sport} and b.season = ${season} and ${GRADED}
            and b.bet_team is not null and b.week is null and ${moneyIs(money, ENTRY_MONEY)}
          group by 1, 2, 3
        ), ranked as (
          select team, pick, period, reward, row_number() over (partition by team, pick order by period desc) as n
          from periods
        )
        select team, pick, reward from ranked where n <= 11 order by team, pick, period`,
  );
  return found.map((row) => ({ team: String(row.team), pick: Boolean(row.pick), reward: Number(row.reward) }));
}
