import { z } from 'zod';
import { SingleLine } from './boundary.js';

export const OutboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  to: SingleLine.max(254).optional(),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

/**
 * `GET /api/admin/outbox`: mail as stored, newest first, with the secret part of every link masked (a live
 * link would let the admin act as its reader). Unsent mail is shown in full only by the operator's command
 * line, `npm run admin -- outbox`.
 */
export const OutboxResponse = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type OutboxResponse = z.infer<typeof OutboxResponse>;
