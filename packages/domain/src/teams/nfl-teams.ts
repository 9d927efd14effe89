import type { Team, TeamPlacement } from './types.js';

/**
 * The 32 NFL teams (nflverse `teams_colors_logos.csv`, checked against it in the tests), with the alignment of
 * each season since 1999 and the names of the time. Abbreviations are
 * nflverse's because its games file is the schedule master: the Rams are `LA` there and `LAR` at ESPN.
 * Relocations and renames stay resolvable through the old codes and names (OAK, SD, STL, "Washington
 * Redskins", "Washington Football Team").
 */
interface NflTeamRow {
  abbr: string;
  place: string;
  nickname: string;
  division: `${'AFC' | 'NFC'} ${'East' | 'North' | 'South' | 'West'}`;
  /** nflverse codes other than the current one (relocations). */
  oldCodes?: readonly string[];
  /** ESPN's code when it differs from nflverse's. */
  espn?: string;
  /** Earlier full names with their last season, oldest first (The Odds API and old data use the name of the time). */
  earlierNames?: readonly { name: string; lastSeason: number }[];
  aliases?: readonly string[];
}

const ROWS: readonly NflTeamRow[] = [
  { abbr: 'ARI', place: 'Arizona', nickname: 'Cardinals', division: 'NFC West', aliases: ['ARZ'] },
  { abbr: 'ATL', place: 'Atlanta', nickname: 'Falcons', division: 'NFC South' },
  { abbr: 'BAL', place: 'Baltimore', nickname: 'Ravens', division: 'AFC North' },
  { abbr: 'BUF', place: 'Buffalo', nickname: 'Bills', division: 'AFC East' },
  { abbr: 'CAR', place: 'Carolina', nickname: 'Panthers', division: 'NFC South' },
  { abbr: 'CHI', place: 'Chicago', nickname: 'Bears', division: 'NFC North' },
  { abbr: 'CIN', place: 'Cincinnati', nickname: 'Bengals', division: 'AFC North' },
  { abbr: 'CLE', place: 'Cleveland', nickname: 'Browns', division: 'AFC North' },
  { abbr: 'DAL', place: 'Dallas', nickname: 'Cowboys', division: 'NFC East' },
  { abbr: 'DEN', place: 'Denver', nickname: 'Broncos', division: 'AFC West' },
  { abbr: 'DET', place: 'Detroit', nickname: 'Lions', division: 'NFC North' },
  { abbr: 'GB', place: 'Green Bay', nickname: 'Packers', division: 'NFC North', aliases: ['GNB'] },
  { abbr: 'HOU', place: 'Houston', nickname: 'Texans', division: 'AFC South' },
  { abbr: 'IND', place: 'Indianapolis', nickname: 'Colts', division: 'AFC South' },
  { abbr: 'JAX', place: 'Jacksonville', nickname: 'Jaguars', division: 'AFC South', aliases: ['JAC'] },
  { abbr: 'KC', place: 'Kansas City', nickname: 'Chiefs', division: 'AFC West', aliases: ['KAN'] },
  {
    abbr: 'LA',
    place: 'Los Angeles',
    nickname: 'Rams',
    division: 'NFC West',
    oldCodes: ['STL'],
    espn: 'LAR',
    earlierNames: [{ name: 'St. Louis Rams', lastSeason: 2015 }],
    aliases: ['LAR', 'RAM'],
  },
  {
    abbr: 'LAC',
    place: 'Los Angeles',
    nickname: 'Chargers',
    division: 'AFC West',
    oldCodes: ['SD'],
    earlierNames: [{ name: 'San Diego Chargers', lastSeason: 2016 }],
    aliases: ['SDG'],
  },
  {
    abbr: 'LV',
    place: 'Las Vegas',
    nickname: 'Raiders',
    division: 'AFC West',
    oldCodes: ['OAK'],
    earlierNames: [{ name: 'Oakland Raiders', lastSeason: 2019 }],
    aliases: ['LVR'],
  },
  { abbr: 'MIA', place: 'Miami', nickname: 'Dolphins', division: 'AFC East' },
  { abbr: 'MIN', place: 'Minnesota', nickname: 'Vikings', division: 'NFC North' },
  { abbr: 'NE', place: 'New England', nickname: 'Patriots', division: 'AFC East', aliases: ['NWE'] },
  { abbr: 'NO', place: 'New Orleans', nickname: 'Saints', division: 'NFC South', aliases: ['NOR'] },
  { abbr: 'NYG', place: 'New York', nickname: 'Giants', division: 'NFC East' },
  { abbr: 'NYJ', place: 'New York', nickname: 'Jets', division: 'AFC East' },
  { abbr: 'PHI', place: 'Philadelphia', nickname: 'Eagles', division: 'NFC East' },
  { abbr: 'PIT', place: 'Pittsburgh', nickname: 'Steelers', division: 'AFC North' },
  { abbr: 'SEA', place: 'Seattle', nickname: 'Seahawks', division: 'NFC West' },
  { abbr: 'SF', place: 'San Francisco', nickname: '49ers', division: 'NFC West', aliases: ['SFO'] },
  { abbr: 'TB', place: 'Tampa Bay', nickname: 'Buccaneers', division: 'NFC South', aliases: ['TAM'] },
  { abbr: 'TEN', place: 'Tennessee', nickname: 'Titans', division: 'AFC South' },
  {
    abbr: 'WAS',
    place: 'Washington',
    nickname: 'Commanders',
    division: 'NFC East',
    espn: 'WSH',
    // Renamed twice: "Football Team" for 2020–2021, "Commanders" from 2022.
    earlierNames: [
      { name: 'Washington Redskins', lastSeason: 2019 },
      { name: 'Washington Football Team', lastSeason: 2021 },
    ],
    aliases: ['WSH', 'Washington', 'Redskins', 'Football Team'],
  },
];

