import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileDataAsOf, observedStatus } from './data-as-of.js';
import {
  eventFromObservation,
  mergeObservation,
  quotesReplace,
  type GameObservation,
  type MergedEvent,
} from './merge-observation.js';

const game = (overrides: Partial<GameObservation> = {}): GameObservation => ({
  sport: 'americanfootball_ncaaf',
  season: 2025,
  week: 1,
  seasonType: 'regular',
  kickoffAt: '2025-08-30T19:30:00.000Z',
  gameDate: '2025-08-30',
  homeTeam: 'BAMA',
  awayTeam: 'FSU',
  neutralSite: false,
  status: 'scheduled',
  homeScore: null,
  awayScore: null,
  source: 'cfbd',
  asOf: '2025-08-23T16:00:00.000Z',
  ...overrides,
});

const final = (overrides: Partial<GameObservation> = {}) =>
  game({
    status: 'final',
    homeScore: 17,
    awayScore: 31,
    source: 'sportsdataverse',
    asOf: '2026-01-20T04:00:00.000Z',
    ...overrides,
  });

const apply = (observations: GameObservation[]): MergedEvent =>
  observations
    .slice(1)
    .reduce((event, observation) => mergeObservation(event, observation), eventFromObservation(observations[0]!));

const facts = ({ schedule: _s, result: _r, ...rest }: MergedEvent) => rest;

describe('mergeObservation: results', () => {
  it('keeps a final when an older pre-season snapshot says scheduled (the cfbd re-run of issue 15)', () => {
    const merged = apply([final(), game()]);
    expect(merged).toMatchObject({ status: 'final', homeScore: 17, awayScore: 31 });
    expect(merged.result).toEqual({ source: 'sportsdataverse', asOf: '2026-01-20T04:00:00.000Z' });
  });

  it('keeps a final even when a newer observation is not final', () => {
    const merged = apply([final(), game({ source: 'odds-api', status: 'in_progress', asOf: '2026-02-01T00:00:00Z' })]);
    expect(merged.status).toBe('final');
    expect(merged.result.source).toBe('sportsdataverse');
  });

  it('applies a score correction from a newer final, and from the same source re-read at the same time', () => {
    expect(apply([final(), final({ homeScore: 20, asOf: '2026-01-21T00:00:00.000Z', source: 'cfbd' })]).homeScore).toBe(
      20,
    );
    expect(apply([final(), final({ homeScore: 21 })]).homeScore).toBe(21);
  });

  it('ignores an older final, and between equal times of different sources lets the source rank decide', () => {
    expect(apply([final(), final({ homeScore: 20, asOf: '2026-01-01T00:00:00.000Z' })]).homeScore).toBe(17);
    // nflverse ranks before sportsdataverse, whichever arrives first.
    expect(apply([final(), final({ homeScore: 20, source: 'nflverse' })]).homeScore).toBe(20);
    expect(apply([final({ homeScore: 20, source: 'nflverse' }), final()]).homeScore).toBe(20);
  });

  it('lets a newer non-final replace an older non-final (a postponement, a game under way)', () => {
    const merged = apply([
      game(),
      game({ status: 'in_progress', homeScore: 7, awayScore: 3, source: 'odds-api', asOf: '2025-08-30T20:00:00Z' }),
    ]);
    expect(merged).toMatchObject({ status: 'in_progress', homeScore: 7, awayScore: 3 });
    expect(mergeObservation(merged, game()).status).toBe('in_progress');
  });

  it("keeps the admin's result over the demo's and any import, newer or final, until the admin's next one", () => {
    const cancelled = game({ status: 'cancelled', source: 'admin', asOf: '2025-08-31T00:00:00.000Z' });
    const demoFinal = final({ source: 'demo', asOf: '2025-09-07T00:00:00.000Z' });
    for (const order of [
      [demoFinal, cancelled, final()],
      [cancelled, final(), demoFinal],
      [final(), demoFinal, cancelled],
    ]) {
      const merged = apply(order);
      expect(merged).toMatchObject({ status: 'cancelled', homeScore: null, awayScore: null });
      expect(merged.result).toEqual({ source: 'admin', asOf: '2025-08-31T00:00:00.000Z' });
    }
    // A push the admin entered stands against a newer final with other scores.
    const push = final({ homeScore: 24, awayScore: 24, source: 'admin', asOf: '2025-08-31T00:00:00.000Z' });
    expect(apply([push, demoFinal])).toMatchObject({ status: 'final', homeScore: 24, awayScore: 24 });
    // The schedule still follows the sources.
    const moved = apply([push, game({ kickoffAt: '2025-08-30T23:00:00.000Z', asOf: '2025-09-01T00:00:00Z' })]);
    expect(moved).toMatchObject({ status: 'final', homeScore: 24, kickoffAt: '2025-08-30T23:00:00.000Z' });
    // Cleared (no source, no data time), the result gives way to the next observation again.
    const cleared = { ...apply([push]), status: 'scheduled' as const, homeScore: null, awayScore: null };
    expect(mergeObservation({ ...cleared, result: { source: null, asOf: null } }, demoFinal)).toMatchObject({
      status: 'final',
      homeScore: 17,
      result: { source: 'demo' },
    });
  });

  it('lets a final beat a cancelled from newer data', () => {
    const merged = apply([
      final({ asOf: '2025-09-01T00:00:00Z' }),
      game({ status: 'cancelled', asOf: '2025-12-01T00:00:00Z' }),
    ]);
    expect(merged.status).toBe('final');
  });

  it('turns the scores of a source that names the teams the other way round', () => {
    const swapped = final({ homeTeam: 'FSU', awayTeam: 'BAMA', homeScore: 31, awayScore: 17, source: 'cfbd' });
    const schedule = game({ asOf: '2026-02-01T00:00:00Z', source: 'sportsdataverse' });
    for (const merged of [apply([swapped, schedule]), apply([schedule, swapped])]) {
      expect(merged).toMatchObject({
        homeTeam: 'BAMA',
        awayTeam: 'FSU',
        homeScore: 17,
        awayScore: 31,
        status: 'final',
      });
    }
  });
});

