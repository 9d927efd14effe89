import { seasonForDate } from '../calendar.js';
import type { Sport } from '../enums.js';
import type { TeamNameRow, TeamNameTable, TeamNameUse } from './team-names.js';
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

/** Seasons a name was used in, both ends included; an end left out is open. */
export interface SeasonRange {
  from?: number;
  to?: number;
}

/** One name of one team, as the resolver reads it. */
export interface TeamName {
  /** The name as first written ("KC Chiefs"); every spelling that folds to the same key is this name. */
  name: string;
  /** The key the name is compared by (`normalizeTeamKey`). */
  key: string;
  team: Team;
  /** The seasons the name is this team's; null for every season. */
  seasons: readonly SeasonRange[] | null;
  /** Whether it is one of the team's nicknames on its own ("Tigers"), which several teams of a sport may share. */
  nickname: boolean;
}

/** What a name reads as: the one team it names, or the teams it could be when it names several. */
export type TeamNameMatch = { team: Team } | { candidates: readonly Team[] };

export interface ResolveNameOptions {
  /** The system the value came from: its own spellings are tried first. */
  source?: TeamSource | undefined;
  /** The season the name was written in: a name used by different teams in different seasons is read as of it. */
  season?: number | undefined;
  /** The date the name was written for (a game's start, a bet's time), read as its season when `season` is absent. */
  date?: Date | string | undefined;
}

const usedIn = (name: TeamName, season: number) =>
  name.seasons === null ||
  name.seasons.some((range) => (range.from ?? -Infinity) <= season && season <= (range.to ?? Infinity));

/** A name with the seasons it holds (null: every season). */
type Use = [name: string, seasons: SeasonRange | null];

function readUse(use: TeamNameUse): Use {
  if (typeof use === 'string') return [use, null];
  const range: SeasonRange = {
    ...(use.from === undefined ? {} : { from: use.from }),
    ...(use.to === undefined ? {} : { to: use.to }),
  };
  return [use.name, use.from === undefined && use.to === undefined ? null : range];
}

/** The seasons both ranges hold; undefined when none. */
function overlap(a: SeasonRange | null, b: SeasonRange | null): SeasonRange | null | undefined {
  if (a === null) return b;
  if (b === null) return a;
  const from = Math.max(a.from ?? -Infinity, b.from ?? -Infinity);
  const to = Math.min(a.to ?? Infinity, b.to ?? Infinity);
  if (from > to) return undefined;
  return { ...(from === -Infinity ? {} : { from }), ...(to === Infinity ? {} : { to }) };
}

/** Ranges joined where they overlap or meet: [..2019] and [2018..2021] are [..2021]. */
function joined(ranges: readonly SeasonRange[]): SeasonRange[] {
  const sorted = [...ranges].sort((a, b) => (a.from ?? -Infinity) - (b.from ?? -Infinity));
  const out: SeasonRange[] = [];
  for (const range of sorted) {
    const last = out.at(-1);
    if (last && (last.to ?? Infinity) + 1 >= (range.from ?? -Infinity)) {
      const to = Math.max(last.to ?? Infinity, range.to ?? Infinity);
      out[out.length - 1] = {
        ...(last.from === undefined ? {} : { from: last.from }),
        ...(to === Infinity ? {} : { to }),
      };
    } else out.push(range);
  }
  return out;
}

/** The place a full name starts with ("Kansas City" of "Kansas City Chiefs"), when the nickname ends it. */
function placeOf(team: Team): string | undefined {
  if (!team.nickname || !team.name.endsWith(` ${team.nickname}`)) return undefined;
  return team.name.slice(0, -team.nickname.length - 1);
}

/**
 * Every name of one team with the seasons it is the team's: the team data's (abbreviation, full name, nickname,
 * aliases, the sources' spellings, earlier names with their seasons) and the name table's, each place alone and
 * before each nickname. A name the table or the team's earlier names give seasons is the team's in those seasons
 * only, however else it is reached.
 */
function namesOf(team: Team, row: TeamNameRow | undefined): TeamName[] {
  const found = new Map<string, { name: string; ranges: SeasonRange[]; nickname: boolean }>();
  const add = (name: string, range: SeasonRange | null, nickname = false) => {
    const key = normalizeTeamKey(name);
    if (key === '') return;
    const entry = found.get(key) ?? { name, ranges: [], nickname: false };
    if (range) entry.ranges.push(range);
    entry.nickname ||= nickname;
    found.set(key, entry);
  };

  add(team.abbr, null);
  add(team.name, null);
  for (const alias of team.aliases) add(alias, null);
  for (const values of Object.values(team.sourceKeys)) for (const value of values) add(value, null);
  let earlierEnd: number | undefined;
  for (const earlier of team.earlierNames ?? []) {
    add(earlier.name, { ...(earlierEnd === undefined ? {} : { from: earlierEnd + 1 }), to: earlier.lastSeason });
    earlierEnd = earlier.lastSeason;
  }
  for (const use of row?.names ?? []) add(...readUse(use));

  const place = placeOf(team);
  const places: Use[] = [
    [team.abbr, null],
    ...(place === undefined ? [] : [[place, null] as Use]),
    ...(team.sourceKeys.cfbd ?? []).map((school): Use => [school, null]),
    ...(row?.places ?? []).map(readUse),
  ];
  // "Boise State" is "Boise St" on many a ticket.
  for (const [name, range] of [...places]) {
    if (/ State$/.test(name)) places.push([name.replace(/ State$/, ' St'), range]);
  }
  const nicknames: Use[] = [
    ...(team.nickname ? [[team.nickname, null] as Use] : []),
    ...(row?.nicknames ?? []).map(readUse),
  ];
  for (const [name, range] of places) add(name, range);
  for (const [name, range] of nicknames) add(name, range, true);
  for (const [placeName, placeRange] of places) {
    for (const [nickname, nicknameRange] of nicknames) {
      const range = overlap(placeRange, nicknameRange);
      if (range !== undefined) add(`${placeName} ${nickname}`, range);
    }
  }

  return [...found].map(([key, entry]) => ({
    name: entry.name,
    key,
    team,
    // Seasons given anywhere are the name's seasons: "LA" is the Rams' from 2016 though it is also their code.
    seasons: entry.ranges.length > 0 ? joined(entry.ranges) : null,
    nickname: entry.nickname,
  }));
}

