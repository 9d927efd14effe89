import { describe, expect, it } from 'vitest';
import { POOL_DEFAULTS } from '../constants.js';
import {
  DEFAULT_POOL_LIMITS,
  refuseInvitation,
  refuseInvitationRate,
  refuseNewGuest,
  refuseNewPool,
  validatePoolSettings,
  validateSettingsChange,
} from './settings.js';
import type { PoolSettings } from './types.js';
import {
  canJoin,
  joiningClosesAt,
  lastPoolWeek,
  poolCalendarWeek,
  poolWeekNumbers,
  poolWeekWindow,
  weekEnd,
} from './weeks.js';

const valid: PoolSettings = {
  name: 'Office Pool',
  icon: 'wave',
  iconColor: '#1565c0',
  iconBackground: '#ffffff',
  sport: 'americanfootball_nfl',
  season: 2025,
  gamesPerWeek: 10,
  winBasis: 'ats',
  doublePlay: true,
  triplePlay: false,
  lastManStanding: true,
  confidence: false,
  survivorStrikes: 0,
  survivorBuyBackWeek: null,
  dropWorstWeeks: 0,
  defaultPicks: 'none',
  startWeek: 1,
};

const fields = (settings: PoolSettings) => validatePoolSettings(settings).map((problem) => problem.field);

describe('validatePoolSettings', () => {
  it('accepts valid settings', () => {
    expect(validatePoolSettings(valid)).toEqual([]);
    expect(validatePoolSettings({ ...valid, sport: 'baseball_mlb', startWeek: 20, winBasis: 'straight' })).toEqual([]);
  });

  it('takes 0 to 3 survivor strikes and a buy-back week before the pool’s last, only with Last Man Standing', () => {
    expect(fields({ ...valid, survivorStrikes: 3, survivorBuyBackWeek: 17 })).toEqual([]);
    for (const bad of [-1, 4, 1.5]) expect(fields({ ...valid, survivorStrikes: bad })).toEqual(['survivorStrikes']);
    expect(validatePoolSettings({ ...valid, startWeek: 4, survivorBuyBackWeek: 3 })).toEqual([
      {
        field: 'survivorBuyBackWeek',
        reason: 'out_of_range',
        message: 'The buy-back week is a week of the pool from 4 to 17 (the pick is made the week after)',
      },
    ]);
    expect(fields({ ...valid, survivorBuyBackWeek: 18 })).toEqual(['survivorBuyBackWeek']);
    const noLms = validatePoolSettings({
      ...valid,
      lastManStanding: false,
      survivorStrikes: 1,
      survivorBuyBackWeek: 5,
    });
    expect(noLms.map((problem) => `${problem.field}:${problem.reason}`)).toEqual([
      'survivorStrikes:lms_off',
      'survivorBuyBackWeek:lms_off',
    ]);
  });

  it('fixes the strikes and the buy-back once the pool has started', () => {
    expect(validateSettingsChange(valid, { ...valid, survivorStrikes: 1 }, true).map((p) => p.field)).toEqual([
      'survivorStrikes',
    ]);
    expect(validateSettingsChange(valid, { ...valid, survivorBuyBackWeek: 4 }, false)).toEqual([]);
  });

  it('takes 1 to 16 whole games per week', () => {
    expect(fields({ ...valid, gamesPerWeek: 1 })).toEqual([]);
    expect(fields({ ...valid, gamesPerWeek: 16 })).toEqual([]);
    for (const bad of [0, 17, 2.5, Number.NaN]) {
      expect(validatePoolSettings({ ...valid, gamesPerWeek: bad })).toEqual([
        { field: 'gamesPerWeek', reason: 'out_of_range', message: 'Games per week is a whole number from 1 to 16' },
      ]);
    }
  });

  it('names each bad field with a reason', () => {
    const problems = validatePoolSettings({
      ...valid,
      name: '  ',
      icon: '',
      iconColor: 'blue',
      iconBackground: '#12345',
      winBasis: 'spread' as never,
    });
    expect(problems.map(({ field, reason }) => `${field}:${reason}`)).toEqual([
      'name:required',
      'icon:required',
      'iconColor:bad_colour',
      'iconBackground:bad_colour',
      'winBasis:unknown',
    ]);
    expect(fields({ ...valid, name: 'x'.repeat(POOL_DEFAULTS.maxNameLength + 1) })).toEqual(['name']);
  });

  it.each(['Win at https://evil.example', 'www.prizes now', 'Mail pat@example.com', 'Go to prizes.net', 'bit.ly/x'])(
    'refuses a name a mail would show as a link: %s',
    (name) => {
      expect(validatePoolSettings({ ...valid, name })).toEqual([
        expect.objectContaining({ field: 'name', reason: 'link' }),
      ]);
    },
  );

  it.each(['St. Louis Office Pool', 'Pats 2.0', 'A.J.’s picks', 'Café Crew #3'])('keeps a plain name: %s', (name) => {
    expect(validatePoolSettings({ ...valid, name })).toEqual([]);
    expect(fields({ ...valid, sport: 'soccer' as never })).toEqual(['sport']);
    expect(fields({ ...valid, season: 2021 })).toEqual(['season']);
  });

  it('keeps the start week inside the regular season of the sport’s calendar', () => {
    expect(fields({ ...valid, startWeek: 18 })).toEqual([]);
    expect(fields({ ...valid, startWeek: 19 })).toEqual(['startWeek']); // Wild Card
    expect(fields({ ...valid, startWeek: 0 })).toEqual(['startWeek']);
    expect(fields({ ...valid, sport: 'americanfootball_ncaaf', startWeek: 16 })).toEqual([]);
    expect(fields({ ...valid, sport: 'americanfootball_ncaaf', startWeek: 17 })).toEqual(['startWeek']); // Bowls
  });
});

