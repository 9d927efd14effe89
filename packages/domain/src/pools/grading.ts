import { POOL_DEFAULTS } from '../constants.js';
import { BetKind, BetMode, BetType } from '../enums.js';
import { outcomeOf, type GradableEntry } from '../grading/grade-entry.js';
import { spreadClv } from '../odds/closing-line-value.js';
import { withDefaultPicks } from './default-picks.js';
import { isLocked, lockInstant } from './picks.js';
import { byKickoff, frozenSpreadFor } from './slate.js';
import {
  instantMs,
  type DefaultPicks,
  type PoolMember,
  type PoolPick,
  type PoolScoring,
  type SlateGame,
  type WeekSheet,
  type WeekWindow,
  type WinBasis,
} from './types.js';

/**
 * Grading pool picks (DESIGN.md section 6): the ledger's grading (`grading/grade-entry.ts`) decides win,
 * loss or push from the final scores and the line (the frozen spread in `ats` pools, none in `straight`
 * ones); the pool adds its points, its voids (the pool week's window) and its missed picks.
 */

/**
 * How picks score. The pool's own rules come from its settings (`scoringRules`); the what-if view grades
 * the same picks under another set.
 */
export interface ScoringRules {
  winBasis: WinBasis;
  /** Points for a win (a loss costs as much). */
  winPoints: number;
  /** Points for a push: 0, or half a win in the what-if view. */
  pushPoints: number;
  /** Whether double and triple plays multiply; off, every pick counts once. */
  multipliers: boolean;
  /**
   * Confidence scoring: a win scores the pick's confidence, a push `pushPoints / winPoints` of it (0 under the
   * pool's own rules), a loss and a missed pick 0; plays never multiply.
   */
  confidence: boolean;
  /** The side given on a game left unpicked at its lock (`withDefaultPicks`); none: a missed pick. */
  defaultPicks: DefaultPicks;
}

export function scoringRules(settings: PoolScoring): ScoringRules {
  const confidence = settings.confidence === true;
  return {
    winBasis: settings.winBasis,
    winPoints: POOL_DEFAULTS.pointsPerGame,
    pushPoints: 0,
    multipliers: !confidence,
    confidence,
    defaultPicks: settings.defaultPicks ?? 'none',
  };
}

/** Where a slate game stands for the pool. */
export type GameState = 'pending' | 'final' | 'void';

/**
 * A slate game's state at `now`: void when cancelled, when moved past the week's window, or when postponed
 * and the window has closed without it; final when played inside the window; pending otherwise (a postponed
 * game may still be played inside the window).
 */
export function slateGameState(game: SlateGame, window: WeekWindow, now: Date): GameState {
  const windowEnd = instantMs(window.end);
  if (game.status === 'cancelled') return 'void';
  if (instantMs(game.kickoff) >= windowEnd) return 'void';
  if (game.status === 'postponed') return now.getTime() >= windowEnd ? 'void' : 'pending';
  return game.status === 'final' ? 'final' : 'pending';
}

export type PickOutcome = 'win' | 'loss' | 'push' | 'void' | 'missed' | 'pending' | 'not_member';

export interface GradedPick {
  gameId: string;
  /** The team picked, null when the member made no pick. */
  team: string | null;
  multiplier: 1 | 2 | 3;
  /** The pick's confidence in a confidence pool (null without a pick, and in other pools). */
  confidence: number | null;
  /** A default pick the pool gave at the lock, not the member's own. */
  auto: boolean;
  outcome: PickOutcome;
  /** Points scored; 0 while pending. */
  points: number;
}

export const playMultiplier = (play: PoolPick['play'] | undefined): 1 | 2 | 3 =>
  play === 'triple' ? 3 : play === 'double' ? 2 : 1;

/** The side a pick holds as the ledger grades it: the team at its frozen spread, or outright. */
function entryFor(team: string, game: SlateGame, winBasis: WinBasis): GradableEntry {
  if (winBasis === 'straight') {
    return { mode: BetMode.pick_on, kind: BetKind.moneyline, type: BetType.to_win, team, line: null };
  }
  const line = frozenSpreadFor(game, team);
  return {
    mode: BetMode.pick_on,
    kind: BetKind.spread,
    type: line !== null && line < 0 ? BetType.favored : BetType.underdog,
    team,
    line,
  };
}

/**
 * Points of an outcome under a rule set. A missed pick costs what a loss does (decision record 026). Under
 * confidence scoring a win scores the pick's confidence and a loss or a missed pick 0.
 */
export function pointsFor(
  outcome: PickOutcome,
  multiplier: number,
  rules: ScoringRules,
  confidence: number | null = null,
): number {
  if (rules.confidence) {
    const value = confidence ?? 0;
    if (outcome === 'win') return value;
    if (outcome === 'push') return (value * rules.pushPoints) / rules.winPoints;
    return 0;
  }
  const times = rules.multipliers ? multiplier : 1;
  switch (outcome) {
    case 'win':
      return rules.winPoints * times;
    case 'loss':
      return -rules.winPoints * times;
    case 'missed':
      return -rules.winPoints;
    case 'push':
      return rules.pushPoints * times;
    default:
      return 0;
  }
}

