import type { DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import {
  calendarWeek,
  collegeBowlsWeek,
  collegeLastRegularWeek,
  collegePlayoffWeek,
  nflOpeningThursday,
  teamRegistry,
  weekLabel,
} from '@pass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mlbAllStarGame, mlbDemoSchedule, mlbOpeningDay } from './demo-season-mlb.js';
import { DEMO_BOOKS, generateDemoSeason, importDemoSeason, moneylinesForSpread } from './demo-season.js';

const NFL = 'americanfootball_nfl';
/** A Saturday in week 11 of the 2026 season. */
const NOW = new Date('2026-11-21T15:00:00Z');
const HOUR_MS = 3_600_000;

/** The US Eastern wall-clock weekday and time of an instant, from the machine's time-zone data. */
function eastern(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

describe('the NFL demo season', () => {
  const { season, games: all } = generateDemoSeason({ sport: NFL, now: NOW });
  const games = all.filter((game) => game.fields.seasonType === 'regular');

  it('is the season of `now`, and the same for the same seed', () => {
    expect(season).toBe(2026);
    expect(generateDemoSeason({ sport: NFL, now: NOW })).toEqual({ season, games: all });
    const other = generateDemoSeason({ sport: NFL, now: NOW, seed: 'another' });
    expect(other.games.map((game) => game.keys[0]!.key)).not.toEqual(all.map((game) => game.keys[0]!.key));
  });

  it('has 18 weeks of the 32 real teams, 17 games each, each team at most once a week', () => {
    const nflTeams = new Set(teamRegistry.teams(NFL).map((team) => team.abbr));
    expect(nflTeams.size).toBe(32);
    expect(games).toHaveLength(272);
    expect(new Set(games.map((game) => game.fields.week))).toEqual(
      new Set(Array.from({ length: 18 }, (_, i) => i + 1)),
    );
    const perTeam = new Map<string, number>();
    for (let week = 1; week <= 18; week++) {
      const teams = games
        .filter((game) => game.fields.week === week)
        .flatMap((game) => [game.fields.homeTeam, game.fields.awayTeam]);
      expect(new Set(teams).size, `week ${week}`).toBe(teams.length);
      for (const team of teams) {
        expect(nflTeams.has(team)).toBe(true);
        perTeam.set(team, (perTeam.get(team) ?? 0) + 1);
      }
    }
    expect(perTeam.size).toBe(32);
    expect([...perTeam.values()].every((count) => count === 17)).toBe(true);
    // Division rivals meet twice, home and away.
    const kc = games.filter((game) => [game.fields.homeTeam, game.fields.awayTeam].includes('KC'));
    for (const rival of ['DEN', 'LV', 'LAC']) {
      const meetings = kc.filter((game) => [game.fields.homeTeam, game.fields.awayTeam].includes(rival));
      expect(meetings.map((game) => game.fields.homeTeam).sort()).toEqual(['KC', rival].sort());
    }
  });

  it('kicks off on the usual days and times, weeks counted from the first Thursday after Labor Day', () => {
    const opening = nflOpeningThursday(2026).getTime();
    for (const game of games) {
      const kickoff = game.fields.kickoffAt!;
      const days = (Date.parse(kickoff) - opening) / (24 * HOUR_MS);
      expect(Math.floor(days / 7) + 1).toBe(game.fields.week);
      expect(['Thu 8:15 PM', 'Sun 1:00 PM', 'Sun 4:05 PM', 'Sun 4:25 PM', 'Sun 8:20 PM', 'Mon 8:15 PM']).toContain(
        eastern(kickoff),
      );
    }
    const week1 = games.filter((game) => game.fields.week === 1).map((game) => eastern(game.fields.kickoffAt!));
    expect(week1.filter((slot) => slot === 'Thu 8:15 PM')).toHaveLength(1);
    expect(week1.filter((slot) => slot === 'Mon 8:15 PM')).toHaveLength(1);
    expect(
      games.find((game) => game.fields.week === 1 && eastern(game.fields.kickoffAt!).startsWith('Thu'))!.fields
        .gameDate,
    ).toBe('2026-09-10');
  });

  it('has finals only for games already played, none for games to come', () => {
    for (const game of games) {
      const kickoff = Date.parse(game.fields.kickoffAt!);
      if (kickoff > NOW.getTime()) {
        expect(game.fields).toMatchObject({ status: 'scheduled', homeScore: null, awayScore: null });
      } else if (kickoff + 3.5 * HOUR_MS <= NOW.getTime()) {
        expect(game.fields.status).toBe('final');
        expect(game.fields.homeScore).not.toBeNull();
      }
    }
    expect(games.filter((game) => game.fields.status === 'final').length).toBeGreaterThan(150);
    expect(games.filter((game) => game.fields.status === 'scheduled').length).toBeGreaterThan(90);
  });

  it('quotes every game by several books at −110 with consistent moneylines, no quote from the future', () => {
    for (const game of games) {
      const books = new Set(game.quotes.map((quote) => quote.book));
      expect(books.size).toBeGreaterThanOrEqual(3);
      for (const quote of game.quotes) {
        expect(Date.parse(quote.fetchedAt)).toBeLessThanOrEqual(
          Math.min(NOW.getTime(), Date.parse(game.fields.kickoffAt!)),
        );
        if (quote.market !== 'h2h') expect(quote.price).toBe(-110);
        if (quote.point !== null) expect(quote.point * 2).toBe(Math.round(quote.point * 2));
      }
    }
    // A game of this week (Sunday) has every book's lines and some line history.
    const thisWeek = games.filter((game) => game.fields.week === 11 && game.fields.status === 'scheduled');
    expect(thisWeek.length).toBeGreaterThan(5);
    for (const game of thisWeek) expect(new Set(game.quotes.map((quote) => quote.book))).toEqual(new Set(DEMO_BOOKS));
    const snapshots = new Set(thisWeek.flatMap((game) => game.quotes.map((quote) => quote.fetchedAt)));
    expect(snapshots.size).toBeGreaterThan(3);
    // The favourite's moneyline is negative and shorter than the dog's.
    const favourite = moneylinesForSpread(-7, 13);
    expect(favourite.home).toBeLessThan(-100);
    expect(favourite.away).toBeGreaterThan(100);
    expect(Math.abs(favourite.home)).toBeGreaterThan(favourite.away);
    const pickem = moneylinesForSpread(0, 13);
    expect(pickem.home).toBe(pickem.away);
  });

  it("plays the playoffs on the calendar's weeks: Wild Card, Divisional Round, Conference Championships, Super Bowl", () => {
    const playoffs = all.filter((game) => game.fields.seasonType === 'postseason');
    expect(playoffs).toHaveLength(13);
    const rounds = [19, 20, 21, 22].map((week) => playoffs.filter((game) => game.fields.week === week));
    expect(rounds.map((round) => round.length)).toEqual([6, 4, 2, 1]);
    expect([19, 20, 21, 22].map((week) => weekLabel(NFL, season, week))).toEqual([
      'Wild Card',
      'Divisional Round',
      'Conference Championships',
      'Super Bowl',
    ]);
    // Each game's week is the one the calendar gives its date.
    for (const game of playoffs) {
      const date = game.fields.gameDate;
      expect(calendarWeek({ sport: NFL, season, seasonType: 'postseason', date, sourceWeek: null })).toBe(
        game.fields.week,
      );
    }
    const dates = rounds.map((round) => [...new Set(round.map((game) => game.fields.gameDate))].sort());
    expect(dates).toEqual([
      ['2027-01-16', '2027-01-17', '2027-01-18'],
      ['2027-01-23', '2027-01-24'],
      ['2027-01-31'],
      ['2027-02-14'],
    ]);
    const [superBowl] = rounds[3]!;
    expect(superBowl!.fields.neutralSite).toBe(true);
    expect(eastern(superBowl!.fields.kickoffAt!)).toBe('Sun 6:30 PM');
    // Conference champions meet: one AFC team, one NFC team.
    const conference = (team: string) => teamRegistry.get(NFL, team)!.division!.slice(0, 3);
    expect([conference(superBowl!.fields.homeTeam), conference(superBowl!.fields.awayTeam)].sort()).toEqual([
      'AFC',
      'NFC',
    ]);
    // Played out in February, every round's teams are the winners of the round before.
    const played = generateDemoSeason({ sport: NFL, now: new Date('2027-02-20T00:00:00Z') }).games.filter(
      (game) => game.fields.seasonType === 'postseason',
    );
    const winners = (week: number) =>
      played
        .filter((game) => game.fields.week === week)
        .map((game) => (game.fields.homeScore! > game.fields.awayScore! ? game.fields.homeTeam : game.fields.awayTeam));
    const teams = (week: number) =>
      played
        .filter((game) => game.fields.week === week)
        .flatMap((game) => [game.fields.homeTeam, game.fields.awayTeam]);
    for (const week of [20, 21, 22]) {
      for (const team of winners(week - 1)) expect(teams(week)).toContain(team);
    }
    // Not quoted before the week of the game: no lookahead lines for playoff games.
    for (const game of playoffs) expect(game.quotes).toEqual([]);
  });

  it('totals sit around 44', () => {
    const totals = games.flatMap((game) =>
      game.quotes.filter((quote) => quote.market === 'totals').map((quote) => quote.point!),
    );
    const mean = totals.reduce((sum, total) => sum + total, 0) / totals.length;
    expect(mean).toBeGreaterThan(40);
    expect(mean).toBeLessThan(48);
  });
});

describe('college football demo season', () => {
  const NCAAF = 'americanfootball_ncaaf';
  const { season, games } = generateDemoSeason({ sport: NCAAF, now: NOW });
  const inWeek = (week: number) => games.filter((game) => game.fields.week === week);
  const calendarOf = (game: (typeof games)[number]) =>
    calendarWeek({
      sport: NCAAF,
      season,
      seasonType: game.fields.seasonType,
      date: game.fields.gameDate,
      sourceWeek: null,
      postseason: game.fields.week === collegePlayoffWeek(season) ? 'playoff' : 'bowl',
    });

  it('schedules the power conferences, each team at most once a week, the same for the same seed', () => {
    expect(games.length).toBeGreaterThan(400);
    expect(generateDemoSeason({ sport: NCAAF, now: NOW })).toEqual({ season, games });
    for (let week = 1; week <= collegeBowlsWeek(season); week++) {
      const teams = inWeek(week).flatMap((game) => [game.fields.homeTeam, game.fields.awayTeam]);
      expect(new Set(teams).size, `week ${week}`).toBe(teams.length);
    }
  });

  it("runs on the sports calendar's weeks through rivalry week, the championships, Army–Navy, the bowls and the playoff", () => {
    expect([collegeLastRegularWeek(season), collegeBowlsWeek(season), collegePlayoffWeek(season)]).toEqual([
      15, 16, 17,
    ]);
    // Every game's week is the one the calendar gives its date (the postseason weeks by kind).
    for (const game of games) expect(calendarOf(game), game.keys[0]!.key).toBe(game.fields.week);
    // Rivalry week: Thanksgiving night, Black Friday and the last Saturday of November.
    const rivalry = inWeek(13);
    expect(rivalry.length).toBeGreaterThan(30);
    expect(new Set(rivalry.map((game) => game.fields.gameDate))).toEqual(
      new Set(['2026-11-26', '2026-11-27', '2026-11-28']),
    );
    // The four conference championships on the first Saturday of December, at neutral sites.
    expect(inWeek(14).map((game) => [game.fields.gameDate, game.fields.neutralSite])).toEqual(
      Array.from({ length: 4 }, () => ['2026-12-05', true]),
    );
    expect(inWeek(15).map((game) => [game.fields.awayTeam, game.fields.homeTeam, game.fields.gameDate])).toEqual([
      ['NAVY', 'ARMY', '2026-12-12'],
    ]);
    for (const game of games) expect(game.fields.seasonType).toBe(game.fields.week! >= 16 ? 'postseason' : 'regular');
    const bowls = inWeek(16);
    expect(bowls).toHaveLength(16);
    expect(weekLabel(NCAAF, season, 16)).toBe('Bowls');
    const bowlDates = bowls.map((game) => game.fields.gameDate).sort();
    expect([bowlDates[0], bowlDates.at(-1)]).toEqual(['2026-12-19', '2027-01-02']);
    // The playoff: four first-round games, four quarterfinals, two semifinals and the final.
    const playoff = inWeek(17).sort((a, b) => a.fields.kickoffAt!.localeCompare(b.fields.kickoffAt!));
    expect(weekLabel(NCAAF, season, 17)).toBe('Playoff');
    expect(playoff.map((game) => game.fields.gameDate)).toEqual([
      '2026-12-18',
      '2026-12-19',
      '2026-12-19',
      '2026-12-19',
      '2026-12-31',
      '2027-01-01',
      '2027-01-01',
      '2027-01-01',
      '2027-01-08',
      '2027-01-09',
      '2027-01-18',
    ]);
    expect(playoff.map((game) => game.fields.neutralSite)).toEqual([...Array(4).fill(false), ...Array(7).fill(true)]);
  });

  it('plays the bracket out: each later playoff game is between winners of the games before', () => {
    const final = (now: Date) => generateDemoSeason({ sport: NCAAF, now }).games;
    const played = final(new Date('2027-02-01T00:00:00Z')).filter((game) => game.fields.week === 17);
    const winner = (game: (typeof played)[number]) =>
      game.fields.homeScore! > game.fields.awayScore! ? game.fields.homeTeam : game.fields.awayTeam;
    played.sort((a, b) => a.fields.kickoffAt!.localeCompare(b.fields.kickoffAt!));
    expect(
      played.every((game) => game.fields.status === 'final' && game.fields.homeScore !== game.fields.awayScore),
    ).toBe(true);
    const firstRoundWinners = new Set(played.slice(0, 4).map(winner));
    const quarterfinalTeams = played.slice(4, 8).flatMap((game) => [game.fields.homeTeam, game.fields.awayTeam]);
    expect(quarterfinalTeams.filter((team) => firstRoundWinners.has(team))).toHaveLength(4);
    const semifinalTeams = played.slice(8, 10).flatMap((game) => [game.fields.homeTeam, game.fields.awayTeam]);
    expect(new Set(semifinalTeams)).toEqual(new Set(played.slice(4, 8).map(winner)));
    expect(new Set([played[10]!.fields.homeTeam, played[10]!.fields.awayTeam])).toEqual(
      new Set(played.slice(8, 10).map(winner)),
    );
    // In November the playoff is still to come, its lines not yet quoted.
    for (const game of inWeek(17)) expect(game.fields).toMatchObject({ status: 'scheduled', homeScore: null });
  });
});

describe('the MLB demo season', () => {
  const MLB = 'baseball_mlb';
  const { season, games: all } = generateDemoSeason({ sport: MLB, now: NOW });
  const games = all.filter((game) => game.fields.seasonType === 'regular');
  const fixtures = mlbDemoSchedule(2026, 'pass-demo').filter((fixture) => !fixture.postseason);
  const clubs = teamRegistry.teams(MLB).map((team) => team.abbr);
  const teamsOf = (game: { fields: { homeTeam: string; awayTeam: string } }) => [
    game.fields.homeTeam,
    game.fields.awayTeam,
  ];

  it('is the season of `now`: 2026, the same for the same seed', () => {
    expect(season).toBe(2026);
    expect(generateDemoSeason({ sport: MLB, now: NOW })).toEqual({ season, games: all });
  });

  it('gives each of the 30 real clubs 162 games, about half at home, never two on one day', () => {
    expect(clubs).toHaveLength(30);
    expect(games).toHaveLength(30 * 81);
    for (const club of clubs) {
      const own = games.filter((game) => teamsOf(game).includes(club));
      expect(own, club).toHaveLength(162);
      const home = own.filter((game) => game.fields.homeTeam === club).length;
      expect(home, club).toBeGreaterThanOrEqual(76);
      expect(home, club).toBeLessThanOrEqual(86);
      expect(new Set(own.map((game) => game.fields.gameDate)).size, club).toBe(162);
    }
    // Division rivals meet most: four series each, home and away.
    const rivals = (a: string, b: string) =>
      fixtures.filter((f) => f.seriesGame === 1 && [f.home, f.away].includes(a) && [f.home, f.away].includes(b));
    expect(rivals('NYY', 'BOS')).toHaveLength(4);
    expect(new Set(rivals('NYY', 'BOS').map((f) => f.home))).toEqual(new Set(['NYY', 'BOS']));
    expect(rivals('LAD', 'SF')).toHaveLength(4);
    // Never the same opponent in two consecutive series.
    for (const club of clubs) {
      const opponents = fixtures
        .filter((f) => f.seriesGame === 1 && (f.home === club || f.away === club))
        .map((f) => (f.home === club ? f.away : f.home));
      expect(opponents, club).toHaveLength(55);
      opponents.slice(1).forEach((opponent, index) => expect(opponent, club).not.toBe(opponents[index]));
    }
  });

  it('runs from the last Thursday of March to the last Sunday of September in series of two to four games', () => {
    expect(mlbOpeningDay(2026).toISOString().slice(0, 10)).toBe('2026-03-26');
    expect(mlbOpeningDay(2025).toISOString().slice(0, 10)).toBe('2025-03-27');
    expect(mlbAllStarGame(2026).toISOString().slice(0, 10)).toBe('2026-07-14');
    const dates = games.map((game) => game.fields.gameDate).sort();
    expect(dates[0]).toBe('2026-03-26');
    expect(dates.at(-1)).toBe('2026-09-27');
    // 186 days, 162 of them with games: off days, and no game from the Monday to the Thursday of the All-Star break.
    expect(new Set(dates).size).toBe(162);
    expect(dates.filter((date) => date >= '2026-07-13' && date <= '2026-07-16')).toEqual([]);
    expect(new Set(fixtures.map((fixture) => fixture.seriesLength))).toEqual(new Set([2, 3, 4]));
    // A series is its length of consecutive days between the same clubs at the same park.
    for (const fixture of fixtures.filter((f) => f.seriesGame === 1)) {
      const series = fixtures
        .filter((f) => f.home === fixture.home && f.away === fixture.away && f.kickoff >= fixture.kickoff)
        .slice(0, fixture.seriesLength);
      expect(series.map((f) => f.seriesGame)).toEqual(Array.from({ length: fixture.seriesLength }, (_, i) => i + 1));
      const days = series.map((f) => Date.parse(f.gameDate) / (24 * HOUR_MS));
      expect(days.at(-1)! - days[0]!).toBe(fixture.seriesLength - 1);
    }
  });

  it('plays the postseason through the World Series: best of three, five, seven and seven, won by who the games say', () => {
    const postseason = mlbDemoSchedule(2026, 'pass-demo').filter((fixture) => fixture.postseason);
    const played = all.filter((game) => game.fields.seasonType === 'postseason');
    expect(played).toHaveLength(postseason.length);
    // Every game final in November, none tied, and each one's week is the calendar's Monday-to-Sunday week.
    for (const game of played) {
      expect(game.fields.status).toBe('final');
      expect(game.fields.homeScore).not.toBe(game.fields.awayScore);
      const { week, gameDate: date } = game.fields;
      expect(calendarWeek({ sport: MLB, season, seasonType: 'postseason', date, sourceWeek: null })).toBe(week);
    }
    // The series, in order: four Wild Card Series, four Division Series, two LCS, the World Series.
    const series = new Map<string, typeof played>();
    for (const game of played) {
      const key = [game.fields.homeTeam, game.fields.awayTeam].sort().join('–');
      series.set(key, [...(series.get(key) ?? []), game]);
    }
    const rounds = [...series.values()];
    expect(rounds).toHaveLength(11);
    const needed = [2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4];
    const byStart = rounds.sort((a, b) => a[0]!.fields.gameDate.localeCompare(b[0]!.fields.gameDate));
    const winnerOf = (games: typeof played) => {
      const wins = new Map<string, number>();
      for (const game of games) {
        const { homeTeam, awayTeam, homeScore, awayScore } = game.fields;
        const winner = homeScore! > awayScore! ? homeTeam : awayTeam;
        wins.set(winner, (wins.get(winner) ?? 0) + 1);
      }
      return [...wins].sort((a, b) => b[1] - a[1])[0]!;
    };
    byStart.forEach((games, index) => {
      // A series ends when a club has won it: the winner's last win is the last game.
      const [, wins] = winnerOf(games);
      expect(wins).toBe(needed[index]);
      expect(games.length).toBeLessThanOrEqual(needed[index]! * 2 - 1);
    });
    const worldSeries = byStart.at(-1)!;
    const dates = played.map((game) => game.fields.gameDate).sort();
    expect(dates[0]).toBe('2026-09-29');
    expect(worldSeries[0]!.fields.gameDate).toBe('2026-10-23');
    expect(dates.at(-1)).toBe(worldSeries.at(-1)!.fields.gameDate);
    expect(dates.at(-1)! <= '2026-10-31').toBe(true);
    // The World Series is between the two LCS winners, one of each league.
    const lcsWinners = byStart.slice(8, 10).map((games) => winnerOf(games)[0]);
    expect(new Set([worldSeries[0]!.fields.homeTeam, worldSeries[0]!.fields.awayTeam])).toEqual(new Set(lcsWinners));
    const league = (team: string) => teamRegistry.get(MLB, team)!.division!.slice(0, 2);
    expect(lcsWinners.map((team) => league(team)).sort()).toEqual(['AL', 'NL']);
  });

  it("starts games at the home club's usual local times: evenings, weekend and getaway-day afternoons", () => {
    const zones: Record<string, string> = {
      CWS: 'America/Chicago',
      KC: 'America/Chicago',
      MIN: 'America/Chicago',
      HOU: 'America/Chicago',
      TEX: 'America/Chicago',
      CHC: 'America/Chicago',
      MIL: 'America/Chicago',
      STL: 'America/Chicago',
      COL: 'America/Denver',
      ARI: 'America/Phoenix',
      LAD: 'America/Los_Angeles',
      LAA: 'America/Los_Angeles',
      SD: 'America/Los_Angeles',
      SF: 'America/Los_Angeles',
      SEA: 'America/Los_Angeles',
      ATH: 'America/Los_Angeles',
    };
    for (const game of games) {
      const timeZone = zones[game.fields.homeTeam] ?? 'America/New_York';
      const local = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hour: 'numeric',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(game.fields.kickoffAt!));
      expect(local >= '13:05' && local <= '19:15', `${game.keys[0]!.key} at ${local} ${timeZone}`).toBe(true);
      const localDate = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(game.fields.kickoffAt!));
      expect(localDate).toBe(game.fields.gameDate);
    }
  });

  it('has finals only for games already played: in mid-June, the rest are to come', () => {
    const june = new Date('2026-06-15T20:00:00Z');
    const midSeason = generateDemoSeason({ sport: MLB, now: june }).games;
    for (const game of midSeason) {
      const kickoff = Date.parse(game.fields.kickoffAt!);
      if (kickoff > june.getTime()) {
        expect(game.fields).toMatchObject({ status: 'scheduled', homeScore: null, awayScore: null });
      } else if (kickoff + 3 * HOUR_MS <= june.getTime()) {
        expect(game.fields.status).toBe('final');
      }
      for (const quote of game.quotes) expect(Date.parse(quote.fetchedAt)).toBeLessThanOrEqual(june.getTime());
    }
    expect(midSeason.filter((game) => game.fields.status === 'final').length).toBeGreaterThan(900);
    expect(midSeason.filter((game) => game.fields.status === 'scheduled').length).toBeGreaterThan(1300);
    // A day later only finals and newer quotes are added: what was there stays as it was.
    const nextDay = generateDemoSeason({ sport: MLB, now: new Date(june.getTime() + 24 * HOUR_MS) }).games;
    midSeason.forEach((game, index) => {
      const later = nextDay[index]!;
      expect(later.keys).toEqual(game.keys);
      expect(later.quotes.slice(0, game.quotes.length)).toEqual(game.quotes);
      if (game.fields.status === 'final') expect(later.fields).toEqual(game.fields);
    });
    // In November every game is final, none tied.
    expect(
      games.every((game) => game.fields.status === 'final' && game.fields.homeScore !== game.fields.awayScore),
    ).toBe(true);
  });

  it('prices moneylines, run lines at ±1.5 with the favourite giving the runs, and totals, by three books', () => {
    for (const game of games) {
      const books = new Set(game.quotes.map((quote) => quote.book));
      expect(books).toEqual(new Set(DEMO_BOOKS.slice(0, 3)));
      for (const book of books) {
        const latest = (market: string) => {
          const quotes = game.quotes.filter((quote) => quote.book === book && quote.market === market);
          const last = quotes.at(-1)!.fetchedAt;
          return quotes.filter((quote) => quote.fetchedAt === last);
        };
        const [homeLine, awayLine] = [game.fields.homeTeam, game.fields.awayTeam].map(
          (team) => latest('h2h').find((quote) => quote.outcome === team)!.price,
        );
        const runLine = latest('spreads');
        expect(runLine).toHaveLength(2);
        // At a pick'em price either club may give the runs; otherwise the moneyline favourite does.
        if (homeLine !== awayLine) {
          const favourite = homeLine! < awayLine! ? game.fields.homeTeam : game.fields.awayTeam;
          expect(runLine.find((quote) => quote.point === -1.5)?.outcome).toBe(favourite);
        }
        expect(runLine.find((quote) => quote.point === 1.5)).toBeDefined();
        const totals = latest('totals');
        expect(totals.map((quote) => quote.outcome).sort()).toEqual(['Over', 'Under']);
        expect(totals[0]!.point).toBe(totals[1]!.point);
        expect(totals[0]!.point).toBeGreaterThanOrEqual(5.5);
        expect(totals[0]!.point).toBeLessThanOrEqual(12.5);
        for (const quote of game.quotes) expect(Math.abs(quote.price)).toBeGreaterThanOrEqual(100);
      }
    }
    // Some lines move between the opening and first pitch: line history exists.
    expect(
      games.filter((game) => new Set(game.quotes.map((quote) => quote.fetchedAt)).size > 1).length,
    ).toBeGreaterThan(500);
    const homeWins = games.filter((game) => game.fields.homeScore! > game.fields.awayScore!).length / games.length;
    expect(homeWins).toBeGreaterThan(0.5);
    expect(homeWins).toBeLessThan(0.58);
    const runs = games.reduce((sum, game) => sum + game.fields.homeScore! + game.fields.awayScore!, 0) / games.length;
    expect(runs).toBeGreaterThan(7.5);
    expect(runs).toBeLessThan(10);
  });
});

