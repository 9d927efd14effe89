import type { SportKey } from '@pass/contracts';
import type { RouteName } from '../../../config/paths';

export interface SportInfo {
  key: SportKey;
  /** Short name, e.g. "NFL". */
  label: string;
  /** What a period of its season is called. */
  period: 'Week';
  /** Grouping of the team grid and standings. */
  grouping: 'division' | 'conference';
}

export const SPORT_INFO: Record<SportKey, SportInfo> = {
  americanfootball_nfl: { key: 'americanfootball_nfl', label: 'NFL', period: 'Week', grouping: 'division' },
  americanfootball_ncaaf: {
    key: 'americanfootball_ncaaf',
    label: 'College football',
    period: 'Week',
    grouping: 'conference',
  },
  baseball_mlb: { key: 'baseball_mlb', label: 'MLB', period: 'Week', grouping: 'division' },
};

export const SPORT_KEYS = Object.keys(SPORT_INFO) as SportKey[];

/** The team page a screen links to: the same family of routes (2023, 2024, college, baseball). */
export function teamRouteFor(sport: SportKey, season?: 'fixed-2023' | 'fixed-2024'): RouteName {
  if (sport === 'americanfootball_ncaaf') return 'ncaa-football-team';
  if (sport === 'baseball_mlb') return 'baseball-team';
  if (season === 'fixed-2023') return 'football-2023-team';
  if (season === 'fixed-2024') return 'football-2024-team';
  return 'football-team';
}

/** The season of a route: the `:season` parameter when it has one, else the season the route fixes. */
export function routeSeason(param: string | undefined, fixed: number | undefined): number | undefined {
  if (param !== undefined && /^\d{4}$/.test(param)) return Number(param);
  return fixed;
}
