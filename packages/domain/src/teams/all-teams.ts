import { MLB_TEAMS } from './mlb-teams.js';
import { NCAAF_OUTSIDE_TEAMS, NCAAF_TEAMS } from './ncaaf-teams.js';
import { NFL_TEAMS } from './nfl-teams.js';
import { TeamRegistry } from './registry.js';
import { TEAM_NAMES } from './team-names.js';
import type { Team } from './types.js';

/**
 * Every team the product knows: 32 NFL, the FBS teams and their opponents outside FBS, 30 MLB. Facts that ship
 * with the code.
 */
export const TEAMS: readonly Team[] = [...NFL_TEAMS, ...NCAAF_TEAMS, ...NCAAF_OUTSIDE_TEAMS, ...MLB_TEAMS];

/** The registry over TEAMS and the names the books print for them (TEAM_NAMES); parsers use it unless given another. */
export const teamRegistry = new TeamRegistry(TEAMS, TEAM_NAMES);
