import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { RouteLink } from '../../../components/route-link';
import { pathTo, type RouteName } from '../../../config/paths';
import { isRouteRegistered } from '../../../lib/route-registry';

/** The landing menu's entries: the specification's (2024 and 2025 seasons, Pool Party, Invite Friends) and the rest. */
export const MENU_ENTRIES: { label: string; detail: string; route: RouteName }[] = [
  {
    label: 'Pro Season',
    detail: 'This NFL season: schedule, scores, lines and your picks',
    route: 'football-schedule',
  },
  { label: '2025 Season', detail: 'Its schedule, results and your pools', route: 'season-2025' },
  { label: '2024 Season', detail: 'Its schedule, results and your pools', route: 'season-2024' },
  { label: '2023 Season', detail: 'Its schedule, results and your pools', route: 'football-2023-menu' },
  {
    label: 'NCAAF',
    detail: 'College football: every FBS game, conference and line (the first month free)',
    route: 'ncaa-football-schedule',
  },
  { label: 'Baseball', detail: 'MLB schedule, divisions, teams and your baseball pools', route: 'baseball-menu' },
  { label: 'Pool Party', detail: 'Host or join an office pool', route: 'pool-party' },
  { label: 'Invite Friends', detail: 'Bring your friends to your pool', route: 'invite' },
];

/** The landing menu: only screens that exist are listed; what is still to come is said on its own page. */
export default function MenuRoute() {
  return (
    <Page name="menu" title="Menu" maxWidth="sm">
      <Typography variant="h4" component="h1" gutterBottom>
        Where to?
      </Typography>
      <List>
        {MENU_ENTRIES.filter((entry) => isRouteRegistered(entry.route)).map((entry) => (
          <ListItem key={entry.label} disablePadding divider>
            <ListItemButton component={RouterLink} to={pathTo(entry.route)}>
              <ListItemText primary={entry.label} secondary={entry.detail} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Typography sx={{ mt: 2 }} color="text.secondary">
        Most of these are for members: you are asked to log in first.{' '}
        <RouteLink to="coming-soon">What is still to come</RouteLink>
      </Typography>
    </Page>
  );
}
