import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readHistoryFile } from '../testing/history-files.js';
import { parseCsvWithHeader } from '../sources/csv.js';
import { TEAMS, teamRegistry } from './all-teams.js';
import { MLB_TEAMS } from './mlb-teams.js';
import { NCAAF_OUTSIDE_TEAMS, NCAAF_TEAMS } from './ncaaf-teams.js';
import { NFL_TEAMS } from './nfl-teams.js';
import { FBS_INDEPENDENTS, normalizeTeamKey, TeamRegistry } from './registry.js';

const readCsv = (file: string) => parseCsvWithHeader(readHistoryFile(file));

const NFL = 'americanfootball_nfl';
const NCAAF = 'americanfootball_ncaaf';
const MLB = 'baseball_mlb';

describe('team data', () => {
  it('has 32 NFL, 136 FBS and 30 MLB teams, and 99 FCS opponents of FBS teams', () => {
    expect(NFL_TEAMS).toHaveLength(32);
    expect(NCAAF_TEAMS).toHaveLength(136);
    expect(NCAAF_OUTSIDE_TEAMS).toHaveLength(99);
    expect(MLB_TEAMS).toHaveLength(30);
    expect(TEAMS).toHaveLength(198 + 99);
    // Listing a sport's teams lists its league: the FCS opponents are found by name or id, never listed.
    expect(teamRegistry.teams(NCAAF)).toHaveLength(136);
    expect(teamRegistry.outsideTeams(NCAAF)).toHaveLength(99);
    expect(teamRegistry.teams(NFL)).toHaveLength(32);
  });

  it('keeps the FCS opponents out of every conference, with their division per season', () => {
    for (const team of NCAAF_OUTSIDE_TEAMS) {
      expect(team.conference, team.abbr).toBeNull();
      expect(teamRegistry.conferenceIn(team), team.abbr).toBeNull();
      for (const season of [2024, 2025, 2026]) expect(teamRegistry.conferenceIn(team, season)).toBeNull();
      expect(teamRegistry.classificationIn(team, 2024), team.abbr).toBe('fcs');
      expect(teamRegistry.byId(NCAAF, 'espn', team.ids.espn!)).toBe(team);
    }
    const ndsu = teamRegistry.resolve(NCAAF, 'North Dakota State', 'cfbd')!;
    expect([ndsu.abbr, ndsu.name, ndsu.nickname]).toEqual(['NDSU', 'North Dakota State Bison', 'Bison']);
    expect(teamRegistry.classificationIn(teamRegistry.get(NCAAF, 'ALA')!, 2025)).toBe('fbs');
    expect(teamRegistry.classificationIn(teamRegistry.get(NFL, 'KC')!)).toBeNull();
  });

  it('counts a conference game only within one real conference: two independents are not one', () => {
    const team = (abbr: string) => teamRegistry.get(NCAAF, abbr)!;
    expect(teamRegistry.conferenceIn(team('MASS'), 2024)).toBe(FBS_INDEPENDENTS);
    expect(teamRegistry.sameConference(team('CONN'), team('MASS'), 2024)).toBe(false);
    expect(teamRegistry.sameConference(team('ND'), team('CONN'), 2025)).toBe(false);
    expect(teamRegistry.sameConference(team('OSU'), team('MICH'), 2024)).toBe(true);
    // UMass joined the MAC in 2025.
    expect(teamRegistry.sameConference(team('MASS'), team('BUFF'), 2024)).toBe(false);
    expect(teamRegistry.sameConference(team('MASS'), team('BUFF'), 2025)).toBe(true);
    expect(teamRegistry.sameConference(team('ARIZ'), team('NAU'), 2024)).toBe(false);
  });

  it('agrees with nflverse teams_colors_logos.csv on names, conferences and divisions', () => {
    const rows = readCsv('fixtures/nflverse/teams_colors_logos.csv');
    for (const team of NFL_TEAMS) {
      const row = rows.find((r) => r.get('team_abbr') === team.abbr);
      expect(row, team.abbr).toBeDefined();
      expect([team.abbr, team.name, team.nickname, team.conference, team.division]).toEqual(
        ['team_abbr', 'team_name', 'team_nick', 'team_conf', 'team_division'].map((c) => row?.get(c)),
      );
    }
    // Every code in that file (LA, LAR, OAK, SD, STL included) names one of our teams as nflverse spells them: "LA"
    // alone is both Los Angeles teams to a book, and the Rams to nflverse.
    for (const row of rows) {
      const team = teamRegistry.resolve(NFL, row.get('team_abbr'), 'nflverse');
      expect(team, row.get('team_abbr')).toBeDefined();
      expect(teamRegistry.resolve(NFL, row.get('team_name'), 'odds_api')).toBe(team);
      expect(team?.conference).toBe(row.get('team_conf'));
    }
  });

  it('agrees with the MLB crosswalk and Lahman 2020 on codes, ids, leagues and divisions', () => {
    const lahman2020 = readCsv('fixtures/mlb/lahman/Teams_2015-2020.csv').filter((r) => r.get('yearID') === '2020');
    for (const row of readCsv('fixtures/mlb/mlb_teams_crosswalk.csv')) {
      const team = teamRegistry.resolve(MLB, row.get('retrosheet_code'), 'retrosheet');
      expect(team?.abbr, row.get('retrosheet_code')).toBe(row.get('statsapi_abbr'));
      expect(team?.ids.statsapi).toBe(row.get('statsapi_team_id'));
      expect(team?.conference).toBe(row.get('league'));
      expect(team?.division).toBe(row.get('division'));
      expect(team?.name).toBe(row.get('name_2025'));
      expect(teamRegistry.resolve(MLB, row.get('name_2020_lahman'), 'odds_api')).toBe(team);
      expect(teamRegistry.resolve(MLB, row.get('lahman_teamID'), 'lahman')).toBe(team);
      expect(teamRegistry.resolve(MLB, row.get('lahman_franchID'), 'lahman')).toBe(team);
      const lahman = lahman2020.find((r) => r.get('teamIDretro') === row.get('retrosheet_code'));
      expect(`${lahman?.get('lgID')} ${{ E: 'East', C: 'Central', W: 'West' }[lahman?.get('divID') ?? '']}`).toBe(
        team?.division,
      );
      expect(teamRegistry.resolve(MLB, lahman?.get('teamIDBR') ?? '')).toBe(team);
    }
  });

  it('agrees with the derived FBS list on conferences per season', () => {
    for (const row of readCsv('cfbd/fbs_teams_2024_2025_derived.csv')) {
      const team = teamRegistry.byId(NCAAF, 'espn', row.get('team_id'));
      expect(team, row.get('school')).toBeDefined();
      expect(teamRegistry.resolve(NCAAF, row.get('school'), 'cfbd')).toBe(team);
      for (const season of [2024, 2025]) {
        const expected = row.get(`fbs_${season}`) === '1' ? row.get(`conference_${season}`) : null;
        expect(teamRegistry.conferenceIn(team!, season)).toBe(expected);
      }
    }
  });
});