describe('mergeObservation: schedule', () => {
  it('takes kickoff, week and neutral site from the newer data and keeps them against older data', () => {
    const newer = final({ kickoffAt: '2025-08-30T23:30:00.000Z', neutralSite: true, week: 2 });
    for (const merged of [apply([newer, game()]), apply([game(), newer])]) {
      expect(merged).toMatchObject({ kickoffAt: '2025-08-30T23:30:00.000Z', neutralSite: true, week: 2 });
      expect(merged.schedule.source).toBe('sportsdataverse');
    }
  });

  it('never replaces a known kickoff with an unknown one, even from newer data that wins the other fields', () => {
    const tbd = game({ kickoffAt: null, asOf: '2025-09-01T00:00:00Z', week: 3, source: 'statsapi' });
    for (const merged of [apply([game(), tbd]), apply([tbd, game()])]) {
      expect(merged).toMatchObject({ kickoffAt: '2025-08-30T19:30:00.000Z', week: 3 });
      expect(merged.kickoff.source).toBe('cfbd');
      expect(merged.schedule.source).toBe('statsapi');
    }
  });

  it('lets the stored data of before provenance (no data time) give way to any dated observation', () => {
    const legacy: MergedEvent = {
      ...eventFromObservation(game({ week: 9 })),
      schedule: { source: 'cfbd', asOf: null },
    };
    expect(mergeObservation(legacy, game({ week: 1, asOf: '2000-01-01T00:00:00Z' })).week).toBe(1);
  });
});

describe('mergeObservation: partial observations', () => {
  it('takes only the kickoff from a feed that tells kickoffs (the odds feed)', () => {
    const stored = apply([final()]);
    const odds = game({
      source: 'odds-api',
      asOf: '2026-02-01T00:00:00Z',
      kickoffAt: '2025-08-31T00:00:00.000Z',
      week: 9,
    });
    const merged = mergeObservation(stored, odds, 'kickoff');
    expect(merged).toMatchObject({ kickoffAt: '2025-08-31T00:00:00.000Z', week: 1, status: 'final', homeScore: 17 });
    expect([merged.kickoff.source, merged.schedule.source, merged.result.source]).toEqual([
      'odds-api',
      'sportsdataverse',
      'sportsdataverse',
    ]);
  });

  it('takes only the result from a feed that tells results (the scores feed)', () => {
    const stored = apply([game()]);
    const scores = game({
      source: 'odds-api',
      asOf: '2025-08-30T21:00:00Z',
      status: 'in_progress',
      homeScore: 7,
      awayScore: 0,
      week: 9,
    });
    const merged = mergeObservation(stored, scores, 'result');
    expect(merged).toMatchObject({ week: 1, status: 'in_progress', homeScore: 7, awayScore: 0 });
    expect([merged.kickoff.source, merged.schedule.source, merged.result.source]).toEqual(['cfbd', 'cfbd', 'odds-api']);
  });
});

