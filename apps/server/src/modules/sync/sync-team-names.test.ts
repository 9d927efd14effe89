import type { SyncLeg, SyncSlip } from '@pass/contracts';
import {
  AMBIGUOUS_TEAM_NAMES,
  normalizeTeamKey,
  teamRegistry,
  type Sport,
  type Team,
  type TeamName,
} from '@pass/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBetHistory } from '../../providers/sportsbooks/index.js';
import type { LedgerEvent } from '../ledger/ledger-event.js';
import { GameIndex, matchLeg } from './sync-matching.js';

/**
 * Every name of the team-name table, written the way each book's export writes a team, read by that book's
 * connector and matched by sync: the game and the team it picks are the team the name belongs to, and never a
 * game of another team. No database: the games are in memory.
 */

const NFL: Sport = 'americanfootball_nfl';
const NCAAF: Sport = 'americanfootball_ncaaf';
const MLB: Sport = 'baseball_mlb';
const SPORTS: readonly Sport[] = [NFL, NCAAF, MLB];
const LEAGUE: Record<Sport, string> = {
  americanfootball_nfl: 'NFL',
  americanfootball_ncaaf: 'NCAAF',
  baseball_mlb: 'MLB',
};

type Format = 'draftkings' | 'fanduel' | 'json';
const FORMATS: readonly Format[] = ['draftkings', 'fanduel', 'json'];

/** One bet on one game, as the test builds it before a book writes it. */
interface Case {
  id: string;
  sport: Sport;
  /** The game as the book names it, away first. */
  away: string;
  home: string;
  selection: string;
  market: 'moneyline' | 'spread';
  /** The game's date (YYYY-MM-DD), kickoff 1 pm US Eastern; the bet is placed at 11 am. */
  date: string;
}

const DK_HEADER =
  'External Bet ID,Bet Date Time,Bet Type,Bet Amount,Number of Bets,Number of Legs,Bet Settled,Bet Selection,Market Name,Bet American Odds,Bet Result,Payout,Potential Payout,Leg Settled,Leg Result,Leg American Odds,Bet Settled Date,Bet Bonus Type,Bet Bonus Amount,Risk Free Bet,Bet Boosted Odds,Bet Bonus Max Winning Amount,Bet Bonus Winning Amount,Bet Boost Percentage,Boosted Bet,Early Win Settled,Primary';
const FD_HEADER =
  'External Bet ID,Bet Date Time,Bet Type,Bet Amount,Bet Settled,Event Name,League,Bet Selection,Market Name,Leg Handicap,Teaser Points,Bet American Odds,Bet Decimal Odds,Leg American Odds,Leg Decimal Odds,Multi Bet American Odds,Multi Bet Decimal Odds,Leg Result,Bet Result,Payout,Potential Payout,Leg Bet Type,Leg Event Date Time,Bet Settled Date,Same Game Parlay,State,Primary';

const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * The export a book would give for these bets. DraftKings names the game and market in `Market Name`, the line in
 * the selection, and gives neither league nor start; FanDuel names the game in `Event Name` with its league,
 * start and the line in `Leg Handicap`; JSON slips are the bet-sync client's, with or without a sport.
 */
