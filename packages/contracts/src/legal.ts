import { z } from 'zod';

/** The legal documents, by the slug of their endpoint (`GET /legal/{slug}`). */
export const LegalDocumentSlug = z.enum(['privacy-policy', 'terms-of-service', 'pool-party-rules']);
export type LegalDocumentSlug = z.infer<typeof LegalDocumentSlug>;

/** The specification's legal text response: `htmlContent` (or `textContent`). */
export const LegalTextResponse = z.object({
  htmlContent: z.string(),
  title: z.string(),
  updatedAt: z.string(),
});
export type LegalTextResponse = z.infer<typeof LegalTextResponse>;
