import type { Sport } from '../enums.js';

/**
 * The outside systems whose team names or codes we read. Each uses its own spelling of a team
 * (nflverse `LA` vs ESPN `LAR`, Retrosheet `NYA` vs the Stats API `NYY`), so a registry lookup can be
 * told which one a value came from.
 */
export const TEAM_SOURCES = [
  'nflverse',
  'espn',
  'odds_api',
  'cfbd',
  'sportsdataverse',
  'retrosheet',
  'lahman',
  'statsapi',
] as const;
export type TeamSource = (typeof TEAM_SOURCES)[number];

/** Numeric ids other systems give a team; CFBD and sportsdataverse reuse ESPN's. */
export type TeamIdSystem = 'espn' | 'statsapi';

/** The NCAA football divisions, as CFBD names them (`classification`, v1 `division`): FBS, FCS, Division II and III. */
export const COLLEGE_CLASSIFICATIONS = ['fbs', 'fcs', 'ii', 'iii'] as const;
export type CollegeClassification = (typeof COLLEGE_CLASSIFICATIONS)[number];

export interface Team {
  sport: Sport;
  /** Our abbreviation, unique within the sport. NFL: nflverse's codes (`LA` for the Rams); MLB: the Stats API's; NCAAF: ESPN's. */
  abbr: string;
  /** Current full name, e.g. "Kansas City Chiefs", "Utah State Aggies", "Athletics". */
  name: string;
  /** The name without the place ("Chiefs"), or null when it cannot be split off. */
  nickname: string | null;
  /**
   * NFL AFC/NFC, MLB AL/NL (the league), NCAAF the FBS conference of the latest season we know; null for a college
   * team that was never in FBS in our data (an FCS opponent of FBS teams), which has no standings.
   */
  conference: string | null;
  /** "AFC East", "AL West"; null where the conference has no divisions. */
  division: string | null;
  /**
   * College conferences change yearly (2024 and 2025 realignment), so each known season has its own;
   * null means the team was not in FBS that season. Absent for the professional leagues.
   */
  conferenceBySeason?: Readonly<Record<number, string | null>>;
  /**
   * College teams: the division the team played in each known season (Delaware was FCS in 2024, FBS in 2025).
   * Seasons not listed take the latest one listed. Absent for the professional leagues.
   */
  classificationBySeason?: Readonly<Record<number, CollegeClassification>>;
  /**
   * The first season the team played, where that is within our data (the NFL's Cleveland Browns came back in
   * 1999, the Houston Texans began in 2002). Before it the team is in no conference, division or standings.
   */
  firstSeason?: number;
  /** Where the team stood before its league realigned, season range by range; later seasons use `conference` and `division`. */
  earlierPlacements?: readonly TeamPlacement[];
  /** The team's earlier full names with the last season of each (the St. Louis Rams to 2015), oldest first. */
  earlierNames?: readonly { name: string; lastSeason: number }[];
  /** The spellings each source uses for this team, current first (nflverse `['LV', 'OAK']`). */
  sourceKeys: Readonly<Partial<Record<TeamSource, readonly string[]>>>;
  /** Other names and codes people or sources use ("Redskins", "JAC"). */
  aliases: readonly string[];
  ids: Readonly<Partial<Record<TeamIdSystem, string>>>;
}

/** A conference and division held for a range of seasons (both ends included). */
export interface TeamPlacement {
  firstSeason: number;
  lastSeason: number;
  conference: string;
  division: string | null;
}