/** How a team fares in a final slate game under a win basis: the ledger's grade. */
export function teamOutcome(team: string, game: SlateGame, winBasis: WinBasis): 'win' | 'loss' | 'push' {
  // Every member's pick of a game is graded against the same game: worked out once per side and basis.
  let known = outcomesOfGames.get(game);
  if (
    !known ||
    known.home !== game.home ||
    known.away !== game.away ||
    known.homeScore !== game.homeScore ||
    known.awayScore !== game.awayScore ||
    known.frozenHomeSpread !== game.frozenHomeSpread
  ) {
    const { home, away, homeScore, awayScore, frozenHomeSpread } = game;
    known = { home, away, homeScore, awayScore, frozenHomeSpread, outcomes: new Map() };
    outcomesOfGames.set(game, known);
  }
  const key = `${winBasis}:${team}`;
  let outcome = known.outcomes.get(key);
  if (outcome === undefined) {
    outcome = gradeTeam(team, game, winBasis);
    known.outcomes.set(key, outcome);
  }
  return outcome;
}

/**
 * teamOutcome's answers by game object, with the fields they were worked out from: a game object changed since
 * (not done, but not forbidden either) is graded again.
 */
const outcomesOfGames = new WeakMap<
  SlateGame,
  Pick<SlateGame, 'home' | 'away' | 'homeScore' | 'awayScore' | 'frozenHomeSpread'> & {
    outcomes: Map<string, 'win' | 'loss' | 'push'>;
  }
>();

function gradeTeam(team: string, game: SlateGame, winBasis: WinBasis): 'win' | 'loss' | 'push' {
  const outcome = outcomeOf(entryFor(team, game, winBasis), {
    status: 'final',
    homeTeam: game.home,
    awayTeam: game.away,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
  });
  return outcome === 'win' || outcome === 'loss' ? outcome : 'push';
}

/**
 * Grades one member's pick (or missing pick) on one slate game at `now`. A void game scores 0 for everyone;
 * a game without a pick scores as a loss from the moment it locks (unless it locked before the member
 * joined), and as 0 if the game is then voided.
 */
export function gradePoolPick(input: {
  game: SlateGame;
  pick: PoolPick | undefined;
  window: WeekWindow;
  rules: ScoringRules;
  now: Date;
  member?: PoolMember;
}): GradedPick {
  const { game, pick, window, rules, now, member } = input;
  const multiplier = rules.multipliers ? playMultiplier(pick?.play) : 1;
  const confidence = rules.confidence ? (pick?.confidence ?? null) : null;
  const graded = (outcome: PickOutcome): GradedPick => ({
    gameId: game.id,
    team: pick?.team ?? null,
    multiplier,
    confidence,
    auto: pick?.auto === true,
    outcome,
    points: pointsFor(outcome, multiplier, rules, confidence) + 0,
  });
  const state = slateGameState(game, window, now);
  if (!pick) {
    if (member && instantMs(member.joinedAt) > lockInstant(game)) return graded('not_member');
    if (member?.leftAt && instantMs(member.leftAt) <= lockInstant(game)) return graded('not_member');
    if (state === 'void') return graded('void');
    // Counted from the lock, not the final: nothing can change it after, and points still possible stays
    // at or above the points already scored.
    return graded(isLocked(game, now) ? 'missed' : 'pending');
  }
  if (state === 'void') return graded('void');
  if (state === 'pending') return graded('pending');
  return graded(teamOutcome(pick.team, game, rules.winBasis));
}

/** A member's week, graded. */
export interface GradedWeek {
  memberId: string;
  week: number;
  picks: GradedPick[];
  points: number;
  wins: number;
  losses: number;
  pushes: number;
  /** Whether every slate game is decided (final or void). */
  complete: boolean;
}

/** Grades every slate game of a week for one member (missing picks included), in kickoff order. */
export function gradeWeekSheet(input: {
  week: number;
  slate: readonly SlateGame[];
  window: WeekWindow;
  sheet: WeekSheet | undefined;
  member: PoolMember;
  rules: ScoringRules;
  now: Date;
}): GradedWeek {
  const { slate, window, member, rules, now } = input;
  const sheet = withDefaultPicks({
    slate,
    sheet: input.sheet,
    member,
    defaultPicks: rules.defaultPicks,
    confidence: rules.confidence,
    now,
  });
  const picks = new Map((sheet?.picks ?? []).map((pick) => [pick.gameId, pick]));
  const graded = [...slate]
    .sort(byKickoff)
    .map((game) => gradePoolPick({ game, pick: picks.get(game.id), window, rules, now, member }));
  const count = (...outcomes: PickOutcome[]) => graded.filter((pick) => outcomes.includes(pick.outcome)).length;
  return {
    memberId: member.id,
    week: input.week,
    picks: graded,
    points: graded.reduce((sum, pick) => sum + pick.points, 0),
    wins: count('win'),
    losses: count('loss', 'missed'),
    pushes: count('push'),
    complete: slate.every((game) => slateGameState(game, window, now) !== 'pending'),
  };
}

/**
 * Closing line value of a pool pick in an `ats` pool: the frozen spread the member got against the game's
 * closing spread, both from the picked team's side, in points (positive: the member beat the close). Null
 * in a `straight` pool (a pick there has no price to compare) or while either line is unknown.
 */
export function poolPickClv(game: SlateGame, team: string, closingHomeSpread: number | null): number | null {
  const taken = frozenSpreadFor(game, team);
  if (taken === null || closingHomeSpread === null) return null;
  return spreadClv(taken, team === game.home ? closingHomeSpread : -closingHomeSpread);
}
