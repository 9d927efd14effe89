import { CreateBetBody, UpdateBetBody, type BetEntry, type BookEvent } from '@pass/contracts';
import {
  BetKind,
  BetMode,
  betTypeOfLine,
  BetType,
  centsToDollars,
  DEFAULT_TEASER_POINTS,
  dollarsToCents,
  isTeaserType,
  type BetKindValue,
  type BetTypeValue,
} from '@pass/domain';
import { z } from 'zod';
import { isBet, sideText } from '../../../lib/bet-format';
import { booksOf, latestQuote } from '../../../lib/book-quotes';
import { typeOfBet } from './slip';

/**
 * The bet form's fields: the contract's (`CreateBetBody`), with the game and the numbers as text, as the member
 * chooses and types them; `bet_team` holds Over or Under for a total (sent as no team); real or simulated is null
 * until the member says (no default).
 */
export const BetFormFields = CreateBetBody.extend({
  event_id: z.string(),
  bet_team: z.string(),
  line: z.string(),
  price: z.string(),
  stake: z.string(),
  book: z.string(),
  teaser_points: z.string(),
  multiplier: CreateBetBody.shape.multiplier.unwrap(),
  is_simulated: z.boolean().nullable(),
});
export type BetFormValues = z.infer<typeof BetFormFields>;

/** The types a kind allows. */
export const TYPES_OF_KIND: Record<BetKindValue, BetTypeValue[]> = {
  [BetKind.moneyline]: [BetType.to_win],
  [BetKind.totals]: [BetType.over, BetType.under],
  [BetKind.spread]: [BetType.favored, BetType.underdog, BetType.tease_fav, BetType.tease_dog],
};

/** A new entry before the member chooses anything. */
export const NEW_ENTRY: BetFormValues = {
  event_id: '',
  bet_mode: BetMode.pick_on,
  bet_kind: BetKind.spread,
  bet_team: '',
  bet_type: BetType.favored,
  book: '',
  line: '',
  price: '',
  stake: '',
  teaser_points: String(DEFAULT_TEASER_POINTS),
  multiplier: 1,
  is_simulated: null,
};

/** A number as typed: null when empty, NaN when not a number. */
export const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The type a new entry's side and line make (lib/slip.ts): a spread giving points is the favourite's, one
 * getting them the underdog's, a teaser staying a teaser; a total's side is its type; a moneyline is "to win".
 */
export function derivedType(values: Pick<BetFormValues, 'bet_kind' | 'bet_team' | 'line' | 'bet_type'>): BetTypeValue {
  const line = numberOrNull(values.line);
  const type = typeOfBet(values.bet_kind, values.bet_team, Number.isNaN(line) ? null : line);
  if (values.bet_kind === BetKind.spread && isTeaserType(values.bet_type)) {
    return type === BetType.favored ? BetType.tease_fav : BetType.tease_dog;
  }
  return type;
}

/** Line, price and type from the chosen book's latest quote of the chosen side. */
export function withQuote(values: BetFormValues, event: BookEvent | undefined): BetFormValues {
  if (!event || !values.bet_team) return values;
  const quote = latestQuote(event, values.book, values.bet_kind, values.bet_team);
  const next = { ...values, line: quote?.point?.toString() ?? '', price: quote?.price.toString() ?? '' };
  if (values.bet_kind === BetKind.moneyline) next.bet_type = BetType.to_win;
  if (values.bet_kind === BetKind.totals) next.bet_type = values.bet_team === 'Under' ? BetType.under : BetType.over;
  if (values.bet_kind === BetKind.spread && quote?.point !== null && quote?.point !== undefined) {
    next.bet_type = betTypeOfLine(BetKind.spread, quote.point, isTeaserType(values.bet_type)) ?? next.bet_type;
  }
  return next;
}

/** A bet on one game of a schedule: its spread (straight up in baseball), the home side, the first book. */
export function valuesForGame(game: BookEvent): BetFormValues {
  const kind = game.sport === 'baseball_mlb' ? BetKind.moneyline : BetKind.spread;
  return withQuote(
    {
      ...NEW_ENTRY,
      event_id: String(game.event_id),
      bet_mode: BetMode.bet_on,
      bet_kind: kind,
      bet_type: TYPES_OF_KIND[kind][0]!,
      bet_team: game.home_team,
      book: booksOf(game)[0] ?? '',
    },
    game,
  );
}

const toText = (value: number | null) => (value === null ? '' : String(value));

