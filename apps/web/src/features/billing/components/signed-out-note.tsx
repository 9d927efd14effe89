import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink, useLocation } from 'react-router';
import { RouteLink } from '../../../components/route-link';
import { pathTo } from '../../../config/paths';

/** Subscribing needs an account: a visitor is asked to log in (and come back here) or to join for free. */
export function SignedOutNote({ what }: { what: string }) {
  const location = useLocation();
  return (
    <Alert severity="info" role="status">
      <Link component={RouterLink} to={`${pathTo('login')}?${new URLSearchParams({ redirect: location.pathname })}`}>
        Log in
      </Link>{' '}
      to {what}, or <RouteLink to="register-new">join for free</RouteLink> (no credit card needed).
    </Alert>
  );
}
