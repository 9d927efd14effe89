import { isAmericanPrice } from '@pass/domain';
import { z } from 'zod';
import { SportKey } from './sports.js';

/**
 * The bet slip of sportsbook sync (decision 051): one bet as a book reported it, with its legs. Every connector
 * reads its source (DraftKings' and FanDuel's bet-history exports) into this shape, and the bet-sync client may
 * post it directly as JSON for any other book. Money is in cents as the book reported it; prices are American
 * odds. A bet is identified by `book_bet_id`, the book's own id, so sending it again changes nothing.
 */

/** The book's settlement of a whole bet. */
export const SyncBookResult = z.enum(['won', 'lost', 'void', 'cashed_out', 'open']);
export type SyncBookResult = z.infer<typeof SyncBookResult>;

/** The book's settlement of one leg. */
export const SyncLegResult = z.enum(['won', 'lost', 'void', 'open']);
export type SyncLegResult = z.infer<typeof SyncLegResult>;

/** The markets sync understands; anything else (props, futures) is rejected with its name. */
export const SyncMarket = z.enum(['moneyline', 'spread', 'total']);
export type SyncMarket = z.infer<typeof SyncMarket>;

const Name = z.string().trim().min(1).max(200);
const AmericanPrice = z.number().int().refine(isAmericanPrice, 'must be American odds: -100 or less, or +100 or more');
const Cents = z.number().int().min(0).max(100_000_000);

export const SyncLeg = z.object({
  /** The league, when the book says (FanDuel's `League`); else the teams decide. */
  sport: SportKey.optional(),
  /** The game as the book names it: "Kansas City Chiefs @ Buffalo Bills", "Chiefs vs Bills". */
  event: Name,
  /** The game's start as the book gives it (ISO 8601 with an offset). */
  event_start: z.iso.datetime({ offset: true }).optional(),
  market: SyncMarket,
  /** The team picked, or Over / Under for a total. */
  selection: Name,
  /** The spread from the selection's side, or the total; none for a moneyline. */
  line: z.number().min(-100).max(1000).optional(),
  price: AmericanPrice,
  result: SyncLegResult.default('open'),
});
export type SyncLeg = z.infer<typeof SyncLeg>;

/** The most legs one synced bet may have (a book's longest parlays). */
export const MAX_SLIP_LEGS = 15;

export const SyncSlip = z
  .object({
    book_bet_id: z.string().trim().min(1).max(100),
    /** When the bet was placed (ISO 8601 with an offset). */
    placed_at: z.iso.datetime({ offset: true }),
    kind: z.enum(['single', 'parlay', 'teaser']),
    stake_cents: Cents,
    /** The whole bet's American price; a single's is its leg's. */
    price: AmericanPrice.optional(),
    teaser_points: z.number().positive().max(20).optional(),
    result: SyncBookResult,
    /** What the book paid back (stake included), once settled. */
    payout_cents: Cents.optional(),
    /** The stake was the book's money (a free or bonus bet). */
    bonus: z.boolean().default(false),
    legs: z.array(SyncLeg).min(1).max(MAX_SLIP_LEGS),
  })
  .superRefine((slip, context) => {
    if (slip.kind === 'single' && slip.legs.length !== 1) {
      context.addIssue({ code: 'custom', path: ['legs'], message: 'a single bet has exactly one leg' });
    }
    if (slip.kind !== 'single' && slip.legs.length < 2) {
      context.addIssue({ code: 'custom', path: ['legs'], message: `a ${slip.kind} has at least two legs` });
    }
    if (slip.kind === 'teaser' && slip.teaser_points === undefined) {
      context.addIssue({ code: 'custom', path: ['teaser_points'], message: 'a teaser says how many points' });
    }
  });
export type SyncSlip = z.infer<typeof SyncSlip>;
