import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import type { LegalTextResponse } from '@pass/contracts';
import { Loading } from '../../../components/loading';
import { api } from '../../../lib/api-client';

/**
 * The Pool Party rules (`/legal/pool-party-rules`): the server writes them from the domain's rule texts with
 * the limits it enforces (a Lifeguard's pools, guests, invitations), so they are shown as they come.
 */
export function PoolRulesText() {
  const rules = useQuery({
    queryKey: ['legal', 'pool-party-rules'],
    queryFn: ({ signal }) => api.get<LegalTextResponse>('/legal/pool-party-rules', { signal }),
    staleTime: 10 * 60_000,
  });
  return (
    <>
      {rules.isPending ? <Loading label="Loading the Pool Party rules…" /> : null}
      {rules.isError ? <Alert severity="error">Failed to load the Pool Party rules</Alert> : null}
      {rules.data ? (
        <Box
          className="legal-text"
          sx={{ '& h2': { typography: 'h6', mt: 3, mb: 1 }, '& p, & li': { typography: 'body1' }, '& ul': { pl: 3 } }}
          // The text is the service's own, written from its rule texts; it is not user input.
          dangerouslySetInnerHTML={{ __html: rules.data.htmlContent }}
        />
      ) : null}
    </>
  );
}
