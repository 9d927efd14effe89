import type { SlateGameView, WeeklyResultsResponse } from '@pass/contracts';

const kickoffFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** A kickoff in the viewer's time zone ("Sun 1:00 PM"). */
export function formatKickoff(iso: string): string {
  return kickoffFormat.format(new Date(iso));
}

/** A spread as a bettor reads it: "−3", "+7.5", "PK". */
export function formatSpread(spread: number): string {
  if (spread === 0) return 'PK';
  return spread > 0 ? `+${spread}` : `−${Math.abs(spread)}`;
}

/** The frozen spread of one side of a slate game: the home spread as stored, the away side its opposite. */
export function sideSpread(game: SlateGameView, team: string): number | null {
  if (game.frozen_home_spread === null) return null;
  return team === game.home_team ? game.frozen_home_spread : -game.frozen_home_spread;
}

/** How long until a game locks, shortest first unit that matters: "2d 4h", "3h 12m", "45m", "under a minute". */
export function formatCountdown(msLeft: number): string {
  const minutes = Math.floor(msLeft / 60_000);
  if (minutes < 1) return 'under a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${mins}m`;
  return `${mins}m`;
}

export interface RankPoint {
  week: number;
  /** Rank per username after that week's games (1 best). */
  [username: string]: number;
}

/**
 * Each member's rank after every week: season points summed week by week, ranked with ties sharing a place
 * (1, 1, 3) as the standings rank them on points.
 */
export function rankOverSeason(weeks: WeeklyResultsResponse['data']['weeks']): RankPoint[] {
  const totals = new Map<string, number>();
  return [...weeks]
    .sort((a, b) => a.week - b.week)
    .map((week) => {
      for (const row of week.rows) totals.set(row.username, (totals.get(row.username) ?? 0) + row.points);
      const point: RankPoint = { week: week.week };
      const ordered = [...totals.values()].sort((a, b) => b - a);
      for (const [username, points] of totals) point[username] = ordered.indexOf(points) + 1;
      return point;
    });
}
