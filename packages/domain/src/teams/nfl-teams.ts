import type { Team } from './types.js';

/**
 * The 32 NFL teams (nflverse `teams_colors_logos.csv`, checked against it in the tests). Abbreviations are
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
  /** Earlier full names, newest first (The Odds API and old data use the name of the time). */
  oldNames?: readonly string[];
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
    oldNames: ['St. Louis Rams'],
    aliases: ['LAR', 'RAM'],
  },
  {
    abbr: 'LAC',
    place: 'Los Angeles',
    nickname: 'Chargers',
    division: 'AFC West',
    oldCodes: ['SD'],
    oldNames: ['San Diego Chargers'],
    aliases: ['SDG'],
  },
  {
    abbr: 'LV',
    place: 'Las Vegas',
    nickname: 'Raiders',
    division: 'AFC West',
    oldCodes: ['OAK'],
    oldNames: ['Oakland Raiders'],
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
    oldNames: ['Washington Football Team', 'Washington Redskins'],
    aliases: ['WSH', 'Washington', 'Redskins', 'Football Team'],
  },
];

export const NFL_TEAMS: readonly Team[] = ROWS.map((row) => {
  const name = `${row.place} ${row.nickname}`;
  return {
    sport: 'americanfootball_nfl',
    abbr: row.abbr,
    name,
    nickname: row.nickname,
    conference: row.division.slice(0, 3),
    division: row.division,
    sourceKeys: {
      nflverse: [row.abbr, ...(row.oldCodes ?? [])],
      espn: [row.espn ?? row.abbr],
      odds_api: [name, ...(row.oldNames ?? [])],
    },
    aliases: [...(row.oldCodes ?? []), ...(row.oldNames ?? []), ...(row.aliases ?? [])],
    ids: {},
  };
});
