import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sport } from '../enums.js';
import { TEAMS, teamRegistry } from './all-teams.js';
import { normalizeTeamKey, TeamRegistry, type TeamName, type TeamNameMatch } from './registry.js';
import { AMBIGUOUS_TEAM_NAMES } from './team-names.js';

const NFL = 'americanfootball_nfl';
const NCAAF = 'americanfootball_ncaaf';
const MLB = 'baseball_mlb';
const SPORTS: readonly Sport[] = [NFL, NCAAF, MLB];

/** What a match reads as, for comparing: the team's abbreviation, or the candidates' joined by "/". */
const shown = (match: TeamNameMatch | undefined) =>
  match === undefined ? undefined : 'team' in match ? match.team.abbr : match.candidates.map((team) => team.abbr);

const read = (sport: Sport, value: string, season?: number) =>
  shown(teamRegistry.resolveName(sport, value, { season }));

describe('the names the books print', () => {
  // Every NFL and MLB row of a DraftKings export was refused on these; college names in every format.
  it.each([
    [NFL, 'KC Chiefs', 'KC'],
    [NFL, 'SF 49ers', 'SF'],
    [NFL, 'LA Rams', 'LA'],
    [NFL, 'LA Chargers', 'LAC'],
    [NFL, 'NY Giants', 'NYG'],
    [NFL, 'NY Jets', 'NYJ'],
    [NFL, 'TB Buccaneers', 'TB'],
    [NFL, 'GB Packers', 'GB'],
    [NFL, 'NE Patriots', 'NE'],
    [NFL, 'NO Saints', 'NO'],
    [NFL, 'LV Raiders', 'LV'],
    [MLB, 'NY Yankees', 'NYY'],
    [MLB, 'NY Mets', 'NYM'],
    [MLB, 'CHI White Sox', 'CWS'],
    [MLB, 'CHI Cubs', 'CHC'],
    [MLB, 'LA Dodgers', 'LAD'],
    [MLB, 'LA Angels', 'LAA'],
    [MLB, 'SD Padres', 'SD'],
    [MLB, 'SF Giants', 'SF'],
    [MLB, 'KC Royals', 'KC'],
    [MLB, 'TB Rays', 'TB'],
    [MLB, 'WAS Nationals', 'WSH'],
    [MLB, 'WSH Nationals', 'WSH'],
    [MLB, 'ARI Diamondbacks', 'ARI'],
    [MLB, 'ATH Athletics', 'ATH'],
    [MLB, 'OAK Athletics', 'ATH'],
    [NCAAF, 'Miami (FL) Hurricanes', 'MIA'],
    [NCAAF, 'Connecticut Huskies', 'CONN'],
    [NCAAF, 'Sam Houston State Bearkats', 'SHSU'],
    [NCAAF, 'Louisiana-Monroe Warhawks', 'ULM'],
    [NCAAF, 'Southern Mississippi Golden Eagles', 'USM'],
    // These matched before and still do.
    [NCAAF, 'Ole Miss Rebels', 'MISS'],
    [NCAAF, 'Miami (OH) RedHawks', 'M-OH'],
    [NCAAF, 'San Jose State Spartans', 'SJSU'],
    [NCAAF, 'Hawaii Rainbow Warriors', 'HAW'],
  ] as const)('%s "%s" is %s', (sport, name, abbr) => {
    expect(read(sport, name)).toBe(abbr);
    expect(teamRegistry.resolve(sport, name)?.abbr).toBe(abbr);
  });

  it.each([
    // The styles of DraftKings, FanDuel, BetMGM, Caesars and ESPN BET, and of people.
    [NFL, ['KC Chiefs', 'Kansas City Chiefs', 'Chiefs', 'KC', 'Kansas City', 'KAN'], 'KC'],
    [NFL, ['SF 49ers', 'San Francisco 49ers', 'Niners', 'SF Niners', 'SFO'], 'SF'],
    [NFL, ['WAS Commanders', 'WSH Commanders', 'Washington Commanders', 'Washington', 'Commanders'], 'WAS'],
    [NFL, ['Miami', 'Miami Dolphins', 'MIA Dolphins', 'Dolphins'], 'MIA'],
    [NFL, ['TB Bucs', 'Tampa Bay Buccaneers', 'Bucs', 'JAX Jaguars', 'Jags'], undefined],
    [MLB, ['ARI Diamondbacks', 'Arizona Diamondbacks', 'D-backs', 'Dbacks', 'AZ Diamondbacks', 'Arizona'], 'ARI'],
    [MLB, ['Athletics', "A's", 'Sacramento Athletics', 'ATH', "Oakland A's"], 'ATH'],
    [MLB, ['Miami', 'Miami Marlins', 'Florida Marlins'], 'MIA'],
    [NCAAF, ['Ole Miss', 'Mississippi', 'Mississippi Rebels', 'MISS'], 'MISS'],
    [NCAAF, ['UConn', 'Connecticut', 'UConn Huskies', 'CONN'], 'CONN'],
    [NCAAF, ['Miami (FL)', 'Miami Florida', 'Miami', 'Miami (Fla.)', 'Miami Hurricanes', 'Miami FL Hurricanes'], 'MIA'],
    [NCAAF, ['Miami (OH)', 'Miami Ohio', 'Miami (Ohio)', 'Miami OH', 'Miami RedHawks', 'Miami (OH) Redhawks'], 'M-OH'],
    [NCAAF, ['ULM', 'Louisiana-Monroe', 'UL Monroe', 'UL-Monroe', 'Louisiana Monroe', 'ULM Warhawks'], 'ULM'],
    [NCAAF, ['Southern Miss', 'Southern Mississippi', 'USM', 'Southern Miss Golden Eagles'], 'USM'],
    [NCAAF, ['Sam Houston', 'Sam Houston State', 'Sam Houston St', 'Sam Houston Bearkats'], 'SHSU'],
    [NCAAF, ['App State', 'Appalachian State', 'Appalachian St Mountaineers', 'App St'], 'APP'],
    [NCAAF, ['UTSA', 'UTSA Roadrunners', 'UT San Antonio', 'Texas-San Antonio'], 'UTSA'],
    [NCAAF, ['UCF', 'Central Florida', 'UCF Knights'], 'UCF'],
    [NCAAF, ['SMU', 'Southern Methodist', 'SMU Mustangs'], 'SMU'],
    [NCAAF, ['BYU', 'Brigham Young', 'BYU Cougars'], 'BYU'],
    [NCAAF, ['LSU', 'Louisiana State', 'LSU Tigers'], 'LSU'],
    [NCAAF, ['USF', 'South Florida', 'USF Bulls', 'South Florida Bulls'], 'USF'],
    [NCAAF, ['FIU', 'Florida International', 'FIU Panthers', 'Florida Intl'], 'FIU'],
    [NCAAF, ['FAU', 'Florida Atlantic', 'FAU Owls'], 'FAU'],
    [NCAAF, ['UNLV', 'UNLV Rebels'], 'UNLV'],
    [NCAAF, ['UTEP', 'UTEP Miners', 'Texas-El Paso'], 'UTEP'],
    [NCAAF, ['UAB', 'UAB Blazers', 'Alabama-Birmingham'], 'UAB'],
    [NCAAF, ["Hawai'i", 'Hawaii', 'Hawaiʻi Rainbow Warriors', 'HAW'], 'HAW'],
    [NCAAF, ['San José State', 'San Jose State', 'San Jose St', 'SJSU Spartans'], 'SJSU'],
    [NCAAF, ['Boise St Broncos', 'Ohio St', 'Washington', 'Washington Huskies'], undefined],
  ] as const)('%s %j name one team', (sport, names, abbr) => {
    const teams = names.map((name) => read(sport, name));
    if (abbr) expect(teams).toEqual(names.map(() => abbr));
    else expect(teams.every((team) => typeof team === 'string')).toBe(true);
  });

  it('reads a name by the sport and its league: Miami, Washington, Giants, Cardinals', () => {
    expect([read(NFL, 'Miami'), read(NCAAF, 'Miami'), read(MLB, 'Miami')]).toEqual(['MIA', 'MIA', 'MIA']);
    expect(teamRegistry.resolve(NCAAF, 'Miami')?.name).toBe('Miami Hurricanes');
    expect(teamRegistry.resolve(NFL, 'Miami')?.name).toBe('Miami Dolphins');
    expect([read(NFL, 'Washington'), read(NCAAF, 'Washington'), read(MLB, 'Washington')]).toEqual([
      'WAS',
      'WASH',
      'WSH',
    ]);
    expect([read(NFL, 'Giants'), read(MLB, 'Giants')]).toEqual(['NYG', 'SF']);
    expect([read(NFL, 'Cardinals'), read(MLB, 'Cardinals'), read(NFL, 'Cards'), read(MLB, 'Cards')]).toEqual([
      'ARI',
      'STL',
      'ARI',
      'STL',
    ]);
  });

  it('gives the candidates of a name several teams go by, and `resolve` nothing', () => {
    expect(read(NFL, 'LA')).toEqual(['LA', 'LAC']);
    expect(read(NFL, 'Los Angeles')).toEqual(['LA', 'LAC']);
    expect(read(NFL, 'NY')).toEqual(['NYG', 'NYJ']);
    expect(read(NFL, 'New York')).toEqual(['NYG', 'NYJ']);
    expect(read(MLB, 'CHI')).toEqual(['CWS', 'CHC']);
    expect(read(MLB, 'LA')).toEqual(['LAA', 'LAD']);
    expect(read(NCAAF, 'Tigers')).toContain('LSU');
    for (const [sport, name] of [
      [NFL, 'LA'],
      [NFL, 'NY'],
      [MLB, 'Chicago'],
      [NCAAF, 'Huskies'],
    ] as const) {
      expect(teamRegistry.resolve(sport, name)).toBeUndefined();
    }
    // A source's own spelling is its own: nflverse's LA is the Rams, ESPN's LAR.
    expect(teamRegistry.resolveName(NFL, 'LA', { source: 'nflverse' })).toEqual({ team: teamRegistry.get(NFL, 'LA') });
    expect(read(NFL, 'Nowhere Nobodies')).toBeUndefined();
    expect(read(NFL, ' ')).toBeUndefined();
  });
});

