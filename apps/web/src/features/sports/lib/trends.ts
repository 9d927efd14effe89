import type { Streak, TeamTrend, Tip } from '@pass/contracts';
import { spreadRecordText, type SportWords } from '../../../lib/sport-words';

/** What kind of trend a tip is, in the sport's words: "Against the spread", "On the run line". */
export function tipKindLabel(kind: Tip['kind'], words: SportWords): string {
  switch (kind) {
    case 'su_streak':
      return 'Straight-up streak';
    case 'ats_streak':
      return `${words.spread} streak`;
    case 'ats_record':
      return spreadRecordText(words);
    case 'over_under_record':
      return 'Over/under';
  }
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export interface Figure {
  label: string;
  value: string;
}

/** W-L, with the pushes (or ties) only when there are some: 7-2, 6-3-1. */
export function recordText(wins: number, losses: number, pushes = 0): string {
  return pushes > 0 ? `${wins}-${losses}-${pushes}` : `${wins}-${losses}`;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The figures behind a trend: its record, the share it rests on and the number of games. */
export function tipFigures(tip: Tip, words: SportWords): Figure[] {
  const { wins, losses, pushes, games, pct } = tip.figures;
  const sample = { label: 'Games', value: String(games) };
  switch (tip.kind) {
    case 'ats_record':
      return [
        { label: 'Record (W-L-P)', value: recordText(wins, losses, pushes) },
        { label: 'Covered', value: percent(pct) },
        sample,
      ];
    case 'over_under_record':
      // Wins are overs and the share is the overs', whichever way the trend points.
      return [
        { label: 'Record (O-U-P)', value: recordText(wins, losses, pushes) },
        pct >= 0.5 ? { label: 'Over', value: percent(pct) } : { label: 'Under', value: percent(1 - pct) },
        sample,
      ];
    case 'su_streak':
      return [{ label: capitalized(words.streak), value: wins > 0 ? `Won ${wins}` : `Lost ${losses}` }, sample];
    case 'ats_streak':
      return [
        { label: capitalized(words.streak), value: wins > 0 ? `Covered ${wins}` : `Failed to cover ${losses}` },
        sample,
      ];
  }
}

const STREAK_WORDS: Record<'su' | 'ats', Record<Streak['result'], string>> = {
  su: { W: 'Won', L: 'Lost', T: 'Tied', P: 'Tied' },
  ats: { W: 'Covered', L: 'Failed to cover', T: 'Pushed', P: 'Pushed' },
};

/** A current run in words: "Won 3", "Failed to cover 2"; a dash before the first game. */
export function streakText(kind: 'su' | 'ats', streak: Streak | null): string {
  return streak ? `${STREAK_WORDS[kind][streak.result]} ${streak.length}` : '–';
}

/** A team's season so far as the trends see it: its records and its current runs (streaks, in baseball). */
export function teamTrendFigures(trend: TeamTrend, words: SportWords): Figure[] {
  return [
    {
      label: 'Straight up',
      value: recordText(trend.straight_up.wins, trend.straight_up.losses, trend.straight_up.ties),
    },
    { label: `Straight-up ${words.streak}`, value: streakText('su', trend.su_streak) },
    { label: words.spreadRecord, value: recordText(trend.ats.wins, trend.ats.losses, trend.ats.pushes) },
    { label: `${words.spreadRecord} ${words.streak}`, value: streakText('ats', trend.ats_streak) },
    {
      label: 'Over/under',
      value: recordText(trend.over_under.overs, trend.over_under.unders, trend.over_under.pushes),
    },
    { label: 'Games', value: String(trend.games) },
  ];
}
