import type {
  AlmanacGame,
  AlmanacRecord,
  AlmanacReward,
  LineSource,
  LineSourceCount,
  OutsideDivision,
  StandingRow,
  StandingsGroup,
  Streak,
  TeamTrend,
  Tip,
  WinLossTie,
} from '@pass/contracts';
import { FBS_INDEPENDENTS, profitCents, teamRegistry, type LineOfRecord, type Sport } from '@pass/domain';
import type { EventRow } from './sports.repository.js';

/**
 * The figures of the team pages, the almanac, the standings and the tips, computed from final games and
 * their closing lines. Pure: the service loads the rows, these functions count.
 */

/**
 * The line of record of a game (domain `lineOfRecord`, DESIGN.md section 6): the source file's closing line, else
 * the median of the books' last quotes before kickoff, from the home side with the sportsbook sign, and its source.
 */
export type ClosingLine = LineOfRecord;

/** Picks score +5 for a win and −5 for a loss (DESIGN.md section 6); bets stake $100, counted in cents. */
export const PICK_POINTS = 5;
export const BET_STAKE_CENTS = 10_000;

const NO_LINE_SOURCE: LineSource = {
  kind: 'none',
  provider: null,
  books: 0,
  label: 'no line: no book quoted the game before kickoff',
};

/** How many games were graded against each source of line, most games first (a screen's caption). */
export function countLineSources(sources: readonly LineSource[]): LineSourceCount[] {
  const counts = new Map<string, LineSourceCount>();
  for (const source of sources) {
    // Medians of different numbers of books are one source: "median of the books' last quotes before kickoff".
    const key = source.kind === 'median' ? 'median' : `${source.kind}|${source.label}`;
    const label = source.kind === 'median' ? "median of the books' last quotes before kickoff" : source.label;
    const entry = counts.get(key) ?? { kind: source.kind, provider: source.provider, label, games: 0 };
    entry.games++;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.games - a.games || a.label.localeCompare(b.label));
}

/** A final game with a score, seen from one team's side at its closing line. */
export function teamGame(event: EventRow, team: string, line: ClosingLine | undefined): AlmanacGame {
  const home = event.homeTeam === team;
  const opponent = home ? event.awayTeam : event.homeTeam;
  const sport = event.sport as Sport;
  const scoreFor = (home ? event.homeScore : event.awayScore)!;
  const scoreAgainst = (home ? event.awayScore : event.homeScore)!;
  const spread = line?.homeSpread == null ? null : home ? line.homeSpread : -line.homeSpread || 0;
  const total = line?.total ?? null;
  const moneyline = (home ? line?.homeMoneyline : line?.awayMoneyline) ?? null;
  const opponentMoneyline = (home ? line?.awayMoneyline : line?.homeMoneyline) ?? null;
  const straightUp = scoreFor > scoreAgainst ? 'W' : scoreFor < scoreAgainst ? 'L' : 'T';
  const cover = spread === null ? null : scoreFor + spread - scoreAgainst;
  const ats = cover === null ? null : cover > 0 ? 'W' : cover < 0 ? 'L' : 'P';
  const points = scoreFor + scoreAgainst;
  const overUnder = total === null ? null : points > total ? 'O' : points < total ? 'U' : 'P';
  const pickOn = ats === 'W' ? PICK_POINTS : ats === 'L' ? -PICK_POINTS : 0;
  // In cents, with the ledger's own rounding of a win (domain `profitCents`).
  const betOn =
    moneyline === null
      ? 0
      : straightUp === 'W'
        ? profitCents(BET_STAKE_CENTS, moneyline)
        : straightUp === 'L'
          ? -BET_STAKE_CENTS
          : 0;
  const betAgainst =
    opponentMoneyline === null
      ? 0
      : straightUp === 'L'
        ? profitCents(BET_STAKE_CENTS, opponentMoneyline)
        : straightUp === 'W'
          ? -BET_STAKE_CENTS
          : 0;
  return {
    event_id: event.id,
    season: event.season,
    week: event.week,
    yr_week: event.week === null ? null : event.season * 100 + event.week,
    season_type: event.seasonType,
    kickoff: event.kickoffAt,
    game_date: event.gameDate,
    opponent,
    opponent_name: nameOf(sport, opponent, event.season),
    opponent_outside: outsideLeague(sport, opponent, event.season)
      ? outsideDivision(sport, opponent, event.season)
      : null,
    home,
    neutral_site: event.neutralSite,
    is_demo: event.isDemo,
    score_for: scoreFor,
    score_against: scoreAgainst,
    spread,
    total,
    moneyline,
    opponent_moneyline: opponentMoneyline,
    straight_up: straightUp,
    ats,
    over_under: overUnder,
    reward: { pick_on: pickOn, pick_against: -pickOn || 0, bet_on: betOn, bet_against: betAgainst },
    line_source: line?.source ?? NO_LINE_SOURCE,
  };
}