describe('importing the demo season', () => {
  let database: DbHandle;
  const query = async <T>(text: ReturnType<typeof sql>) =>
    ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  });
  afterAll(async () => {
    await database.close();
  });

  it('writes demo events keyed by a stable id; a re-run changes nothing; a later one adds finals', async () => {
    const first = await importDemoSeason(database.db, { sport: NFL, now: NOW });
    // 272 regular-season games and 13 playoff games.
    expect(first).toMatchObject({ added: 285, updated: 0, unchanged: 0 });
    const [counts] = await query<{ events: number; demo: number; keys: number; quotes: number }>(
      sql`select (select count(*)::int from events) as events, (select count(*)::int from events where is_demo) as demo,
            (select count(*)::int from event_source_keys where source = 'demo') as keys,
            (select count(*)::int from odds_quotes where source = 'demo') as quotes`,
    );
    expect(counts).toMatchObject({ events: 285, demo: 285, keys: 285 });
    const snapshot = await query(sql`select * from events order by id`);

    const again = await importDemoSeason(database.db, { sport: NFL, now: NOW });
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 285, rawStored: false });
    expect(await query(sql`select * from events order by id`)).toEqual(snapshot);
    const [quotes] = await query<{ n: number }>(sql`select count(*)::int as n from odds_quotes`);
    expect(quotes!.n).toBe(counts!.quotes);

    // Two days on, Sunday's and Monday's games are final and their closing lines are in.
    const later = await importDemoSeason(database.db, { sport: NFL, now: new Date(NOW.getTime() + 72 * HOUR_MS) });
    expect(later.added).toBe(0);
    expect(later.updated).toBeGreaterThan(10);
    const [runs] = await query<{ n: number }>(sql`select count(*)::int as n from import_runs where source = 'demo'`);
    expect(runs!.n).toBe(3);
  });
});
