import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { POOL_DEFAULTS } from '@pass/domain';
import { useQuery } from '@tanstack/react-query';
import type { LegalTextResponse } from '@pass/contracts';
import { Loading } from '../../../components/loading';
import { api } from '../../../lib/api-client';

/** The Pool Party rules (`/legal/pool-party-rules`) with this server's limits before them. */
export function PoolRulesText({ maxPools }: { maxPools: number }) {
  const rules = useQuery({
    queryKey: ['legal', 'pool-party-rules'],
    queryFn: ({ signal }) => api.get<LegalTextResponse>('/legal/pool-party-rules', { signal }),
    staleTime: 10 * 60_000,
  });
  return (
    <>
      <Typography variant="h5" component="h2" gutterBottom>
        The limits
      </Typography>
      <Box component="ul" sx={{ pl: 3, mt: 0 }}>
        <li>A Lifeguard hosts at most {maxPools} pools at a time.</li>
        <li>A pool has at most {POOL_DEFAULTS.maxGuestsPerPool} guests besides its Lifeguard.</li>
        <li>One email address gets at most {POOL_DEFAULTS.maxInvitationsPerGuest} invitations from a Lifeguard.</li>
        <li>
          Each week&apos;s slate holds {POOL_DEFAULTS.minGamesPerWeek} to {POOL_DEFAULTS.maxGamesPerWeek} games,{' '}
          {POOL_DEFAULTS.pointsPerGame} points a game.
        </li>
      </Box>
      {rules.isPending ? <Loading label="Loading the Pool Party rules…" /> : null}
      {rules.isError ? <Alert severity="error">Failed to load the Pool Party rules</Alert> : null}
      {rules.data ? (
        <Box
          className="legal-text"
          sx={{ '& h2': { typography: 'h6', mt: 3, mb: 1 }, '& p, & li': { typography: 'body1' }, '& ul': { pl: 3 } }}
          // The text is the service's own, stored by the operator; it is not user input.
          dangerouslySetInnerHTML={{ __html: rules.data.htmlContent }}
        />
      ) : null}
    </>
  );
}
