import type { BookEvent } from '@pass/contracts';
import type { ComponentType } from 'react';

/**
 * What a schedule shows under each game besides the game itself: the member's picks and a bet form. The
 * schedule (features/sports) only leaves the place; app/ fills it with the ledger's component, so neither
 * feature imports the other.
 */
export interface GameActionsProps {
  event: BookEvent;
  /** Every game of the week shown, filtered or not: the member's entries on them all load in one request. */
  weekEvents: readonly BookEvent[];
}

export type GameActions = ComponentType<GameActionsProps>;

/** The props app/ passes to a schedule screen's route. */
export interface ScheduleSlots {
  gameActions?: GameActions | undefined;
}