/**
 * Teams of every sport, looked up by abbreviation, name, alias, a source's own spelling or a name the books print
 * (team-names.ts). A value that names two teams of a sport (a shared college nickname such as "Tigers", "LA" in
 * the NFL) names neither: `resolveName` gives the candidates and `resolve` nothing, since guessing would file a
 * game under the wrong team. Telling the lookup which source a value came from settles codes that sources spell
 * differently; telling it the season settles names that moved ("LA" was only the Rams in 2016).
 */
export class TeamRegistry {
  private readonly bySport = new Map<Sport, Team[]>();
  private readonly outsideBySport = new Map<Sport, Team[]>();
  private readonly byAbbr = new Map<string, Team>();
  private readonly byKey = new Map<string, TeamName[]>();
  private readonly namesBySport = new Map<Sport, TeamName[]>();
  private readonly bySourceKey = new Map<string, Team>();
  private readonly byExternalId = new Map<string, Team>();

  constructor(teams: readonly Team[], names: TeamNameTable = {}) {
    for (const team of teams) {
      const abbrKey = indexKey(team.sport, normalizeTeamKey(team.abbr));
      if (this.byAbbr.has(abbrKey)) throw new Error(`Two ${team.sport} teams have the abbreviation ${team.abbr}`);
      this.byAbbr.set(abbrKey, team);
      // College teams never in FBS (FCS opponents) are known by name and id but listed apart.
      const list = team.conference === null ? this.outsideBySport : this.bySport;
      list.set(team.sport, [...(list.get(team.sport) ?? []), team]);

      for (const [source, values] of Object.entries(team.sourceKeys) as [TeamSource, readonly string[]][]) {
        for (const value of values) {
          // Within one source a spelling names one team; two would make that source's data unreadable.
          const key = indexKey(team.sport, source, normalizeTeamKey(value));
          const other = this.bySourceKey.get(key);
          if (other && other !== team) {
            throw new Error(`${source} "${value}" names both ${other.abbr} and ${team.abbr}`);
          }
          this.bySourceKey.set(key, team);
        }
      }
      for (const [system, id] of Object.entries(team.ids) as [TeamIdSystem, string][]) {
        this.byExternalId.set(indexKey(team.sport, system, id), team);
      }
    }
    for (const [sport, rows] of Object.entries(names) as [Sport, Readonly<Record<string, TeamNameRow>>][]) {
      for (const abbr of Object.keys(rows)) {
        if (!this.get(sport, abbr)) throw new Error(`The team names list ${sport} ${abbr}, which is no team`);
      }
    }
    for (const team of teams) {
      for (const name of namesOf(team, names[team.sport]?.[team.abbr])) {
        const key = indexKey(team.sport, name.key);
        this.byKey.set(key, [...(this.byKey.get(key) ?? []), name]);
        const sportNames = this.namesBySport.get(team.sport);
        if (sportNames) sportNames.push(name);
        else this.namesBySport.set(team.sport, [name]);
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
   * What a name reads as in a sport: with a source, that source's spellings first; then every name of the
   * sport's teams, case, accents and punctuation aside. With a season (or a date), a name several teams used is
   * read as of that season ("LA": the Rams in 2016, the Rams or the Chargers from 2017); a name no team used that
   * season still names the team(s) that did use it (an old name is still written). Several teams: their
   * candidates, never a guess. Undefined when no team goes by it.
   */
  resolveName(sport: Sport, value: string, options: ResolveNameOptions = {}): TeamNameMatch | undefined {
    const key = normalizeTeamKey(value);
    if (key === '') return undefined;
    if (options.source) {
      const team = this.bySourceKey.get(indexKey(sport, options.source, key));
      if (team) return { team };
    }
    const names = this.byKey.get(indexKey(sport, key));
    if (!names) return undefined;
    const season =
      options.season ?? (options.date === undefined ? undefined : seasonForDate(sport, new Date(options.date)));
    const inSeason = season === undefined ? names : names.filter((name) => usedIn(name, season));
    const teams = (inSeason.length > 0 ? inSeason : names).map((name) => name.team);
    return teams.length === 1 ? { team: teams[0]! } : { candidates: teams };
  }

  /**
   * A team by abbreviation, name, nickname, alias, a source's own spelling or a name the books print,
   * case-insensitively (`resolveName` when it is sure). With a source, that source's spellings are tried first;
   * the generic names remain a fallback. Undefined when nothing matches or the value is ambiguous.
   */
  resolve(sport: Sport, value: string, source?: TeamSource): Team | undefined {
    const match = this.resolveName(sport, value, { source });
    return match && 'team' in match ? match.team : undefined;
  }

  /** Every team a value could name, in any season (more than one when it is ambiguous). */
  candidates(sport: Sport, value: string): readonly Team[] {
    return (this.byKey.get(indexKey(sport, normalizeTeamKey(value))) ?? []).map((name) => name.team);
  }

  /** Every name of every team of a sport, one per team and key: the table the resolver reads. */
  names(sport: Sport): readonly TeamName[] {
    return this.namesBySport.get(sport) ?? [];
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