describe('TeamRegistry lookups', () => {
  it.each([
    ['OAK', 'LV'],
    ['Oakland Raiders', 'LV'],
    ['SD', 'LAC'],
    ['San Diego Chargers', 'LAC'],
    ['STL', 'LA'],
    ['St. Louis Rams', 'LA'],
    ['LAR', 'LA'],
    ['WSH', 'WAS'],
    ['Washington Redskins', 'WAS'],
    ['Washington Football Team', 'WAS'],
    ['Washington Commanders', 'WAS'],
    ['JAC', 'JAX'],
    ['Kansas City Chiefs', 'KC'],
    ['chiefs', 'KC'],
    ['san francisco 49ERS', 'SF'],
  ])('NFL %s → %s', (value, abbr) => {
    expect(teamRegistry.resolve(NFL, value)?.abbr).toBe(abbr);
  });

  it('knows how each source spells the Rams and Washington', () => {
    const rams = teamRegistry.get(NFL, 'LA')!;
    expect(teamRegistry.resolve(NFL, 'LA', 'nflverse')).toBe(rams);
    expect(teamRegistry.resolve(NFL, 'LAR', 'espn')).toBe(rams);
    expect(teamRegistry.sourceKey(rams, 'espn')).toBe('LAR');
    expect(teamRegistry.sourceKey(rams, 'nflverse')).toBe('LA');
    expect(teamRegistry.sourceKey(teamRegistry.get(NFL, 'WAS')!, 'espn')).toBe('WSH');
  });

  it.each([
    ['Athletics', 'ATH'],
    ['Oakland Athletics', 'ATH'],
    ['OAK', 'ATH'],
    ['ATH', 'ATH'],
    ['NYA', 'NYY'],
    ['SLN', 'STL'],
    ['ANA', 'LAA'],
    ['CHA', 'CWS'],
    ['CHN', 'CHC'],
    ['KCA', 'KC'],
    ['SDN', 'SD'],
    ['WAS', 'WSH'],
    ['Cleveland Indians', 'CLE'],
    ['Los Angeles Angels of Anaheim', 'LAA'],
  ])('MLB %s → %s', (value, abbr) => {
    expect(teamRegistry.resolve(MLB, value)?.abbr).toBe(abbr);
  });

  it('resolves college teams by CFBD school, ESPN name with mascot, abbreviation and id', () => {
    const usu = teamRegistry.resolve(NCAAF, 'Utah State Aggies', 'odds_api');
    expect(usu?.name).toBe('Utah State Aggies');
    expect(teamRegistry.resolve(NCAAF, 'Utah State', 'cfbd')).toBe(usu);
    expect(teamRegistry.resolve(NCAAF, 'San Jose State Spartans')?.name).toBe('San José State Spartans');
    expect(teamRegistry.resolve(NCAAF, 'Hawaii')?.name).toBe("Hawai'i Rainbow Warriors");
    expect(teamRegistry.byId(NCAAF, 'espn', 333)?.aliases).toContain('Alabama');
  });

  it('refuses an ambiguous name rather than guess', () => {
    // Several college teams are the Tigers; "Miami" is the Hurricanes to CFBD, so it is not ambiguous.
    expect(teamRegistry.candidates(NCAAF, 'Tigers').length).toBeGreaterThan(1);
    expect(teamRegistry.resolve(NCAAF, 'Tigers')).toBeUndefined();
    expect(teamRegistry.resolve(NCAAF, 'Miami', 'cfbd')?.name).toBe('Miami Hurricanes');
    expect(teamRegistry.resolve(NFL, 'Nowhere Nobodies')).toBeUndefined();
    expect(teamRegistry.resolve(NFL, '  ')).toBeUndefined();
  });

  it('is case- and spacing-insensitive for every key of every team', () => {
    const keyed = TEAMS.flatMap((team) =>
      [team.abbr, team.name, ...Object.values(team.sourceKeys).flat()].map((key) => ({ team, key })),
    );
    const recase = (text: string, flips: boolean[]) =>
      [...text].map((char, i) => (flips[i % flips.length] ? char.toUpperCase() : char.toLowerCase())).join('');
    fc.assert(
      fc.property(fc.constantFrom(...keyed), fc.array(fc.boolean(), { minLength: 1 }), ({ team, key }, flips) => {
        const source = (Object.keys(team.sourceKeys) as (keyof typeof team.sourceKeys)[]).find((s) =>
          team.sourceKeys[s]?.includes(key),
        );
        expect(teamRegistry.resolve(team.sport, ` ${recase(key, flips)} `, source)).toBe(team);
      }),
    );
  });

  it('normalises accents, apostrophes and punctuation away', () => {
    expect(normalizeTeamKey("  Hawai'i ")).toBe('hawaii');
    expect(normalizeTeamKey('San José State')).toBe('san jose state');
    expect(normalizeTeamKey('Texas A&M')).toBe('texas a m');
    expect(normalizeTeamKey('St. Louis')).toBe('st louis');
  });

  it('refuses two teams with one abbreviation', () => {
    const [team] = NFL_TEAMS;
    expect(() => new TeamRegistry([team!, { ...team!, name: 'Other' }])).toThrow(/abbreviation/);
  });
});