function exportOf(format: Format, cases: readonly Case[], withSport = true): string {
  if (format === 'draftkings') {
    const rows = cases.map((bet) => {
      const selection = bet.market === 'spread' ? `${bet.selection} -3.5` : bet.selection;
      const market = `${bet.away} @ ${bet.home} - ${bet.market === 'spread' ? 'Spread' : 'Moneyline'}`;
      return `${bet.id},${bet.date} 11:00:00,Single,10.00,1,1,Settled,${cell(selection)},${cell(market)},-110,Lost,0.00,,true,Lost,-110,,,,false,,,,,false,false,1`;
    });
    return [DK_HEADER, ...rows].join('\r\n');
  }
  if (format === 'fanduel') {
    const rows = cases.map((bet) => {
      const [market, handicap] = bet.market === 'spread' ? ['Spread Betting', '-3.5'] : ['Moneyline', ''];
      return `${bet.id},${bet.date} 11:00:00,Single,10.00,Settled,${cell(`${bet.away} @ ${bet.home}`)},${LEAGUE[bet.sport]},${cell(bet.selection)},${market},${handicap},,-110,,-110,,,,LOST,LOST,0.00,,,${bet.date} 13:00:00,,false,NJ,1`;
    });
    return [FD_HEADER, ...rows].join('\n');
  }
  const slips = cases.map((bet): SyncSlip => ({
    book_bet_id: bet.id,
    placed_at: `${bet.date}T11:00:00-04:00`,
    kind: 'single',
    stake_cents: 1000,
    price: -110,
    result: 'lost',
    payout_cents: 0,
    bonus: false,
    legs: [
      {
        ...(withSport ? { sport: bet.sport } : {}),
        event: `${bet.away} @ ${bet.home}`,
        event_start: `${bet.date}T13:00:00-04:00`,
        market: bet.market,
        selection: bet.selection,
        ...(bet.market === 'spread' ? { line: -3.5 } : {}),
        price: -110,
        result: 'lost',
      },
    ],
  }));
  return JSON.stringify({ slips });
}

const allTeams = (sport: Sport) => [...teamRegistry.teams(sport), ...teamRegistry.outsideTeams(sport)];

/**
 * The opponent every team plays in these tests, by its full name, and a second one for the opponent itself. Every
 * team of the sport plays it at the same time, so a name read as the wrong team finds that team's game instead.
 */
const OPPONENTS: Record<Sport, [string, string]> = {
  americanfootball_nfl: ['BUF', 'DEN'],
  americanfootball_ncaaf: ['ALA', 'ORE'],
  baseball_mlb: ['BOS', 'COL'],
};
const opponentOf = (team: Team) => {
  const [first, second] = OPPONENTS[team.sport as Sport];
  return teamRegistry.get(team.sport as Sport, team.abbr === first ? second : first)!;
};

/** Every team of the sport against `opponent`, one game each, all at 1 pm US Eastern of `date`. */
function gamesAgainst(opponent: Team, date: string): LedgerEvent[] {
  const sport = opponent.sport as Sport;
  const kickoff = new Date(`${date}T17:00:00Z`);
  const season = Number(date.slice(0, 4));
  return allTeams(sport)
    .filter((team) => team !== opponent)
    .map((team, index) => ({
      id: index + 1,
      sport,
      season,
      week: 1,
      kickoffAt: kickoff,
      gameDate: date,
      // Home and away alternate, so a name is read on either side of the "@".
      homeTeam: index % 2 === 0 ? team.abbr : opponent.abbr,
      awayTeam: index % 2 === 0 ? opponent.abbr : team.abbr,
      status: 'final',
      homeScore: 20,
      awayScore: 17,
    }));
}

/** A name's game date: in one of its seasons (September for football, June for baseball). */
function dateIn(name: TeamName, season?: number): string {
  const sport = name.team.sport as Sport;
  const range = name.seasons?.[0];
  const year = season ?? (range ? (range.to ?? range.from ?? 2024) : 2024);
  return `${year}-${sport === MLB ? '06' : '09'}-14`;
}

/** The names of the table that are one team's: those the resolver must read as that team and no other. */
const oneTeamNames = SPORTS.flatMap((sport) =>
  teamRegistry.names(sport).filter((name) => teamRegistry.candidates(sport, name.name).length === 1),
);

/** Reads an export, matches each bet's leg against the games, and gives each bet's game and picked team. */
function readAndMatch(format: Format, cases: readonly Case[], games: GameIndex, withSport = true) {
  const history = readBetHistory(exportOf(format, cases, withSport));
  expect(history.rowErrors).toEqual([]);
  expect(history.slips).toHaveLength(cases.length);
  return new Map(
    history.slips.map((slip) => {
      const match = matchLeg(slip.legs[0]!, slip.placed_at, games);
      return [slip.book_bet_id, match] as const;
    }),
  );
}

