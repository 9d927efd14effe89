import { describe, expect, it } from 'vitest';
import { HOU_IND, replay, SF_MIN } from '../testing-data';
import { byWeekOf, cumulativeOf, gradeDemoDraft, quoteFor, resultText, sampleGameOf, type DemoDraft } from './replay';

const draft = (overrides: Partial<DemoDraft>): DemoDraft => ({
  mode: 1,
  kind: 3,
  side: 'IND',
  line: '3',
  price: '',
  stake: '100',
  multiplier: 1,
  ...overrides,
});

describe('gradeDemoDraft', () => {
  it('grades picks with the domain’s rules: cover, fade, totals and multipliers', () => {
    // HOU 29 at IND 27, IND +3.
    expect(gradeDemoDraft(draft({}), HOU_IND)).toEqual({ kind: 'graded', outcome: 'win', reward: 5 });
    expect(gradeDemoDraft(draft({ mode: 2, multiplier: 2 }), HOU_IND)).toEqual({
      kind: 'graded',
      outcome: 'loss',
      reward: -10,
    });
    expect(gradeDemoDraft(draft({ line: '2' }), HOU_IND)).toMatchObject({ outcome: 'push', reward: 0 });
    expect(gradeDemoDraft(draft({ kind: 2, side: 'Over', line: '48.5' }), HOU_IND)).toMatchObject({
      outcome: 'win',
    });
  });

  it('grades bets at their price and stake', () => {
    expect(gradeDemoDraft(draft({ mode: 3, kind: 1, price: '130', stake: '50' }), HOU_IND)).toEqual({
      kind: 'graded',
      outcome: 'loss',
      reward: -5000,
    });
    expect(gradeDemoDraft(draft({ mode: 3, kind: 1, side: 'MIN', price: '180' }), SF_MIN)).toEqual({
      kind: 'graded',
      outcome: 'win',
      reward: 18_000,
    });
  });

  it('says a game not played yet is pending', () => {
    const scheduled = { ...SF_MIN, status: 'scheduled' as const, event_scores: { home: null, away: null } };
    expect(gradeDemoDraft(draft({ side: 'MIN', line: '4.5' }), scheduled)).toEqual({ kind: 'pending' });
  });

  it('names each bad field', () => {
    expect(gradeDemoDraft(draft({ line: '' }), HOU_IND)).toEqual({
      kind: 'invalid',
      fields: { line: 'is required: a number of points' },
    });
    expect(gradeDemoDraft(draft({ line: '3.25' }), HOU_IND)).toMatchObject({
      fields: { line: 'must be a whole or half point' },
    });
    expect(gradeDemoDraft(draft({ mode: 4, kind: 1, price: '', stake: '0' }), HOU_IND)).toEqual({
      kind: 'invalid',
      fields: { price: expect.any(String), stake: 'must be more than 0' },
    });
  });
});

describe('quoteFor', () => {
  it('gives the line and price the replay saw for each side and market', () => {
    expect(quoteFor(HOU_IND, 3, 'HOU')).toEqual({ line: -3, price: -110 });
    expect(quoteFor(HOU_IND, 1, 'IND')).toEqual({ line: null, price: 130 });
    expect(quoteFor(HOU_IND, 2, 'Under')).toEqual({ line: 48.5, price: -110 });
  });
});

describe('replay series', () => {
  it('reads the running totals week by week, and the weeks as the stats chart takes them', () => {
    expect(cumulativeOf(replay.weeks)).toEqual([
      { label: 'W1', points: 0, profit: -100 },
      { label: 'W2', points: 5, profit: 80 },
    ]);
    expect(byWeekOf(replay.weeks).map((week) => [week.nbr, week.yr_week, week.record])).toEqual([
      [1, 202401, '1-2-0'],
      [2, 202402, '2-0-0'],
    ]);
  });

  it('finds a sample game: the one asked for, else the newest', () => {
    expect(sampleGameOf(replay)?.event_id).toBe(601);
    expect(sampleGameOf(replay, 501)?.event_id).toBe(501);
    expect(sampleGameOf(replay, 9999)?.event_id).toBe(601);
  });

  it('words results', () => {
    expect(resultText({ bet_mode: 3, outcome: 'loss', reward: -10_000 })).toBe('Lost −$100.00');
    expect(resultText({ bet_mode: 1, outcome: 'push', reward: 0 })).toBe('Push');
    expect(resultText({ bet_mode: 1, outcome: null, reward: null })).toBe('Not played yet');
  });
});
