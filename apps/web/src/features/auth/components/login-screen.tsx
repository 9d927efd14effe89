import { useNavigate, useSearchParams } from 'react-router';
import type { RouteName } from '../../../config/paths';
import { redirectTarget } from '../lib/redirect-target';
import { AuthPage } from './auth-page';
import { LoginForm } from './login-form';

/** The login screen, at /login and at the older /user/signin. After logging in: `redirect`, or home. */
export function LoginScreen({ name }: { name: Extract<RouteName, 'login' | 'signin'> }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <AuthPage name={name} title="Log in">
      <LoginForm onLoggedIn={() => void navigate(redirectTarget(searchParams.get('redirect')), { replace: true })} />
    </AuthPage>
  );
}
