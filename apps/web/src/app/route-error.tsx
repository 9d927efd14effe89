import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a screen fails to load or render, e.g. a stale script after a new version was deployed. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Container component="main" data-page="error" maxWidth="sm" sx={{ py: 6 }}>
      <Alert severity="error" sx={{ mb: 3 }}>
        This page could not be shown{detail ? ` (${detail})` : ''}. A newer version of PA$$ may be available.
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Container>
  );
}
