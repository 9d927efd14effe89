import Alert from '@mui/material/Alert';
import { useNavigate, useSearchParams } from 'react-router';
import { RouteLink } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { explainMembersPage } from '../../../lib/members-page';
import { redirectTarget } from '../lib/redirect-target';
import { AuthPage } from './auth-page';
import { LoginForm } from './login-form';

/**
 * The login screen, at /login and at the older /user/signin. After logging in: `redirect`, or home. Sent here
 * from a members' screen, it says first what that screen is, with a way to join.
 */
export function LoginScreen({ name }: { name: Extract<RouteName, 'login' | 'signin'> }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const explanation = explainMembersPage(redirect);
  return (
    <AuthPage name={name} title="Log in">
      {explanation ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="members-page-explanation">
          {explanation}{' '}
          <RouteLink to="register-new" sx={{ fontWeight: 600 }}>
            New here? Join for free
          </RouteLink>
        </Alert>
      ) : null}
      <LoginForm
        onLoggedIn={() => void navigate(redirectTarget(redirect), { replace: true })}
        returnTo={redirectTarget(redirect)}
      />
    </AuthPage>
  );
}
