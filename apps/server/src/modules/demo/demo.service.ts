import type { DemoReplayResponse, ReplayEntry, ReplayGame, ReplaySeason, ReplayWeek } from '@pass/contracts';
import { groupBy, type DbExecutor } from '@pass/db';
import { isSport, SPORTS, Status, type Sport } from '@pass/domain';
import { AppError } from '../../errors.js';
import { listClosingQuoteMap, regrade, type QuoteMap } from '../ledger/grading.service.js';
import type { GradableRow } from '../ledger/grading.repository.js';
import type { LedgerEvent } from '../ledger/ledger-event.js';
import type { EventRow } from '../sports/sports.repository.js';
import { requireSportStoreSeason, seasonWeeks } from '../sports/sports.service.js';
import * as repository from './demo.repository.js';
import type { SeasonSummary } from './demo.repository.js';
import {
  chooseWeekEntries,
  clvOfEntries,
  linesOf,
  NO_LINES,
  STRATEGY,
  totalsBy,
  totalsOfEntries,
  type ReplayDraft,
  type TakenQuote,
} from './replay.js';

/** The specification's sport-store refusal, naming the field and why. */
const sportStoreError = (field: string, message: string) =>
  new AppError('BAD_REQUEST', 'Illegal Argument for SportStore', [{ field, message }]);

export function requireReplaySport(value: string): Sport {
  if (!isSport(value)) throw sportStoreError('params.sport', `must be one of ${SPORTS.join(', ')}`);
  return value;
}

/** A season as sent in the query: absent, or a year of 2022 or later. */
export function parseReplaySeason(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}$/.test(value.trim())) throw sportStoreError('querystring.season', 'must be a year such as 2024');
  const season = Number(value.trim());
  requireSportStoreSeason(season, 'querystring.season');
  return season;
}

const toReplaySeason = (summary: SeasonSummary): ReplaySeason => ({
  season: summary.season,
  is_demo: summary.isDemo,
  complete: summary.undecided === 0,
  finals: summary.finals,
});

/** The season replayed by default: the most recent completed one, real data before demo data. */
export function defaultSeason(seasons: readonly ReplaySeason[]): ReplaySeason | undefined {
  return [...seasons].sort(
    (a, b) => Number(b.complete) - Number(a.complete) || Number(a.is_demo) - Number(b.is_demo) || b.season - a.season,
  )[0];
}

function toLedgerEvent(event: EventRow): LedgerEvent {
  return {
    id: event.id,
    sport: event.sport,
    season: event.season,
    week: event.week,
    kickoffAt: event.kickoffAt === null ? null : new Date(event.kickoffAt),
    gameDate: event.gameDate,
    homeTeam: event.homeTeam,
    awayTeam: event.awayTeam,
    status: event.status,
    homeScore: event.homeScore,
    awayScore: event.awayScore,
  };
}

const twoDigits = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100 + 0);

/** An entry graded by the ledger's own grading (`regrade`): outcome, reward, closing line and CLV. */
function gradeDraft(draft: ReplayDraft, event: EventRow, quotes: QuoteMap, now: Date): ReplayEntry {
  // Nobody's entry: no id, no member.
  const open: GradableRow = {
    id: 0,
    userId: 0,
    eventId: draft.eventId,
    betMode: draft.betMode,
    betKind: draft.betKind,
    betType: draft.betType,
    betTeam: draft.betTeam,
    line: draft.line,
    price: draft.price,
    stakeCents: draft.stakeCents,
    teaserPoints: null,
    multiplier: 1,
    status: Status.open,
    outcome: null,
    reward: null,
    closingLine: null,
    closingPrice: null,
    clv: null,
    gradedAt: null,
    createdAt: null,
  };
  // Undefined means the open entry already is what it should be: a game not started yet.
  const grade = regrade(open, toLedgerEvent(event), quotes, now) ?? open;
  return {
    event_id: draft.eventId,
    bet_mode: draft.betMode as ReplayEntry['bet_mode'],
    bet_kind: draft.betKind as ReplayEntry['bet_kind'],
    bet_type: draft.betType as ReplayEntry['bet_type'],
    bet_team: draft.betTeam,
    line: draft.line,
    price: draft.price,
    stake_cents: draft.stakeCents,
    status: grade.status as ReplayEntry['status'],
    outcome: grade.outcome,
    reward: grade.reward,
    closing_line: twoDigits(grade.closingLine),
    closing_price: grade.closingPrice,
    clv: grade.clv,
  };
}