describe('grouping', () => {
  it('groups the NFL into 2 conferences of 16 and 8 divisions of 4', () => {
    const conferences = teamRegistry.byConference(NFL);
    expect([...conferences.keys()].sort()).toEqual(['AFC', 'NFC']);
    expect(conferences.get('AFC')).toHaveLength(16);
    const divisions = teamRegistry.byDivision(NFL);
    expect(divisions.size).toBe(8);
    expect(
      divisions
        .get('AFC:AFC East')
        ?.map((t) => t.abbr)
        .sort(),
    ).toEqual(['BUF', 'MIA', 'NE', 'NYJ']);
    expect([...divisions.values()].every((teams) => teams.length === 4)).toBe(true);
  });

  it('groups MLB into 2 leagues of 15 and 6 divisions of 5', () => {
    expect(teamRegistry.byConference(MLB).get('NL')).toHaveLength(15);
    const divisions = teamRegistry.byDivision(MLB);
    expect(divisions.size).toBe(6);
    expect(
      divisions
        .get('AL:AL West')
        ?.map((t) => t.abbr)
        .sort(),
    ).toEqual(['ATH', 'HOU', 'LAA', 'SEA', 'TEX']);
  });

  it('groups college teams by the conference of the season', () => {
    const mac2024 = teamRegistry.byConference(NCAAF, 2024).get('Mid-American') ?? [];
    const mac2025 = teamRegistry.byConference(NCAAF, 2025).get('Mid-American') ?? [];
    expect(mac2024.map((t) => t.abbr)).not.toContain('MASS');
    expect(mac2025.map((t) => t.abbr)).toContain('MASS');
    const total = (season: number) =>
      [...teamRegistry.byConference(NCAAF, season).values()].reduce((sum, teams) => sum + teams.length, 0);
    expect(total(2024)).toBe(134);
    expect(total(2025)).toBe(136);
    expect(teamRegistry.byDivision(NCAAF).size).toBe(0);
  });
});