describe('confidence pools', () => {
  const confidence = { ...valid, doublePlay: false, triplePlay: false, confidence: true };

  it('accepts confidence scoring against the spread and straight up', () => {
    expect(validatePoolSettings(confidence)).toEqual([]);
    expect(validatePoolSettings({ ...confidence, winBasis: 'straight' })).toEqual([]);
  });

  it('refuses a double or a triple play in a confidence pool, naming each', () => {
    expect(
      validatePoolSettings({ ...confidence, doublePlay: true, triplePlay: true }).map(
        (problem) => `${problem.field}:${problem.reason}`,
      ),
    ).toEqual(['doublePlay:confidence_no_plays', 'triplePlay:confidence_no_plays']);
    expect(validatePoolSettings({ ...confidence, confidence: 'yes' as never }).map((problem) => problem.field)).toEqual(
      ['confidence'],
    );
  });

  it('keeps confidence scoring as it was once the pool has started', () => {
    expect(validateSettingsChange(confidence, { ...confidence, confidence: false }, true)).toEqual([
      expect.objectContaining({ field: 'confidence', reason: 'pool_started' }),
    ]);
    expect(validateSettingsChange(confidence, { ...confidence, confidence: false }, false)).toEqual([]);
  });
});

describe('limits', () => {
  it('refuses a Lifeguard’s sixth active pool by default, or past the configured number', () => {
    expect(refuseNewPool(4)).toBeNull();
    expect(refuseNewPool(5)).toEqual({
      reason: 'pool_limit',
      message: 'A Lifeguard may host at most 5 active pools; end one to start another',
    });
    expect(refuseNewPool(5, { ...DEFAULT_POOL_LIMITS, maxPoolsPerLifeguard: 9 })).toBeNull();
  });

  it('refuses a 26th guest and a fourth invitation to one address', () => {
    expect(refuseNewGuest(24)).toBeNull();
    expect(refuseNewGuest(25)?.reason).toBe('pool_full');
    expect(refuseInvitation(2)).toBeNull();
    expect(refuseInvitation(3)).toEqual({
      reason: 'invitation_limit',
      message: 'This address has already had 3 invitations from you, the most allowed',
    });
  });
});

