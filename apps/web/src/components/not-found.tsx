import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { Page } from './page';

export function NotFound() {
  const location = useLocation();
  return (
    <Page name="not-found" title="Page not found">
      <Typography variant="overline" color="text.secondary">
        404
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        This page is not here
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Nothing lives at <code>{location.pathname}</code>. Check the address, or start again from the home page.
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        Go to the home page
      </Button>
    </Page>
  );
}
