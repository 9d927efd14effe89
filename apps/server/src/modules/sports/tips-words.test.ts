import { describe, expect, it } from 'vitest';
import { computeTips, type ClosingLine } from './almanac.js';
import type { EventRow } from './sports.repository.js';

/** Six finals of one matchup, the home side winning by 3 and covering a 1.5 handicap every time. */
function season(sport: string, home: string, away: string) {
  const events: EventRow[] = [];
  const lines = new Map<number, ClosingLine>();
  for (let day = 1; day <= 6; day += 1) {
    events.push({
      id: day,
      sport,
      season: 2026,
      week: 1,
      seasonType: 'regular',
      kickoffAt: `2026-05-0${day}T23:05:00.000Z`,
      gameDate: `2026-05-0${day}`,
      homeTeam: home,
      awayTeam: away,
      neutralSite: false,
      status: 'final',
      homeScore: 5,
      awayScore: 2,
      isDemo: false,
      live: null,
    });
    lines.set(day, {
      homeSpread: -1.5,
      total: 8.5,
      homeMoneyline: -150,
      awayMoneyline: 130,
      prices: { homeSpread: -110, awaySpread: -110, over: -110, under: -110 },
      source: { kind: 'median', provider: null, books: 3, label: "median of the books' last quotes before kickoff" },
    });
  }
  return { events, lines };
}

describe('the trends in each sport’s words', () => {
  it('tells a baseball record against the line "on the run line", never "ATS"', () => {
    const { events, lines } = season('baseball_mlb', 'NYY', 'BOS');
    const { tips } = computeTips('baseball_mlb', 2026, events, lines);
    const record = tips.find((tip) => tip.team === 'NYY' && tip.kind === 'ats_record');
    expect(record?.text).toBe('NYY is 6–0 on the run line');
    expect(tips.map((tip) => tip.text).join(' ')).not.toMatch(/ATS/);
  });

  it('keeps "ATS" for football', () => {
    const { events, lines } = season('americanfootball_nfl', 'KC', 'DEN');
    const { tips } = computeTips('americanfootball_nfl', 2026, events, lines);
    expect(tips.find((tip) => tip.team === 'KC' && tip.kind === 'ats_record')?.text).toBe('KC is 6–0 ATS');
  });
});
