import type { SportKey } from '@pass/contracts';
import type { RouteName } from '../../../config/paths';
import { SPORT_VOCABULARY, type SportWords } from '../../../lib/sport-words';

export type { SportWords };

export interface SportInfo {
  key: SportKey;
  /** Short name, e.g. "NFL". */
  label: string;
  /**
   * How its season is walked: football by numbered weeks; baseball plays every day, so its schedule walks dates
   * (the server's weeks, shown as the span of dates they cover) and speaks of series.
   */
  period: 'Week' | 'Dates';
  /** Grouping of the team grid and standings. */
  grouping: 'division' | 'conference';
  /** The sport's own words, so a screen never says "points" or "spread" of a baseball game. */
  words: SportWords;
}

export const SPORT_INFO: Record<SportKey, SportInfo> = {
  americanfootball_nfl: {
    key: 'americanfootball_nfl',
    label: 'NFL',
    period: SPORT_VOCABULARY.americanfootball_nfl.period,
    grouping: 'division',
    words: SPORT_VOCABULARY.americanfootball_nfl,
  },
  americanfootball_ncaaf: {
    key: 'americanfootball_ncaaf',
    label: 'College football',
    period: SPORT_VOCABULARY.americanfootball_ncaaf.period,
    grouping: 'conference',
    words: SPORT_VOCABULARY.americanfootball_ncaaf,
  },
  baseball_mlb: {
    key: 'baseball_mlb',
    label: 'MLB',
    period: SPORT_VOCABULARY.baseball_mlb.period,
    grouping: 'division',
    words: SPORT_VOCABULARY.baseball_mlb,
  },
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

/** The margin-of-victory chart's words: its title, what its bars measure and its caption, in the sport's words. */
export function marginWords(sport: SportKey): { title: string; measure: string; caption: string } {
  const { period, words } = SPORT_INFO[sport];
  const score = words.score;
  return {
    title: period === 'Dates' ? 'Margin of victory by date' : 'Margin of victory by week',
    measure: score === 'runs' ? 'Run margin' : 'Point margin',
    caption: `${score.charAt(0).toUpperCase()}${score.slice(1)} scored minus ${score} allowed, game by game.`,
  };
}
