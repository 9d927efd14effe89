import type { LegalDocumentSlug, LegalTextResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getLegalText(slug: LegalDocumentSlug, signal?: AbortSignal): Promise<LegalTextResponse> {
  return api.get<LegalTextResponse>(`/legal/${slug}`, { signal });
}

export const legalTextQuery = (slug: LegalDocumentSlug) =>
  queryOptions({
    queryKey: ['legal', slug],
    queryFn: ({ signal }) => getLegalText(slug, signal),
    staleTime: 10 * 60_000,
  });

export function useLegalText(slug: LegalDocumentSlug) {
  return useQuery(legalTextQuery(slug));
}
