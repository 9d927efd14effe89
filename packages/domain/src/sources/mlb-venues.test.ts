import { describe, expect, it } from 'vitest';
import { inferMlbLocalDates } from './mlb-local-dates.js';
import { dateInZone, MLB_HOME_TIME_ZONES, mlbGameTimeZone, mlbLocalDate, specialVenueOf } from './mlb-venues.js';
import { MLB_TEAMS } from '../teams/mlb-teams.js';

/** A game at an Eastern park each day, so that no day of the tests is one without baseball. */
function everyDay(from: string, days: number) {
  return Array.from({ length: days }, (_, index) => ({
    sourceId: String(9000 + index),
    date: new Date(Date.parse(from) + index * 86_400_000).toISOString().slice(0, 10),
    home: 'MIA',
    away: 'WSH',
  }));
}

describe('MLB venues and local dates', () => {
  it('knows the time zone of every club', () => {
    expect(Object.keys(MLB_HOME_TIME_ZONES).sort()).toEqual(MLB_TEAMS.map((team) => team.abbr).sort());
  });

  it("dates a game from its UTC first pitch in the venue's zone", () => {
    // 7:10 pm in Houston on March 28 is 00:10 UTC on the 29th.
    expect(mlbLocalDate({ home: 'HOU', away: 'NYM', kickoff: '2025-03-29T00:10:00Z' })).toBe('2025-03-28');
    // 7:05 pm in Boston stays on its day; 10:10 pm UTC in Phoenix (standard time) is 3:10 pm.
    expect(mlbLocalDate({ home: 'BOS', away: 'BAL', kickoff: '2025-05-24T23:05:00Z' })).toBe('2025-05-24');
    expect(mlbLocalDate({ home: 'ARI', away: 'CHC', kickoff: '2025-07-04T02:40:00Z' })).toBe('2025-07-03');
    // The Tokyo Series: Cubs "at home" in Tokyo, 7:05 pm there is 10:05 UTC the same day.
    expect(mlbLocalDate({ sourceId: '778563', home: 'CHC', away: 'LAD', kickoff: '2025-03-18T10:05:00Z' })).toBe(
      '2025-03-18',
    );
    expect(mlbGameTimeZone({ sourceId: '778563', home: 'CHC', away: 'LAD' })).toBe('Asia/Tokyo');
    // An unknown club reads as US Eastern.
    expect(mlbGameTimeZone({ home: 'XXX', away: 'YYY' })).toBe('America/New_York');
    expect(dateInZone('2025-03-29T03:59:00Z', 'America/New_York')).toBe('2025-03-28');
  });

  it('finds a special venue only for its own game and teams', () => {
    expect(specialVenueOf({ sourceId: '778564', home: 'CHC', away: 'LAD' })?.venue).toBe('Tokyo Dome, Tokyo');
    expect(specialVenueOf({ sourceId: '778564', home: 'LAD', away: 'CHC' })).toBeUndefined();
    expect(specialVenueOf({ sourceId: '1', home: 'CHC', away: 'LAD' })).toBeUndefined();
  });

  it('spreads a western series that UTC dates crowd onto one day back over its nights', () => {
    // Friday and Saturday night games in Seattle fall on Saturday and Sunday UTC, the Sunday day game on Sunday.
    const dates = inferMlbLocalDates([
      ...everyDay('2025-06-01', 10),
      { sourceId: '10', date: '2025-06-07', home: 'SEA', away: 'TEX' },
      { sourceId: '11', date: '2025-06-08', home: 'SEA', away: 'TEX' },
      { sourceId: '12', date: '2025-06-08', home: 'SEA', away: 'TEX' },
    ]);
    expect(['10', '11', '12'].map((id) => dates.get(id))).toEqual(['2025-06-06', '2025-06-07', '2025-06-08']);
  });

  it('keeps a doubleheader at an Eastern park on its day, a known local date as given, and no one moves onto a day without baseball', () => {
    const dates = inferMlbLocalDates([
      ...everyDay('2025-03-15', 80).filter((game) => game.date !== '2025-05-23'),
      { sourceId: '20', date: '2025-05-24', home: 'BOS', away: 'BAL' },
      { sourceId: '21', date: '2025-05-24', home: 'BOS', away: 'BAL' },
      { sourceId: '22', date: '2025-05-25', home: 'BOS', away: 'BAL' },
      { sourceId: '30', date: '2025-03-19', home: 'CHC', away: 'LAD', knownLocalDate: '2025-03-19' },
      // A Dodgers night game the day after a day with no game anywhere stays where it is.
      { sourceId: '50', date: '2025-05-24', home: 'LAD', away: 'SF' },
    ]);
    expect(Object.fromEntries([...dates].filter(([id]) => id.length === 2))).toEqual({
      '20': '2025-05-24',
      '21': '2025-05-24',
      '22': '2025-05-25',
      '30': '2025-03-19',
      '50': '2025-05-24',
    });
  });

  it("keeps a western night game where its starter's rest says it was, against the clock's leaning", () => {
    const dates = inferMlbLocalDates([
      ...everyDay('2025-06-01', 12),
      // Starter 1 pitched in New York on June 5; five days later in Seattle is June 10, not the 9th.
      { sourceId: '60', date: '2025-06-05', home: 'NYY', away: 'BOS', starters: ['1', '2'] },
      { sourceId: '61', date: '2025-06-10', home: 'SEA', away: 'NYY', starters: ['3', '1'] },
      // Without a starter to go by, the same game would move back a day.
      { sourceId: '62', date: '2025-06-10', home: 'LAD', away: 'SD' },
    ]);
    expect([dates.get('61'), dates.get('62')]).toEqual(['2025-06-10', '2025-06-09']);
  });

  it('does not move a game onto a day either team plays someone else', () => {
    // A Pacific night game would move back a day, but the visitors played in Denver that day.
    const dates = inferMlbLocalDates([
      ...everyDay('2025-06-25', 10),
      { sourceId: '40', date: '2025-07-01', home: 'COL', away: 'SD' },
      { sourceId: '41', date: '2025-07-02', home: 'COL', away: 'SD' },
      { sourceId: '42', date: '2025-07-03', home: 'LAD', away: 'SD' },
      { sourceId: '43', date: '2025-07-03', home: 'LAD', away: 'SD' },
    ]);
    expect(dates.get('42')).toBe('2025-07-02');
    expect(dates.get('40')).toBe('2025-06-30');
  });
});
