import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SportKey } from '@pass/contracts';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { RouteLink } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { useServerNow } from '../../../lib/server-clock';
import { newPoolSeason, SPORT_NAMES } from '../lib/pool-text';
import { CreatePoolForm } from './create-pool-form';
import { JoinByLink } from './join-by-link';
import { PoolList } from './pool-list';

interface PoolsScreenProps {
  route: RouteName;
  sport: SportKey;
  /** The older seasons' variants show and create that season's pools only. */
  fixedSeason?: number;
}

/** Each pools list's own pool page: `classic-football-pools` opens `classic-football-pool`, and so on. */
const poolPageOf = (route: RouteName) => route.replace(/-pools$/, '-pool') as RouteName;

/** A sport's pools: the member's pools, a new pool's form and joining by link. */
export function PoolsScreen({ route, sport, fixedSeason }: PoolsScreenProps) {
  // The server's clock decides the season, as it does for the server: a device's wrong date does not matter.
  const now = useServerNow();
  const season = fixedSeason ?? (now ? newPoolSeason(sport, now) : null);
  const title = `${SPORT_NAMES[sport]}${fixedSeason ? ` ${fixedSeason}` : ''} pools`;
  return (
    <Page name={route} title={title} maxWidth="lg">
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Office pick&apos;em pools:{' '}
        <RouteLink to="pool-party-rules" fallback="the Pool Party rules">
          the Pool Party rules
        </RouteLink>{' '}
        say how they score.
      </Typography>
      {/* The rest of Pool Party, so every pools screen is a click from the navigation's "Pool Party". */}
      <Stack
        component="nav"
        aria-label="More of Pool Party"
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 3, flexWrap: 'wrap' }}
      >
        <RouteLink to="pool-party">Pool Party home</RouteLink>
        <RouteLink to="invite">Invite friends</RouteLink>
        <RouteLink to="baseball-menu">Baseball pools</RouteLink>
        <RouteLink to="season-2025">2025 season</RouteLink>
        <RouteLink to="season-2024">2024 season</RouteLink>
        <RouteLink to="football-2023-menu">2023 season</RouteLink>
        <RouteLink to="classic-football-pools">2022 pools</RouteLink>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'flex-start' } }}>
        <Stack spacing={4} sx={{ flex: 1, minWidth: 0 }}>
          <section aria-labelledby="my-pools-heading">
            <Typography id="my-pools-heading" variant="h5" component="h2" gutterBottom>
              My pools
            </Typography>
            <PoolList
              label="My pools"
              poolRoute={fixedSeason === undefined ? undefined : poolPageOf(route)}
              filter={(pool) => pool.sport === sport && (fixedSeason === undefined || pool.season === fixedSeason)}
              empty="You are in no pool of this sport yet: create one, or join with an invitation link."
            />
          </section>
          <JoinByLink />
        </Stack>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, flex: 1, minWidth: 0 }}>
          {now && season !== null ? (
            <CreatePoolForm key={`${sport}-${season}`} sport={sport} season={season} now={now} />
          ) : (
            <Loading label="Loading the season" />
          )}
        </Paper>
      </Stack>
    </Page>
  );
}
