import { TELLER_START_CENTS, type BetEntry, type TellerBetBody, type TellerResponse } from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import { BetKind, BetMode, BetType, centsToDollarsText } from '@pass/domain';
import { AppError } from '../../errors.js';
import { findByKey } from './entries.repository.js';
import { createEntry, toBetEntry } from './entries.service.js';
import * as repository from './teller.repository.js';

/**
 * The teller: a member's paper bankroll of TELLER_START_CENTS, the simulated moneyline bets placed against it,
 * and the balance after each one settled.
 */

export async function getTeller(db: DbExecutor, userId: number, now: Date): Promise<TellerResponse['data']> {
  const [totals, open, history] = await Promise.all([
    repository.tellerTotals(db, userId),
    repository.listTellerOpen(db, userId),
    repository.listTellerHistory(db, userId, TELLER_START_CENTS),
  ]);
  const balance = TELLER_START_CENTS + totals.settledCents;
  return {
    start_cents: TELLER_START_CENTS,
    balance_cents: balance,
    open_stakes_cents: totals.openStakesCents,
    available_cents: balance - totals.openStakesCents,
    open: open.map((entry) => toBetEntry(entry, now)),
    history: history.map((row) => ({
      entry_id: row.entryId,
      event_id: row.eventId,
      settled_at: row.settledAt.toISOString(),
      outcome: row.outcome,
      reward: row.reward,
      balance_cents: row.balanceCents,
    })),
  };
}

/** A simulated moneyline bet against the paper bankroll; refused when the stake exceeds what is available. */
export async function placeTellerBet(
  db: Database,
  input: { userId: number; idempotencyKey: string; body: TellerBetBody; now: Date },
): Promise<{ entry: BetEntry; created: boolean }> {
  const { body } = input;
  return createEntry(
    db,
    {
      userId: input.userId,
      idempotencyKey: input.idempotencyKey,
      source: 'teller',
      now: input.now,
      body: {
        event_id: body.event_id,
        bet_mode: BetMode.bet_on,
        bet_kind: BetKind.moneyline,
        bet_type: BetType.to_win,
        bet_team: body.bet_team,
        price: body.price,
        stake: body.stake,
        book: body.book ?? null,
        is_simulated: true,
      },
    },
    {
      beforeInsert: async (tx, entry) => {
        await repository.lockUser(tx, input.userId);
        // A retry racing its first request: the insert will find the key taken and answer with that entry.
        if (await findByKey(tx, input.userId, input.idempotencyKey)) return;
        const totals = await repository.tellerTotals(tx, input.userId);
        const available = TELLER_START_CENTS + totals.settledCents - totals.openStakesCents;
        if ((entry.stakeCents ?? 0) > available) {
          throw AppError.badRequest(
            'body.stake',
            `is more than the ${centsToDollarsText(available)} dollars available`,
          );
        }
      },
    },
  );
}
