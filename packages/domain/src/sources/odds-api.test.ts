import { describe, expect, it } from 'vitest';
import { readHistoryJson } from '../testing/history-files.js';
import { parseOddsApiOdds, parseOddsApiScores } from './odds-api.js';

const NFL_2022_12_27 =
  'fixtures/the-odds-api/captured/americanfootball_nfl_odds_us_h2h-spreads-totals_american_2022-12-27.json';
const NCAAF_2022_12_27 =
  'fixtures/the-odds-api/captured/americanfootball_ncaaf_odds_us_h2h-spreads-totals_american_2022-12-27.json';
const NFL_2023_01_17 = 'fixtures/the-odds-api/captured/americanfootball_nfl_odds_us_spreads_american_2023-01-17.json';

describe('parseOddsApiOdds on the captured NFL week 17 2022 file', () => {
  const { records, quotes, skipped } = parseOddsApiOdds(readHistoryJson(NFL_2022_12_27));

  it('reads all 16 events with both teams resolved, BUF at CIN among them', () => {
    expect(records).toHaveLength(16);
    expect(records.find((event) => event.away === 'BUF' && event.home === 'CIN')).toMatchObject({
      sport: 'americanfootball_nfl',
      commenceTime: '2023-01-03T01:30:00.000Z',
      homeName: 'Cincinnati Bengals',
      awayName: 'Buffalo Bills',
    });
    expect(records.find((event) => event.home === 'LAC')?.away).toBe('LA');
  });

  it('flattens every book × market × outcome: 318 h2h, 303 spreads and 288 totals markets, two outcomes each', () => {
    const count = (market: string) => quotes.filter((quote) => quote.market === market).length;
    expect([count('h2h'), count('spreads'), count('totals')]).toEqual([636, 606, 576]);
    // betfair's lay market is the only thing left out.
    expect(skipped).toHaveLength(16);
    expect(skipped.every((entry) => entry.reason === 'market h2h_lay is not tracked')).toBe(true);
  });

  it('keeps prices as integer American odds and points with the favourite negative', () => {
    expect(quotes.every((quote) => Number.isInteger(quote.price) && Math.abs(quote.price) >= 100)).toBe(true);
    const event = records.find((e) => e.away === 'DAL' && e.home === 'TEN')!;
    const draftKings = quotes.filter((quote) => quote.eventId === event.id && quote.book === 'draftkings');
    expect(draftKings).toEqual([
      {
        eventId: event.id,
        book: 'draftkings',
        market: 'h2h',
        outcome: 'DAL',
        price: -490,
        point: null,
        lastUpdate: '2022-12-27T21:37:27Z',
      },
      {
        eventId: event.id,
        book: 'draftkings',
        market: 'h2h',
        outcome: 'TEN',
        price: 390,
        point: null,
        lastUpdate: '2022-12-27T21:37:27Z',
      },
      {
        eventId: event.id,
        book: 'draftkings',
        market: 'spreads',
        outcome: 'DAL',
        price: -105,
        point: -10.5,
        lastUpdate: '2022-12-27T21:37:27Z',
      },
      {
        eventId: event.id,
        book: 'draftkings',
        market: 'spreads',
        outcome: 'TEN',
        price: -115,
        point: 10.5,
        lastUpdate: '2022-12-27T21:37:27Z',
      },
      {
        eventId: event.id,
        book: 'draftkings',
        market: 'totals',
        outcome: 'Over',
        price: -110,
        point: 40.5,
        lastUpdate: '2022-12-27T21:37:27Z',
      },
      {
        eventId: event.id,
        book: 'draftkings',
        market: 'totals',
        outcome: 'Under',
        price: -110,
        point: 40.5,
        lastUpdate: '2022-12-27T21:37:27Z',
      },
    ]);
  });

  it('has BetUS quotes for every event', () => {
    const withBetus = new Set(quotes.filter((quote) => quote.book === 'betus').map((quote) => quote.eventId));
    expect(withBetus.size).toBe(16);
  });
});

