import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { pathTo, type RouteName } from '../../../config/paths';
import { isRouteRegistered } from '../../../lib/route-registry';

const ENTRIES: { label: string; detail: string; route: RouteName }[] = [
  { label: '2024 Season', detail: 'Last season: schedule, results and your pools', route: 'season-2024' },
  { label: '2025 Season', detail: 'This season: picks, odds and pools', route: 'season-2025' },
  { label: 'NCAAF', detail: 'College football: coming soon', route: 'coming-soon' },
  { label: 'Pool Party', detail: 'Host or join an office pool', route: 'pool-party' },
  { label: 'Invite Friends', detail: 'Bring your friends to your pool', route: 'invite' },
];

/** The landing menu. An entry whose screen does not exist yet is listed but not linked. */
export default function MenuRoute() {
  return (
    <Page name="menu" title="Menu" maxWidth="sm">
      <Typography variant="h4" component="h1" gutterBottom>
        Where to?
      </Typography>
      <List>
        {ENTRIES.map((entry) =>
          isRouteRegistered(entry.route) ? (
            <ListItem key={entry.label} disablePadding divider>
              <ListItemButton component={RouterLink} to={pathTo(entry.route)}>
                <ListItemText primary={entry.label} secondary={entry.detail} />
              </ListItemButton>
            </ListItem>
          ) : (
            <ListItem key={entry.label} divider aria-disabled="true">
              <ListItemText
                primary={entry.label}
                secondary={`${entry.detail} (available soon)`}
                sx={{ color: 'text.secondary' }}
              />
            </ListItem>
          ),
        )}
      </List>
    </Page>
  );
}
