import type { ComponentType } from 'react';

/**
 * The pool screen's chat tab. The pool screen (features/pools) only leaves the place; app/ fills it with the
 * chat feature's room, loaded when the tab is first opened, so neither feature imports the other.
 */
export interface PoolChatPanelProps {
  poolId: number;
  poolName: string;
  /** The member's own id in the pool (null while unknown). */
  memberId: number | null;
  isLifeguard: boolean;
  /** The pool has ended: its room is read-only. */
  readOnly: boolean;
}

export type PoolChatPanel = ComponentType<PoolChatPanelProps>;

/** The props app/ passes to a pool screen's route. */
export interface PoolSlots {
  chatPanel?: PoolChatPanel | undefined;
}
