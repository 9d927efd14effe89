import { POOL_DEFAULTS } from '../constants.js';
import { BetKind, BetMode, BetType, type BetKindValue, type BetModeValue, type BetTypeValue } from '../enums.js';
import { profitCents } from '../odds/profit.js';
import { type GameStatus, negate } from '../sources/types.js';

/**
 * Grading of picks and bets (DESIGN.md section 6; the rules and their reasons are in
 * docs/decisions/006-grading-rules.md). Pure: an entry and its event's result in, an outcome and reward out.
 */

export type Outcome = 'win' | 'loss' | 'push' | 'void';

/** What grading needs to know of an event. Scores are null until the game has been played. */
export interface EventResult {
  status: GameStatus;
  homeTeam: string;
  awayTeam: string;
  homeScore: number | null;
  awayScore: number | null;
}

/** A pick or bet as it was taken. */
export interface GradableEntry {
  mode: BetModeValue;
  kind: BetKindValue;
  type: BetTypeValue;
  /** The side picked: a team abbreviation for moneylines and spreads; ignored for totals (the type says). */
  team: string | null;
  /** The spread from the picked team's side (−3.5 = favoured by 3.5), or the total; ignored for moneylines. */
  line: number | null;
  /** The bettor's own American price (for an against bet, the price of the side actually held). Bets only. */
  price?: number | null;
  /** Whole cents. Bets only. */
  stake?: number | null;
  /** How far a teaser moves the line in the bettor's favour; defaults to 6. Teaser types only. */
  teaserPoints?: number;
  /** 1, or 2 for a double play, 3 for a triple play. Picks only. */
  multiplier?: number;
}

export interface Grade {
  outcome: Outcome;
  /** Picks: points (±5 × multiplier, 0 for a push or void). Bets: profit in cents (−stake for a loss). */
  reward: number;
}

export const DEFAULT_TEASER_POINTS = 6;
/** The most points a teaser may move a line: the API refuses more. */
export const MAX_TEASER_POINTS = 20;

export type GradingErrorCode =
  | 'unknown_mode'
  | 'kind_type_mismatch'
  | 'team_not_in_event'
  | 'line_missing'
  | 'bad_teaser_points'
  | 'bad_multiplier'
  | 'price_missing'
  | 'stake_missing'
  | 'scores_missing';

/**
 * An entry that cannot be graded as written: a type that does not fit its kind, a team not in the game, a bet
 * without a stake. Thrown, not returned: these are data errors to fix at the source (an import should mark
 * such an entry `rejected`), never a grade.
 */
export class GradingError extends Error {
  override readonly name = 'GradingError';
  readonly code: GradingErrorCode;

