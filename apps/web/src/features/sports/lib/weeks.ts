import type { SportKey } from '@pass/contracts';
import { weekLabel, weekShortLabel } from '@pass/domain';

interface WeekOfGame {
  season: number;
  week: number | null;
  game_date: string;
}

/**
 * How a game's week reads in a table or a chart (the sports calendar's names, decision 024): "7", "Bowl",
 * "CFP", "WC" … "SB" for football; the date for MLB, whose weeks are dates anyway, and for a game without one.
 */
export function gameWeekText(sport: SportKey, game: WeekOfGame): { short: string; long: string } {
  if (game.week === null || sport === 'baseball_mlb') return { short: game.game_date, long: game.game_date };
  const short = weekShortLabel(sport, game.season, game.week);
  return {
    short: short === `W${game.week}` ? String(game.week) : short,
    long: weekLabel(sport, game.season, game.week),
  };
}

/** "Game 2 of 3": an MLB game's place in its series. */
export const seriesText = (series: { game: number; of: number }) => `Game ${series.game} of ${series.of}`;
