import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';
import { RouteLink } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { isRouteRegistered } from '../../../lib/route-registry';

export interface SeasonMenuLink {
  to: RouteName;
  params?: Record<string, string | number>;
  label: string;
  detail: string;
}

interface SeasonMenuProps {
  route: RouteName;
  title: string;
  links: SeasonMenuLink[];
}

/** A season's menu: links to that season's screens, each shown once its screen exists. */
export function SeasonMenu({ route, title, links }: SeasonMenuProps) {
  const shown = links.filter((link) => isRouteRegistered(link.to));
  return (
    <Page name={route} title={title}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <List aria-label={title}>
        {shown.map((link) => (
          <ListItem key={`${link.to}-${link.label}`} divider disableGutters sx={{ display: 'block' }}>
            <Typography component="span" variant="h6" sx={{ display: 'block' }}>
              <RouteLink to={link.to} params={link.params}>
                {link.label}
              </RouteLink>
            </Typography>
            <Typography component="span" color="text.secondary">
              {link.detail}
            </Typography>
          </ListItem>
        ))}
      </List>
    </Page>
  );
}
