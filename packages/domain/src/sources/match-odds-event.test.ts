import { describe, expect, it } from 'vitest';
import { readHistoryFile } from '../testing/history-files.js';
import { matchOddsEvent } from './match-odds-event.js';
import { parseNflverseGames } from './nflverse-games.js';
import { parseOddsApiOdds } from './odds-api.js';

const games2022 = parseNflverseGames(readHistoryFile('nflverse/games.csv')).records.filter(
  (game) => game.season === 2022,
);
const week17 = games2022.filter((game) => game.week === 17);
const odds = parseOddsApiOdds(
  JSON.parse(
    readHistoryFile(
      'fixtures/the-odds-api/captured/americanfootball_nfl_odds_us_h2h-spreads-totals_american_2022-12-27.json',
    ),
  ),
);

describe('matchOddsEvent: Odds API 2022-12-27 NFL file against nflverse 2022', () => {
  it('nflverse has 15 week-17 games and the Odds API 16 events', () => {
    expect(week17).toHaveLength(15);
    expect(odds.records).toHaveLength(16);
  });

  it('matches every event but BUF at CIN to its week-17 game, at the same kickoff', () => {
    const results = odds.records.map((event) => ({ event, result: matchOddsEvent(event, games2022) }));
    const matched = results.filter(({ result }) => result.matched);
    expect(matched).toHaveLength(15);
    for (const { event, result } of matched) {
      if (!result.matched) continue;
      expect(result.game.sourceId).toBe(`2022_17_${event.away}_${event.home}`);
      expect(result.offsetMinutes).toBe(0);
      expect(result.swapped).toBe(false);
    }
    expect(new Set(matched.map(({ result }) => result.matched && result.game.sourceId)).size).toBe(15);
  });

  it('explains why BUF at CIN (abandoned 2023-01-02, never completed, absent from nflverse) does not match', () => {
    const event = odds.records.find((e) => e.away === 'BUF' && e.home === 'CIN')!;
    const againstSeason = matchOddsEvent(event, games2022);
    expect(againstSeason).toEqual({
      matched: false,
      reason:
        `americanfootball_nfl BUF at CIN (${event.id}): no game between these teams within 36 h of ` +
        '2023-01-03T01:30:00.000Z; the nearest kicks off 2023-01-22T20:00:00.000Z (+475 h)',
    });
    expect(matchOddsEvent(event, week17)).toEqual({
      matched: false,
      reason: `americanfootball_nfl BUF at CIN (${event.id}): no game between these teams among 15 candidates`,
    });
  });

  it('agrees with nflverse on who is favoured in every matched game (sportsbook sign on both sides)', () => {
    let compared = 0;
    for (const event of odds.records) {
      const result = matchOddsEvent(event, week17);
      if (!result.matched) continue;
      const homePoints = odds.quotes
        .filter((q) => q.eventId === event.id && q.market === 'spreads' && q.outcome === event.home)
        .map((q) => q.point!)
        .sort((a, b) => a - b);
      const median = homePoints[Math.floor(homePoints.length / 2)]!;
      const closing = result.game.closing!.homeSpread!;
      // Five days before kickoff lines move, but the favourite rarely changes; where it does, both are near 0.
      if (Math.abs(median) >= 3 && Math.abs(closing) >= 3) {
        expect(Math.sign(median), result.game.sourceId).toBe(Math.sign(closing));
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  });
});

describe('matchOddsEvent: the in-play wild-card file of 2023-01-17', () => {
  it('matches the live DAL at TB game despite a commence_time 38 s after the scheduled kickoff', () => {
    const live = parseOddsApiOdds(
      JSON.parse(
        readHistoryFile('fixtures/the-odds-api/captured/americanfootball_nfl_odds_us_spreads_american_2023-01-17.json'),
      ),
    );
    const ids = live.records.map((event) => {
      const result = matchOddsEvent(event, games2022);
      return result.matched ? result.game.sourceId : result.reason;
    });
    expect(ids.sort()).toEqual(['2022_19_DAL_TB', '2022_20_CIN_BUF', '2022_20_JAX_KC', '2022_20_NYG_PHI']);
  });
});

describe('matchOddsEvent rules', () => {
  const game = (home: string, away: string, kickoff: string | null) => ({
    sport: 'americanfootball_nfl' as const,
    home,
    away,
    kickoff,
  });
  const event = {
    id: 'e',
    sport: 'americanfootball_nfl' as const,
    home: 'PHI',
    away: 'KC',
    commenceTime: '2023-02-12T23:30:00Z',
  };

  it('accepts swapped home and away (neutral sites) and says so', () => {
    const result = matchOddsEvent(event, [game('KC', 'PHI', '2023-02-12T23:30:00Z')]);
    expect(result).toMatchObject({ matched: true, swapped: true, offsetMinutes: 0 });
  });

  it('takes the nearest of several meetings and honours the window', () => {
    const near = game('PHI', 'KC', '2023-02-13T20:00:00Z');
    const far = game('PHI', 'KC', '2023-02-20T23:30:00Z');
    expect(matchOddsEvent(event, [far, near])).toMatchObject({ matched: true, game: near, offsetMinutes: -1230 });
    expect(matchOddsEvent(event, [near], { windowHours: 12 })).toMatchObject({ matched: false });
  });

  it('ignores other sports and games without a kickoff', () => {
    expect(
      matchOddsEvent(event, [{ ...game('PHI', 'KC', '2023-02-12T23:30:00Z'), sport: 'americanfootball_ncaaf' }]),
    ).toMatchObject({ matched: false, reason: expect.stringMatching(/no game between these teams/) });
    expect(matchOddsEvent(event, [game('PHI', 'KC', null)])).toMatchObject({
      matched: false,
      reason: expect.stringMatching(/no kickoff time/),
    });
  });
});
