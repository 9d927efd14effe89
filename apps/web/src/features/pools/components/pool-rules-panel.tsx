import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PoolDetail } from '@pass/contracts';
import { poolRuleLines } from '@pass/domain';
import { RouteLink } from '../../../components/route-link';
import { poolRuleSettings } from '../lib/pool-text';

/**
 * One pool's rules, written from its settings by the same rule texts the server states them with (the pool's
 * invitation mail, `/legal/pool-party-rules`), and a link to the rules every pool shares.
 */
export function PoolRulesPanel({ pool }: { pool: PoolDetail }) {
  const lines = poolRuleLines(poolRuleSettings(pool));
  return (
    <Box data-testid="pool-rules">
      <Typography variant="h6" component="h2" gutterBottom>
        This pool&apos;s rules
      </Typography>
      <Box component="ul" aria-label="This pool's rules" sx={{ pl: 3, mt: 0, '& li': { mb: 0.75 } }}>
        {lines.map((line) => (
          <li key={line.text}>
            <Typography variant="body1">{line.text}</Typography>
          </li>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        Invitations, limits, standings and called-off games work the same in every pool: read the{' '}
        <RouteLink to="pool-party-rules" fallback="Pool Party rules">
          Pool Party rules
        </RouteLink>
        .
      </Typography>
    </Box>
  );
}
