import type { Sport } from '../enums.js';
import type { CollegeClassification, Team, TeamIdSystem, TeamSource } from './types.js';

/**
 * CFBD files the teams with no conference as the "FBS Independents": a heading for standings, not a conference.
 * Two independents playing each other (UConn and UMass in 2024) is not a conference game.
 */
export const FBS_INDEPENDENTS = 'FBS Independents';

/**
 * The form a team name or code is compared in: case, accents, apostrophes and punctuation ignored, so
 * "San José State", "San Jose State" and "SAN JOSE STATE" are one key, and "Hawai'i" equals "Hawaii".
 */
export function normalizeTeamKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’ʻ`.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const indexKey = (...parts: string[]) => parts.join('|');

/**
 * Teams of every sport, looked up by abbreviation, name or alias. A value that names two teams of a
 * sport (a shared college nickname such as "Tigers") resolves to neither: guessing would file a game
 * under the wrong team. Telling `resolve` which source a value came from settles codes that sources
 * spell differently.
 */
export class TeamRegistry {
  private readonly bySport = new Map<Sport, Team[]>();
  private readonly outsideBySport = new Map<Sport, Team[]>();
  private readonly byAbbr = new Map<string, Team>();
  private readonly byKey = new Map<string, Team[]>();
  private readonly bySourceKey = new Map<string, Team>();
  private readonly byExternalId = new Map<string, Team>();

  constructor(teams: readonly Team[]) {
    for (const team of teams) {
      const abbrKey = indexKey(team.sport, normalizeTeamKey(team.abbr));
      if (this.byAbbr.has(abbrKey)) throw new Error(`Two ${team.sport} teams have the abbreviation ${team.abbr}`);
      this.byAbbr.set(abbrKey, team);
      // College teams never in FBS (FCS opponents) are known by name and id but listed apart.
      const list = team.conference === null ? this.outsideBySport : this.bySport;
      list.set(team.sport, [...(list.get(team.sport) ?? []), team]);

      const keys = new Set([team.abbr, team.name, ...(team.nickname ? [team.nickname] : []), ...team.aliases]);
      for (const [source, values] of Object.entries(team.sourceKeys) as [TeamSource, readonly string[]][]) {
        for (const value of values) {
          keys.add(value);
          // Within one source a spelling names one team; two would make that source's data unreadable.
          const key = indexKey(team.sport, source, normalizeTeamKey(value));
          const other = this.bySourceKey.get(key);
          if (other && other !== team) {
            throw new Error(`${source} "${value}" names both ${other.abbr} and ${team.abbr}`);
          }
          this.bySourceKey.set(key, team);
        }
      }
      for (const value of new Set([...keys].map(normalizeTeamKey))) {
        const key = indexKey(team.sport, value);
        this.byKey.set(key, [...(this.byKey.get(key) ?? []), team]);
      }
      for (const [system, id] of Object.entries(team.ids) as [TeamIdSystem, string][]) {
        this.byExternalId.set(indexKey(team.sport, system, id), team);
      }
    }
  }

  /**
   * The teams of a sport's league, in the order of the data: the NFL, MLB, and for college the teams that were in
   * FBS in some season we know. Teams outside it (`outsideTeams`) are never listed here.
   */
  teams(sport: Sport): readonly Team[] {
    return this.bySport.get(sport) ?? [];
  }

  /**
   * College teams that were never in FBS in our data but played FBS teams (FCS and lower divisions): found by
   * `get`, `resolve` and `byId` so their games against FBS teams are kept, with no conference and no standings.
   */
  outsideTeams(sport: Sport): readonly Team[] {
    return this.outsideBySport.get(sport) ?? [];
  }

  /** A team by our abbreviation only (case-insensitive). */
  get(sport: Sport, abbr: string): Team | undefined {
    return this.byAbbr.get(indexKey(sport, normalizeTeamKey(abbr)));
  }

  /**
   * A team by abbreviation, name, nickname, alias or a source's own spelling, case-insensitively.
   * With a source, that source's spellings are tried first; the generic names remain a fallback.
   * Undefined when nothing matches or the value is ambiguous.
   */
  resolve(sport: Sport, value: string, source?: TeamSource): Team | undefined {
    const key = normalizeTeamKey(value);
    if (key === '') return undefined;
    if (source) {
      const team = this.bySourceKey.get(indexKey(sport, source, key));
      if (team) return team;
    }
    const matches = this.byKey.get(indexKey(sport, key)) ?? [];
    return matches.length === 1 ? matches[0] : undefined;
  }

  /** Every team a value could name (more than one when it is ambiguous). */
  candidates(sport: Sport, value: string): readonly Team[] {
    return this.byKey.get(indexKey(sport, normalizeTeamKey(value))) ?? [];
  }

  /** A team by another system's numeric id (ESPN ids, which CFBD and sportsdataverse share; Stats API ids). */
  byId(sport: Sport, system: TeamIdSystem, id: string | number): Team | undefined {
    return this.byExternalId.get(indexKey(sport, system, String(id)));
  }

  /** How a source currently spells a team (ESPN `LAR`, Retrosheet `NYA`), if we know. */
  sourceKey(team: Team, source: TeamSource): string | undefined {
    return team.sourceKeys[source]?.[0];
  }

  /** Whether a team played in a season: false before its first season. */
  playsIn(team: Team, season: number): boolean {
    return team.firstSeason === undefined || season >= team.firstSeason;
  }

  private earlierPlacement(team: Team, season: number) {
    return team.earlierPlacements?.find((place) => season >= place.firstSeason && season <= place.lastSeason);
  }

  /**
   * A team's conference in a season: per season for college teams (null when not in FBS that season), the
   * season's alignment for the professional ones (null before the team's first season). Without a season, or
   * for a season we have no data for, the latest.
   */
  conferenceIn(team: Team, season?: number): string | null {
    if (season === undefined) return team.conference;
    if (!this.playsIn(team, season)) return null;
    const earlier = this.earlierPlacement(team, season);
    if (earlier) return earlier.conference;
    if (!team.conferenceBySeason) return team.conference;
    const conference = team.conferenceBySeason[season];
    return conference === undefined ? team.conference : conference;
  }

  /**
   * A college team's division in a season ('fbs', 'fcs', 'ii', 'iii'): the season's where we know it, else the
   * latest we know; null for the professional leagues.
   */
  classificationIn(team: Team, season?: number): CollegeClassification | null {
    const bySeason = team.classificationBySeason;
    if (!bySeason) return null;
    const known = season === undefined ? undefined : bySeason[season];
    if (known) return known;
    const latest = Object.keys(bySeason)
      .map(Number)
      .sort((a, b) => b - a)[0];
    return latest === undefined ? null : (bySeason[latest] ?? null);
  }

  /**
   * Whether a game between two teams in a season is a conference game: both in the same conference that season,
   * and a real one (the FBS Independents are not). For college only the conference counts; the professional
   * leagues' conferences (AFC, AL) are their leagues, and every game within one is a "conference" game there too.
   */
  sameConference(a: Team, b: Team, season?: number): boolean {
    const conference = this.conferenceIn(a, season);
    return conference !== null && conference !== FBS_INDEPENDENTS && conference === this.conferenceIn(b, season);
  }

  /** A team's division in a season (the NFL's six divisions before 2002, its eight since); null where it has none. */
  divisionIn(team: Team, season?: number): string | null {
    if (season === undefined) return team.division;
    if (this.conferenceIn(team, season) === null) return null;
    return this.earlierPlacement(team, season)?.division ?? team.division;
  }

  /** A team's full name in a season: the St. Louis Rams in 2015, the Los Angeles Rams from 2016. */
  nameIn(team: Team, season?: number): string {
    if (season === undefined) return team.name;
    return team.earlierNames?.find((earlier) => season <= earlier.lastSeason)?.name ?? team.name;
  }

  /** Teams grouped by conference (NFL AFC/NFC, MLB AL/NL, college conferences of the season). */
  byConference(sport: Sport, season?: number): ReadonlyMap<string, readonly Team[]> {
    const groups = new Map<string, Team[]>();
    for (const team of this.teams(sport)) {
      const conference = this.conferenceIn(team, season);
      if (conference !== null) groups.set(conference, [...(groups.get(conference) ?? []), team]);
    }
    return groups;
  }

  /**
   * Teams grouped by `conference:division` ("AFC:AFC East", "NL:NL West") of a season (today's without one);
   * teams without a division are left out.
   */
  byDivision(sport: Sport, season?: number): ReadonlyMap<string, readonly Team[]> {
    const groups = new Map<string, Team[]>();
    for (const team of this.teams(sport)) {
      const division = this.divisionIn(team, season);
      if (division === null) continue;
      const key = `${this.conferenceIn(team, season)}:${division}`;
      groups.set(key, [...(groups.get(key) ?? []), team]);
    }
    return groups;
  }
}
