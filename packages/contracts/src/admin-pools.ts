import { z } from 'zod';
import { PoolStatusField } from './pools.js';
import { SportKey } from './sports.js';

/**
 * The admin's view of Pool Party (DESIGN.md section 6): the invitations refused because a Lifeguard had
 * already sent the address the most invitations allowed, kept for the admin, who may suspend the pool.
 */

export const PoolInvitationRefusalsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Only refusals older than this one (its id): the `next_before` of the page before. */
  before: z.coerce
    .number({ error: 'must be a refusal id' })
    .int('must be a refusal id')
    .min(1, 'must be a refusal id')
    .max(Number.MAX_SAFE_INTEGER, 'must be a refusal id')
    .optional(),
});
export type PoolInvitationRefusalsQuery = z.infer<typeof PoolInvitationRefusalsQuery>;

export const PoolInvitationRefusal = z.object({
  /** The refusal's id, the paging cursor. */
  id: z.number().int(),
  /** When the invitation was refused. */
  at: z.string(),
  lifeguard: z.object({
    id: z.number().int(),
    /** Null once the account is gone. */
    username: z.string().nullable(),
    /** Every refusal of this Lifeguard's invitations, on any page. */
    refusals: z.number().int(),
    /** Whether the admin has suspended the Lifeguard's account (decision 049). */
    suspended: z.boolean(),
  }),
  /** The pool the invitation was for; null once the pool is gone. */
  pool: z
    .object({
      id: z.number().int(),
      name: z.string(),
      sport: SportKey,
      season: z.number().int(),
      /** 1 open, 2 confirmed, 4 closed (ended), 8 completed, as its members see it now. */
      status: PoolStatusField,
      /** Whether the admin has suspended the pool (decision 049). */
      suspended: z.boolean(),
    })
    .nullable(),
  /** The address refused. */
  email: z.string(),
});
export type PoolInvitationRefusal = z.infer<typeof PoolInvitationRefusal>;

/** `GET /api/admin/pool-invitation-refusals`: newest first; `next_before` asks for the next page, null at the end. */
export const PoolInvitationRefusalsResponse = z.object({
  data: z.array(PoolInvitationRefusal),
  next_before: z.number().int().nullable(),
});
export type PoolInvitationRefusalsResponse = z.infer<typeof PoolInvitationRefusalsResponse>;
