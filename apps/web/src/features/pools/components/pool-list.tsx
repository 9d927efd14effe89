import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PoolListItem } from '@pass/contracts';
import { Loading } from '../../../components/loading';
import { RouteLink } from '../../../components/route-link';
import { usePools } from '../api/pools';
import { formatStanding } from '../lib/pool-format';
import { useNow } from '../lib/use-now';
import { formatWhen, isPoolRunning, poolPageRoute, poolStatusLabel, SPORT_NAMES, winBasisText } from '../lib/pool-text';
import { PoolIcon } from '../../../components/pool-icon';
import type { RouteName } from '../../../config/paths';

interface PoolListProps {
  /** Which of the member's pools to show. */
  filter: (pool: PoolListItem) => boolean;
  /** Shown when none pass the filter. */
  empty: string;
  /** The list's accessible name. */
  label: string;
  /** The page a pool's name opens (an older season's variant); by default the pool's sport's page. */
  poolRoute?: RouteName;
}

/**
 * The member's pools that pass `filter`: icon, name (a link to the pool's page), status, role, the member's place
 * in the standings once the pool has started, and its members.
 */
export function PoolList({ filter, empty, label, poolRoute }: PoolListProps) {
  const pools = usePools();
  const now = useNow(60_000);
  if (pools.isPending) return <Loading label="Loading your pools" />;
  if (pools.isError) return <Alert severity="error">Your pools could not be loaded: {pools.error.message}</Alert>;
  const shown = pools.data.data.filter(filter);
  if (shown.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <List aria-label={label} disablePadding>
      {shown.map((pool) => (
        <ListItem key={pool.id} divider disableGutters sx={{ alignItems: 'flex-start', gap: 2 }}>
          <PoolIcon pool={pool} />
          <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              <RouteLink to={poolRoute ?? poolPageRoute(pool.sport)} params={{ id: pool.id }} fallback={pool.name}>
                {pool.name}
              </RouteLink>
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Chip size="small" label={poolStatusLabel(pool)} color={isPoolRunning(pool) ? 'success' : 'default'} />
              <Chip size="small" variant="outlined" label={pool.role === 'lifeguard' ? 'Lifeguard' : 'Guest'} />
            </Stack>
            {pool.standing && pool.started ? (
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={`standing-${pool.id}`}>
                You: {formatStanding(pool.standing)}
              </Typography>
            ) : null}
            <Typography variant="body2" color="text.secondary">
              {SPORT_NAMES[pool.sport]} {pool.season} · {pool.member_count}{' '}
              {pool.member_count === 1 ? 'member' : 'members'} · Lifeguard {pool.lifeguard.name} · {pool.games_per_week}{' '}
              games a week, {pool.win_basis === 'ats' ? winBasisText(pool).toLowerCase() : '$ Line'}
            </Typography>
            {pool.joining_closes_at && isPoolRunning(pool) ? (
              <Typography variant="body2" color="text.secondary">
                {/* The server refuses late joins; this only words the date as past or to come. */}
                {Date.parse(pool.joining_closes_at) <= now ? 'Joining closed' : 'Joining closes'}{' '}
                {formatWhen(pool.joining_closes_at)}
              </Typography>
            ) : null}
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
