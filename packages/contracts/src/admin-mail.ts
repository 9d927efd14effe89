import { z } from 'zod';
import { Text } from './boundary.js';

export const OutboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  to: Text.max(254).optional(),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

/**
 * `GET /api/admin/outbox`: mail as stored, newest first. Without SMTP this is where mail goes, so the admin
 * can pass on a verification or reset link by hand.
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
