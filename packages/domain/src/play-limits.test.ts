import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currentLossStreak,
  easternMonthOf,
  monthlyRealStakeCents,
  playLimitNotices,
  type LedgerOutcome,
  type RealStake,
} from './play-limits.js';

const at = (iso: string) => new Date(iso);

describe('easternMonthOf', () => {
  it('keeps the evening of the last day in its month though UTC has moved on (EST, UTC−5)', () => {
    const month = easternMonthOf(at('2026-12-01T04:59:59Z'));
    expect(month.month).toBe('2026-11');
    expect(month.start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(month.end.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(easternMonthOf(at('2026-12-01T05:00:00Z')).month).toBe('2026-12');
  });

  it('starts a summer month at 04:00 UTC (EDT) and turns the year at midnight in New York', () => {
    expect(easternMonthOf(at('2026-07-01T03:59:59Z')).month).toBe('2026-06');
    expect(easternMonthOf(at('2026-07-01T04:00:00Z')).month).toBe('2026-07');
    const january = easternMonthOf(at('2027-01-01T04:00:00Z'));
    expect(january.month).toBe('2026-12');
    expect(january.end.toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(easternMonthOf(at('2027-01-01T05:00:00Z')).month).toBe('2027-01');
  });

  it('agrees with the platform time-zone data for any instant', () => {
    const easternMonth = (instant: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' })
        .format(instant)
        .slice(0, 7);
    fc.assert(
      fc.property(
        fc.date({ min: at('2008-01-01T00:00:00Z'), max: at('2040-01-01T00:00:00Z'), noInvalidDate: true }),
        (instant) => {
          const month = easternMonthOf(instant);
          expect(month.month).toBe(easternMonth(instant));
          expect(month.start.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(month.end.getTime()).toBeGreaterThan(instant.getTime());
        },
      ),
    );
  });
});

describe('monthlyRealStakeCents', () => {
  const now = at('2026-11-25T15:00:00Z');
  const stake = (placedAt: string, stakeCents: number, outcome: LedgerOutcome | null = null): RealStake => ({
    placedAt: at(placedAt),
    stakeCents,
    outcome,
  });

  it('adds the stakes placed in this Eastern month, graded or open, won or lost', () => {
    expect(
      monthlyRealStakeCents(
        [
          stake('2026-11-01T04:00:00Z', 1000, 'loss'),
          stake('2026-11-10T00:00:00Z', 2500, 'win'),
          stake('2026-11-24T23:00:00Z', 500, 'push'),
          stake('2026-11-25T14:00:00Z', 700),
        ],
        now,
      ),
    ).toBe(4700);
  });

  it('leaves out last month, next month and voided bets', () => {
    expect(
      monthlyRealStakeCents(
        [
          // 11:59 PM on 31 October in New York.
          stake('2026-11-01T03:59:00Z', 1000, 'loss'),
          stake('2026-12-01T05:00:00Z', 1000),
          stake('2026-11-12T18:00:00Z', 3000, 'void'),
          stake('2026-11-12T18:00:00Z', 200, 'loss'),
        ],
        now,
      ),
    ).toBe(200);
    expect(monthlyRealStakeCents([], now)).toBe(0);
  });
});

describe('currentLossStreak', () => {
  it('counts the losses since the last win, newest first', () => {
    expect(currentLossStreak(['loss', 'loss', 'loss', 'win', 'loss'])).toBe(3);
    expect(currentLossStreak(['win', 'loss', 'loss'])).toBe(0);
    expect(currentLossStreak([])).toBe(0);
    expect(currentLossStreak(['loss', 'loss'])).toBe(2);
  });

  it('lets a push or a void neither break the streak nor extend it', () => {
    expect(currentLossStreak(['loss', 'push', 'loss', 'void', 'loss', 'win'])).toBe(3);
    expect(currentLossStreak(['push', 'void', 'push'])).toBe(0);
    expect(currentLossStreak(['push', 'win', 'loss'])).toBe(0);
  });
});

describe('playLimitNotices', () => {
  it('notices a budget reached and a streak reached, and nothing without a limit', () => {
    const limits = { monthlyBudgetCents: 10_000, lossStreakAlert: 3 };
    expect(playLimitNotices(limits, 9_999, 2)).toEqual({ budgetReached: false, lossStreakReached: false });
    expect(playLimitNotices(limits, 10_000, 3)).toEqual({ budgetReached: true, lossStreakReached: true });
    expect(playLimitNotices({ monthlyBudgetCents: null, lossStreakAlert: null }, 10 ** 9, 20)).toEqual({
      budgetReached: false,
      lossStreakReached: false,
    });
  });
});
