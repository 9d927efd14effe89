import { events } from '@pass/db';

/**
 * A game as the ledger reads it (what grading, locks and a member's lists need of it), and the columns of
 * `events` that make one: shared with the sync module's reads of the games its bets are matched to.
 */

export type EventStatus = 'scheduled' | 'in_progress' | 'final' | 'postponed' | 'cancelled';

export interface LedgerEvent {
  id: number;
  sport: string;
  season: number;
  week: number | null;
  kickoffAt: Date | null;
  gameDate: string;
  homeTeam: string;
  awayTeam: string;
  status: EventStatus;
  homeScore: number | null;
  awayScore: number | null;
}

/** The columns of an event that make a `LedgerEvent`, for the reads that join a game. */
export const ledgerEventColumns = {
  id: events.id,
  sport: events.sport,
  season: events.season,
  week: events.week,
  kickoffAt: events.kickoffAt,
  gameDate: events.gameDate,
  homeTeam: events.homeTeam,
  awayTeam: events.awayTeam,
  status: events.status,
  homeScore: events.homeScore,
  awayScore: events.awayScore,
};