function toReplayGame(event: EventRow, lines: ReplayGame['lines']): ReplayGame {
  return {
    event_id: event.id,
    kickoff: event.kickoffAt,
    game_date: event.gameDate,
    home_team: event.homeTeam,
    away_team: event.awayTeam,
    neutral_site: event.neutralSite,
    status: event.status,
    event_scores: { home: event.homeScore, away: event.awayScore },
    lines,
  };
}

const groupByEvent = (quotes: readonly TakenQuote[]) => groupBy(quotes, (quote) => quote.eventId);

/**
 * A season replayed with the strategy (replay.ts): each week's picks and simulated bet, graded as the games
 * end, with the week's totals and the running totals of the season so far. The weeks run to the last one with
 * a final game, so a season in progress replays as far as it has been played.
 */
export async function getReplay(
  db: DbExecutor,
  sport: Sport,
  requested: number | undefined,
  now: Date,
): Promise<DemoReplayResponse> {
  const seasons = (await repository.listReplaySeasons(db, sport)).map(toReplaySeason);
  const season = requested ?? defaultSeason(seasons)?.season;
  const allWeeks = season === undefined ? [] : await seasonWeeks(db, sport, season);
  const lastPlayed = allWeeks.findLastIndex((week) => week.events.some((event) => event.status === 'final'));
  const weeks = allWeeks.slice(0, lastPlayed + 1);
  const events = weeks.flatMap((week) => week.events);

  const taken = groupByEvent(
    await repository.listTakenQuotes(
      db,
      events.map((event) => event.id),
    ),
  );
  const linesOfEvent = new Map(events.map((event) => [event.id, linesOf(event, taken.get(event.id) ?? [])]));
  const draftsByWeek = weeks.map((week) =>
    chooseWeekEntries(week.events.map((event) => ({ ...event, lines: linesOfEvent.get(event.id) ?? NO_LINES }))),
  );
  const pickedIds = [...new Set(draftsByWeek.flat().map((draft) => draft.eventId))];
  const closing = await listClosingQuoteMap(db, pickedIds);
  const eventById = new Map(events.map((event) => [event.id, event]));

  const played: ReplayEntry[] = [];
  const replayWeeks = weeks.map((week, index): ReplayWeek => {
    const entries = draftsByWeek[index]!.map((draft) => gradeDraft(draft, eventById.get(draft.eventId)!, closing, now));
    played.push(...entries);
    const gameIds = [...new Set(entries.map((entry) => entry.event_id))];
    return {
      number: week.number,
      label: week.label,
      season_type: week.season_type,
      start: week.start,
      end: week.end,
      yr_week: season! * 100 + week.number,
      games: gameIds.map((id) => toReplayGame(eventById.get(id)!, linesOfEvent.get(id) ?? NO_LINES)),
      entries,
      totals: totalsOfEntries(entries),
      running: totalsOfEntries(played),
      running_clv: clvOfEntries(played),
    };
  });

  return {
    sport,
    season: season ?? null,
    is_demo: events.length > 0 && events.every((event) => event.isDemo),
    complete:
      events.length > 0 &&
      allWeeks.every((week) =>
        week.events.every((event) => event.status !== 'scheduled' && event.status !== 'in_progress'),
      ),
    seasons,
    strategy: STRATEGY,
    weeks: replayWeeks,
    totals: totalsOfEntries(played),
    clv: clvOfEntries(played),
    by_kind: totalsBy(played, (entry) => entry.bet_kind).map(({ key, totals }) => ({ bet_kind: key, ...totals })),
    by_team: totalsBy(played, (entry) => entry.bet_team ?? '').map(({ key, totals }) => ({ team: key, ...totals })),
  };
}