/** The case for a name of `name.team` against its opponent, the name on the side the team plays. */
function caseOf(name: TeamName, id: string, games: readonly LedgerEvent[], date: string, cased = name.name): Case {
  const team = name.team;
  const opponent = opponentOf(team);
  const game = games.find((event) =>
    [event.homeTeam, event.awayTeam].every((abbr) => abbr === team.abbr || abbr === opponent.abbr),
  )!;
  const teamHome = game.homeTeam === team.abbr;
  return {
    id,
    sport: team.sport as Sport,
    away: teamHome ? opponent.name : cased,
    home: teamHome ? cased : opponent.name,
    selection: cased,
    market: Number(id.replace(/\D/g, '')) % 2 === 0 ? 'spread' : 'moneyline',
    date,
  };
}

describe('every name the resolver knows, through every connector sync reads', () => {
  it('holds the failing names of the DraftKings and college exports among its names', () => {
    const keys = new Set(oneTeamNames.map((name) => `${name.team.sport}|${name.team.abbr}|${name.key}`));
    const expected: [Sport, string, string][] = [
      [NFL, 'KC', 'KC Chiefs'],
      [NFL, 'SF', 'SF 49ers'],
      [NFL, 'LA', 'LA Rams'],
      [NFL, 'LAC', 'LA Chargers'],
      [NFL, 'NYG', 'NY Giants'],
      [NFL, 'NYJ', 'NY Jets'],
      [NFL, 'TB', 'TB Buccaneers'],
      [NFL, 'GB', 'GB Packers'],
      [NFL, 'NE', 'NE Patriots'],
      [NFL, 'NO', 'NO Saints'],
      [NFL, 'LV', 'LV Raiders'],
      [MLB, 'NYY', 'NY Yankees'],
      [MLB, 'NYM', 'NY Mets'],
      [MLB, 'CWS', 'CHI White Sox'],
      [MLB, 'CHC', 'CHI Cubs'],
      [MLB, 'LAD', 'LA Dodgers'],
      [MLB, 'LAA', 'LA Angels'],
      [MLB, 'SD', 'SD Padres'],
      [MLB, 'SF', 'SF Giants'],
      [MLB, 'KC', 'KC Royals'],
      [MLB, 'TB', 'TB Rays'],
      [MLB, 'WSH', 'WAS Nationals'],
      [MLB, 'WSH', 'WSH Nationals'],
      [MLB, 'ARI', 'ARI Diamondbacks'],
      [MLB, 'ATH', 'ATH Athletics'],
      [MLB, 'ATH', 'OAK Athletics'],
      [NCAAF, 'MIA', 'Miami (FL) Hurricanes'],
      [NCAAF, 'CONN', 'Connecticut Huskies'],
      [NCAAF, 'SHSU', 'Sam Houston State Bearkats'],
      [NCAAF, 'ULM', 'Louisiana-Monroe Warhawks'],
      [NCAAF, 'USM', 'Southern Mississippi Golden Eagles'],
    ];
    for (const [sport, abbr, name] of expected) {
      expect(keys.has(`${sport}|${abbr}|${normalizeTeamKey(name)}`), name).toBe(true);
    }
  });

  it.each(FORMATS)('reads each name of the table in a %s export as its team, on its game', (format) => {
    for (const sport of SPORTS) {
      const names = oneTeamNames.filter((name) => name.team.sport === sport);
      // One export per sport and game date; every team plays one of two opponents that day.
      const byDate = new Map<string, TeamName[]>();
      for (const name of names) byDate.set(dateIn(name), [...(byDate.get(dateIn(name)) ?? []), name]);
      for (const [date, dated] of byDate) {
        // Every team plays the first opponent, the first opponent the second.
        const games = gamesAgainst(teamRegistry.get(sport, OPPONENTS[sport][0])!, date);
        const index = new GameIndex(games);
        const cases = dated.map((name, position) => caseOf(name, `B${position}`, games, date));
        // DraftKings' export and these slips name no league: every sport's teams are tried.
        const matches = readAndMatch(format, cases, index, false);
        for (const [position, name] of dated.entries()) {
          const match = matches.get(`B${position}`)!;
          const label = `${format} ${sport} "${name.name}" (${name.team.abbr}) on ${date}`;
          expect(match.matched ? null : match.reason, label).toBeNull();
          if (!match.matched) continue;
          const opponent = opponentOf(name.team).abbr;
          expect([match.event.homeTeam, match.event.awayTeam].sort(), label).toEqual([name.team.abbr, opponent].sort());
          expect(match.team, label).toBe(name.team.abbr);
        }
      }
    }
  });

  it('reads any name, in any book’s export, in any season of it, cased any way, as its team', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...oneTeamNames),
        fc.constantFrom(...FORMATS),
        fc.integer({ min: 1999, max: 2026 }),
        fc.boolean(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (name, format, season, pickOpponent, flips, withSport) => {
          const cased = [...name.name]
            .map((char, i) => (flips[i % flips.length] ? char.toUpperCase() : char.toLowerCase()))
            .join('');
          const inSeason =
            name.seasons === null || name.seasons.some((r) => (r.from ?? 0) <= season && season <= (r.to ?? 9999));
          const date = dateIn(name, inSeason ? season : undefined);
          const opponent = opponentOf(name.team);
          const games = gamesAgainst(opponent, date);
          const bet = caseOf(name, 'P1', games, date, cased);
          // The pick may be the other team, by its full name: the name is then only the game's.
          const picked = pickOpponent ? { ...bet, selection: opponent.name } : bet;
          const match = readAndMatch(format, [picked], new GameIndex(games), withSport).get('P1')!;
          expect(match.matched ? null : match.reason).toBeNull();
          if (!match.matched) return;
          expect([match.event.homeTeam, match.event.awayTeam].sort()).toEqual([name.team.abbr, opponent.abbr].sort());
          expect(match.team).toBe(pickOpponent ? opponent.abbr : name.team.abbr);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each(FORMATS)('refuses a %s bet on a name several teams go by, naming the teams it could be', (format) => {
    for (const { sport, name, teams } of AMBIGUOUS_TEAM_NAMES) {
      const [first] = teams.map((abbr) => teamRegistry.get(sport, abbr)!);
      const opponent = opponentOf(first!);
      const date = `2024-${sport === MLB ? '06' : '09'}-14`;
      const games = gamesAgainst(opponent, date);
      const bet: Case = {
        id: 'A1',
        sport,
        away: name,
        home: opponent.name,
        selection: opponent.name,
        market: 'moneyline',
        date,
      };
      const match = readAndMatch(format, [bet], new GameIndex(games)).get('A1')!;
      expect(match.matched, `${sport} "${name}"`).toBe(false);
      if (match.matched) continue;
      expect(match.reason).toContain(`"${name}" could be`);
      for (const abbr of teams) expect(match.reason).toContain(teamRegistry.get(sport, abbr)!.name);
    }
    // A nickname several college teams share, the same way.
    const date = '2025-09-13';
    const alabama = teamRegistry.get(NCAAF, 'ALA')!;
    const games = gamesAgainst(alabama, date);
    const tigers: Case = {
      id: 'T1',
      sport: NCAAF,
      away: 'Tigers',
      home: alabama.name,
      selection: alabama.name,
      market: 'spread',
      date,
    };
    const match = readAndMatch(format, [tigers], new GameIndex(games)).get('T1')!;
    expect(match.matched).toBe(false);
    if (!match.matched) expect(match.reason).toMatch(/"Tigers" could be the .*LSU Tigers.* or the /);
  });
});

describe('a name several teams go by, in a game that settles it', () => {
  const at = (sport: Sport, home: string, away: string, date: string, id: number): LedgerEvent => ({
    id,
    sport,
    season: Number(date.slice(0, 4)),
    week: 1,
    kickoffAt: new Date(`${date}T17:00:00Z`),
    gameDate: date,
    homeTeam: home,
    awayTeam: away,
    status: 'final',
    homeScore: 3,
    awayScore: 2,
  });
  const leg = (event: string, selection: string, date: string, sport: Sport | null = NFL): SyncLeg => ({
    ...(sport ? { sport } : {}),
    event,
    event_start: `${date}T17:00:00Z`,
    market: 'moneyline',
    selection,
    price: -110,
    result: 'lost',
  });

  it('takes the picked team the game has: "LA" on the Rams at the 49ers is the Rams; at the Chargers it is refused', () => {
    const games = new GameIndex([at(NFL, 'SF', 'LA', '2024-09-15', 1), at(NFL, 'LAC', 'LA', '2024-09-22', 2)]);
    const rams = matchLeg(leg('LA Rams @ SF 49ers', 'LA', '2024-09-15'), '2024-09-15T15:00:00Z', games);
    expect(rams).toMatchObject({ matched: true, team: 'LA' });
    const derby = matchLeg(leg('LA Rams @ LA Chargers', 'LA', '2024-09-22'), '2024-09-22T15:00:00Z', games);
    expect(derby.matched).toBe(false);
    if (!derby.matched) {
      expect(derby.reason).toContain('the selection "LA" could be the Los Angeles Rams or the Los Angeles Chargers');
    }
  });

  it('reads "LA" as the Rams in 2016, before the Chargers came, and as either after', () => {
    const games = new GameIndex([at(NFL, 'SF', 'LA', '2016-09-12', 1), at(NFL, 'SF', 'LA', '2017-09-17', 2)]);
    expect(matchLeg(leg('LA @ SF 49ers', 'LA', '2016-09-12'), '2016-09-12T15:00:00Z', games)).toMatchObject({
      matched: true,
      team: 'LA',
    });
    const later = matchLeg(leg('LA @ SF 49ers', 'LA', '2017-09-17'), '2017-09-17T15:00:00Z', games);
    expect(later.matched).toBe(false);
    if (!later.matched)
      expect(later.reason).toContain('"LA" could be the Los Angeles Rams or the Los Angeles Chargers');
  });

  it('does not take another sport’s game for sure while the name may be a game of that sport', () => {
    // "Chicago @ Miami" without a league: the Bears at the Dolphins, or the Cubs or White Sox at the Marlins.
    const bears = at(NFL, 'MIA', 'CHI', '2024-09-15', 1);
    const whiteSox = at(MLB, 'MIA', 'CWS', '2024-09-15', 2);
    const bet = leg('Chicago @ Miami', 'Miami', '2024-09-15', null);
    expect(matchLeg(bet, '2024-09-15T15:00:00Z', new GameIndex([bears]))).toMatchObject({
      matched: true,
      event: { id: 1 },
      team: 'MIA',
    });
    const both = matchLeg(bet, '2024-09-15T15:00:00Z', new GameIndex([bears, whiteSox]));
    expect(both.matched).toBe(false);
    if (!both.matched) {
      expect(both.reason).toContain('"Chicago" could be the Chicago White Sox or the Chicago Cubs');
    }
    // "NY" without a league is any of four teams.
    const nyGames = new GameIndex([at(MLB, 'MIA', 'NYM', '2024-09-15', 3), at(NFL, 'MIA', 'NYJ', '2024-09-15', 4)]);
    const ny = matchLeg(leg('NY @ Miami', 'Miami', '2024-09-15', null), '2024-09-15T15:00:00Z', nyGames);
    expect(ny.matched).toBe(false);
    for (const team of ['New York Giants', 'New York Jets', 'New York Yankees', 'New York Mets']) {
      if (!ny.matched) expect(ny.reason).toContain(team);
    }
  });
});
