import type { DbExecutor } from '@pass/db';
import type { LmsOutResult } from '@pass/domain';

// The room's system lines as the pool modules see them: the events they tell of and the one call they make.
// Types only, so pools can hand its events to chat without importing chat's service (chat imports pools').

/**
 * The pool events the room shows as system lines: a Lifeguard's announcement and edit of a member's picks,
 * and those derived from results and time by the room notices job (room-notices.service.ts, decision 041):
 * an elimination from Last Man Standing, a reversed one, and the standings when their top changed.
 */
export type PoolEvent =
  | { type: 'announcement'; body: string }
  | { type: 'pick_edit'; memberId: number; week: number }
  | { type: 'lms_out'; memberId: number; week: number; team: string | null; result: LmsOutResult }
  | { type: 'lms_back'; memberId: number; week: number }
  | { type: 'standings'; week: number; top: { memberId: number; rank: number; points: number }[] };

/**
 * System lines recorded inside another module's transaction (so the line and the event it tells of commit
 * together) and published once that transaction has committed: `add` in the transaction, `publish` after.
 */
export interface SystemLines {
  /** Stores the line in `tx`; answers its message id. */
  add(tx: DbExecutor, poolId: number, event: PoolEvent, now: Date): Promise<number>;
}
