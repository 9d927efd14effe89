import { describe, expect, it } from 'vitest';
import { teamTrend, tip } from '../testing/fixtures';
import { SPORT_VOCABULARY } from '../../../lib/sport-words';
import { recordText, streakText, teamTrendFigures, tipFigures, tipKindLabel } from './trends';

const NFL = SPORT_VOCABULARY.americanfootball_nfl;
const MLB = SPORT_VOCABULARY.baseball_mlb;

const values = (figures: { label: string; value: string }[]) =>
  Object.fromEntries(figures.map((figure) => [figure.label, figure.value]));

describe('tipFigures', () => {
  it('gives a record trend its record, the share it rests on and its sample size', () => {
    const ats = tip('KC', 'ats_record', 'KC is 7-2-1 ATS', { wins: 7, losses: 2, pushes: 1, games: 10, pct: 0.778 });
    expect(values(tipFigures(ats, NFL))).toEqual({ 'Record (W-L-P)': '7-2-1', Covered: '78%', Games: '10' });
  });

  it("tells an under trend by the unders' share, though the figures count overs as wins", () => {
    const under = tip('DAL', 'over_under_record', 'DAL games went under the total 9 of 10', {
      wins: 1,
      losses: 9,
      games: 10,
      pct: 0.1,
    });
    expect(values(tipFigures(under, NFL))).toEqual({ 'Record (O-U-P)': '1-9', Under: '90%', Games: '10' });
    const over = tip('GB', 'over_under_record', 'GB games went over', { wins: 9, losses: 1, games: 10, pct: 0.9 });
    expect(values(tipFigures(over, NFL))).toMatchObject({ Over: '90%' });
  });

  it('tells a run by what kept happening', () => {
    expect(
      values(tipFigures(tip('NO', 'su_streak', 'NO has won 6 straight', { wins: 6, games: 6, pct: 1 }), NFL)),
    ).toEqual({
      Run: 'Won 6',
      Games: '6',
    });
    expect(
      values(tipFigures(tip('LV', 'ats_streak', 'LV has failed to cover 4 straight', { losses: 4, games: 4 }), NFL)),
    ).toEqual({ Run: 'Failed to cover 4', Games: '4' });
  });
});

describe('team trend figures', () => {
  it('shows records with pushes only when there are some, and the current runs', () => {
    expect(recordText(6, 3)).toBe('6-3');
    expect(recordText(6, 2, 1)).toBe('6-2-1');
    expect(streakText('ats', null)).toBe('–');
    expect(values(teamTrendFigures(teamTrend('KC', 'Kansas City Chiefs'), NFL))).toEqual({
      'Straight up': '5-4',
      'Straight-up run': 'Lost 1',
      ATS: '6-3',
      'ATS run': 'Covered 3',
      'Over/under': '6-2-1',
      Games: '9',
    });
  });
});

describe('trends in baseball words', () => {
  it('speaks of the run line and of streaks, never of the spread or of runs as streaks', () => {
    const figures = teamTrendFigures(teamTrend('NYY', 'New York Yankees'), MLB);
    expect(figures.map((figure) => figure.label)).toEqual([
      'Straight up',
      'Straight-up streak',
      'RL',
      'RL streak',
      'Over/under',
      'Games',
    ]);
    expect(tipKindLabel('ats_record', MLB)).toBe('On the run line');
    expect(tipKindLabel('ats_streak', MLB)).toBe('Run line streak');
    expect(tipKindLabel('ats_record', NFL)).toBe('Against the spread');
    const streak = tip('NYY', 'su_streak', 'NYY has won 6 straight', { wins: 6, games: 6, pct: 1 });
    expect(values(tipFigures(streak, MLB))).toEqual({ Streak: 'Won 6', Games: '6' });
  });
});