/**
 * The NFL from 1999 (Cleveland's return) to 2001: 31 teams, three divisions per conference. The 2002
 * realignment added Houston and made today's eight divisions of four; Seattle moved to the NFC. Codes are
 * ours (LV was OAK, LAC was SD, LA was STL); the tests check every division game of nflverse's games file.
 */
export const NFL_ALIGNMENT_1999_2001: Readonly<Record<string, readonly string[]>> = {
  'AFC East': ['BUF', 'IND', 'MIA', 'NE', 'NYJ'],
  'AFC Central': ['BAL', 'CIN', 'CLE', 'JAX', 'PIT', 'TEN'],
  'AFC West': ['DEN', 'KC', 'LV', 'LAC', 'SEA'],
  'NFC East': ['ARI', 'DAL', 'NYG', 'PHI', 'WAS'],
  'NFC Central': ['CHI', 'DET', 'GB', 'MIN', 'TB'],
  'NFC West': ['ATL', 'CAR', 'LA', 'NO', 'SF'],
};

/** The first season of the teams that began within our data (nflverse starts in 1999). */
const NFL_FIRST_SEASONS: Readonly<Record<string, number>> = { CLE: 1999, HOU: 2002 };

function earlierPlacements(abbr: string): TeamPlacement[] {
  const division = Object.keys(NFL_ALIGNMENT_1999_2001).find((name) => NFL_ALIGNMENT_1999_2001[name]!.includes(abbr));
  return division ? [{ firstSeason: 1999, lastSeason: 2001, conference: division.slice(0, 3), division }] : [];
}

export const NFL_TEAMS: readonly Team[] = ROWS.map((row) => {
  const name = `${row.place} ${row.nickname}`;
  const oldNames = (row.earlierNames ?? []).map((earlier) => earlier.name).reverse();
  const firstSeason = NFL_FIRST_SEASONS[row.abbr];
  return {
    sport: 'americanfootball_nfl',
    abbr: row.abbr,
    name,
    nickname: row.nickname,
    conference: row.division.slice(0, 3),
    division: row.division,
    ...(firstSeason === undefined ? {} : { firstSeason }),
    earlierPlacements: earlierPlacements(row.abbr),
    ...(row.earlierNames ? { earlierNames: row.earlierNames } : {}),
    sourceKeys: {
      nflverse: [row.abbr, ...(row.oldCodes ?? [])],
      espn: [row.espn ?? row.abbr],
      odds_api: [name, ...oldNames],
    },
    aliases: [...(row.oldCodes ?? []), ...oldNames, ...(row.aliases ?? [])],
    ids: {},
  };
});