export function summarize(games: readonly AlmanacGame[]): AlmanacRecord {
  const record: AlmanacRecord = {
    games: games.length,
    straight_up: { wins: 0, losses: 0, ties: 0 },
    ats: { wins: 0, losses: 0, pushes: 0 },
    over_under: { overs: 0, unders: 0, pushes: 0 },
    reward: { pick_on: 0, pick_against: 0, bet_on: 0, bet_against: 0 },
  };
  for (const game of games) {
    const su = record.straight_up;
    if (game.straight_up === 'W') su.wins++;
    else if (game.straight_up === 'L') su.losses++;
    else su.ties++;
    if (game.ats === 'W') record.ats.wins++;
    else if (game.ats === 'L') record.ats.losses++;
    else if (game.ats === 'P') record.ats.pushes++;
    if (game.over_under === 'O') record.over_under.overs++;
    else if (game.over_under === 'U') record.over_under.unders++;
    else if (game.over_under === 'P') record.over_under.pushes++;
    for (const key of Object.keys(record.reward) as (keyof AlmanacReward)[]) record.reward[key] += game.reward[key];
  }
  return record;
}

/** The run of the same result at the end of a sequence (oldest first). */
export function currentStreak<R extends Streak['result']>(results: readonly (R | null)[]): Streak | null {
  const known = results.filter((result): result is R => result !== null);
  const last = known.at(-1);
  if (last === undefined) return null;
  let length = 0;
  for (let index = known.length - 1; index >= 0 && known[index] === last; index--) length++;
  return { result: last, length };
}

const isFinal = (event: EventRow) => event.status === 'final' && event.homeScore !== null && event.awayScore !== null;

// ---------------------------------------------------------------------------------------------------------
// Standings

const pctOf = (record: WinLossTie) => {
  const games = record.wins + record.losses + record.ties;
  return games === 0 ? 0 : Math.round(((record.wins + record.ties / 2) / games) * 1000) / 1000;
};

interface Placement {
  conference: string;
  division: string | null;
}

/**
 * Where a team stands in a season: the professional leagues' divisions of that season (the NFL's before and
 * after its 2002 realignment), college conferences per season; null when the team did not play it.
 */
function placementOf(sport: Sport, abbr: string, season: number): Placement | null {
  const team = teamRegistry.get(sport, abbr);
  if (!team) return null;
  const conference = teamRegistry.conferenceIn(team, season);
  if (conference === null) return null;
  return { conference, division: sport === 'americanfootball_ncaaf' ? null : teamRegistry.divisionIn(team, season) };
}

/**
 * Whether a team is outside the sport's league that season: a college team not in FBS (an FCS opponent), which
 * has no standings, trends or team page of its own; its games count for the FBS teams it played.
 */
export function outsideLeague(sport: Sport, abbr: string, season: number): boolean {
  const team = teamRegistry.get(sport, abbr);
  return sport === 'americanfootball_ncaaf' && team !== undefined && teamRegistry.conferenceIn(team, season) === null;
}

/** The division of a college team outside FBS that season; FCS where the registry does not say. */
function outsideDivision(sport: Sport, abbr: string, season: number): OutsideDivision {
  const team = teamRegistry.get(sport, abbr);
  const division = team ? teamRegistry.classificationIn(team, season) : null;
  return division === 'ii' || division === 'iii' ? division : 'fcs';
}

/** A team's name in a season (the St. Louis Rams of 1999), else the code as given. */
function nameOf(sport: Sport, abbr: string, season?: number): string {
  const team = teamRegistry.get(sport, abbr);
  return team ? teamRegistry.nameIn(team, season) : abbr;
}

/**
 * Conference and division standings from the season's final regular-season games, in the season's alignment
 * under the names of the time. Every team of the professional leagues that played the season is listed (0–0
 * before its first game); college teams once they have played.
 */
