import { describe, expect, it } from 'vitest';
import { isResultMissing } from './result-missing.js';

describe('isResultMissing', () => {
  const kicked = { status: 'scheduled', kickoff: '2024-09-28T16:00:00Z', gameDate: '2024-09-28' };

  it('calls a scheduled game missing its result six hours after kickoff, not before', () => {
    expect(isResultMissing(kicked, new Date('2024-09-28T21:59:00Z'))).toBe(false);
    expect(isResultMissing(kicked, new Date('2024-09-28T22:01:00Z'))).toBe(true);
  });

  it('without a kickoff, from the day after its date in US Eastern time', () => {
    const dated = { status: 'scheduled', kickoff: null, gameDate: '2025-03-28' };
    // 03:59 UTC on the 29th is still the 28th in New York.
    expect(isResultMissing(dated, new Date('2025-03-29T03:59:00Z'))).toBe(false);
    expect(isResultMissing(dated, new Date('2025-03-29T04:01:00Z'))).toBe(true);
  });

  it('never for a game that is final, running, postponed or cancelled', () => {
    const later = new Date('2025-01-01T00:00:00Z');
    for (const status of ['final', 'in_progress', 'postponed', 'cancelled']) {
      expect(isResultMissing({ ...kicked, status }, later)).toBe(false);
    }
    expect(isResultMissing(kicked, later)).toBe(true);
  });
});
