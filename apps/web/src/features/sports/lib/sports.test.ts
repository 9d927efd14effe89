import { describe, expect, it } from 'vitest';
import { marginWords, SPORT_INFO } from './sports';

describe('each sport in its own words', () => {
  it('titles and captions the margin chart in runs and dates for baseball, points and weeks for football', () => {
    expect(marginWords('baseball_mlb')).toEqual({
      title: 'Margin of victory by date',
      measure: 'Run margin',
      caption: 'Runs scored minus runs allowed, game by game.',
    });
    expect(marginWords('americanfootball_nfl')).toEqual({
      title: 'Margin of victory by week',
      measure: 'Point margin',
      caption: 'Points scored minus points allowed, game by game.',
    });
  });

  it('lets only the NFL end a game tied', () => {
    expect(SPORT_INFO.americanfootball_nfl.words.ties).toBe(true);
    expect(SPORT_INFO.americanfootball_ncaaf.words.ties).toBe(false);
    expect(SPORT_INFO.baseball_mlb.words.ties).toBe(false);
    expect(SPORT_INFO.baseball_mlb.period).toBe('Dates');
  });
});