describe('the NFL season by season', () => {
  const games = readCsv('nflverse/games.csv');
  const team = (code: string) => teamRegistry.resolve(NFL, code, 'nflverse')!;

  it('puts both teams of every nflverse division game, and of no other, in one division of the season', () => {
    const regular = games.filter((row) => row.get('game_type') === 'REG');
    expect(regular.length).toBeGreaterThan(6900);
    for (const row of regular) {
      const season = Number(row.get('season'));
      const home = teamRegistry.divisionIn(team(row.get('home_team')), season);
      const away = teamRegistry.divisionIn(team(row.get('away_team')), season);
      expect(home, `${row.get('game_id')} ${row.get('home_team')}`).not.toBeNull();
      expect(home === away, row.get('game_id')).toBe(row.get('div_game') === '1');
    }
  });

  it('has the teams of each season: 31 from 1999 to 2001, 32 with Houston from 2002', () => {
    for (let season = 1999; season <= 2025; season++) {
      const played = new Set(
        games
          .filter((row) => Number(row.get('season')) === season)
          .flatMap((row) => [team(row.get('home_team')).abbr, team(row.get('away_team')).abbr]),
      );
      const placed = NFL_TEAMS.filter((entry) => teamRegistry.conferenceIn(entry, season) !== null);
      expect(placed.map((entry) => entry.abbr).sort(), String(season)).toEqual([...played].sort());
    }
    const houston = teamRegistry.get(NFL, 'HOU')!;
    expect([2001, 2002].map((season) => teamRegistry.conferenceIn(houston, season))).toEqual([null, 'AFC']);
    expect(teamRegistry.divisionIn(houston, 2001)).toBeNull();
    expect(teamRegistry.divisionIn(houston, 2002)).toBe('AFC South');
  });

  it('groups 1999–2001 into the six divisions of the time, and 2002 on into today’s eight', () => {
    const divisions = teamRegistry.byDivision(NFL, 2001);
    const members = (key: string) =>
      divisions
        .get(key)
        ?.map((entry) => entry.abbr)
        .sort();
    expect([...divisions.keys()].sort()).toEqual([
      'AFC:AFC Central',
      'AFC:AFC East',
      'AFC:AFC West',
      'NFC:NFC Central',
      'NFC:NFC East',
      'NFC:NFC West',
    ]);
    expect(members('AFC:AFC Central')).toEqual(['BAL', 'CIN', 'CLE', 'JAX', 'PIT', 'TEN']);
    expect(members('AFC:AFC East')).toEqual(['BUF', 'IND', 'MIA', 'NE', 'NYJ']);
    expect(members('AFC:AFC West')).toEqual(['DEN', 'KC', 'LAC', 'LV', 'SEA']);
    expect(members('NFC:NFC East')).toEqual(['ARI', 'DAL', 'NYG', 'PHI', 'WAS']);
    expect(members('NFC:NFC Central')).toEqual(['CHI', 'DET', 'GB', 'MIN', 'TB']);
    expect(members('NFC:NFC West')).toEqual(['ATL', 'CAR', 'LA', 'NO', 'SF']);
    expect(teamRegistry.byConference(NFL, 1999).get('AFC')).toHaveLength(16);
    expect(teamRegistry.byConference(NFL, 1999).get('NFC')).toHaveLength(15);
    const seattle = teamRegistry.get(NFL, 'SEA')!;
    expect([2001, 2002].map((season) => teamRegistry.divisionIn(seattle, season))).toEqual(['AFC West', 'NFC West']);
    expect(teamRegistry.byDivision(NFL, 2002)).toEqual(teamRegistry.byDivision(NFL));
  });

  it('reads the codes of the time and gives the names of the time', () => {
    expect(['STL', 'SD', 'OAK'].map((code) => team(code).abbr)).toEqual(['LA', 'LAC', 'LV']);
    const name = (abbr: string, season: number) => teamRegistry.nameIn(teamRegistry.get(NFL, abbr)!, season);
    expect([name('LA', 1999), name('LA', 2015), name('LA', 2016)]).toEqual([
      'St. Louis Rams',
      'St. Louis Rams',
      'Los Angeles Rams',
    ]);
    expect([name('LAC', 2016), name('LAC', 2017)]).toEqual(['San Diego Chargers', 'Los Angeles Chargers']);
    expect([name('LV', 2019), name('LV', 2020)]).toEqual(['Oakland Raiders', 'Las Vegas Raiders']);
    expect([name('WAS', 2019), name('WAS', 2021), name('WAS', 2022)]).toEqual([
      'Washington Redskins',
      'Washington Football Team',
      'Washington Commanders',
    ]);
    expect(teamRegistry.nameIn(teamRegistry.get(NFL, 'KC')!, 1999)).toBe('Kansas City Chiefs');
    const mlb = (abbr: string, season?: number) => teamRegistry.nameIn(teamRegistry.get('baseball_mlb', abbr)!, season);
    expect([mlb('ATH', 2023), mlb('ATH', 2024), mlb('ATH', 2025), mlb('ATH')]).toEqual([
      'Oakland Athletics',
      'Oakland Athletics',
      'Athletics',
      'Athletics',
    ]);
    expect([mlb('CLE', 2021), mlb('CLE', 2022)]).toEqual(['Cleveland Indians', 'Cleveland Guardians']);
  });
});
