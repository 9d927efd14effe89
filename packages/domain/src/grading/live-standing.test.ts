import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BetKind, BetMode, BetType, type BetModeValue } from '../enums.js';
import { gradeEntry, type EventResult, type GradableEntry } from './grade-entry.js';
import { liveStanding } from './live-standing.js';

const playing = (homeScore: number, awayScore: number): EventResult => ({
  status: 'in_progress',
  homeTeam: 'KC',
  awayTeam: 'BUF',
  homeScore,
  awayScore,
});
const spread = (team: string, line: number, mode: BetModeValue = BetMode.bet_on): GradableEntry => ({
  mode,
  kind: BetKind.spread,
  type: line < 0 ? BetType.favored : BetType.underdog,
  team,
  line,
  price: -110,
  stake: 1000,
});
const total = (type: typeof BetType.over | typeof BetType.under, line: number): GradableEntry => ({
  mode: BetMode.bet_on,
  kind: BetKind.totals,
  type,
  team: null,
  line,
  price: -110,
  stake: 1000,
});
const moneyline = (team: string): GradableEntry => ({
  mode: BetMode.pick_on,
  kind: BetKind.moneyline,
  type: BetType.to_win,
  team,
  line: null,
});

describe('liveStanding', () => {
  it('says how a spread stands: covering, not covering, on the number', () => {
    expect(liveStanding(spread('KC', -3.5), playing(24, 17))).toMatchObject({
      state: 'ahead',
      words: 'covering by 3.5',
    });
    expect(liveStanding(spread('BUF', 3.5), playing(24, 17))).toMatchObject({
      state: 'behind',
      words: 'not covering by 3.5',
    });
    expect(liveStanding(spread('KC', -7), playing(24, 17))).toMatchObject({ state: 'level', words: 'on the number' });
    // Fading KC −3.5 holds BUF +3.5.
    expect(liveStanding(spread('KC', -3.5, BetMode.bet_against), playing(24, 17))!.words).toBe('not covering by 3.5');
  });

  it('says how a total stands, for the over and the under', () => {
    expect(liveStanding(total(BetType.under, 47), playing(24, 17))).toMatchObject({
      state: 'ahead',
      words: 'under by 6',
    });
    expect(liveStanding(total(BetType.over, 47), playing(24, 17))).toMatchObject({ state: 'behind', words: '6 to go' });
    expect(liveStanding(total(BetType.over, 38.5), playing(24, 17))!.words).toBe('over by 2.5');
  });

  it('says leading, trailing or tied for a moneyline', () => {
    expect(liveStanding(moneyline('KC'), playing(10, 3))!.words).toBe('leading by 7');
    expect(liveStanding(moneyline('BUF'), playing(10, 3))!.words).toBe('trailing by 7');
    expect(liveStanding(moneyline('BUF'), playing(3, 3))).toMatchObject({ state: 'level', words: 'tied' });
  });

  it('says nothing before the game, after it, or without both scores', () => {
    expect(liveStanding(spread('KC', -3.5), { ...playing(0, 0), status: 'scheduled' })).toBeNull();
    expect(liveStanding(spread('KC', -3.5), { ...playing(24, 17), status: 'final' })).toBeNull();
    expect(liveStanding(spread('KC', -3.5), { ...playing(0, 0), homeScore: null })).toBeNull();
  });

  it('stands as the entry would be graded if the game ended now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: -30, max: 30 }).map((n) => n / 2),
        fc.constantFrom('spread', 'over', 'under', 'moneyline'),
        (home, away, line, market) => {
          const entry =
            market === 'spread'
              ? spread('KC', line)
              : market === 'moneyline'
                ? moneyline('BUF')
                : total(market === 'over' ? BetType.over : BetType.under, Math.abs(line) * 3);
          const standing = liveStanding(entry, playing(home, away))!;
          const { outcome } = gradeEntry(entry, { ...playing(home, away), status: 'final' })!;
          expect({ win: 'ahead', loss: 'behind', push: 'level' }[outcome as 'win' | 'loss' | 'push']).toBe(
            standing.state,
          );
        },
      ),
    );
  });
});
