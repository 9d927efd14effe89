import type { Sport } from '../enums.js';

/**
 * The names the sportsbooks, their exports, the feeds and people print for a team, beyond those the team data
 * already holds (abbreviation, full name, nickname, the sources' own spellings): city codes ("KC", "NY", "LA"),
 * short school names ("UConn", "Miami (FL)", "Southern Mississippi"), nicknames people use ("Niners", "D-backs")
 * and the names of earlier seasons ("Redskins" to 2019). Decision 075-team-name-resolver says how they are read.
 *
 * A place (a city, a city code, a school) stands alone and also before every nickname of the team: "KC" gives
 * "KC Chiefs", "Miami (FL)" gives "Miami (FL) Hurricanes". The registry adds on its own the team's abbreviation
 * and the place its full name starts with as places, and for a college place ending in "State" the same with
 * "St" ("Boise St Broncos"). Names are compared the way `normalizeTeamKey` folds them, so "Hawai'i", "Hawaii",
 * "San José" and "San Jose" need no entry of their own.
 *
 * A name with seasons is that team's in those seasons only (both ends included, open where absent). Outside
 * them it still names the team when no team of the sport used it that season: old names stay in use.
 */
export type TeamNameUse = string | { name: string; from?: number; to?: number };

export interface TeamNameRow {
  /** Places, schools and city codes, alone or before a nickname ("KC", "Miami (FL)", "UConn"). */
  places?: readonly TeamNameUse[];
  /** Nicknames beyond the team's own, alone or after a place ("Niners", "Redskins" to 2019). */
  nicknames?: readonly TeamNameUse[];
  /** Whole names used only as they are ("Los Angeles Angels of Anaheim" 2005–2015). */
  names?: readonly TeamNameUse[];
}

/** The rows, by sport and our abbreviation. */
export type TeamNameTable = Readonly<Partial<Record<Sport, Readonly<Record<string, TeamNameRow>>>>>;