describe('names of earlier seasons', () => {
  it('reads a name several teams used as of the season it is told', () => {
    // The Rams came back to Los Angeles in 2016, the Chargers followed in 2017.
    expect(read(NFL, 'LA', 2016)).toBe('LA');
    expect(read(NFL, 'Los Angeles', 2016)).toBe('LA');
    expect(read(NFL, 'LA', 2017)).toEqual(['LA', 'LAC']);
    expect(read(NFL, 'LA', 2024)).toEqual(['LA', 'LAC']);
    // A January game is the season before's: the Rams' 2016 season ended in January 2017.
    expect(shown(teamRegistry.resolveName(NFL, 'LA', { date: '2017-01-01T18:00:00Z' }))).toBe('LA');
    expect(shown(teamRegistry.resolveName(NFL, 'LA', { date: new Date('2017-09-10T18:00:00Z') }))).toEqual([
      'LA',
      'LAC',
    ]);
    // Before 2016 neither team was in Los Angeles: no season's use settles it, so it stays both.
    expect(read(NFL, 'LA', 2010)).toEqual(['LA', 'LAC']);
  });

  it.each([
    [NFL, 'St. Louis Rams', 'LA', 2015, 2020],
    [NFL, 'STL Rams', 'LA', 2010, 2024],
    [NFL, 'San Diego Chargers', 'LAC', 2016, 2024],
    [NFL, 'SD Chargers', 'LAC', 2016, 2024],
    [NFL, 'Oakland Raiders', 'LV', 2019, 2024],
    [NFL, 'OAK Raiders', 'LV', 2019, 2024],
    [NFL, 'Washington Redskins', 'WAS', 2019, 2023],
    [NFL, 'Redskins', 'WAS', 2010, 2023],
    [NFL, 'Washington Football Team', 'WAS', 2021, 2024],
    [MLB, 'Oakland Athletics', 'ATH', 2024, 2025],
    [MLB, 'OAK Athletics', 'ATH', 2024, 2025],
    [MLB, 'Cleveland Indians', 'CLE', 2021, 2024],
    [MLB, 'Tampa Bay Devil Rays', 'TB', 2007, 2024],
    [MLB, 'Montreal Expos', 'WSH', 2004, 2024],
    [MLB, 'Anaheim Angels', 'LAA', 2004, 2024],
    [NCAAF, 'Houston Baptist Huskies', 'HCU', 2021, 2024],
    [NCAAF, 'Texas A&M-Commerce Lions', 'ETAM', 2023, 2025],
  ] as const)('%s "%s" is %s in its seasons (%i) and after them (%i)', (sport, name, abbr, during, after) => {
    expect(read(sport, name, during)).toBe(abbr);
    // An old name no other team took is still the team's: exports and people keep writing it.
    expect(read(sport, name, after)).toBe(abbr);
    expect(read(sport, name)).toBe(abbr);
  });

  it('gives each name the seasons it was used in', () => {
    const seasonsOf = (sport: Sport, abbr: string, name: string) =>
      teamRegistry.names(sport).find((entry) => entry.team.abbr === abbr && entry.key === normalizeTeamKey(name))
        ?.seasons;
    expect(seasonsOf(NFL, 'WAS', 'Washington Football Team')).toEqual([{ from: 2020, to: 2021 }]);
    expect(seasonsOf(NFL, 'WAS', 'Washington Redskins')).toEqual([{ to: 2019 }]);
    expect(seasonsOf(NFL, 'LAC', 'LA Chargers')).toEqual([{ from: 2017 }]);
    expect(seasonsOf(NFL, 'LA', 'LA')).toEqual([{ from: 2016 }]);
    expect(seasonsOf(MLB, 'ATH', 'Oakland Athletics')).toEqual([{ to: 2024 }]);
    expect(seasonsOf(MLB, 'ATH', 'Sacramento Athletics')).toEqual([{ from: 2025 }]);
    expect(seasonsOf(NFL, 'KC', 'KC Chiefs')).toBeNull();
  });
});