describe('parseOddsApiOdds on the other captured files', () => {
  it('resolves every NCAAF bowl team and leaves out the FCS championship (NDSU v SDSU), which has no FBS team', () => {
    const { records, skipped } = parseOddsApiOdds(readHistoryJson(NCAAF_2022_12_27));
    expect(records).toHaveLength(23);
    expect(skipped.filter((entry) => !entry.reason.startsWith('market'))).toEqual([
      {
        id: expect.any(String),
        reason: 'not an FBS game (North Dakota State Bison at South Dakota State Jackrabbits)',
      },
    ]);
    expect(records.find((event) => event.homeName === 'Utah State Aggies')).toMatchObject({
      home: 'USU',
      away: 'MEM',
      commenceTime: '2022-12-27T20:15:00.000Z',
    });
  });

  it('takes the market-level last_update when present (2023-01-17 in-play file)', () => {
    const { records, quotes, skipped } = parseOddsApiOdds(readHistoryJson(NFL_2023_01_17));
    expect(skipped).toEqual([]);
    expect(records.map((event) => `${event.away}@${event.home}`).sort()).toEqual([
      'CIN@BUF',
      'DAL@TB',
      'JAX@KC',
      'NYG@PHI',
    ]);
    expect(quotes.every((quote) => quote.market === 'spreads')).toBe(true);
    expect(quotes.find((quote) => quote.book === 'sugarhouse')).toMatchObject({
      outcome: 'DAL',
      point: -8.5,
      price: -110,
      lastUpdate: '2023-01-17T02:07:52Z',
    });
  });

  it('resolves every team in the docs examples of our sports and skips the NBA ones', () => {
    for (const file of [
      'fixtures/the-odds-api/docs-examples/odds_americanfootball_nfl_us_h2h-spreads_american.json',
      'fixtures/the-odds-api/docs-examples/events_americanfootball_nfl.json',
      'fixtures/the-odds-api/docs-examples/historical_odds_americanfootball_nfl_h2h_2021-10-18T12-00Z.json',
      'fixtures/the-odds-api/docs-examples/event_markets_baseball_mlb.json',
    ]) {
      const { records, skipped } = parseOddsApiOdds(readHistoryJson(file));
      expect(records.length, file).toBeGreaterThan(0);
      expect(
        skipped.filter((entry) => !entry.reason.startsWith('market')),
        file,
      ).toEqual([]);
    }
    const nba = parseOddsApiOdds(
      readHistoryJson('fixtures/the-odds-api/docs-examples/historical_events_basketball_nba_2023-11-29T22-42Z.json'),
    );
    expect(nba.records).toEqual([]);
    expect(nba.skipped.map((entry) => entry.reason)).toEqual(
      Array(3).fill('sport "basketball_nba" is not one we track'),
    );
  });

  it('resolves all 32 teams of the participants list', async () => {
    const { teamRegistry } = await import('../teams/all-teams.js');
    const participants = readHistoryJson(
      'fixtures/the-odds-api/docs-examples/participants_americanfootball_nfl.json',
    ) as { full_name: string }[];
    const resolved = participants.map((p) => teamRegistry.resolve('americanfootball_nfl', p.full_name, 'odds_api'));
    expect(new Set(resolved.map((team) => team?.abbr)).size).toBe(32);
  });
});

describe('odds formats', () => {
  const event = (price: number, other: number) => [
    {
      id: 'e1',
      sport_key: 'americanfootball_nfl',
      commence_time: '2023-01-01T18:00:00Z',
      home_team: 'Atlanta Falcons',
      away_team: 'Arizona Cardinals',
      bookmakers: [
        {
          key: 'betus',
          last_update: '2023-01-01T05:00:00Z',
          markets: [
            {
              key: 'h2h',
              outcomes: [
                { name: 'Atlanta Falcons', price },
                { name: 'Arizona Cardinals', price: other },
              ],
            },
          ],
        },
      ],
    },
  ];

  it('converts decimal prices when asked', () => {
    const { quotes } = parseOddsApiOdds(event(1.4, 3.1), { oddsFormat: 'decimal' });
    expect(quotes.map((quote) => [quote.outcome, quote.price])).toEqual([
      ['ATL', -250],
      ['ARI', 210],
    ]);
  });

  it('refuses decimal prices read as American', () => {
    const { quotes, skipped } = parseOddsApiOdds(event(1.4, 3.1));
    expect(quotes).toEqual([]);
    expect(skipped[0]?.reason).toMatch(/not American odds/);
  });

  it('skips a decimal price too large to be a number', () => {
    // What JSON.parse makes of a price written 1e400.
    const { quotes, skipped } = parseOddsApiOdds(event(1.4, Number.POSITIVE_INFINITY), { oddsFormat: 'decimal' });
    expect(quotes.map((quote) => quote.outcome)).toEqual(['ATL']);
    expect(skipped[0]?.reason).toMatch(/Infinity is not a finite number/);
  });
});

describe('parseOddsApiScores', () => {
  it('skips the docs example, which is NBA', () => {
    const { records, skipped } = parseOddsApiScores(
      readHistoryJson('fixtures/the-odds-api/docs-examples/scores_basketball_nba_daysFrom1.json'),
    );
    expect(records).toEqual([]);
    expect(skipped).toHaveLength(4);
  });

  it('reads string scores of the same shape for our sports', () => {
    const { records } = parseOddsApiScores([
      {
        id: 'e1',
        sport_key: 'americanfootball_nfl',
        commence_time: '2023-01-02T01:20:00Z',
        completed: true,
        home_team: 'Baltimore Ravens',
        away_team: 'Pittsburgh Steelers',
        scores: [
          { name: 'Baltimore Ravens', score: '13' },
          { name: 'Pittsburgh Steelers', score: '16' },
        ],
        last_update: '2023-01-02T04:30:00Z',
      },
      {
        id: 'e2',
        sport_key: 'baseball_mlb',
        commence_time: '2025-08-06T16:36:00Z',
        completed: false,
        home_team: 'Philadelphia Phillies',
        away_team: 'Baltimore Orioles',
        scores: null,
        last_update: null,
      },
    ]);
    expect(records).toEqual([
      {
        eventId: 'e1',
        sport: 'americanfootball_nfl',
        commenceTime: '2023-01-02T01:20:00.000Z',
        home: 'BAL',
        away: 'PIT',
        completed: true,
        homeScore: 13,
        awayScore: 16,
        lastUpdate: '2023-01-02T04:30:00Z',
      },
      {
        eventId: 'e2',
        sport: 'baseball_mlb',
        commenceTime: '2025-08-06T16:36:00.000Z',
        home: 'PHI',
        away: 'BAL',
        completed: false,
        homeScore: null,
        awayScore: null,
        lastUpdate: null,
      },
    ]);
  });
});