export const TEAM_NAMES: TeamNameTable = {
  americanfootball_nfl: {
    ARI: { places: ['ARZ'], nicknames: ['Cards'] },
    GB: { places: ['GNB'] },
    JAX: { places: ['JAC'], nicknames: ['Jags'] },
    KC: { places: ['KAN'] },
    // The Rams came back to Los Angeles in 2016; the Chargers followed in 2017.
    LA: {
      places: [
        { name: 'LA', from: 2016 },
        { name: 'Los Angeles', from: 2016 },
        'LAR',
        { name: 'STL', to: 2015 },
        { name: 'St. Louis', to: 2015 },
      ],
    },
    LAC: {
      places: [
        { name: 'LA', from: 2017 },
        { name: 'Los Angeles', from: 2017 },
        { name: 'SD', to: 2016 },
        { name: 'SDG', to: 2016 },
        { name: 'San Diego', to: 2016 },
      ],
      nicknames: ['Bolts'],
    },
    LV: {
      places: ['LVR', { name: 'OAK', to: 2019 }, { name: 'Oakland', to: 2019 }],
    },
    NE: { places: ['NWE'], nicknames: ['Pats'] },
    NO: { places: ['NOR'] },
    NYG: { places: ['NY'] },
    NYJ: { places: ['NY'] },
    SF: { places: ['SFO'], nicknames: ['Niners'] },
    TB: { places: ['TAM'], nicknames: ['Bucs'] },
    WAS: {
      places: ['WSH'],
      nicknames: [
        { name: 'Redskins', to: 2019 },
        { name: 'Football Team', from: 2020, to: 2021 },
        { name: 'Commanders', from: 2022 },
      ],
    },
  },
  baseball_mlb: {
    ARI: { places: ['AZ'], nicknames: ['D-backs', 'Dbacks'] },
    ATH: {
      places: [
        { name: 'OAK', to: 2024 },
        { name: 'Oakland', to: 2024 },
        { name: 'Sacramento', from: 2025 },
      ],
      nicknames: ["A's"],
    },
    CHC: { places: ['CHI'] },
    CLE: {
      nicknames: [
        { name: 'Indians', to: 2021 },
        { name: 'Guardians', from: 2022 },
      ],
    },
    CWS: { places: ['CHW', 'CHI'] },
    KC: { places: ['KCR'] },
    LAA: {
      places: ['LA', 'ANA', 'Anaheim'],
      names: [
        { name: 'California Angels', to: 1996 },
        { name: 'Anaheim Angels', to: 2004 },
        { name: 'Los Angeles Angels of Anaheim', from: 2005, to: 2015 },
      ],
    },
    LAD: { places: ['LA'] },
    MIA: { places: ['FLA', { name: 'Florida', to: 2011 }] },
    NYM: { places: ['NY'] },
    NYY: { places: ['NY'], nicknames: ['Yanks'] },
    PHI: { nicknames: ['Phils'] },
    SD: { places: ['SDP'] },
    SF: { places: ['SFG'] },
    STL: { nicknames: ['Cards'] },
    TB: { places: ['TBR'], nicknames: [{ name: 'Devil Rays', to: 2007 }] },
    TOR: { nicknames: ['Jays'] },
    WSH: {
      places: ['WAS', 'WSN', { name: 'MON', to: 2004 }, { name: 'Montreal', to: 2004 }],
      nicknames: ['Nats', { name: 'Expos', to: 2004 }],
    },
  },
  americanfootball_ncaaf: {
    // FBS
    APP: { places: ['Appalachian State'] },
    ARMY: { places: ['Army West Point'] },
    BGSU: { places: ['Bowling Green State'] },
    BYU: { places: ['Brigham Young'] },
    CAL: { places: ['Cal', 'Cal Berkeley', 'UC Berkeley'] },
    CLT: { places: ['UNC Charlotte'] },
    CCU: { places: ['Coastal'] },
    CONN: { places: ['Connecticut'] },
    FIU: { places: ['Florida Intl'] },
    GASO: { places: ['Ga Southern'] },
    JVST: { places: ['Jax State'] },
    LSU: { places: ['Louisiana State'] },
    LT: { places: ['La Tech'] },
    MASS: { places: ['UMass'] },
    // "Miami" alone is the Hurricanes (CFBD's name for them); Miami of Ohio is always written with its state.
    MIA: { places: ['Miami (FL)', 'Miami Florida', 'Miami (Fla.)'] },
    'M-OH': { places: ['Miami Ohio'], names: ['Miami RedHawks', 'Miami University'] },
    MISS: { places: ['Mississippi'] },
    MSST: { places: ['Miss State'] },
    MTSU: { places: ['Middle Tennessee State', 'Middle Tenn State'] },
    NCSU: { places: ['North Carolina State'] },
    OKST: { places: ['Okla State'] },
    PITT: { places: ['Pitt'] },
    SHSU: { places: ['Sam Houston State'] },
    SMU: { places: ['Southern Methodist'] },
    TCU: { places: ['Texas Christian'] },
    'TA&M': { places: ['TAMU'] },
    UAB: { places: ['Alabama-Birmingham'] },
    UCF: { places: ['Central Florida'] },
    UL: { places: ['Louisiana-Lafayette', 'UL Lafayette', 'ULL'], nicknames: ['Cajuns'] },
    ULM: { places: ['Louisiana-Monroe'] },
    UNLV: { places: ['Nevada-Las Vegas'] },
    USC: { places: ['Southern California', 'Southern Cal'] },
    USM: { places: ['Southern Mississippi'] },
    UTEP: { places: ['Texas-El Paso'] },
    UTSA: { places: ['Texas-San Antonio', 'UT San Antonio'] },
    // FCS and lower opponents of FBS teams
    ALB: { places: ['Albany'] },
    CIT: { places: ['Citadel'] },
    ETAM: { places: [{ name: 'Texas A&M-Commerce', to: 2024 }] },
    GRAM: { places: ['Grambling State'] },
    HCU: { places: [{ name: 'Houston Baptist', to: 2021 }] },
    LIU: { places: ['Long Island'] },
    MCN: { places: ['McNeese State'] },
    NCAT: { places: ['NC A&T'] },
    NCCU: { places: ['NC Central'] },
    NICH: { places: ['Nicholls State'] },
    PV: { places: ['Prairie View'] },
    SAC: { places: ['Sac State'] },
    SELA: { places: ['Southeastern Louisiana'] },
    SEMO: { places: ['SE Missouri State', 'Southeast Missouri'] },
    SFPA: { places: ['Saint Francis', 'Saint Francis (PA)', 'St. Francis'], nicknames: ['Red Flash'] },
    SOU: { places: ['Southern University'] },
    TAR: { places: ['Tarleton'] },
    UTM: { places: ['Tennessee-Martin'] },
    UTU: { places: [{ name: 'Dixie State', to: 2021 }] },
    'W&M': { places: ['William and Mary'] },
  },
};

/**
 * The names that are several teams' of one sport on purpose: a city two teams share. The resolver gives their
 * candidates and never picks one. A nickname several college teams share ("Tigers", "Bulldogs") is ambiguous
 * the same way without being listed; any other name of two teams is a mistake, and the tests fail on it.
 */
export const AMBIGUOUS_TEAM_NAMES: readonly { sport: Sport; name: string; teams: readonly string[] }[] = [
  { sport: 'americanfootball_nfl', name: 'LA', teams: ['LA', 'LAC'] },
  { sport: 'americanfootball_nfl', name: 'Los Angeles', teams: ['LA', 'LAC'] },
  { sport: 'americanfootball_nfl', name: 'NY', teams: ['NYG', 'NYJ'] },
  { sport: 'americanfootball_nfl', name: 'New York', teams: ['NYG', 'NYJ'] },
  { sport: 'baseball_mlb', name: 'LA', teams: ['LAA', 'LAD'] },
  { sport: 'baseball_mlb', name: 'Los Angeles', teams: ['LAA', 'LAD'] },
  { sport: 'baseball_mlb', name: 'NY', teams: ['NYM', 'NYY'] },
  { sport: 'baseball_mlb', name: 'New York', teams: ['NYM', 'NYY'] },
  { sport: 'baseball_mlb', name: 'CHI', teams: ['CHC', 'CWS'] },
  { sport: 'baseball_mlb', name: 'Chicago', teams: ['CHC', 'CWS'] },
];