describe('the name table', () => {
  const byKey = (sport: Sport) => {
    const keys = new Map<string, TeamName[]>();
    for (const name of teamRegistry.names(sport)) keys.set(name.key, [...(keys.get(name.key) ?? []), name]);
    return keys;
  };

  it('never gives one name to two teams of a sport unless it is listed as ambiguous or a shared nickname', () => {
    for (const sport of SPORTS) {
      const shared: string[] = [];
      for (const [key, names] of byKey(sport)) {
        const teams = names.map((name) => name.team.abbr).sort();
        expect(new Set(teams).size, `${sport} "${key}"`).toBe(teams.length);
        if (teams.length < 2 || names.every((name) => name.nickname)) continue;
        const listed = AMBIGUOUS_TEAM_NAMES.find(
          (entry) => entry.sport === sport && normalizeTeamKey(entry.name) === key,
        );
        expect(listed, `${sport} "${key}" names ${teams.join(' and ')}`).toBeDefined();
        expect(teams).toEqual([...listed!.teams].sort());
        shared.push(key);
      }
      // And every listed name is still several teams' (the list does not outlive the data).
      expect(shared.sort()).toEqual(
        AMBIGUOUS_TEAM_NAMES.filter((entry) => entry.sport === sport)
          .map((entry) => normalizeTeamKey(entry.name))
          .sort(),
      );
    }
  });

  it('holds the names of every team of every sport: abbreviation, full name, place and nickname', () => {
    for (const team of TEAMS) {
      const keys = new Set(
        teamRegistry
          .names(team.sport)
          .filter((name) => name.team === team)
          .map((name) => name.key),
      );
      for (const name of [team.abbr, team.name, ...(team.nickname ? [team.nickname] : [])]) {
        expect(keys.has(normalizeTeamKey(name)), `${team.abbr} ${name}`).toBe(true);
      }
      if (team.nickname) expect(keys.has(normalizeTeamKey(`${team.abbr} ${team.nickname}`)), team.abbr).toBe(true);
    }
  });

  it('reads every name that is one team’s as that team, in any of its seasons, however it is cased', () => {
    const names = SPORTS.flatMap((sport) => {
      const keys = byKey(sport);
      return teamRegistry.names(sport).filter((name) => keys.get(name.key)!.length === 1);
    });
    expect(names.length).toBeGreaterThan(1500);
    for (const name of names) expect(read(name.team.sport, name.name), name.name).toBe(name.team.abbr);
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.integer({ min: 1990, max: 2030 }),
        fc.array(fc.boolean(), { minLength: 1 }),
        (name, season, flips) => {
          const cased = [...name.name].map((char, i) => (flips[i % flips.length] ? char.toUpperCase() : char)).join('');
          expect(read(name.team.sport, ` ${cased} `, season)).toBe(name.team.abbr);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a table that lists a team that does not exist', () => {
    expect(() => new TeamRegistry(TEAMS, { americanfootball_nfl: { XYZ: { places: ['Nowhere'] } } })).toThrow(
      /XYZ, which is no team/,
    );
  });

  it('reads a name that two teams of the table share as both, never as the first', () => {
    const registry = new TeamRegistry(TEAMS, {
      americanfootball_nfl: { KC: { places: ['Missouri'] }, LV: { places: ['Missouri'] } },
    });
    expect(shown(registry.resolveName(NFL, 'Missouri'))).toEqual(['KC', 'LV']);
    expect(shown(registry.resolveName(NFL, 'Missouri Chiefs'))).toBe('KC');
  });
});