  constructor(code: GradingErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * The position an entry actually holds once its mode and teaser are applied: a team at a line (a moneyline is
 * a team at 0: it must win outright), or a side of a total.
 */
export type Position =
  { market: 'team'; team: string; line: number } | { market: 'total'; side: 'over' | 'under'; line: number };

const isPick = (mode: BetModeValue) => mode === BetMode.pick_on || mode === BetMode.pick_against;
const isAgainst = (mode: BetModeValue) => mode === BetMode.pick_against || mode === BetMode.bet_against;

/** The other team of the event. */
function opponentOf(team: string, result: EventResult): string {
  return team === result.homeTeam ? result.awayTeam : result.homeTeam;
}

/** The other side of the same line: the opponent at the negated spread, or the other side of the total. */
export function oppositePosition(position: Position, result: EventResult): Position {
  return position.market === 'team'
    ? { market: 'team', team: opponentOf(position.team, result), line: negate(position.line) }
    : { market: 'total', side: position.side === 'over' ? 'under' : 'over', line: position.line };
}

/**
 * The position an entry holds in its event. Validates the entry: the type must fit the kind (over/under for
 * totals; underdog/favored/to_win for moneylines; underdog/favored/tease_dog/tease_fav for spreads) and the
 * team must play in the event.
 */
export function positionOf(entry: GradableEntry, result: EventResult): Position {
  if (!Object.values(BetMode).includes(entry.mode)) {
    throw new GradingError('unknown_mode', `Bet mode ${entry.mode} is not one of the specification's`);
  }
  const onSide = positionOnNamedSide(entry, result);
  // Fading takes the other side of the line the entry names, teaser included, so an entry and its fade can
  // never both win: the fade of a teaser is the other side of the teased line (decision 006).
  return isAgainst(entry.mode) ? oppositePosition(onSide, result) : onSide;
}

function positionOnNamedSide(entry: GradableEntry, result: EventResult): Position {
  const mismatch = () =>
    new GradingError('kind_type_mismatch', `Bet type ${entry.type} does not go with bet kind ${entry.kind}`);
  const requireLine = (): number => {
    if (entry.line === null || !Number.isFinite(entry.line)) {
      throw new GradingError('line_missing', `A ${entry.kind === BetKind.totals ? 'total' : 'spread'} needs a line`);
    }
    return entry.line;
  };
  const requireTeam = (): string => {
    if (entry.team === null || (entry.team !== result.homeTeam && entry.team !== result.awayTeam)) {
      throw new GradingError(
        'team_not_in_event',
        `Team ${entry.team} does not play in ${result.awayTeam} at ${result.homeTeam}`,
      );
    }
    return entry.team;
  };

  switch (entry.kind) {
    case BetKind.totals:
      if (entry.type === BetType.over) return { market: 'total', side: 'over', line: requireLine() };
      if (entry.type === BetType.under) return { market: 'total', side: 'under', line: requireLine() };
      throw mismatch();
    case BetKind.moneyline:
      if (entry.type !== BetType.underdog && entry.type !== BetType.favored && entry.type !== BetType.to_win) {
        throw mismatch();
      }
      // Straight up: the team must outscore the other, which is a spread of 0.
      return { market: 'team', team: requireTeam(), line: 0 };
    case BetKind.spread: {
      if (entry.type === BetType.underdog || entry.type === BetType.favored) {
        return { market: 'team', team: requireTeam(), line: requireLine() };
      }
      if (entry.type === BetType.tease_dog || entry.type === BetType.tease_fav) {
        const teaserPoints = entry.teaserPoints ?? DEFAULT_TEASER_POINTS;
        if (!Number.isFinite(teaserPoints) || teaserPoints <= 0) {
          throw new GradingError(
            'bad_teaser_points',
            `A teaser moves the line by a positive amount, not ${teaserPoints}`,
          );
        }
        // Both teaser types move the picked side's line up: a dog gets more points, a favourite gives fewer.
        return { market: 'team', team: requireTeam(), line: requireLine() + teaserPoints };
      }
      throw mismatch();
    }
    default:
      throw new GradingError('kind_type_mismatch', `Bet kind ${String(entry.kind)} is not one of the specification's`);
  }
}

/** A final result's scores, checked: grading a final without them would be grading a guess. */
function finalScores(result: EventResult): { home: number; away: number } {
  const valid = (score: number | null): score is number => score !== null && Number.isInteger(score) && score >= 0;
  if (!valid(result.homeScore) || !valid(result.awayScore)) {
    throw new GradingError(
      'scores_missing',
      `A final result needs both scores, not ${result.awayScore}–${result.homeScore}`,
    );
  }
  return { home: result.homeScore, away: result.awayScore };
}

/**
 * How a position fares in a final result: the team's margin plus its line, or the total against the line;
 * above 0 wins, 0 pushes. Integer scores against a half-point line can never push.
 */
export function gradePosition(position: Position, result: EventResult): 'win' | 'loss' | 'push' {
  const scores = finalScores(result);
  const margin =
    position.market === 'team'
      ? (position.team === result.homeTeam ? scores.home - scores.away : scores.away - scores.home) + position.line
      : position.side === 'over'
        ? scores.home + scores.away - position.line
        : position.line - (scores.home + scores.away);
  return margin > 0 ? 'win' : margin < 0 ? 'loss' : 'push';
}

/**
 * The outcome of an entry, or null while its event is not decided (scheduled or in progress). A postponed or
 * cancelled event voids it; a postponed game that is played later comes back `final` and is graded again.
 */
export function outcomeOf(entry: GradableEntry, result: EventResult): Outcome | null {
  // The position is worked out first even when the answer is void or pending, so a malformed entry is
  // reported as soon as it is graded rather than on the day its game ends.
  const position = positionOf(entry, result);
  switch (result.status) {
    case 'final':
      return gradePosition(position, result);
    case 'postponed':
    case 'cancelled':
      return 'void';
    default:
      return null;
  }
}

/**
 * The reward of an outcome. Picks: +5 a win, −5 a loss, 0 a push or void, times the multiplier (double play 2,
 * triple play 3). Bets: the profit at the bettor's price for a win (`profitCents`, half a cent away from
 * zero), minus the stake for a loss, 0 for a push or void (the stake comes back). A bet's price must be a
 * whole American price whatever the outcome; one that is not throws the odds maths' `OddsError`.
 */
export function rewardOf(entry: GradableEntry, outcome: Outcome): number {
  if (isPick(entry.mode)) {
    const multiplier = entry.multiplier ?? 1;
    if (multiplier !== 1 && multiplier !== 2 && multiplier !== 3) {
      throw new GradingError('bad_multiplier', `A pick counts once, twice or three times, not ${multiplier}`);
    }
    const points = POOL_DEFAULTS.pointsPerGame * multiplier;
    return outcome === 'win' ? points : outcome === 'loss' ? -points : 0;
  }
  if (entry.multiplier !== undefined && entry.multiplier !== 1) {
    // A bet's size is its stake; a multiplier on one is a mix-up with pool picks, not something to ignore.
    throw new GradingError('bad_multiplier', 'Double and triple plays are for picks, not bets');
  }
  const stake = entry.stake;
  if (stake === null || stake === undefined || !Number.isSafeInteger(stake) || stake < 0) {
    throw new GradingError('stake_missing', `A bet needs a stake in whole cents, not ${stake}`);
  }
  const price = entry.price;
  if (price === null || price === undefined) throw new GradingError('price_missing', 'A bet needs a price');
  // Worked out whatever the outcome, so a price no book could quote fails every grade, not only the wins.
  const profit = profitCents(stake, price);
  if (outcome === 'win') return profit;
  if (outcome === 'loss') return stake === 0 ? 0 : -stake;
  return 0;
}

/** Grades one entry: its outcome and reward, or null while the event is undecided. */
export function gradeEntry(entry: GradableEntry, result: EventResult): Grade | null {
  const outcome = outcomeOf(entry, result);
  // The reward is worked out even while the game is pending, so a bet without a stake or price is reported
  // when it is first graded, not on the day its game ends.
  const reward = rewardOf(entry, outcome ?? 'void');
  return outcome === null ? null : { outcome, reward };
}

/** An entry with the id of the event it is on. */
export interface EventEntry extends GradableEntry {
  eventId: string;
}

/**
 * Grades entries against results keyed by event id, in the entries' order. An entry whose event has no result
 * yet is null (pending). Each grade depends only on its own entry and its own event's result, so the order in
 * which results arrived (and were put in the map) cannot change any grade.
 */
export function gradeEntries(
  entries: readonly EventEntry[],
  results: ReadonlyMap<string, EventResult>,
): (Grade | null)[] {
  return entries.map((entry) => {
    const result = results.get(entry.eventId);
    return result === undefined ? null : gradeEntry(entry, result);
  });
}