describe('quotesReplace', () => {
  it('replaces only with a non-empty set from data at least as new', () => {
    expect(quotesReplace({ count: 0, asOf: '2026-01-01T00:00:00Z' }, '2025-01-01T00:00:00Z')).toBe(false);
    expect(quotesReplace({ count: 4, asOf: '2024-01-01T00:00:00Z' }, '2025-01-01T00:00:00Z')).toBe(false);
    expect(quotesReplace({ count: 4, asOf: '2025-01-01T00:00:00Z' }, '2025-01-01T00:00:00Z')).toBe(true);
    expect(quotesReplace({ count: 4, asOf: '2024-01-01T00:00:00Z' }, null)).toBe(true);
  });
});

describe('mergeObservation: properties', () => {
  const sources = ['admin', 'nflverse', 'cfbd', 'sportsdataverse', 'odds-api', 'demo', 'espn-like'];
  /** Observations as real data gives them: one source at one data time says one thing. */
  const observations = fc
    .uniqueArray(
      fc.record({
        source: fc.constantFrom(...sources),
        day: fc.integer({ min: 0, max: 5 }),
        status: fc.constantFrom('scheduled', 'in_progress', 'final', 'postponed', 'cancelled' as const),
        homeScore: fc.integer({ min: 0, max: 60 }),
        awayScore: fc.integer({ min: 0, max: 60 }),
        kickoffHour: fc.option(fc.integer({ min: 12, max: 23 })),
        week: fc.integer({ min: 1, max: 3 }),
        neutralSite: fc.boolean(),
        swapped: fc.boolean(),
      }),
      { minLength: 1, maxLength: 7, selector: (o) => `${o.source}|${o.day}` },
    )
    .map((list) =>
      list.map((o) => {
        const scored = o.status === 'final' || o.status === 'in_progress';
        const [home, away] = o.swapped ? ['FSU', 'BAMA'] : ['BAMA', 'FSU'];
        return game({
          source: o.source,
          asOf: new Date(Date.UTC(2025, 8, 1 + o.day)).toISOString(),
          status: o.status,
          homeScore: scored ? o.homeScore : null,
          awayScore: scored ? o.awayScore : null,
          kickoffAt: o.kickoffHour === null ? null : new Date(Date.UTC(2025, 7, 30, o.kickoffHour)).toISOString(),
          week: o.week,
          neutralSite: o.neutralSite,
          homeTeam: home,
          awayTeam: away,
        });
      }),
    );

  it('ends in the same event whatever order the observations arrive in', () => {
    fc.assert(
      fc.property(
        observations.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        ([list, shuffled]) => {
          const a = apply(list);
          const b = apply(shuffled);
          // Scores compared by team: the teams' order is the schedule winner's.
          expect(a).toEqual(b);
        },
      ),
    );
  });

  it('changes nothing when an observation already applied is applied again', () => {
    fc.assert(
      fc.property(observations, fc.nat(), (list, pick) => {
        const merged = apply(list);
        expect(mergeObservation(merged, list[pick % list.length]!)).toEqual(merged);
      }),
    );
  });

  it('never turns a final back into a non-final, unless the admin says so', () => {
    fc.assert(
      fc.property(observations, (observed) => {
        const list = observed.filter((o) => o.source !== 'admin');
        fc.pre(list.length > 0);
        let event = eventFromObservation(list[0]!);
        let seenFinal = event.status === 'final';
        for (const observation of list.slice(1)) {
          event = mergeObservation(event, observation);
          if (seenFinal) expect(event.status).toBe('final');
          seenFinal ||= event.status === 'final';
        }
        expect(facts(event).status === 'final').toBe(list.some((o) => o.status === 'final'));
      }),
    );
  });
});

