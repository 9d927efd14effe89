import type { PoolStanding, SlateGameView, WeeklyResultsResponse } from '@pass/contracts';

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

/** The closing spread of one side of a slate game, as `sideSpread` reads the frozen one; null until known. */
export function sideClosingSpread(game: SlateGameView, team: string): number | null {
  if (game.closing_home_spread === null) return null;
  return team === game.home_team ? game.closing_home_spread : -game.closing_home_spread || 0;
}

/**
 * Points of closing line value as a member reads them, to at most two decimals: "+1.5", "−0.25", "0"
 * (positive: a better number than the close).
 */
export function formatClv(clv: number): string {
  const rounded = Math.round(clv * 100) / 100;
  if (rounded === 0) return '0';
  return rounded > 0 ? `+${rounded}` : `−${Math.abs(rounded)}`;
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
  /** Rank per member, by the name the pool shows them by, after that week's games (1 best). */
  [name: string]: number;
}

/**
 * Each member's rank after every week: season points summed week by week, ranked with ties sharing a place
 * (1, 1, 3) as the standings rank them on points. Members no longer in the pool are left out, as the
 * standings leave them out.
 */
export function rankOverSeason(weeks: WeeklyResultsResponse['data']['weeks']): RankPoint[] {
  const totals = new Map<string, number>();
  return [...weeks]
    .sort((a, b) => a.week - b.week)
    .map((week) => {
      for (const row of week.rows.filter((candidate) => !candidate.removed))
        totals.set(row.name, (totals.get(row.name) ?? 0) + row.points);
      const point: RankPoint = { week: week.week };
      const ordered = [...totals.values()].sort((a, b) => b - a);
      for (const [name, points] of totals) point[name] = ordered.indexOf(points) + 1;
      return point;
    });
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st... */
export function ordinal(rank: number): string {
  const tens = rank % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[rank % 10] ?? 'th');
  return `${rank}${suffix}`;
}

/** A member's place in a pool: "2nd of 9 · 35 pts". */
export function formatStanding(standing: PoolStanding): string {
  const points = Math.abs(standing.points) === 1 ? 'pt' : 'pts';
  const value = standing.points < 0 ? `−${Math.abs(standing.points)}` : String(standing.points);
  return `${ordinal(standing.rank)} of ${standing.of} · ${value} ${points}`;
}

/** How long ago an instant was, as a list beside a name says it: "just now", "12 min ago", "2 h ago", "3 d ago". */
export function agoText(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
