import {
  BetKind,
  BetMode,
  BetType,
  betTypeLineConflict,
  gradeEntry,
  GradingError,
  OddsError,
  type GradingErrorCode,
} from '@pass/domain';
import { AppError } from '../../errors.js';
import { gradableOf } from './grading.service.js';
import type { LedgerEvent } from './ledger-event.js';

/**
 * An entry's fields checked against its game before they are stored: a pick or bet, a parlay's leg
 * (parlays.service) and a synced bet (the sync module's import).
 */

/** The fields of an entry as validation sees them (stake already in cents). */
export interface Draft {
  betMode: number;
  betKind: number;
  betType: number;
  betTeam: string | null;
  line: number | null;
  price: number | null;
  stakeCents: number | null;
  book: string | null;
  teaserPoints: number | null;
  multiplier: number;
  isSimulated: boolean;
}

const FIELD_OF: Record<GradingErrorCode, string> = {
  unknown_mode: 'bet_mode',
  kind_type_mismatch: 'bet_type',
  team_not_in_event: 'bet_team',
  line_missing: 'line',
  bad_teaser_points: 'teaser_points',
  bad_multiplier: 'multiplier',
  price_missing: 'price',
  stake_missing: 'stake',
  scores_missing: 'event_id',
};

export const isPick = (mode: number) => mode === BetMode.pick_on || mode === BetMode.pick_against;
export const isTeaser = (type: number) => type === BetType.tease_dog || type === BetType.tease_fav;

/**
 * Checks a draft against its event and normalises it: the team as the event spells it, no team for totals,
 * no line for moneylines. The rules of grading itself (a type that fits the kind, a team in the game, a line
 * where one is needed) are the domain's: its GradingError becomes a 400 naming the field.
 */
export function checkDraft(draft: Draft, event: LedgerEvent, at = 'body'): Draft {
  const bad = (field: string, message: string) => AppError.badRequest(`${at}.${field}`, message);
  const normalised = { ...draft };
  if (isPick(draft.betMode)) {
    if (draft.price !== null) throw bad('price', 'a pick has no price (only bets do)');
    if (draft.stakeCents !== null) throw bad('stake', 'a pick has no stake (only bets do)');
    if (!draft.isSimulated) throw bad('is_simulated', 'a pick is never a real bet');
  } else {
    if (draft.price === null) throw bad('price', 'is required for a bet');
    if (draft.stakeCents === null) throw bad('stake', 'is required for a bet');
    if (draft.stakeCents <= 0) throw bad('stake', 'must be more than 0');
    if (draft.multiplier !== 1) throw bad('multiplier', 'double and triple plays are for picks, not bets');
  }
  if (draft.teaserPoints !== null && !isTeaser(draft.betType)) {
    throw bad('teaser_points', 'only goes with bet types 6 (tease_dog) and 7 (tease_fav)');
  }
  if (draft.betKind === BetKind.totals) normalised.betTeam = null;
  else if (draft.betTeam !== null) {
    const match = [event.homeTeam, event.awayTeam].find((team) => team.toLowerCase() === draft.betTeam!.toLowerCase());
    if (!match) throw bad('bet_team', `must be ${event.awayTeam} or ${event.homeTeam}`);
    normalised.betTeam = match;
  } else throw bad('bet_team', `is required for a moneyline or spread: ${event.awayTeam} or ${event.homeTeam}`);
  if (draft.betKind === BetKind.moneyline) normalised.line = null;
  // The type of a spread follows its line: "favoured" at +3.5 is a contradiction, not a guess to make.
  const conflict = betTypeLineConflict(normalised.betKind, normalised.betType, normalised.line);
  if (conflict !== null) throw bad('bet_type', conflict);
  try {
    gradeEntry(gradableOf(normalised), {
      status: 'scheduled',
      homeTeam: event.homeTeam,
      awayTeam: event.awayTeam,
      homeScore: null,
      awayScore: null,
    });
  } catch (error) {
    if (error instanceof GradingError) throw bad(FIELD_OF[error.code], error.message);
    if (error instanceof OddsError) throw bad('price', error.message);
    throw error;
  }
  return normalised;
}
