import { describe, expect, it } from 'vitest';
import { Status } from '../enums.js';
import { at, DAL_PHI, final, LATER, WEEK1_WINDOW } from '../testing/pool-fixtures.js';
import { poolPickClv } from './grading.js';
import { isLocked } from './picks.js';
import { poolPickStatus, poolStatus } from './status.js';

describe('pool status', () => {
  const base = { endedAt: null, firstKickoff: DAL_PHI.kickoff, lastWeekComplete: false };

  it('is open before the first pool week starts and confirmed once it has', () => {
    expect(poolStatus({ ...base, now: at('2025-09-04T12:00:00Z') })).toBe(Status.open);
    expect(poolStatus({ ...base, firstKickoff: null, now: LATER })).toBe(Status.open);
    expect(poolStatus({ ...base, now: at(DAL_PHI.kickoff) })).toBe(Status.confirmed);
  });

  it('is completed after its last week is graded, and closed when the Lifeguard ends it', () => {
    expect(poolStatus({ ...base, lastWeekComplete: true, now: LATER })).toBe(Status.completed);
    expect(poolStatus({ ...base, endedAt: '2025-09-06T00:00:00Z', now: LATER })).toBe(Status.closed);
    expect(poolStatus({ ...base, endedAt: '2025-09-06T00:00:00Z', lastWeekComplete: true, now: LATER })).toBe(
      Status.closed,
    );
  });
});

describe('pool pick status', () => {
  it('is open until the game starts, pending while it runs, completed once graded or void', () => {
    expect(poolPickStatus(DAL_PHI, WEEK1_WINDOW, at('2025-09-04T12:00:00Z'))).toBe(Status.open);
    expect(poolPickStatus({ ...DAL_PHI, status: 'in_progress' }, WEEK1_WINDOW, at('2025-09-05T01:00:00Z'))).toBe(
      Status.pending,
    );
    expect(poolPickStatus(final(DAL_PHI, 20, 24), WEEK1_WINDOW, LATER)).toBe(Status.completed);
    expect(poolPickStatus({ ...DAL_PHI, status: 'cancelled' }, WEEK1_WINDOW, LATER)).toBe(Status.completed);
  });

  it('locks a game whose status says it has started, even before the kickoff on our clock', () => {
    const early = at('2025-09-05T00:19:00Z');
    expect(isLocked(DAL_PHI, early)).toBe(false);
    expect(isLocked({ ...DAL_PHI, status: 'in_progress' }, early)).toBe(true);
  });
});

describe('closing line value of a pool pick', () => {
  it('compares the frozen spread with the closing spread from the picked side', () => {
    // Frozen PHI −7; it closed PHI −8: PHI pickers beat the close by a point, DAL pickers lost one.
    expect(poolPickClv(DAL_PHI, 'PHI', -8)).toBe(1);
    expect(poolPickClv(DAL_PHI, 'DAL', -8)).toBe(-1);
    expect(poolPickClv(DAL_PHI, 'DAL', -7)).toBe(0);
    expect(poolPickClv({ ...DAL_PHI, frozenHomeSpread: null }, 'DAL', -7)).toBeNull();
    expect(poolPickClv(DAL_PHI, 'DAL', null)).toBeNull();
  });
});
