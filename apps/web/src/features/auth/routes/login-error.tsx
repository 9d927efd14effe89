import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { RouteButton } from '../../../components/route-link';
import { AuthPage } from '../components/auth-page';

/** Why signing in with Google failed, by the `reason` code of the server's redirect. */
export const LOGIN_ERROR_MESSAGES: Record<string, string> = {
  cancelled: 'You cancelled signing in with Google. Nothing was changed.',
  state: 'The sign-in took too long, or was started in another tab. Please try again.',
  token: 'Google’s answer could not be checked. Please try again.',
  unverified:
    'Your Google account’s email address is not verified. Verify it with Google first, or sign up with your email and a password.',
  email_in_use:
    'An account with this email address already exists. Log in with your username and password; if you forgot it, reset it.',
  suspended: 'This account is suspended by the admin, so it cannot log in. Write to support to have it looked at.',
  unavailable: 'Google sign-in is not available right now. Log in with your username and password instead.',
};
const UNKNOWN = 'Logging in did not work. Please try again.';

export default function LoginErrorRoute() {
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('reason') ?? '';
  const message = Object.hasOwn(LOGIN_ERROR_MESSAGES, reason) ? LOGIN_ERROR_MESSAGES[reason] : UNKNOWN;
  return (
    <AuthPage name="login-error" title="We could not log you in">
      <Alert severity={reason === 'cancelled' ? 'info' : 'warning'} sx={{ mb: 3 }}>
        {message}
      </Alert>
      <Stack sx={{ gap: 1.5 }}>
        <RouteButton to="login" variant="contained" size="large" fullWidth>
          Log in again
        </RouteButton>
        {reason === 'email_in_use' ? (
          <RouteButton to="password-reset" variant="outlined" fullWidth>
            Reset your password
          </RouteButton>
        ) : null}
        {reason === 'unverified' ? (
          <RouteButton to="register-new" variant="outlined" fullWidth>
            Sign up with your email
          </RouteButton>
        ) : null}
      </Stack>
    </AuthPage>
  );
}