describe('fileDataAsOf', () => {
  const now = new Date('2026-11-01T00:00:00Z');
  it('is the latest final kickoff plus a game length', () => {
    const games = [
      { kickoff: '2024-11-30T20:00:00Z', date: '2024-11-30', status: 'final' as const },
      { kickoff: '2024-12-07T20:00:00Z', date: '2024-12-07', status: 'final' as const },
      { kickoff: '2025-01-09T00:30:00Z', date: '2025-01-08', status: 'scheduled' as const },
    ];
    expect(fileDataAsOf(games, now).toISOString()).toBe('2024-12-08T00:00:00.000Z');
  });

  it('is the earliest game of a file without finals, so it never beats a file with results', () => {
    const games = [
      { kickoff: '2025-08-30T19:30:00Z', date: '2025-08-30', status: 'scheduled' as const },
      { kickoff: null, date: '2025-08-23', status: 'scheduled' as const },
    ];
    expect(fileDataAsOf(games, now).toISOString()).toBe('2025-08-23T17:00:00.000Z');
  });

  it('is never later than now, and the epoch for a file without games', () => {
    const games = [{ kickoff: '2026-12-01T20:00:00Z', date: '2026-12-01', status: 'final' as const }];
    expect(fileDataAsOf(games, now)).toEqual(now);
    expect(fileDataAsOf([], now).getTime()).toBe(0);
  });
});

describe('observedStatus', () => {
  const asOf = new Date('2024-12-08T00:00:00Z');
  const unplayed = {
    kickoff: '2024-09-28T19:00:00Z',
    date: '2024-09-28',
    status: 'scheduled' as const,
    homeScore: null,
    awayScore: null,
  };
  it('marks a game without a result well before the data time cancelled (App State–Liberty 2024)', () => {
    expect(observedStatus(unplayed, asOf)).toBe('cancelled');
  });

  it('keeps scheduled a game after the data time or within a day of it, and leaves results alone', () => {
    expect(observedStatus({ ...unplayed, kickoff: '2025-01-10T00:30:00Z', date: '2025-01-09' }, asOf)).toBe(
      'scheduled',
    );
    expect(observedStatus({ ...unplayed, kickoff: '2024-12-07T12:00:00Z' }, asOf)).toBe('scheduled');
    expect(observedStatus({ ...unplayed, status: 'postponed' }, asOf)).toBe('postponed');
    expect(observedStatus({ ...unplayed, status: 'final', homeScore: 1, awayScore: 2 }, asOf)).toBe('final');
  });
});

describe('mergeObservation: a game under way', () => {
  const live = (detail: string, homeScore: number, awayScore: number, asOf: string) =>
    game({
      source: 'espn',
      status: 'in_progress',
      homeScore,
      awayScore,
      asOf,
      live: { period: 2, clock: '4:12', detail },
    });

  it('keeps the live state with the newest result and drops it at the final', () => {
    const first = apply([game(), live('2nd Quarter 4:12', 7, 3, '2025-08-30T20:10:00Z')]);
    expect(first).toMatchObject({ status: 'in_progress', homeScore: 7, live: { detail: '2nd Quarter 4:12' } });
    const older = mergeObservation(first, live('1st Quarter 9:00', 0, 0, '2025-08-30T19:50:00Z'));
    expect(older.live?.detail).toBe('2nd Quarter 4:12');
    const ended = mergeObservation(first, final({ asOf: '2025-08-30T23:00:00Z' }));
    expect(ended).toMatchObject({ status: 'final', live: null });
  });

  it('never lets a newer schedule snapshot put a game under way back to scheduled, in either order', () => {
    const underWay = live('2nd Quarter 4:12', 7, 3, '2025-08-30T20:10:00Z');
    // nflverse's file, re-read after another game's final, proves a later time but has not seen this one start.
    const snapshot = game({ source: 'nflverse', asOf: '2025-08-30T20:30:00Z' });
    const one = apply([game(), underWay, snapshot]);
    const other = apply([game(), snapshot, underWay]);
    expect(one).toMatchObject({ status: 'in_progress', homeScore: 7, live: { detail: '2nd Quarter 4:12' } });
    expect(facts(other)).toEqual(facts(one));
  });

  it('never shows a live state on a game that is not in progress', () => {
    const merged = eventFromObservation(game({ live: { period: 1, clock: '15:00', detail: 'Kickoff' } }));
    expect(merged.live).toBeNull();
  });
});
