import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';
import { RouteButton, RouteLink } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { isRouteRegistered } from '../../../lib/route-registry';

/** Screens that exist today, said plainly next to what does not. */
const AVAILABLE: { label: string; route: RouteName }[] = [
  { label: 'NFL schedules, scores and lines', route: 'football-schedule' },
  { label: 'College football', route: 'ncaa-football-schedule' },
  { label: 'Baseball', route: 'baseball-menu' },
  { label: 'Free odds', route: 'free-football-odds' },
  { label: 'My Bets: your picks and bets, graded', route: 'user-bets' },
  { label: 'My Stats', route: 'user-stats' },
  { label: 'Pool Party: office pools', route: 'pool-party' },
];

/** What is still to come: the screens the navigation does not show yet because they are not built. */
export default function ComingSoonRoute() {
  const sync = isRouteRegistered('subscribe');
  return (
    <Page name="coming-soon" title="Coming soon" maxWidth="sm">
      <Typography variant="h4" component="h1" gutterBottom>
        Still to come
      </Typography>
      {sync ? (
        <Typography sx={{ mb: 3 }}>Everything PA$$ promises is here now.</Typography>
      ) : (
        <Typography sx={{ mb: 3 }}>
          PA$$ Sync is not here yet: linking your sportsbook accounts so their bets arrive on their own, and the Sync
          membership that pays for it. Until it is, record your bets yourself on a schedule or in My Bets; they are
          graded the same way.
        </Typography>
      )}
      <Typography variant="h6" component="h2" gutterBottom>
        Here today
      </Typography>
      <List dense sx={{ mb: 3 }}>
        {AVAILABLE.filter((entry) => isRouteRegistered(entry.route)).map((entry) => (
          <ListItem key={entry.route} disableGutters>
            <RouteLink to={entry.route}>{entry.label}</RouteLink>
          </ListItem>
        ))}
      </List>
      <RouteButton to="home" variant="contained">
        Back to the home page
      </RouteButton>
    </Page>
  );
}