describe('pool weeks', () => {
  it('are the sport’s calendar weeks from the start week through the regular season', () => {
    expect(poolWeekNumbers(valid)).toEqual(Array.from({ length: 18 }, (_, index) => index + 1));
    expect(poolWeekNumbers({ ...valid, startWeek: 15 })).toEqual([15, 16, 17, 18]);
    expect(lastPoolWeek('americanfootball_nfl', 2020)).toBe(17);
    expect(lastPoolWeek('americanfootball_ncaaf', 2025)).toBe(16);
    expect(poolCalendarWeek(valid, 19)).toBeUndefined();
    expect(poolCalendarWeek(valid, 1)).toMatchObject({ number: 1, start: '2025-09-04', end: '2025-09-10' });
  });

  it('run Monday to Sunday in MLB', () => {
    const mlb = { sport: 'baseball_mlb', season: 2025, startWeek: 2 } as const;
    const week2 = poolCalendarWeek(mlb, 2)!;
    expect(week2).toMatchObject({ start: '2025-03-24', end: '2025-03-30' });
    expect(new Date(`${week2.start}T12:00:00Z`).getUTCDay()).toBe(1);
    // Midnight Pacific after Sunday: a late West Coast game on Sunday is inside the week.
    expect(weekEnd(week2)).toBe('2025-03-31T07:00:00.000Z');
  });

  it('a college week runs Tuesday to Monday', () => {
    const week = poolCalendarWeek({ sport: 'americanfootball_ncaaf', season: 2025, startWeek: 1 }, 3)!;
    expect(week).toMatchObject({ start: '2025-09-09', end: '2025-09-15' });
    expect(weekEnd(week)).toBe('2025-09-16T07:00:00.000Z');
  });

  it('have a window from the slate’s first kickoff to the end of the week (standard time after November 2)', () => {
    const week1 = poolCalendarWeek(valid, 1)!;
    expect(poolWeekWindow(week1, ['2025-09-07T17:00:00Z', '2025-09-05T00:20:00Z'])).toEqual({
      start: '2025-09-05T00:20:00.000Z',
      end: '2025-09-11T07:00:00.000Z',
    });
    expect(poolWeekWindow(week1, []).start).toBe('2025-09-04T07:00:00.000Z');
    expect(weekEnd(poolCalendarWeek(valid, 10)!)).toBe('2025-11-13T08:00:00.000Z');
  });

  it('close joining at the end of the pool’s first week', () => {
    expect(joiningClosesAt(valid)).toBe('2025-09-11T07:00:00.000Z');
    expect(joiningClosesAt({ ...valid, startWeek: 3 })).toBe('2025-09-25T07:00:00.000Z');
    expect(canJoin(valid, new Date('2025-09-11T06:59:59Z'))).toBe(true);
    expect(canJoin(valid, new Date('2025-09-11T07:00:00Z'))).toBe(false);
  });
});

describe('validateSettingsChange', () => {
  it('lets every setting change before the pool starts', () => {
    expect(validateSettingsChange(valid, { ...valid, winBasis: 'straight', gamesPerWeek: 5 }, false)).toEqual([]);
  });

  it('keeps the scoring settings once the first game has locked; the name and icon may still change', () => {
    expect(validateSettingsChange(valid, { ...valid, name: 'Renamed', iconColor: '#000000' }, true)).toEqual([]);
    const changed = { ...valid, winBasis: 'straight' as const, triplePlay: true, startWeek: 2 };
    expect(validateSettingsChange(valid, changed, true).map((problem) => `${problem.field}:${problem.reason}`)).toEqual(
      ['startWeek:pool_started', 'winBasis:pool_started', 'triplePlay:pool_started'],
    );
  });

  it('still checks the new settings themselves', () => {
    expect(validateSettingsChange(valid, { ...valid, name: '' }, false).map((problem) => problem.field)).toEqual([
      'name',
    ]);
  });
});

describe('the rate of a Lifeguard’s invitations', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MINUTE = 60_000;

  it('allows up to the hour’s limit, then says when the next may go', () => {
    const perHour = POOL_DEFAULTS.maxInvitationsPerHour;
    const sent = Array.from({ length: perHour - 1 }, (_, i) => ago(i * MINUTE));
    expect(refuseInvitationRate(sent, now)).toBeNull();
    const full = [...sent, ago(50 * MINUTE)];
    const refused = refuseInvitationRate(full, now);
    expect(refused).toMatchObject({ reason: 'invitation_rate' });
    expect(refused?.message).toBe(`A Lifeguard may send at most ${perHour} invitations an hour; try again later`);
    expect(refused?.retryAt).toEqual(new Date(now.getTime() + 10 * MINUTE));
  });

  it('forgets what left the hour, but not the day', () => {
    const perDay = POOL_DEFAULTS.maxInvitationsPerDay;
    const earlierToday = Array.from({ length: perDay }, (_, i) => ago(2 * 3_600_000 + i * MINUTE));
    const refused = refuseInvitationRate(earlierToday, now);
    expect(refused?.message).toBe(`A Lifeguard may send at most ${perDay} invitations a day; try again later`);
    const yesterday = earlierToday.map((at) => new Date(at.getTime() - 86_400_000));
    expect(refuseInvitationRate(yesterday, now)).toBeNull();
  });
});
