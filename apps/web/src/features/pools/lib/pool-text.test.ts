import { describe, expect, it } from 'vitest';
import { defaultStartWeek, inviteErrorReason, tokenFromLink } from './pool-text';

describe('tokenFromLink', () => {
  it('reads the token from a whole link, a path or the token itself', () => {
    expect(tokenFromLink('https://pass.example/pool-party/accept/AbC_1-2?utm=x')).toBe('AbC_1-2');
    expect(tokenFromLink('  /pool-party/accept/abc#top ')).toBe('abc');
    expect(tokenFromLink('abc-123')).toBe('abc-123');
  });

  it('refuses what holds no token', () => {
    expect(tokenFromLink('')).toBeNull();
    expect(tokenFromLink('https://pass.example/football/pools')).toBeNull();
    expect(tokenFromLink('two words')).toBeNull();
  });
});

describe('defaultStartWeek', () => {
  it('starts a pool in the week under way, and in week 1 before the season or after its regular weeks', () => {
    // The 2025 NFL season opened on Thursday 4 September; week 12 runs from 20 to 26 November.
    expect(defaultStartWeek('americanfootball_nfl', 2025, new Date('2025-11-24T12:00:00Z'))).toBe(12);
    expect(defaultStartWeek('americanfootball_nfl', 2025, new Date('2025-09-04T12:00:00Z'))).toBe(1);
    expect(defaultStartWeek('americanfootball_nfl', 2025, new Date('2025-06-01T12:00:00Z'))).toBe(1);
    expect(defaultStartWeek('americanfootball_nfl', 2025, new Date('2026-02-01T12:00:00Z'))).toBe(1);
  });
});

describe('inviteErrorReason', () => {
  it('keeps a known reason and calls anything else unknown', () => {
    expect(inviteErrorReason('joining_closed')).toBe('joining_closed');
    expect(inviteErrorReason('toString')).toBe('unknown');
    expect(inviteErrorReason(null)).toBe('unknown');
  });
});