export function computeStandings(sport: Sport, season: number, events: readonly EventRow[]): StandingsGroup[] {
  const rows = new Map<string, StandingRow & { results: ('W' | 'L' | 'T')[] }>();
  const row = (abbr: string) => {
    let entry = rows.get(abbr);
    if (!entry) {
      entry = {
        team: abbr,
        name: nameOf(sport, abbr, season),
        games: 0,
        wins: 0,
        losses: 0,
        ties: 0,
        pct: 0,
        points_for: 0,
        points_against: 0,
        point_diff: 0,
        division_record: { wins: 0, losses: 0, ties: 0 },
        conference_record: { wins: 0, losses: 0, ties: 0 },
        streak: null,
        results: [],
      };
      rows.set(abbr, entry);
    }
    return entry;
  };
  if (sport !== 'americanfootball_ncaaf') for (const team of teamRegistry.teams(sport)) row(team.abbr);
  /** Head-to-head records, `team|opponent` → record: the first tiebreaker. */
  const headToHead = new Map<string, WinLossTie>();

  const games = events
    .filter((event) => event.seasonType === 'regular' && isFinal(event))
    .sort((a, b) => (a.kickoffAt ?? a.gameDate).localeCompare(b.kickoffAt ?? b.gameDate));
  for (const event of games) {
    const homePlace = placementOf(sport, event.homeTeam, season);
    const awayPlace = placementOf(sport, event.awayTeam, season);
    for (const [team, opponent, scored, allowed, own, other] of [
      [event.homeTeam, event.awayTeam, event.homeScore!, event.awayScore!, homePlace, awayPlace],
      [event.awayTeam, event.homeTeam, event.awayScore!, event.homeScore!, awayPlace, homePlace],
    ] as const) {
      if (!own) continue;
      const entry = row(team);
      const result = scored > allowed ? 'W' : scored < allowed ? 'L' : 'T';
      const bump = (record: WinLossTie) => {
        if (result === 'W') record.wins++;
        else if (result === 'L') record.losses++;
        else record.ties++;
      };
      bump(entry);
      entry.games++;
      entry.points_for += scored;
      entry.points_against += allowed;
      entry.results.push(result);
      const pair = `${team}|${opponent}`;
      const versus = headToHead.get(pair) ?? { wins: 0, losses: 0, ties: 0 };
      bump(versus);
      headToHead.set(pair, versus);
      // The FBS Independents are a heading, not a conference: UConn v UMass is no conference game.
      if (other && other.conference === own.conference && own.conference !== FBS_INDEPENDENTS) {
        bump(entry.conference_record);
        if (own.division !== null && other.division === own.division) bump(entry.division_record);
      }
    }
  }

  const groups = new Map<string, StandingsGroup>();
  for (const { results, ...entry } of rows.values()) {
    const place = placementOf(sport, entry.team, season);
    if (!place) continue;
    const streak = currentStreak(results);
    const standing: StandingRow = {
      ...entry,
      pct: pctOf(entry),
      point_diff: entry.points_for - entry.points_against,
      streak: streak ? `${streak.result}${streak.length}` : null,
    };
    const key = `${place.conference}|${place.division ?? ''}`;
    const group = groups.get(key) ?? { conference: place.conference, division: place.division, teams: [] };
    group.teams.push(standing);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    group.teams.sort(
      (a, b) =>
        b.pct - a.pct ||
        pctOf(headToHead.get(`${b.team}|${a.team}`) ?? { wins: 0, losses: 0, ties: 0 }) -
          pctOf(headToHead.get(`${a.team}|${b.team}`) ?? { wins: 0, losses: 0, ties: 0 }) ||
        pctOf(b.division_record) - pctOf(a.division_record) ||
        pctOf(b.conference_record) - pctOf(a.conference_record) ||
        b.point_diff - a.point_diff ||
        a.team.localeCompare(b.team),
    );
  }
  return [...groups.values()].sort(
    (a, b) => a.conference.localeCompare(b.conference) || (a.division ?? '').localeCompare(b.division ?? ''),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Team almanac and tips

/** Every final game of a team, from its side, oldest first. */
export function teamGames(team: string, events: readonly EventRow[], lines: ReadonlyMap<number, ClosingLine>) {
  return events
    .filter((event) => isFinal(event) && (event.homeTeam === team || event.awayTeam === team))
    .sort((a, b) => (a.kickoffAt ?? a.gameDate).localeCompare(b.kickoffAt ?? b.gameDate))
    .map((event) => teamGame(event, team, lines.get(event.id)));
}

const MIN_GAMES_FOR_RECORD_TIP = 5;
const MIN_STREAK_FOR_TIP = 3;
/** A record is worth telling at 65% either way. */
const RECORD_TIP_SHARE = 0.65;

const dash = (a: number, b: number, c: number) => (c > 0 ? `${a}–${b}–${c}` : `${a}–${b}`);

/** The trends of every team of a season with the figures behind them, and the ones worth telling. */
export function computeTips(
  sport: Sport,
  season: number,
  events: readonly EventRow[],
  lines: ReadonlyMap<number, ClosingLine>,
): { teams: TeamTrend[]; tips: (Tip & { strength: number })[] } {
  const teamsInSeason = new Set(
    events
      .filter(isFinal)
      .flatMap((event) => [event.homeTeam, event.awayTeam])
      .filter((team) => !outsideLeague(sport, team, season)),
  );
  const teams: TeamTrend[] = [];
  const tips: (Tip & { strength: number })[] = [];
  // Baseball's handicap is the run line: a record against it is "on the run line", never "ATS".
  const againstTheLine = sport === 'baseball_mlb' ? 'on the run line' : 'ATS';
  for (const team of [...teamsInSeason].sort()) {
    const games = teamGames(team, events, lines);
    const record = summarize(games);
    const trend: TeamTrend = {
      team,
      name: nameOf(sport, team, season),
      games: record.games,
      straight_up: record.straight_up,
      ats: record.ats,
      over_under: record.over_under,
      su_streak: currentStreak(games.map((game) => game.straight_up)),
      ats_streak: currentStreak(games.map((game) => game.ats)),
    };
    teams.push(trend);

    const { wins, losses, pushes } = record.ats;
    const decided = wins + losses;
    if (decided >= MIN_GAMES_FOR_RECORD_TIP) {
      const pct = wins / decided;
      if (pct >= RECORD_TIP_SHARE || pct <= 1 - RECORD_TIP_SHARE) {
        tips.push({
          team,
          kind: 'ats_record',
          text: `${team} is ${dash(wins, losses, pushes)} ${againstTheLine}`,
          figures: { wins, losses, pushes, games: wins + losses + pushes, pct: Math.round(pct * 1000) / 1000 },
          strength: Math.abs(pct - 0.5) * Math.sqrt(decided),
        });
      }
    }
    const { overs, unders, pushes: ouPushes } = record.over_under;
    const ouDecided = overs + unders;
    if (ouDecided >= MIN_GAMES_FOR_RECORD_TIP) {
      const pct = overs / ouDecided;
      if (pct >= RECORD_TIP_SHARE || pct <= 1 - RECORD_TIP_SHARE) {
        const over = pct >= 0.5;
        tips.push({
          team,
          kind: 'over_under_record',
          text: `${team} games went ${over ? 'over' : 'under'} the total ${over ? overs : unders} of ${overs + unders + ouPushes}`,
          figures: {
            wins: overs,
            losses: unders,
            pushes: ouPushes,
            games: overs + unders + ouPushes,
            pct: Math.round(pct * 1000) / 1000,
          },
          strength: Math.abs(pct - 0.5) * Math.sqrt(ouDecided),
        });
      }
    }
    const streakTip = (kind: 'su_streak' | 'ats_streak', streak: Streak | null) => {
      if (!streak || streak.length < MIN_STREAK_FOR_TIP || streak.result === 'T' || streak.result === 'P') return;
      const won = streak.result === 'W';
      const text =
        kind === 'su_streak'
          ? `${team} has ${won ? 'won' : 'lost'} ${streak.length} straight`
          : `${team} has ${won ? 'covered' : 'failed to cover'} ${streak.length} straight`;
      tips.push({
        team,
        kind,
        text,
        figures: {
          wins: won ? streak.length : 0,
          losses: won ? 0 : streak.length,
          pushes: 0,
          games: streak.length,
          pct: won ? 1 : 0,
        },
        strength: streak.length / 4,
      });
    };
    streakTip('su_streak', trend.su_streak);
    streakTip('ats_streak', trend.ats_streak);
  }
  tips.sort((a, b) => b.strength - a.strength || a.team.localeCompare(b.team) || a.kind.localeCompare(b.kind));
  return { teams, tips };
}