/** An entry as the form shows it for a change. */
export function valuesOfEntry(entry: BetEntry): BetFormValues {
  return {
    event_id: String(entry.event_id),
    bet_mode: entry.bet_mode,
    bet_kind: entry.bet_kind,
    bet_team: sideText(entry),
    bet_type: entry.bet_type,
    book: entry.book ?? '',
    line: toText(entry.line),
    price: toText(entry.price),
    stake: entry.stake_cents === null ? '' : String(centsToDollars(entry.stake_cents)),
    teaser_points: String(entry.teaser_points ?? DEFAULT_TEASER_POINTS),
    multiplier: entry.multiplier as 1 | 2 | 3,
    is_simulated: entry.is_simulated,
  };
}

/** A new entry's request body: what its mode, kind and type use of the fields, numbers as typed. */
function createBodyOf(values: BetFormValues): CreateBetBody {
  const bet = isBet(values.bet_mode);
  const teaser = values.bet_kind === BetKind.spread && isTeaserType(values.bet_type);
  return {
    event_id: Number(values.event_id),
    bet_mode: values.bet_mode,
    bet_kind: values.bet_kind,
    bet_type: derivedType(values),
    bet_team: values.bet_kind === BetKind.totals ? null : values.bet_team,
    line: values.bet_kind === BetKind.moneyline ? null : numberOrNull(values.line),
    // A pick has no price, no stake and is never a real bet (only bets are).
    price: bet ? numberOrNull(values.price) : null,
    stake: bet ? numberOrNull(values.stake) : null,
    book: values.book || null,
    is_simulated: bet ? values.is_simulated === true : true,
    ...(bet ? {} : { multiplier: values.multiplier }),
    // Empty: the server's default (6).
    ...(teaser ? { teaser_points: numberOrNull(values.teaser_points) } : {}),
  };
}

/** What a change to an entry sends, field by field; empty when nothing differs. */
export function changesOf(values: BetFormValues, entry: BetEntry): UpdateBetBody {
  const changes: UpdateBetBody = {};
  const bet = isBet(entry.bet_mode);
  if (values.bet_type !== entry.bet_type) changes.bet_type = values.bet_type;
  const line = numberOrNull(values.line);
  if (entry.bet_kind !== BetKind.moneyline && line !== entry.line) changes.line = line;
  const price = numberOrNull(values.price);
  if (bet && price !== entry.price) changes.price = price;
  const stake = numberOrNull(values.stake);
  const stakeCents = stake === null ? null : dollarsToCents(stake);
  if (bet && stakeCents !== entry.stake_cents) changes.stake = stake;
  const book = values.book.trim() || null;
  if (book !== entry.book) changes.book = book;
  if (isTeaserType(values.bet_type)) {
    const points = numberOrNull(values.teaser_points) ?? DEFAULT_TEASER_POINTS;
    const stored = isTeaserType(entry.bet_type) ? (entry.teaser_points ?? DEFAULT_TEASER_POINTS) : null;
    if (points !== stored) changes.teaser_points = points;
  }
  return changes;
}

const NUMBER_FIELDS = ['line', 'price', 'stake', 'teaser_points'] as const;

/** Refuses the numbers sent that were typed as something else: JSON would turn them into null. */
function refuseNotNumbers<T extends Partial<Record<(typeof NUMBER_FIELDS)[number], number | null>>>(
  body: T,
  context: z.RefinementCtx,
): T {
  for (const field of NUMBER_FIELDS) {
    if (Number.isNaN(body[field])) context.addIssue({ code: 'custom', path: [field], message: 'must be a number' });
  }
  return body;
}

/**
 * A new entry: the fields as the request body, then the contract's checks, the server's own; a bet asks real
 * money or simulated first. A problem is named by the body's field, as the server names it.
 */
export const NewEntryForm = BetFormFields.transform((values, context) => {
  if (isBet(values.bet_mode) && values.is_simulated === null) {
    context.addIssue({ code: 'custom', path: ['is_simulated'], message: 'Choose real money or simulated.' });
  }
  return refuseNotNumbers(createBodyOf(values), context);
}).pipe(CreateBetBody);

/** A change to an entry: only what differs from it, then the contract's checks of a change. */
export const entryChangeForm = (entry: BetEntry) =>
  BetFormFields.transform((values, context) => refuseNotNumbers(changesOf(values, entry), context)).pipe(UpdateBetBody);
