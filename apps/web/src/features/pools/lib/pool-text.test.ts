import { describe, expect, it } from 'vitest';
import {
  defaultStartWeek,
  inviteErrorReason,
  newPoolSeason,
  poolPageRoute,
  poolRulesLine,
  poolsListRoute,
  tokenFromLink,
  winBasisText,
} from './pool-text';

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

describe('poolPageRoute and poolsListRoute', () => {
  it('opens a baseball pool on the pro pool page and lists baseball pools on the baseball menu', () => {
    expect(poolPageRoute('baseball_mlb')).toBe('football-pool');
    expect(poolsListRoute('baseball_mlb')).toBe('baseball-menu');
    expect(poolPageRoute('americanfootball_ncaaf')).toBe('ncaa-football-pool');
    expect(poolsListRoute('americanfootball_ncaaf')).toBe('ncaa-football-pools');
    expect(poolsListRoute('americanfootball_nfl')).toBe('football-pools');
  });
});

describe('newPoolSeason', () => {
  it("makes a pool for the date's season, and for the next once this one's pool weeks are over", () => {
    expect(newPoolSeason('baseball_mlb', new Date('2026-06-10T16:00:00Z'))).toBe(2026);
    // MLB 2026's last pool week ends on November 8.
    expect(newPoolSeason('baseball_mlb', new Date('2026-11-08T16:00:00Z'))).toBe(2026);
    expect(newPoolSeason('baseball_mlb', new Date('2026-11-24T16:00:00Z'))).toBe(2027);
    expect(newPoolSeason('baseball_mlb', new Date('2027-01-10T16:00:00Z'))).toBe(2027);
    expect(newPoolSeason('americanfootball_nfl', new Date('2026-11-24T16:00:00Z'))).toBe(2026);
    // The NFL playoffs: the 2026 season's pool weeks (to week 18) are over.
    expect(newPoolSeason('americanfootball_nfl', new Date('2027-01-25T16:00:00Z'))).toBe(2027);
  });
});

describe('winBasisText', () => {
  it('names an MLB pool against the line "On the run line", a football pool "Against the spread"', () => {
    expect(winBasisText({ sport: 'baseball_mlb', win_basis: 'ats' })).toBe('On the run line');
    expect(winBasisText({ sport: 'americanfootball_nfl', win_basis: 'ats' })).toBe('Against the spread');
    expect(winBasisText({ sport: 'baseball_mlb', win_basis: 'straight' })).toBe('$ Line');
  });
});

describe('poolRulesLine', () => {
  const pool = {
    sport: 'americanfootball_nfl' as const,
    season: 2025,
    games_per_week: 5,
    win_basis: 'ats' as const,
    double_play: true,
    triple_play: false,
    last_man_standing: false,
  };

  it('names dropped weeks and default picks only where the pool has them', () => {
    expect(poolRulesLine(pool)).not.toMatch(/dropped|Default picks/);
    expect(poolRulesLine({ ...pool, drop_worst_weeks: 0, default_picks: 'none' })).toBe(poolRulesLine(pool));
    expect(poolRulesLine({ ...pool, drop_worst_weeks: 2, default_picks: 'favourites' })).toMatch(
      / · Worst 2 weeks dropped · Default picks: favourites$/,
    );
    expect(poolRulesLine({ ...pool, drop_worst_weeks: 1, default_picks: 'home' })).toMatch(
      / · Worst week dropped · Default picks: home teams$/,
    );
  });
});
