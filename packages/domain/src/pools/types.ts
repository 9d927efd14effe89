import type { Sport } from '../enums.js';
import type { GameStatus } from '../sources/types.js';

/**
 * The shapes the pool rules work on (DESIGN.md section 6, "Pool Party"; decision record 026). Everything
 * the rules answer is derived from these: pools store settings, slates, frozen spreads and picks; standings,
 * survivors and points are recomputed from them and the games' results every time.
 *
 * Instants are ISO 8601 strings in UTC, as events store their kickoffs.
 */

export type WinBasis = 'ats' | 'straight';

/**
 * The side a member is given on a slate game they left unpicked when it locked: none (a missed pick), the
 * favourite (by the frozen spread; in a `straight` pool by the closing spread once known, else the home team),
 * or the home team.
 */
export type DefaultPicks = 'none' | 'favourites' | 'home';

export const DEFAULT_PICKS = ['none', 'favourites', 'home'] as const satisfies readonly DefaultPicks[];

/** At most this many of a member's worst complete weeks leave their season total. */
export const MAX_DROP_WORST_WEEKS = 3;

/** What decides how a week's picks score, as week totals and the browser's standings need it. */
export interface PoolScoring {
  winBasis: WinBasis;
  /** Confidence scoring (absent: off). */
  confidence?: boolean;
  /** The side given for a pick left out at the lock (absent: none). */
  defaultPicks?: DefaultPicks;
}

/** A pool's settings: the rules its members play by. */
export interface PoolSettings {
  name: string;
  /** The icon's key and its colours (#rrggbb). */
  icon: string;
  iconColor: string;
  iconBackground: string;
  sport: Sport;
  season: number;
  /** How many games each week's slate holds (1–16). */
  gamesPerWeek: number;
  /** `ats`: against the spread frozen at publish; `straight` ("$ Line"): the winner outright. */
  winBasis: WinBasis;
  doublePlay: boolean;
  triplePlay: boolean;
  lastManStanding: boolean;
  /**
   * Confidence scoring: each week a member ranks their picks 1..N (N: the slate's games), and a win scores its
   * rank; a loss, a push and a missed pick score 0 (decision record on confidence pools). No double or triple
   * play in this mode.
   */
  confidence: boolean;
  /**
   * Last Man Standing strikes (0–3): a survivor goes out at their (strikes + 1)-th loss, push or missed pick, not
   * the first (decision record on survivor strikes and buy-back).
   */
  survivorStrikes: number;
  /**
   * The last pool week a survivor who went out may buy back in (null: no buy-back): one Last Man Standing pick in
   * the week right after the one they went out in brings them back, once a season.
   */
  survivorBuyBackWeek: number | null;
  /**
   * How many of each member's lowest-scoring complete weeks leave their season total (0–3; decision record on
   * dropped weeks and default picks).
   */
  dropWorstWeeks: number;
  /** The side a member is given on a game they have not picked when it locks. */
  defaultPicks: DefaultPicks;
  /** The sport week (sports calendar) the pool starts in. */
  startWeek: number;
}

/** A game of a pool week's slate, with its result as far as it is known. */
export interface SlateGame {
  /** The event id. */
  id: string;
  home: string;
  away: string;
  /** The current kickoff (a rescheduled game's new one). */
  kickoff: string;
  /**
   * When the game's picks locked, if it locked before its current kickoff (a game moved later after it had
   * kicked off or been postponed at kickoff): a lock once reached never reopens. Defaults to `kickoff`.
   */
  lockedAt?: string | null;
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  /**
   * The spread frozen when the slate was published, home side, sportsbook convention (−3: home favoured by
   * 3). Needed by `ats` pools; ignored by `straight` ones.
   */
  frozenHomeSpread: number | null;
  /**
   * The closing spread, home side: the line of record as it stood when the game locked (decision 029), once
   * recorded; `ats` pools only. Absent or null while unknown.
   */
  closingHomeSpread?: number | null;
  /** Where the frozen spread came from ("median of 6 books"), as the slate shows it; not part of any rule. */
  frozenLineSource?: string | null;
  /** A game of the week off the slate, kept for Last Man Standing only (`lmsGames` marks them). */
  survivorOnly?: boolean;
}

export type Play = 'double' | 'triple';

/** A member's side in one slate game; at most one pick of a week carries a double or a triple play. */
export interface PoolPick {
  gameId: string;
  /** The team picked: the game's home or away abbreviation. */
  team: string;
  play?: Play | null;
  /** In a confidence pool, the pick's rank this week (1..N, each used once): what a win scores. */
  confidence?: number | null;
  /** A default pick the pool gave at the lock (never stored; `withDefaultPicks`). */
  auto?: boolean;
}

/** One member's picks for one pool week. */
export interface WeekSheet {
  memberId: string;
  picks: PoolPick[];
  /** Last Man Standing: a team of this week's slate, or null. */
  lmsTeam?: string | null;
  /** The predicted total points of the week's last slate game. */
  tiebreaker?: number | null;
  /** When the member last submitted this week's picks: earlier wins the final tie. */
  submittedAt?: string | null;
}

export interface PoolMember {
  id: string;
  /** When the member joined: games that locked before it are not counted for them. */
  joinedAt: string;
  /**
   * When a member who is no longer in the pool (removed, or left) went: games that lock from then on are not
   * counted for them. Only the weekly results carry such members, for the weeks they were in (decision 027).
   */
  leftAt?: string | null;
}

/** The span a pool week's games must be played in: its first kickoff to the end of its last day. */
export interface WeekWindow {
  start: string;
  end: string;
}

/** One pool week as the rules need it. */
export interface PoolWeekData {
  /** The sport week (sports calendar). */
  week: number;
  window: WeekWindow;
  slate: SlateGame[];
  /**
   * The week's other games, kept with the week for Last Man Standing only (every team playing that week may be
   * a survivor's pick): frozen and locked like slate games, never picked, scored or counted as the slate.
   */
  survivorGames?: SlateGame[];
  sheets: WeekSheet[];
}

/** A pool's season: what standings, Last Man Standing and head-to-head are derived from. */
export interface PoolSeason {
  /** `confidence` absent: off; `dropWorstWeeks` absent: 0; `defaultPicks` absent: none. */
  settings: Pick<PoolSettings, 'winBasis' | 'doublePlay' | 'triplePlay' | 'lastManStanding'> &
    Partial<
      Pick<PoolSettings, 'confidence' | 'survivorStrikes' | 'survivorBuyBackWeek' | 'dropWorstWeeks' | 'defaultPicks'>
    >;
  members: PoolMember[];
  weeks: PoolWeekData[];
}

/** A problem with something submitted, by field, in words a member can act on. */
export interface PoolProblem {
  field: string;
  /** A stable code for the API and the tests. */
  reason: string;
  message: string;
  /** The game the problem is about, when there is one. */
  gameId?: string;
}

// Standings of a season compare the same few hundred kickoffs and lock times thousands of times: parsing each
// ISO string once is a large part of rebuilding them. The memo is bounded and holds only pure results.
const parsedInstants = new Map<string, number>();
const MAX_REMEMBERED_INSTANTS = 20_000;

export function instantMs(instant: string): number {
  let ms = parsedInstants.get(instant);
  if (ms === undefined) {
    ms = Date.parse(instant);
    if (parsedInstants.size >= MAX_REMEMBERED_INSTANTS) parsedInstants.clear();
    parsedInstants.set(instant, ms);
  }
  return ms;
}
